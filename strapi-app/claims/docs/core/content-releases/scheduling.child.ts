/**
 * Setup module of the second instance in scheduling.test.ts (run by startStrapiProcess in a child
 * process): records what this instance logs at error level into the file the parent names, runs
 * the page's example in this process, and reports the jobs this instance holds after its boot.
 */
import { appendFileSync } from 'node:fs';
import type { Core } from '@strapi/strapi';
import { codeBlock, runExample } from '../../../../harness';

export default async (strapi: Core.Strapi) => {
  const file = process.env.SCHEDULING_LOG;
  if (!file) throw new Error('SCHEDULING_LOG names the file this instance logs into');
  const log = strapi.log as unknown as { error: (...args: unknown[]) => unknown };
  const error = log.error.bind(strapi.log);
  log.error = (...args: unknown[]) => {
    const text = args.map((a) => (a instanceof Error ? a.message : typeof a === 'string' ? a : JSON.stringify(a))).join(' ');
    appendFileSync(file, `${JSON.stringify({ instance: 'B', text })}\n`);
    return error(...args);
  };
  const jobs = [...strapi.plugin('content-releases').service('scheduling').getAll().entries()];
  const example = runExample<{ listScheduledReleases: (s: Core.Strapi) => Promise<{ jobs: unknown; missing: Array<{ id: number }> }> }>(
    codeBlock({ title: 'src/admin-scripts/list-scheduled-releases.ts' }, 'docs/core/content-releases/scheduling'),
  );
  const listed = await example.listScheduledReleases(strapi);
  return { jobs, listed };
};
