/**
 * Holds the pages to Strapi's source at the pin (scripts/check-sources.ts), and proves that the
 * checker fails on each kind of wrong claim: a path that does not exist, a link to a moving
 * branch, an identifier that is not in the cited file, and an Exports member whose name,
 * optionality or type differs from the `.d.ts`. Needs `npm run strapi-source` first (test.sh
 * runs it).
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { STRAPI_VERSION } from '../src/config/site';
import { DOCS_DIR, ROOT, readDocs } from './docs';
import { tempDir } from './temp-dirs';
import { CACHE_DIR, treeDir } from './strapi-source';
import { SourceContext, checkPage, exportedSymbolOf, run, createParser, pagesToCheck, readUnpublished, type Page } from './check-sources';

let parse: Awaited<ReturnType<typeof createParser>>;
const ctx = new SourceContext(STRAPI_VERSION);
const TAG = `https://github.com/strapi/strapi/blob/v${STRAPI_VERSION}`;

before(async () => {
  parse = await createParser();
});

const page = (file: string, body: string): Page => ({ file, body, offset: 0 });
const check = (p: Page) => checkPage(p, parse, ctx, { unpublished: [], exceptions: [] });

// A mutation-testing sandbox (.cache/stryker/) copies no docs/: there the planted pages below run alone.
test('every page holds to the pinned source', { skip: !existsSync(DOCS_DIR) && 'no docs/ in this copy' }, () => {
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
  const body = [`[\`index.ts\`](${TAG}/packages/core/database/src/index.ts)`, '', '| x | y |', '| - | - |', '| `createStrapi` | z |'].join(
    '\n',
  );
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
    `**[errors](${TAG}/packages/core/admin/admin/src/components/Form.tsx#L594)**: \`FormErrors<TFormValues>\``,
    '',
    '### isSubmitting',
    '',
    `**[isSubmitting?](${TAG}/packages/core/admin/admin/src/components/Form.tsx#L595)**: \`boolean\``,
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

// Line anchors (docs-dev/ground-truth.md, "The line rules"): each planted wrong range fails with its own message.
const CRON = `${TAG}/packages/core/core/src/services/cron.ts`;

test('a correct anchored link passes: the declaration, a branch inside it, a use', () => {
  const body = [
    `The service is [\`createCronService\`](${CRON}#L166-L342), its \`add\` method [here](${CRON}#L266-L303), the branch of \`add\` for a plain function [here](${CRON}#L273-L276).`,
    '',
    `Whole file: [\`packages/core/core/src/services/cron.ts\`](${CRON}), or [\`services/cron\`](${CRON}).`,
  ].join('\n');
  assert.deepEqual(check(page('docs/planted.md', body)), []);
});

test('planted ranges fail with their own messages: off by twenty, past the end, identifier outside', () => {
  const body = [
    `Off by twenty: [\`createCronService\`](${CRON}#L146-L322).`,
    '',
    `Past the end: [\`createCronService\`](${CRON}#L900-L910).`,
    '',
    `Outside: [\`createCronService\`](${CRON}#L1-L10).`,
    '',
    `Not a range: [\`createCronService\`](${CRON}#L20-L10).`,
  ].join('\n');
  assert.deepEqual(check(page('docs/planted.md', body)), [
    'docs/planted.md:1: packages/core/core/src/services/cron.ts#L146-L322: L146-L322 cuts the declaration of `createCronService` at L166-L342 (off by -20 lines)',
    'docs/planted.md:3: packages/core/core/src/services/cron.ts#L900-L910: L900-L910 is past the end of the file (344 lines)',
    'docs/planted.md:5: packages/core/core/src/services/cron.ts#L1-L10: `createCronService` does not occur in L1-L10 (`createCronService` is declared at L166-L342)',
    'docs/planted.md:7: packages/core/core/src/services/cron.ts#L20-L10: L20-L10 is not a range of lines',
  ]);
});

test('a link naming an identifier must be anchored; a whole-file link must read as its path', () => {
  const body = [
    `The \`createCronService\` factory lives in [\`cron.ts\`](${CRON}).`,
    '',
    `[\`ghostFunction\`](${CRON}) is not there.`,
    '',
    `See [the cron service](${CRON}).`,
  ].join('\n');
  assert.deepEqual(check(page('docs/planted.md', body)), [
    'docs/planted.md:1: packages/core/core/src/services/cron.ts: names `createCronService` (in its sentence) but links the whole file: anchor it at #L166-L342 (npm run anchor-links)',
    'docs/planted.md:3: packages/core/core/src/services/cron.ts: names `ghostFunction` (in its text), which does not occur in the file',
    'docs/planted.md:5: packages/core/core/src/services/cron.ts: links the whole file, so its text must be the file\'s path (it reads "the cron service")',
  ]);
});

test('anchors only on files with published lines; no anchor but #L on a blob link', () => {
  const body = [
    `[\`cron.ts\`](${TAG}/packages/core/types/src/modules/cron.ts#L1-L5)`,
    '',
    `[\`cron.ts\`](${CRON}#top)`,
    '',
    `[\`services\`](https://github.com/strapi/strapi/tree/v${STRAPI_VERSION}/packages/core/core/src/services#L1)`,
    '',
    `[\`cron.ts\`](${TAG}/packages/core/types/src/modules/cron.ts) and [\`x\`](https://github.com/strapi/strapi/tree/v${STRAPI_VERSION}/packages/core/core/src/services)`,
  ].join('\n');
  assert.deepEqual(check(page('docs/planted.md', body)), [
    'docs/planted.md:1: packages/core/types/src/modules/cron.ts#L1-L5: the lines of this file are not published (its source map names it without content); link the whole file',
    `docs/planted.md:3: ${CRON}#top: "#top" is not a line anchor of a file (#L<a> or #L<a>-L<b> on a blob link)`,
    `docs/planted.md:5: https://github.com/strapi/strapi/tree/v${STRAPI_VERSION}/packages/core/core/src/services#L1: "#L1" is not a line anchor of a file (#L<a> or #L<a>-L<b> on a blob link)`,
  ]);
  // A listed exception excuses a link by its URL.
  const excused = checkPage(page('docs/planted.md', `[the service](${CRON})`), parse, ctx, {
    unpublished: [],
    exceptions: [{ page: 'docs/planted.md', claim: CRON, reason: 'planted' }],
  });
  assert.deepEqual(excused, []);
});

test('an Exports member must link its declaration; its range is checked like any other', () => {
  const FORM = `${TAG}/packages/core/admin/admin/src/components/Form.tsx`;
  const body = [
    '## Properties',
    '',
    '### errors',
    '',
    '**errors**: `FormErrors<TFormValues>`',
    '',
    '### isSubmitting',
    '',
    `**[isSubmitting](${FORM}#L594)**: \`boolean\``,
    '',
    '### values',
    '',
    `**[values](${FORM}#L596)**: \`TFormValues\``,
  ].join('\n');
  assert.deepEqual(check(page('docs/exports/interfaces/FormState.md', body)), [
    'docs/exports/interfaces/FormState.md:9: packages/core/admin/admin/src/components/Form.tsx#L594: `isSubmitting` does not occur in L594 (`isSubmitting` is declared at L114)',
    'docs/exports/interfaces/FormState.md:5: FormState.errors: not linked to its declaration (FormState in dist/admin/src/components/Form.d.ts); write **[errors](<source link>)** (npm run anchor-links)',
  ]);
  // Another interface's member of the same name holds the name, but is not this member.
  const other = body.replace('#L594)**', '#L114)**').replace('**errors**', `**[errors](${FORM}#L594)**`);
  assert.deepEqual(check(page('docs/exports/interfaces/FormState.md', other)), [
    'docs/exports/interfaces/FormState.md:9: packages/core/admin/admin/src/components/Form.tsx#L114: FormState.isSubmitting is declared at L595, not in L114',
  ]);
});

test('the command checks the pages it is given, prints each failure and a summary, and exits 1 on any', async () => {
  const dir = tempDir('check-sources-');
  const good = path.join(dir, 'good.md');
  const bad = path.join(dir, 'bad.md');
  writeFileSync(good, `---\ntitle: Good\n---\n\n[\`createCronService\`](${CRON}#L166-L342)\n`);
  writeFileSync(bad, `---\ntitle: Bad\nstrapi: x\n---\n\nText.\n\n[\`createCronService\`](${CRON}#L1-L2)\n`);
  const lines: string[] = [];
  assert.equal(await run([good], STRAPI_VERSION, (l) => lines.push(l)), 0);
  assert.deepEqual(lines, [`check:sources: 1 page(s) against Strapi ${STRAPI_VERSION}: 0 failure(s) on 0 page(s)`]);
  lines.length = 0;
  assert.equal(await run([good, bad, bad], STRAPI_VERSION, (l) => lines.push(l)), 1);
  const name = path.relative(ROOT, bad);
  const failure = `${name}:8: packages/core/core/src/services/cron.ts#L1-L2: \`createCronService\` does not occur in L1-L2 (\`createCronService\` is declared at L166-L342)`;
  assert.deepEqual(lines, [failure, failure, `check:sources: 3 page(s) against Strapi ${STRAPI_VERSION}: 2 failure(s) on 2 page(s)`]);
});

test('listed exceptions excuse each kind of claim, on their page only', () => {
  const body = [
    `[a](https://github.com/strapi/strapi/blob/main/x.ts) [\`nope.ts\`](${TAG}/packages/core/core/src/nope.ts)`,
    '',
    '`packages/core/core/src/nowhere`',
    '',
    `[\`cron.ts\`](${CRON})`,
    '',
    '| name | x |',
    '| --- | --- |',
    '| `ghostOne()` | y |',
    '| `a.ghostTwo` | y |',
  ].join('\n');
  const all = check(page('docs/planted.md', body));
  assert.equal(all.length, 5);
  const claims = [
    'https://github.com/strapi/strapi/blob/main/x.ts',
    'packages/core/core/src/nope.ts',
    'packages/core/core/src/nowhere',
    'ghostOne()',
    'ghostTwo',
  ];
  const options = (pageName: string) => ({
    unpublished: [],
    exceptions: claims.map((claim) => ({ page: pageName, claim, reason: 'planted' })),
  });
  assert.deepEqual(checkPage(page('docs/planted.md', body), parse, ctx, options('docs/planted.md')), []);
  assert.deepEqual(checkPage(page('docs/planted.md', body), parse, ctx, options('docs/other.md')), all);
  // Exports members: an excused unknown member, an excused undocumented one.
  const members = ['## Properties', '', '### ghost', '', '**ghost**: `string`'].join('\n');
  const formState = (exceptions: string[]) =>
    checkPage(page('docs/exports/interfaces/FormState.md', members), parse, ctx, {
      unpublished: [],
      exceptions: exceptions.map((claim) => ({ page: 'docs/exports/interfaces/FormState.md', claim, reason: 'planted' })),
    });
  assert.equal(formState([]).length, 4);
  assert.deepEqual(formState(['ghost', 'errors', 'isSubmitting', 'values']), []);
});

test('files no package publishes: listed by path or folder, with or without a trailing slash', () => {
  const body = `[\`x.js\`](${TAG}/tests/e2e/x.js) and \`packages/utils/tsconfig/base.json\``;
  for (const listed of [
    [
      { repo: 'strapi/strapi', path: 'tests/e2e', reason: 'r', checked: 'c' },
      { repo: 'strapi/strapi', path: 'packages/utils/tsconfig/', reason: 'r', checked: 'c' },
    ],
    [
      { repo: 'strapi/strapi', path: 'tests/e2e/x.js', reason: 'r', checked: 'c' },
      { repo: 'strapi/strapi', path: 'packages/utils/tsconfig/base.json', reason: 'r', checked: 'c' },
    ],
  ]) {
    assert.deepEqual(
      checkPage(page('docs/planted.md', body), parse, ctx, { unpublished: listed, exceptions: [] }),
      [],
      JSON.stringify(listed),
    );
  }
  const elsewhere = [
    { repo: 'strapi/other', path: 'tests/e2e', reason: 'r', checked: 'c' },
    { repo: 'strapi/strapi', path: 'tests/e2', reason: 'r', checked: 'c' },
  ];
  assert.equal(checkPage(page('docs/planted.md', body), parse, ctx, { unpublished: elsewhere, exceptions: [] }).length, 2);
});

test('the list of unpublished files refuses an entry without a reason or a check', () => {
  const dir = tempDir('unpublished-');
  const file = path.join(dir, 'list.jsonl');
  writeFileSync(file, '{"repo":"strapi/strapi","path":"a","reason":"r","checked":"c"}\n\n');
  assert.deepEqual(readUnpublished(file), [{ repo: 'strapi/strapi', path: 'a', reason: 'r', checked: 'c' }]);
  for (const key of ['repo', 'path', 'reason', 'checked']) {
    const entry: Record<string, unknown> = { repo: 'strapi/strapi', path: 'a', reason: 'r', checked: 'c' };
    entry[key] = ' ';
    writeFileSync(file, `${JSON.stringify({ repo: 'strapi/strapi', path: 'b', reason: 'r', checked: 'c' })}\n${JSON.stringify(entry)}\n`);
    assert.throws(() => readUnpublished(file), { message: `src/data/unpublished-sources.jsonl:2: "${key}" is missing` });
    delete entry[key];
    writeFileSync(file, `${JSON.stringify(entry)}\n`);
    assert.throws(() => readUnpublished(file), { message: `src/data/unpublished-sources.jsonl:1: "${key}" is missing` });
  }
});

test('an .mdx page is read as MDX; the line of a failure counts the frontmatter', () => {
  const body = `<Tag />\n\n[\`createCronService\`](${CRON}#L1-L2)`;
  assert.deepEqual(checkPage({ file: 'docs/planted.mdx', body, offset: 4 }, parse, ctx, { unpublished: [], exceptions: [] }), [
    'docs/planted.mdx:7: packages/core/core/src/services/cron.ts#L1-L2: `createCronService` does not occur in L1-L2 (`createCronService` is declared at L166-L342)',
  ]);
  assert.deepEqual(exportedSymbolOf('docs/exports/interfaces/Table.BodyProps.md'), { kind: 'interfaces', name: 'Table.BodyProps' });
  assert.deepEqual(exportedSymbolOf('docs/exports/namespaces/Table.mdx'), { kind: 'namespaces', name: 'Table' });
  assert.equal(exportedSymbolOf('docs/exports/modules.md'), null);
  assert.equal(exportedSymbolOf('docs/exports/interfaces/X.md.bak'), null);
  assert.equal(exportedSymbolOf('other/docs/exports/interfaces/X.md'), null);
});

// Exports pages: how a member counts as documented, and where its link may point.
const FORM = `${TAG}/packages/core/admin/admin/src/components/Form.tsx`;
const FORM_STATE = 'docs/exports/interfaces/FormState.md';
const WHERE = `@strapi/admin@${STRAPI_VERSION} (dist/admin/src/index.d.ts)`;
const VALUES_MISSING = `${FORM_STATE}:1: FormState.values: declared in ${WHERE} but not documented (add a "### values" section)`;
/** FormState with `errors` and `isSubmitting` documented and linked, then the given lines about `values`. */
const formStateWith = (...lines: string[]) =>
  check(
    page(
      FORM_STATE,
      [
        '## Properties',
        '',
        '### errors',
        '',
        `**[errors](${FORM}#L594)**: \`FormErrors<TFormValues>\``,
        '',
        '### isSubmitting',
        '',
        `**[isSubmitting](${FORM}#L595)**: \`boolean\``,
        '',
        ...lines,
      ].join('\n'),
    ),
  );

