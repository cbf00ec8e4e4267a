/**
 * Absolutes need proof (scripts/absolutes.ts): on the server-side pages, every "only", "never",
 * "every"... stands with an executed claim or a cited line in its sentence; and the rule itself
 * holds on planted pages.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { SERVER_PAGES } from '../src/data/server-pages';
import { pageKeyOfDoc } from '../src/plugins/executed-claims/manifest';
import { absolutes, absolutesOfPage } from './absolutes';
import { createParser } from './check-sources';
import { ROOT } from './docs';
import type { MdNode } from '../src/plugins/executed-claims/locate';

test('every server-side page exists and has its claims file', () => {
  const missing = SERVER_PAGES.filter(
    (file) => !existsSync(path.join(ROOT, file)) || !existsSync(path.join(ROOT, 'strapi-app/claims', `${pageKeyOfDoc(file)}.test.ts`)),
  );
  assert.deepEqual(missing, []);
});

test('every page with a claims file is a server-side page', () => {
  // The claims files, found on disk, name the pages independently of the list: a page dropped from
  // SERVER_PAGES would escape the rule below while its claims still run.
  const claimsDir = path.join(ROOT, 'strapi-app/claims');
  const claimed = readdirSync(claimsDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) =>
      file
        .split(path.sep)
        .join('/')
        .replace(/\.test\.ts$/, ''),
    );
  assert.ok(claimed.length > 0, 'strapi-app/claims holds claims files');
  const listed = new Set(SERVER_PAGES.map(pageKeyOfDoc));
  assert.deepEqual(
    claimed.filter((key) => !listed.has(key)),
    [],
  );
});

test('no server-side page states an absolute without an executed claim or a cited line', async () => {
  const found = await absolutes([...SERVER_PAGES]);
  assert.deepEqual(
    found.map((a) => `${a.file}:${a.line}: "${a.word}": ${a.sentence}`),
    [],
  );
});

const SOURCE = 'https://github.com/strapi/strapi/blob/v5.54.0/packages/core/core/src/services/cron.ts';

async function words(markdown: string, says: string[] = []): Promise<string[]> {
  const parse = await createParser();
  return absolutesOfPage('p.md', parse(markdown, false) as unknown as MdNode, says).map((a) => `${a.word}: ${a.sentence}`);
}

test('an absolute without proof is reported with its sentence, each word once', async () => {
  assert.deepEqual(await words('It never runs twice. Fine here.\n\nEvery job and all of them.'), [
    'never: It never runs twice.',
    'Every: Every job and all of them.',
    'all: Every job and all of them.',
  ]);
});

test('each absolute word of the rule is reported on its own', async () => {
  // Written out here, not read from ABSOLUTE_WORDS: a word dropped from the code fails this test.
  const expected = [
    'only',
    'never',
    'always',
    'cannot',
    "can't",
    'safe',
    'safely',
    'every',
    'everything',
    'all',
    'none',
    'nothing',
    'nobody',
    'impossible',
    'guaranteed',
    'guarantees',
    'whatever',
  ];
  const sentences = expected.map((word, index) => `Case ${index} is ${word} here.`);
  assert.deepEqual(
    await words(sentences.join('\n\n')),
    expected.map((word, index) => `${word}: ${sentences[index]}`),
  );
});

test('a claim whose mark ends the sentence proves it; a claim in another sentence does not', async () => {
  assert.deepEqual(await words('It never runs twice. It always stops.', ['never runs twice']), ['always: It always stops.']);
  assert.deepEqual(await words('It never runs twice. It always stops.', ['It always']), ['never: It never runs twice.']);
});

test('a link to source lines proves its sentence; a link to a whole file does not', async () => {
  assert.deepEqual(await words(`It [never runs](${SOURCE}#L10-L20) twice. It always stops.`), ['always: It always stops.']);
  assert.deepEqual(await words(`It [never runs](${SOURCE}#L10) twice.`), []);
  assert.deepEqual(await words(`It [never runs](${SOURCE}) twice.`), ['never: It never runs twice.']);
  assert.deepEqual(await words(`It [never runs](https://example.com/a#L10) twice.`), ['never: It never runs twice.']);
});

test('words inside code, or inside other words, are not absolutes', async () => {
  assert.deepEqual(await words('Call `onlyOnce()` or `every`. The allowlist is overall fine.'), []);
});

test('in a table, a claim or a cited line anywhere in the row proves the row', async () => {
  const table = (a: string, b: string) => `| a | b |\n| - | - |\n| ${a} | ${b} |\n`;
  assert.deepEqual(await words(table('`add`', 'Never runs twice')), ['Never: Never runs twice']);
  assert.deepEqual(await words(table(`[\`add\`](${SOURCE}#L3-L9)`, 'Never runs twice')), []);
  assert.deepEqual(await words(table('`add`', 'Never runs twice'), ['Never runs twice']), []);
});
