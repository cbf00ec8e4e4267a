/**
 * Holds the pages to Strapi's source at the pin (scripts/check-sources.ts), and proves that the
 * checker fails on each kind of wrong claim: a path that does not exist, a link to a moving
 * branch, an identifier that is not in the cited file, and an Exports member whose name,
 * optionality or type differs from the `.d.ts`. Needs `npm run strapi-source` first (test.sh
 * runs it).
 */
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { STRAPI_VERSION } from '../src/config/site';
import { SourceContext, checkPage, createParser, pagesToCheck, readUnpublished, type Page } from './check-sources';

let parse: Awaited<ReturnType<typeof createParser>>;
const ctx = new SourceContext(STRAPI_VERSION);
const TAG = `https://github.com/strapi/strapi/blob/v${STRAPI_VERSION}`;

before(async () => {
  parse = await createParser();
});

const page = (file: string, body: string): Page => ({ file, body, offset: 0 });
const check = (p: Page) => checkPage(p, parse, ctx, { unpublished: [], exceptions: [] });

test('every page holds to the pinned source', () => {
  const failures = pagesToCheck([]).flatMap((p) => checkPage(p, parse, ctx));
  assert.deepEqual(failures, []);
});

test('a correct page passes', () => {
  const body = [
    `Lives in [\`fs.ts\`](${TAG}/packages/core/core/src/services/fs.ts) and \`packages/core/core/src/services\`.`,
    '',
    '| method | meaning |',
    '| --- | --- |',
    '| `writeAppFile()` | writes |',
    '| `strapi.fs.removeAppFile` | removes |',
    '| example input | not code, not checked |',
  ].join('\n');
  assert.deepEqual(check(page('docs/planted.md', body)), []);
});

test('a planted wrong path fails, as a link and in code font', () => {
  const body = [
    `See [the service](${TAG}/packages/core/core/src/services/filesystem.ts).`,
    '',
    'And `packages/core/core/src/services/nope`.',
  ].join('\n');
  assert.deepEqual(check(page('docs/planted.md', body)), [
    `docs/planted.md:1: packages/core/core/src/services/filesystem.ts: no such file or folder in strapi/strapi@v${STRAPI_VERSION} (link ${TAG}/packages/core/core/src/services/filesystem.ts)`,
    `docs/planted.md:3: packages/core/core/src/services/nope: no such file or folder in strapi/strapi@v${STRAPI_VERSION}`,
  ]);
});

test('a link to a moving branch or an unpinned tag fails', () => {
  const body = [
    '[a](https://github.com/strapi/strapi/blob/main/packages/core/core/src/services/fs.ts)',
    '[b](https://github.com/strapi/pack-up/blob/v4.0.0/src/index.ts)',
  ].join('\n\n');
  assert.deepEqual(check(page('docs/planted.md', body)), [
    'docs/planted.md:1: https://github.com/strapi/strapi/blob/main/packages/core/core/src/services/fs.ts: links strapi/strapi at "main", not at a pinned release tag (v5.54.0 or v4.26.2)',
    'docs/planted.md:3: https://github.com/strapi/pack-up/blob/v4.0.0/src/index.ts: links strapi/pack-up at "v4.0.0", not at a pinned release tag (v5.1.1)',
  ]);
});

test('a planted identifier that the cited file does not contain fails', () => {
  const body = [
    `[\`fs.ts\`](${TAG}/packages/core/core/src/services/fs.ts)`,
    '',
    '| method | meaning |',
    '| --- | --- |',
    '| `writeAppFile` | real |',
    '| `copyAppFile()` | planted |',
  ].join('\n');
  assert.deepEqual(check(page('docs/planted.md', body)), [
    'docs/planted.md:6: `copyAppFile()`: "copyAppFile" occurs in none of the files the page cites (packages/core/core/src/services/fs.ts)',
  ]);
});

test('a reference table on a page that cites no file fails: identifiers are checked even with nothing to check them against', () => {
  // A writer who forgets the "Where it lives" links must not get a silent pass for the table.
  const body = [
    'Intro without a link.',
    '',
    '| method | meaning |',
    '| --- | --- |',
    '| `writeAppFile()` | real name |',
    '| `copyAppFile` | planted |',
  ].join('\n');
  const failures = check(page('docs/planted.md', body));
  assert.equal(failures.length, 2, failures.join('\n'));
  assert.match(failures[0], /^docs\/planted\.md:5: .*"writeAppFile"/);
  assert.match(failures[1], /^docs\/planted\.md:6: .*"copyAppFile"/);
});

test('an identifier must be in the cited files, not merely somewhere in Strapi', () => {
  // `createStrapi` exists in packages/core/core, but this page cites only the database package.
  const body = [`[db](${TAG}/packages/core/database/src/index.ts)`, '', '| x | y |', '| - | - |', '| `createStrapi` | z |'].join('\n');
  assert.equal(check(page('docs/planted.md', body)).length, 1);
});

test('a file that no package publishes passes only when it is listed with how it was checked', () => {
  const body = `[tests](${TAG}/tests/e2e/playwright.base.config.js)`;
  assert.equal(check(page('docs/planted.md', body)).length, 1);
  const listed = [{ repo: 'strapi/strapi', path: 'tests/e2e', reason: 'tests are not published', checked: 'planted' }];
  assert.deepEqual(checkPage(page('docs/planted.md', body), parse, ctx, { unpublished: listed, exceptions: [] }), []);
  for (const entry of readUnpublished()) {
    assert.ok(entry.reason.length > 10 && entry.checked.length > 10, `${entry.path}: give the reason and how it was checked`);
  }
});

test('planted Exports members fail: unknown name, wrong optionality, wrong type, missing member', () => {
  const body = [
    '## Properties',
    '',
    '### errors',
    '',
    '**errors**: `FormErrors<TFormValues>`',
    '',
    '### isSubmitting',
    '',
    '**isSubmitting?**: `boolean`',
    '',
    '### isValidating',
    '',
    '**isValidating**: `boolean`',
  ].join('\n');
  const failures = check(page('docs/exports/interfaces/FormState.md', body));
  const where = `@strapi/admin@${STRAPI_VERSION} (dist/admin/src/index.d.ts)`;
  assert.deepEqual(failures, [
    `docs/exports/interfaces/FormState.md:9: FormState.isSubmitting: documented as optional, declared required in ${where}`,
    `docs/exports/interfaces/FormState.md:13: FormState.isValidating: no such member in ${where}`,
    `docs/exports/interfaces/FormState.md:1: FormState.values: declared in ${where} but not documented (add a "### values" section)`,
  ]);
  const wrongType = body.replace('`FormErrors<TFormValues>`', '`Record<string, string>`');
  assert.ok(
    check(page('docs/exports/interfaces/FormState.md', wrongType)).includes(
      `docs/exports/interfaces/FormState.md:5: FormState.errors: type \`Record<string, string>\` differs from the declaration \`FormErrors<TFormValues>\` in ${where}`,
    ),
  );
});

test('an Exports page about a symbol the pin no longer exports must keep it as marked history', () => {
  const gone = page('docs/exports/interfaces/NoSuchInterface.md', 'Intro.\n\n## Properties\n\n### a\n\n**a**: `string`');
  assert.equal(check(gone).length, 1);
  const history = page(
    'docs/exports/interfaces/NoSuchInterface.md',
    'Removed.\n\n## History: 5.0.0-beta.7 declaration\n\n### a\n\n**a**: `string`',
  );
  assert.deepEqual(check(history), []);
});