test('an Exports member counts as documented by its own line or by a heading of its name, in the forms writers use', () => {
  // A member's own line documents it under any heading.
  assert.deepEqual(formStateWith("### The form's values", '', `**[values](${FORM}#L596)**: \`TFormValues\``), [], 'own line');
  for (const heading of [
    '### values',
    '### values  ',
    '### `values`',
    '### values()',
    '### values(a, b)',
    "### ['values']",
    '### `["values"]`',
  ]) {
    assert.deepEqual(formStateWith(heading, '', 'The values.'), [], heading);
  }
  // A heading before any section counts too.
  assert.deepEqual(
    check(
      page(
        FORM_STATE,
        [
          '### values',
          '',
          'Text.',
          '',
          '## Properties',
          '',
          '### errors',
          '',
          `**[errors](${FORM}#L594)**: \`FormErrors<TFormValues>\``,
          '',
          '### isSubmitting',
          '',
          `**[isSubmitting](${FORM}#L595)**: \`boolean\``,
        ].join('\n'),
      ),
    ),
    [],
  );
});

test('a heading that is not the member, or sits under History, does not document it', () => {
  for (const heading of ['#### values', '### values and more', '### valuesX', 'See ### values', '### `values` `errors`']) {
    assert.deepEqual(formStateWith(heading), [VALUES_MISSING], heading);
  }
  // Under "## History: ..." a heading describes an older declaration, not the current member.
  assert.deepEqual(formStateWith('## History: 5.0.0 declaration', '', '### values'), [VALUES_MISSING]);
  assert.deepEqual(formStateWith('## History', '', '### values', '', 'Text.'), [VALUES_MISSING]);
  // A later section ends the History one; a section merely starting with the word is not History.
  assert.deepEqual(formStateWith('## History', '', 'Old.', '', '## Properties again', '', '### values'), []);
  assert.deepEqual(formStateWith('## Historical notes', '', '### values'), []);
});

