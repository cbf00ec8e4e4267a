/**
 * Scheduling runs on real time and, for the section on several instances, on two Strapi
 * processes sharing one PostgreSQL database: SQLite has no `SELECT ... FOR UPDATE`, so the row
 * lock the page describes only exists there (usePostgres starts a private cluster when the run
 * is on SQLite). Instance A runs in this process, from a copy of the app whose user cron tasks
 * are disabled; instance B is a child process booted after the releases exist.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before } from 'node:test';
import type { Core } from '@strapi/strapi';
import {
  STATE_DIR,
  appVariant,
  bootStrapi,
  goldFeatures,
  claim,
  startStrapiProcess,
  stopStrapi,
  superAdminClient,
  usePostgres,
  waitFor,
  type AdminClient,
  type StrapiProcess,
} from '../../../../harness';

const RELEASE = 'plugin::content-releases.release';
const DAY = 24 * 3600 * 1000;
const B_LOG = path.join(STATE_DIR, 'scheduling-instance-b.log');

let stopPostgres = () => {};
let strapi: Core.Strapi;
let admin: AdminClient;
let instanceB: StrapiProcess | undefined;
const logsA: string[] = [];
const webhookEvents: Array<{ isPublished: boolean; error?: unknown; release?: unknown }> = [];
let fireAt: Date;
let ids: { later: number; both: number; moved: number; missed: number; onlyA: number };
let childData: { jobs: Array<[string, string]>; listed: { missing: Array<{ id: number }> } };

const scheduling = () => strapi.plugin('content-releases').service('scheduling');
const release = (id: number) => strapi.db.query(RELEASE).findOne({ where: { id } });
const logsOfB = (): string[] =>
  readFileSync(B_LOG, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => (JSON.parse(line) as { text: string }).text);

async function createRelease(body: Record<string, unknown>): Promise<number> {
  const res = await admin.post('/content-releases/', body);
  assert.equal(res.status, 201, res.text);
  return res.body.data.id;
}

async function addArticle(releaseId: number, title: string): Promise<void> {
  const doc = await strapi.documents('api::article.article').create({ data: { title }, locale: 'en' });
  const res = await admin.post(`/content-releases/${releaseId}/actions`, {
    type: 'publish',
    contentType: 'api::article.article',
    entryDocumentId: doc.documentId,
    locale: 'en',
  });
  assert.equal(res.status, 201, res.text);
}

before(async () => {
  stopPostgres = await usePostgres('scheduling');
  const cronOff = appVariant('scheduling-user-cron-off', (dir) => {
    const file = path.join(dir, 'config/server.js');
    writeFileSync(file, readFileSync(file, 'utf8').replace('dirs: {', 'cron: { enabled: false },\n  dirs: {'));
  });
  const started = Date.now();
  // More pending releases than the default limit of 3 (content-releases reads the option).
  const license = { features: goldFeatures({ 'cms-content-releases': { maximumReleases: 50 } }) };
  strapi = await bootStrapi({ ee: true, license, listen: true, name: 'scheduling', appDir: cronOff });
  const bootMs = Date.now() - started;
  const log = strapi.log as unknown as { error: (...args: unknown[]) => unknown };
  const error = log.error.bind(strapi.log);
  log.error = (...args: unknown[]) => {
    logsA.push(args.map((a) => (a instanceof Error ? a.message : typeof a === 'string' ? a : JSON.stringify(a))).join(' '));
    return error(...args);
  };
  strapi.eventHub.on('releases.publish', async (payload: unknown) => void webhookEvents.push(payload as (typeof webhookEvents)[number]));
  admin = await superAdminClient(strapi);

  // The second instance must boot (and sync) before the date: give it more than this boot took.
  const margin = Math.max(8_000, Math.round(bootMs * 1.5) + 3_000);
  fireAt = new Date(Math.ceil((Date.now() + margin) / 1000) * 1000);
  const later = await createRelease({ name: 'Later', scheduledAt: new Date(Date.now() + DAY).toISOString(), timezone: 'Europe/Paris' });
  const both = await createRelease({ name: 'Both instances', scheduledAt: fireAt.toISOString(), timezone: 'UTC' });
  await addArticle(both, 'Scheduled article');
  const moved = await createRelease({ name: 'Moved', scheduledAt: fireAt.toISOString(), timezone: 'UTC' });
  await addArticle(moved, 'Moved article');
  const missed = (
    await strapi.db.query(RELEASE).create({
      data: { name: 'Missed', scheduledAt: new Date(Date.now() - 3600_000), timezone: 'UTC', status: 'empty', releasedAt: null },
    })
  ).id;

  writeFileSync(B_LOG, '');
  instanceB = await startStrapiProcess({
    name: 'scheduling',
    keepDatabase: true,
    ee: true,
    setup: 'strapi-app/claims/docs/core/content-releases/scheduling.child.ts',
    env: { SCHEDULING_LOG: B_LOG },
  });
  childData = instanceB.data as typeof childData;

  // A moves one release to tomorrow, and creates one that only A schedules (B has booted).
  const move = await admin.put(`/content-releases/${moved}`, {
    name: 'Moved',
    scheduledAt: new Date(Date.now() + DAY).toISOString(),
    timezone: 'UTC',
  });
  assert.equal(move.status, 200, move.text);
  const onlyA = await createRelease({ name: 'Only in A', scheduledAt: fireAt.toISOString(), timezone: 'UTC' });
  ids = { later, both, moved, missed, onlyA };
});

after(async () => {
  try {
    await instanceB?.stop();
    if (strapi) await stopStrapi(strapi);
  } finally {
    stopPostgres();
  }
});

claim(
  {
    id: 'every-instance-holds-every-job',
    says: 'Every instance runs syncFromDatabase() when it boots, so every running instance holds a job for every scheduled release',
  },
  async () => {
    const inA = [...scheduling().getAll().keys()];
    const inB = childData.jobs.map(([id]) => id);
    for (const id of [ids.later, ids.both]) {
      assert.ok(inA.includes(String(id)), `A holds ${id}`);
      assert.ok(inB.includes(String(id)), `B holds ${id}`);
    }
  },
);

claim(
  {
    id: 'sync-selects-future-unreleased',
    says: 'which selects the releases with scheduledAt >= now and releasedAt: null and calls set for each',
  },
  async () => {
    // B booted on a database holding three future releases and one whose date had passed.
    assert.deepEqual(
      new Map(childData.jobs),
      new Map([
        [String(ids.later), `publishRelease_${ids.later}`],
        [String(ids.both), `publishRelease_${ids.both}`],
        [String(ids.moved), `publishRelease_${ids.moved}`],
      ]),
    );
  },
);

claim(
  {
    id: 'missing-lists-passed-dates',
    says: 'missing also lists releases whose date has passed without a run, since syncFromDatabase only schedules future dates',
  },
  async () => {
    // The page's example, run in instance B right after its boot.
    assert.deepEqual(
      childData.listed.missing.map((r) => r.id),
      [ids.missed],
    );
  },
);

claim(
  {
    id: 'first-instance-wins',
    says: 'The first instance publishes and sets releasedAt; the others wait for the lock, then see releasedAt and throw Release already published, which their cron service logs as a failed job',
  },
  async () => {
    const deadline = fireAt.getTime() - Date.now() + 20_000;
    const done = await waitFor(
      () => release(ids.both),
      (r) => r?.status === 'done',
      'the release both instances hold',
      deadline,
    );
    assert.ok(done.releasedAt);
    const label = `Cron job "publishRelease_${ids.both}" failed`;
    const failures = await waitFor(
      () => [...logsA, ...logsOfB()].filter((l) => l.startsWith(label)),
      (l) => l.length > 0,
      'the losing instance to log its failed job',
    );
    assert.equal(failures.length, 1, failures.join('\n'));
    assert.match(failures[0], /Release already published/);
    const published = await strapi
      .documents('api::article.article')
      .findMany({ status: 'published', filters: { title: 'Scheduled article' } });
    assert.equal(published.length, 1);
  },
);

claim({ id: 'pre-flight-keeps-status', says: "These pre-flight errors do not change the release's status." }, async () => {
  // The losing instance threw its pre-flight error after the winner committed: the row stays done.
  const row = await release(ids.both);
  assert.equal(row.status, 'done');
});

claim(
  {
    id: 'other-instance-publishes-at-old-date',
    says: 'Instance B keeps the old job until it restarts, and when that job fires, B publishes the release at the old date.',
  },
  async () => {
    const moved = await waitFor(
      () => release(ids.moved),
      (r) => r?.status === 'done',
      'B to publish the moved release',
      20_000,
    );
    assert.ok(new Date(moved.scheduledAt).getTime() > Date.now() + DAY / 2, 'the row still says tomorrow');
    assert.ok(Math.abs(new Date(moved.releasedAt).getTime() - fireAt.getTime()) < 10_000, 'published at the old date');
    // A had replaced its own job with tomorrow's.
    assert.equal(scheduling().getAll().get(String(ids.moved)), `publishRelease_${ids.moved}`);
  },
);

claim(
  {
    id: 'failed-job-is-logged',
    says: 'the cron service\'s catch handler logs Cron job "publishRelease_<id>" failed with the error',
  },
  async () => {
    // "Only in A" has no action: its run throws inside publish, and the job rejects.
    await waitFor(
      () => release(ids.onlyA),
      (r) => r?.status === 'failed',
      'the empty release to fail',
      20_000,
    );
    const line = await waitFor(
      () => logsA.find((l) => l.startsWith(`Cron job "publishRelease_${ids.onlyA}" failed`)),
      Boolean,
      'the cron failure log',
    );
    assert.match(line!, /No entries to publish/);
  },
);

claim(
  {
    id: 'release-records-outcome',
    says: 'The release itself records the outcome (failed status, releases.publish webhook event with isPublished: false).',
  },
  async () => {
    assert.equal((await release(ids.onlyA)).status, 'failed');
    const failure = webhookEvents.find((e) => e.isPublished === false && (e.error as Error)?.message === 'No entries to publish');
    assert.ok(failure, JSON.stringify(webhookEvents));
  },
);

claim({ id: 'user-cron-off', says: 'Release jobs therefore run even when user cron tasks are disabled.' }, async () => {
  assert.equal(strapi.config.get('server.cron.enabled'), false);
  // "Only in A" was scheduled in this instance alone, and its job ran.
  assert.notEqual((await release(ids.onlyA)).status, 'empty');
});

claim(
  {
    id: 'scheduler-in-audit-logs',
    says: 'so the run and the document events it triggers are attributed to the scheduler in audit logs',
  },
  async () => {
    const rows = await waitFor(
      () =>
        strapi.db
          .query('admin::audit-log')
          .findMany({ where: { action: { $in: ['release.trigger', 'entry.publish'] } }, populate: ['user'] }),
      (r) => r.some((x: { action: string }) => x.action === 'entry.publish'),
      'the audit rows of the scheduled run',
    );
    const trigger = rows.find(
      (r: { action: string; payload: { resource?: { id?: number } } }) =>
        r.action === 'release.trigger' && r.payload.resource?.id === ids.both,
    );
    assert.ok(trigger, JSON.stringify(rows));
    assert.deepEqual(trigger.payload.actor, { type: 'system' });
    assert.equal(trigger.payload.origin, 'scheduler');
    assert.equal(trigger.user, null);
    const publish = rows.find(
      (r: { action: string; payload: { entry?: { title?: string } } }) =>
        r.action === 'entry.publish' && r.payload.entry?.title === 'Scheduled article',
    );
    assert.ok(publish);
    assert.equal(publish.payload.origin, 'scheduler');
    assert.equal(publish.user, null);
  },
);

claim(
  {
    id: 'not-picked-up',
    says: 'A release whose date passed while no instance was running is not picked up',
  },
  async () => {
    assert.ok(!scheduling().getAll().has(String(ids.missed)));
    assert.equal((await release(ids.missed)).releasedAt, null);
  },
);

claim(
  {
    id: 'timezone-and-future-date',
    says: 'the release service rejects a date that is not in the future with Scheduled at must be later than now',
  },
  async () => {
    const noZone = await admin.post('/content-releases/', { name: 'No zone', scheduledAt: new Date(Date.now() + DAY).toISOString() });
    assert.equal(noZone.status, 400);
    assert.deepEqual(
      noZone.body.error.details.errors.map((e: { path: string[] }) => e.path.join('.')),
      ['timezone'],
    );
    const past = await admin.post('/content-releases/', {
      name: 'Past',
      scheduledAt: new Date(Date.now() - 60_000).toISOString(),
      timezone: 'UTC',
    });
    assert.equal(past.status, 400);
    assert.equal(past.body.error.message, 'Scheduled at must be later than now');
  },
);

claim(
  { id: 'set-names-and-replaces', says: 'names the task publishRelease_<id>, cancels an existing job of the same release first' },
  async () => {
    const service = scheduling();
    const taskName = `publishRelease_${ids.later}`;
    const count = () => strapi.cron.jobs.filter((j: { name: string | null }) => j.name === taskName).length;
    assert.equal(count(), 1);
    await service.set(ids.later, new Date(Date.now() + 2 * DAY).toISOString());
    await service.set(Number(ids.later), new Date(Date.now() + 3 * DAY).toISOString());
    assert.equal(count(), 1, 'still one job after two more set() calls');
    assert.equal(service.getAll().get(String(ids.later)), taskName);
  },
);

claim(
  {
    id: 'set-refuses-released',
    says: 'Throws NotFoundError if the release is missing or released.',
  },
  async () => {
    await assert.rejects(scheduling().set(ids.both, new Date(Date.now() + DAY)), {
      name: 'NotFoundError',
      message: `No release found for id ${ids.both}`,
    });
    await assert.rejects(scheduling().set(987654, new Date(Date.now() + DAY)), { name: 'NotFoundError' });
  },
);

claim({ id: 'cancel-unknown-id', says: 'does nothing for an unknown id' }, async () => {
  const before = strapi.cron.jobs.length;
  const map = scheduling().cancel(424242);
  assert.equal(map, scheduling().getAll());
  assert.equal(strapi.cron.jobs.length, before);
});

claim({ id: 'getall-keyed-by-string', says: 'The in-memory map of release id (as a string) to task name.' }, async () => {
  const map: Map<unknown, string> = scheduling().getAll();
  assert.ok(map.size > 0);
  for (const key of map.keys()) assert.equal(typeof key, 'string');
  assert.equal(map.get(ids.later), undefined, 'a numeric id finds nothing');
});

claim(
  {
    id: 'invalid-schedule-logged',
    says: 'An invalid schedule is logged by strapi.cron.add (Could not schedule cron job ... invalid schedule) instead of throwing, and set still records the task name.',
  },
  async () => {
    const id = await createRelease({ name: 'Odd date' });
    logsA.length = 0;
    await scheduling().set(id, 'the day after tomorrow');
    const logged = `Could not schedule cron job "publishRelease_${id}": invalid schedule`;
    assert.ok(
      logsA.some((l) => l.startsWith(logged)),
      logsA.join('\n'),
    );
    assert.equal(scheduling().getAll().get(String(id)), `publishRelease_${id}`);
    assert.equal(strapi.cron.jobs.filter((j: { name: string | null }) => j.name === `publishRelease_${id}`).length, 0);
  },
);

claim(
  {
    id: 'update-and-delete-cancel',
    says: 'a body without it, on a release that had one, calls cancel',
  },
  async () => {
    const id = await createRelease({ name: 'Unscheduled soon', scheduledAt: new Date(Date.now() + DAY).toISOString(), timezone: 'UTC' });
    assert.ok(scheduling().getAll().has(String(id)));
    assert.equal((await admin.put(`/content-releases/${id}`, { name: 'Unscheduled now' })).status, 200);
    assert.ok(!scheduling().getAll().has(String(id)));
    assert.equal(strapi.cron.jobs.filter((j: { name: string | null }) => j.name === `publishRelease_${id}`).length, 0);
  },
);

claim({ id: 'delete-cancels', says: 'delete calls cancel when the deleted release had a scheduledAt' }, async () => {
  const id = await createRelease({ name: 'Deleted soon', scheduledAt: new Date(Date.now() + DAY).toISOString(), timezone: 'UTC' });
  assert.ok(scheduling().getAll().has(String(id)));
  assert.equal((await admin.del(`/content-releases/${id}`)).status, 200);
  assert.ok(!scheduling().getAll().has(String(id)));
});

claim({ id: 'instant-kept', says: 'The server therefore receives an instant and never converts time zones itself' }, async () => {
  const instant = '2031-03-30T01:30:00.000Z';
  const id = await createRelease({ name: 'Tokyo', scheduledAt: instant, timezone: 'Asia/Tokyo' });
  const row = await release(id);
  assert.equal(new Date(row.scheduledAt).toISOString(), instant);
  assert.equal(row.timezone, 'Asia/Tokyo');
  const fetched = await admin.get(`/content-releases/${id}`);
  assert.equal(fetched.body.data.scheduledAt, instant);
});

claim(
  {
    id: 'default-timezone-in-core-store',
    says: 'and defaultTimezone in the settings (core store content-releases, key settings)',
  },
  async () => {
    const value = 'UTC+01:00&Europe/Amsterdam';
    const put = await admin.put('/content-releases/settings', { defaultTimezone: value });
    assert.equal(put.status, 200, put.text);
    const stored = await strapi.store({ type: 'core', name: 'content-releases' }).get({ key: 'settings' });
    assert.deepEqual(stored, { defaultTimezone: value });
  },
);

claim({ id: 'destroy-removes-jobs', says: 'At shutdown, destroy removes every job in the map.' }, async () => {
  const names = [...scheduling().getAll().values()];
  assert.ok(strapi.cron.jobs.some((j: { name: string | null }) => names.includes(j.name ?? '')));
  // The plugin's own destroy function (the module wrapper around it refuses a second call, at shutdown).
  const server = require('@strapi/content-releases/strapi-server');
  await (server.default ?? server).destroy({ strapi });
  assert.deepEqual(
    strapi.cron.jobs.filter((j: { name: string | null }) => names.includes(j.name ?? '')),
    [],
  );
});
