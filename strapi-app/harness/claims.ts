/**
 * The two declarations a claims file makes. Each is a node:test test whose name is the claim's id,
 * plus what the site needs to put the mark on the page:
 *
 *   claim({ id: 'emit-awaits-each-subscriber', says: 'emit calls each subscriber in order' }, async () => { ... });
 *   defect({ id: 'once-removes-the-last-listener', says: '...', summary: '...' }, async () => { ... });
 *
 * - `id`: unique in the file, lowercase words joined by `-`. The claim's full id, in the page's
 *   HTML `data-claim` attribute, is `<page key>/<id>` (`api/EventHub/emit-awaits-each-subscriber`).
 * - `says`: a fragment of the page's text (as read, without Markdown: inline code counts as its
 *   text, links as their text) that occurs exactly once on the page. The mark goes at the end of the
 *   sentence holding the fragment's end (src/plugins/executed-claims).
 * - `defect` also needs `summary`, one line for the home page's table; its `says` must be under the
 *   page's "Known defects in 5.54.0" heading. A defect test asserts what 5.54.0 does today, so it
 *   fails on the release that fixes it.
 *
 * The site reads these calls from the source (scripts/claims/manifest.ts), so `id`, `says` and
 * `summary` must be string literals. The outcome of each test is written to
 * .cache/strapi-claims/results/<page key>.json, which the build checks read.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { STATE_DIR, callerClaimsFile, pageKeyOfClaimsFile } from './paths';

export interface ClaimSpec {
  id: string;
  says: string;
}

export interface DefectSpec extends ClaimSpec {
  summary: string;
}

type Body = () => unknown | Promise<unknown>;

interface Outcome {
  id: string;
  kind: 'claim' | 'defect';
  passed: boolean;
  error?: string;
}

/** A test that has not ended after this long fails (`STRAPI_TEST_TIMEOUT`, ms); the longest takes about 10 s. */
const TEST_TIMEOUT_MS = Number(process.env.STRAPI_TEST_TIMEOUT ?? 180_000);

const outcomes: Outcome[] = [];

/** Saved after every test, so that a file killed later (scripts/claims-runner.ts) keeps what it proved. */
function record(key: string, outcome: Outcome): void {
  outcomes.push(outcome);
  mkdirSync(path.join(STATE_DIR, 'results', path.dirname(key)), { recursive: true });
  writeFileSync(path.join(STATE_DIR, 'results', `${key}.json`), JSON.stringify({ page: key, outcomes }, null, 2) + '\n');
}
const seen = new Set<string>();
let pageKey: string | undefined;

function register(kind: 'claim' | 'defect', spec: ClaimSpec, body: Body): void {
  const key = pageKeyOfClaimsFile(callerClaimsFile());
  if (pageKey === undefined) {
    pageKey = key;
  } else if (pageKey !== key) {
    throw new Error(`one claims file per process: ${pageKey} and ${key}`);
  }
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(spec.id)) throw new Error(`claim id "${spec.id}": lowercase words joined by "-"`);
  if (seen.has(spec.id)) throw new Error(`claim id "${spec.id}" is declared twice in claims/${key}.test.ts`);
  seen.add(spec.id);
  const fullId = `${key}/${spec.id}`;
  test(fullId, { timeout: TEST_TIMEOUT_MS }, async () => {
    try {
      await body();
      record(key, { id: fullId, kind, passed: true });
    } catch (error) {
      record(key, { id: fullId, kind, passed: false, error: error instanceof Error ? error.message : String(error) });
      throw error;
    }
  });
}

/** A statement of the page, proven by running Strapi 5.54.0. */
export function claim(spec: ClaimSpec, body: Body): void {
  register('claim', spec, body);
}

/** A known defect of 5.54.0: the test asserts today's (wrong) behaviour. */
export function defect(spec: DefectSpec, body: Body): void {
  if (!spec.summary?.trim()) throw new Error(`defect "${spec.id}" needs a summary`);
  register('defect', spec, body);
}