test('a symbol the pin no longer exports: the failure says what to write, and only a "## History" section keeps it', () => {
  const gone = (body: string) => check(page('docs/exports/interfaces/NoSuchInterface.md', body));
  const failure = `docs/exports/interfaces/NoSuchInterface.md:1: NoSuchInterface: not exported by ${WHERE}; say so, show what replaced it, and keep the older declaration under "## History: <version> declaration"`;
  assert.deepEqual(gone('Intro.'), [failure]);
  assert.deepEqual(gone('Intro.\n\n### History of it\n\n**a**: `string`'), [failure]);
  assert.deepEqual(gone('Intro mentions ## History in passing.'), [failure]);
  assert.deepEqual(gone('Intro.\n\n## History\n\nOld.'), []);
});

test('a namespace page is not held to member lists', () => {
  const members = '## Members\n\n### ghost\n\n**ghost**: `string`';
  assert.deepEqual(check(page('docs/exports/namespaces/Table.md', members)), []);
  // The same member on an interface page fails: the namespace page is skipped, not the member.
  assert.ok(check(page('docs/exports/interfaces/FormState.md', members)).some((f) => f.includes('FormState.ghost: no such member')));
});

const AUTH = `${TAG}/packages/core/admin/admin/src/features/Auth.tsx`;
const checkUserHasPermissions = (range: string) =>
  check(
    page(
      'docs/exports/interfaces/AuthContextValue.md',
      `### checkUserHasPermissions\n\n**[checkUserHasPermissions](${AUTH}#${range})**: \`(permissions?: Array<Pick<Permission, 'action'> & Partial<Omit<Permission, 'action'>>>, passedPermissions?: Permission[], rawQueryContext?: string) => Promise<Permission[]>\``,
    ),
  ).filter((f) => f.includes('checkUserHasPermissions'));

test("an Exports member's link may hold its declaration exactly, around it or inside it, but not another declaration of the name", () => {
  // The member is declared at L66-L70 of Auth.tsx.
  for (const range of ['L66-L70', 'L66-L71', 'L65-L70', 'L64-L72', 'L66-L69', 'L67-L70', 'L67-L69']) {
    assert.deepEqual(checkUserHasPermissions(range), [], range);
  }
  // L453 declares a constant of the same name in AuthProvider: the name is there, the member is not.
  assert.deepEqual(checkUserHasPermissions('L453-L470'), [
    'docs/exports/interfaces/AuthContextValue.md:3: packages/core/admin/admin/src/features/Auth.tsx#L453-L470: AuthContextValue.checkUserHasPermissions is declared at L66-L70, not in L453-L470',
  ]);
  // Form.tsx L857 declares `const isSubmitting`, after the member at L595.
  assert.ok(
    check(page(FORM_STATE, `### isSubmitting\n\n**[isSubmitting](${FORM}#L857)**: \`boolean\``)).includes(
      `${FORM_STATE}:3: packages/core/admin/admin/src/components/Form.tsx#L857: FormState.isSubmitting is declared at L595, not in L857`,
    ),
  );
});

test("an Exports member's own failures: its whole-file link, a required one written optional and back, an inherited member's owner, a multi-line type", () => {
  // Linked without lines: the link names the member, so it must be anchored.
  assert.deepEqual(
    check(page(FORM_STATE, `### isSubmitting\n\n**[isSubmitting](${FORM})**: \`boolean\``)).filter((f) => f.includes('isSubmitting')),
    [
      `${FORM_STATE}:3: packages/core/admin/admin/src/components/Form.tsx: names \`isSubmitting\` (as the member it documents) but links the whole file: anchor it at #L595 (npm run anchor-links)`,
    ],
  );
  const auth = (body: string, name: string) =>
    check(page('docs/exports/interfaces/AuthContextValue.md', body)).filter((f) => f.includes(`.${name}:`));
  // `user?: User` documented as required, and unlinked while optional.
  assert.deepEqual(auth(`### user\n\n**[user](${AUTH}#L75)**: \`User\``, 'user'), [
    `docs/exports/interfaces/AuthContextValue.md:3: AuthContextValue.user: documented as required, declared optional in ${WHERE}`,
  ]);
  assert.deepEqual(auth('### user\n\n**user?**: `User`', 'user'), [
    'docs/exports/interfaces/AuthContextValue.md:3: AuthContextValue.user: not linked to its declaration (AuthContextValue in dist/admin/src/features/Auth.d.ts); write **[user?](<source link>)** (npm run anchor-links)',
  ]);
  // The message gives the declared type on one line.
  assert.deepEqual(auth(`### login\n\n**[login](${AUTH}#L54-L56)**: \`() => void\``, 'login'), [
    `docs/exports/interfaces/AuthContextValue.md:3: AuthContextValue.login: type \`() => void\` differs from the declaration \`(body: Login.Request['body'] & { rememberMe: boolean; }) => Promise<Awaited<ReturnType<ReturnType<typeof useLoginMutation>[0]>>>\` in ${WHERE}`,
  ]);
  // StrapiAppContextValue takes `customFields` from the StrapiApp class: the message names the class.
  assert.deepEqual(
    check(page('docs/exports/interfaces/StrapiAppContextValue.md', '### customFields\n\n**customFields**: `CustomFields`')).filter((f) =>
      f.includes('.customFields:'),
    ),
    [
      'docs/exports/interfaces/StrapiAppContextValue.md:3: StrapiAppContextValue.customFields: not linked to its declaration (StrapiApp in dist/admin/src/StrapiApp.d.ts); write **[customFields](<source link>)** (npm run anchor-links)',
    ],
  );
});

test('an Exports member: a declaration in a .ts file must be linked; one in a type-only file cannot be; a method in either signature form', () => {
  // Plugin is declared in core/apis/Plugin.ts.
  assert.deepEqual(
    check(page('docs/exports/classes/Plugin.md', '### name\n\n**name**: `string`')).filter((f) => f.includes('.name:')),
    [
      'docs/exports/classes/Plugin.md:3: Plugin.name: not linked to its declaration (Plugin in dist/admin/src/core/apis/Plugin.d.ts); write **[name](<source link>)** (npm run anchor-links)',
    ],
  );
  // Permission comes from shared/contracts/shared.ts, whose map holds no content: nothing to link to.
  assert.deepEqual(
    check(page('docs/exports/interfaces/Permission.md', '### action\n\n**action**: `string`')).filter((f) => f.includes('.action:')),
    [],
  );
  // StrapiApp.render as a property's arrow type and as a method signature.
  const render = (type: string) =>
    check(
      page(
        'docs/exports/classes/StrapiApp.md',
        `### render\n\n**[render](${TAG}/packages/core/admin/admin/src/StrapiApp.tsx#L573-L602)**: \`${type}\``,
      ),
    ).filter((f) => f.includes('.render:'));
  assert.deepEqual(render('() => import("react/jsx-runtime").JSX.Element'), []);
  assert.deepEqual(render('(): import("react/jsx-runtime").JSX.Element'), []);
  assert.deepEqual(render('(): JSX.Element'), [
    `docs/exports/classes/StrapiApp.md:3: StrapiApp.render: type \`(): JSX.Element\` differs from the declaration \`() => import("react/jsx-runtime").JSX.Element\` in ${WHERE}`,
  ]);
});

test('links: a pinned tag of another repository, the helper plugin at its own release, a repository nobody pinned, a repository root, a folder', () => {
  const FS = 'packages/core/core/src/services/fs.ts';
  assert.deepEqual(check(page('docs/planted.md', `[\`fs.ts\`](https://github.com/strapi/pack-up/blob/v${STRAPI_VERSION}/${FS})`)), [
    `docs/planted.md:1: https://github.com/strapi/pack-up/blob/v${STRAPI_VERSION}/${FS}: links strapi/pack-up at "v${STRAPI_VERSION}", not at a pinned release tag (v5.1.1)`,
  ]);
  assert.deepEqual(check(page('docs/planted.md', '[`x.ts`](https://github.com/strapi/unknown/blob/v1.0.0/x.ts)')), [
    'docs/planted.md:1: https://github.com/strapi/unknown/blob/v1.0.0/x.ts: links strapi/unknown at "v1.0.0", not at a pinned release tag (no tree of strapi/unknown is pinned)',
  ]);
  // The helper plugin left the monorepo before 5.x: its files are read at 4.26.2, as a link and as a path.
  const HELPER = 'packages/core/helper-plugin/README.md';
  assert.deepEqual(
    check(page('docs/planted.md', `[\`${HELPER}\`](https://github.com/strapi/strapi/blob/v4.26.2/${HELPER}) and \`${HELPER}\`.`)),
    [],
  );
  // The repository itself, and a folder whose link reads as prose.
  assert.deepEqual(
    check(
      page(
        'docs/planted.md',
        `[Strapi](https://github.com/strapi/strapi/tree/v${STRAPI_VERSION}) and [the services folder](https://github.com/strapi/strapi/tree/v${STRAPI_VERSION}/packages/core/core/src/services).`,
      ),
    ),
    [],
  );
});

test('a .md page is read as Markdown: braces and angle brackets that MDX would reject are text', () => {
  assert.deepEqual(
    check(page('docs/planted.md', `When a < b, {the braces} stay text: [\`fs.ts\`](${TAG}/packages/core/core/src/services/fs.ts).`)),
    [],
  );
});

test("a whole-file link on an Exports page that names nothing else is held to the page's symbol", () => {
  const failures = check(
    page('docs/exports/classes/Plugin.md', `Lives in [the plugin class](${TAG}/packages/core/admin/admin/src/core/apis/Plugin.ts).`),
  );
  assert.deepEqual(
    failures.filter((f) => f.includes('links the whole file')),
    [
      "docs/exports/classes/Plugin.md:1: packages/core/admin/admin/src/core/apis/Plugin.ts: names `Plugin` (as the page's symbol) but links the whole file: anchor it at #L12-L55 (npm run anchor-links)",
    ],
  );
});

test('identifiers: found in a file cited only as a path, with a $ in the name; the failure lists the cited files', () => {
  const WHERE_TS = 'packages/core/database/src/query/helpers/where.ts';
  const table = (...rows: string[]) => ['| operator | meaning |', '| --- | --- |', ...rows].join('\n');
  assert.deepEqual(
    check(page('docs/planted.md', `Operators live in \`${WHERE_TS}\`.\n\n${table('| `$notContainsi` | case-insensitive |')}`)),
    [],
  );
  assert.deepEqual(
    check(
      page(
        'docs/planted.md',
        `See \`${WHERE_TS}\` and [\`fs.ts\`](${TAG}/packages/core/core/src/services/fs.ts).\n\n${table('| `$nowhere` | planted |')}`,
      ),
    ),
    [
      `docs/planted.md:5: \`$nowhere\`: "$nowhere" occurs in none of the files the page cites (packages/core/core/src/services/fs.ts, ${WHERE_TS})`,
    ],
  );
  // `$notContainsi` without its `$` is not the name either: `notContainsi` alone occurs nowhere.
  assert.equal(check(page('docs/planted.md', `\`${WHERE_TS}\`\n\n${table('| `notContainsi` | planted |')}`)).length, 1);
  assert.deepEqual(check(page('docs/planted.md', table('| `writeAppFile` | planted |'))), [
    'docs/planted.md:3: `writeAppFile`: "writeAppFile" occurs in none of the files the page cites (it cites none)',
  ]);
});

test('a whole-file link in a sentence naming two identifiers lists both', () => {
  assert.deepEqual(check(page('docs/planted.md', `The \`createCronService\` and \`add\` functions are in [\`cron.ts\`](${CRON}).`)), [
    'docs/planted.md:1: packages/core/core/src/services/cron.ts: names `createCronService`, `add` (in its sentence) but links the whole file: anchor it at #L166-L342 (npm run anchor-links)',
  ]);
});

test('without arguments the command checks every page of docs/', () => {
  const all = pagesToCheck([]);
  assert.ok(all.length > 0);
  assert.deepEqual(
    all.map((p) => p.file),
    readDocs().map((d) => d.file),
  );
});

test('the list of unpublished files skips blank lines, spaces included', () => {
  const dir = tempDir('unpublished-');
  const file = path.join(dir, 'list.jsonl');
  writeFileSync(file, '   \n{"repo":"strapi/strapi","path":"a","reason":"r","checked":"c"}\n\t\n');
  assert.deepEqual(readUnpublished(file), [{ repo: 'strapi/strapi', path: 'a', reason: 'r', checked: 'c' }]);
});

// Another release (STRAPI_VERSION=5.x.y npm run check:sources): links at the pin's tag and monorepo
// paths are read in that release's tree. A planted tree stands for it, named per process (a mutation
// run starts several at once in the same cache) and removed after.
const PLANTED = `0.0.0-planted.${process.pid}`;
after(() => rmSync(treeDir({ repo: 'strapi/strapi', version: PLANTED }), { recursive: true, force: true }));

test("checked against another release, the pin's links and paths read that release's tree", () => {
  const dir = treeDir({ repo: 'strapi/strapi', version: PLANTED });
  const NEW = 'packages/core/core/src/services/planted.ts';
  mkdirSync(path.join(dir, path.dirname(NEW)), { recursive: true });
  writeFileSync(path.join(dir, NEW), 'export const plantedService = () => 1;\n');
  const files = { [NEW]: { package: '@strapi/core', content: true } };
  writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify({ repo: 'strapi/strapi', version: PLANTED, packages: {}, files }));
  assert.ok(dir.startsWith(CACHE_DIR));
  const body = `[\`planted.ts\`](${TAG}/${NEW}) and \`${NEW}\`.\n\n| name | x |\n| --- | --- |\n| \`plantedService\` | y |`;
  const other = new SourceContext(PLANTED);
  assert.deepEqual(checkPage(page('docs/planted.md', body), parse, other, { unpublished: [], exceptions: [] }), []);
  // The pin's tree has no such file: the same page fails there, once for the link and once for the path.
  assert.deepEqual(check(page('docs/planted.md', body)), [
    `docs/planted.md:1: ${NEW}: no such file or folder in strapi/strapi@v${STRAPI_VERSION} (link ${TAG}/${NEW})`,
    `docs/planted.md:1: ${NEW}: no such file or folder in strapi/strapi@v${STRAPI_VERSION}`,
    `docs/planted.md:5: \`plantedService\`: "plantedService" occurs in none of the files the page cites (${NEW})`,
  ]);
  // And a file only the pin has fails in the other release.
  assert.deepEqual(
    checkPage(page('docs/planted.md', `[\`fs.ts\`](${TAG}/packages/core/core/src/services/fs.ts)`), parse, other, {
      unpublished: [],
      exceptions: [],
    }),
    [
      `docs/planted.md:1: packages/core/core/src/services/fs.ts: no such file or folder in strapi/strapi@v${PLANTED} (link ${TAG}/packages/core/core/src/services/fs.ts)`,
    ],
  );
});

test('an exception excuses its own claim only, not the rest of its page', () => {
  const body = ['| name | x |', '| --- | --- |', '| `ghostOne()` | y |', '| `ghostTwo` | y |'].join('\n');
  const failures = checkPage(page('docs/planted.md', body), parse, ctx, {
    unpublished: [],
    exceptions: [{ page: 'docs/planted.md', claim: 'ghostOne()', reason: 'planted' }],
  });
  assert.deepEqual(failures, ['docs/planted.md:4: `ghostTwo`: "ghostTwo" occurs in none of the files the page cites (it cites none)']);
});

test('an .mdx page is parsed as MDX: a link inside a JSX comment is not a citation', () => {
  const body = `Text.\n\n{/* [\`createCronService\`](${CRON}#L1-L2) */}\n`;
  assert.deepEqual(checkPage({ file: 'docs/planted.mdx', body, offset: 0 }, parse, ctx, { unpublished: [], exceptions: [] }), []);
  assert.equal(checkPage({ file: 'docs/planted.md', body, offset: 0 }, parse, ctx, { unpublished: [], exceptions: [] }).length, 1);
});
