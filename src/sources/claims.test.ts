/**
 * What a page claims about Strapi's source, read from Markdown written for each case: the source
 * links and what their sentence names, the monorepo paths in code font, the identifiers of reference
 * tables, an Exports page's members, and the cited files with their line ranges.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import { MONOREPO_PATH, citedFiles, extractClaims, identifierOf, type MdNode } from './claims';

const parse = (md: string) => unified().use(remarkParse).use(remarkGfm).parse(md) as unknown as MdNode;
const claimsOf = (md: string) => extractClaims(parse(md));
const SRC = 'https://github.com/strapi/strapi/blob/v5.54.0';

test('identifierOf: the last segment of a plain identifier, without `?` or a call', () => {
  const cases: Array<[string, string | null]> = [
    ['name', 'name'],
    ['a.b.name', 'name'],
    ['name?', 'name'],
    ['name()', 'name'],
    ['name(a, b)', 'name'],
    ['name()?', 'name'],
    ['  padded  ', 'padded'],
    ['$store', '$store'],
    ['_private', '_private'],
    ['a b', null],
    ['1abc', null],
    ['a.', null],
    ['a.1b', null],
    ['name(', null],
    ['"quoted"', null],
    ['', null],
  ];
  for (const [code, expected] of cases) assert.equal(identifierOf(code), expected, code);
});

test('MONOREPO_PATH: a path under packages/, no glob or placeholder', () => {
  for (const ok of [
    'packages/core/core/src',
    'packages/core/core/src/',
    'packages/core/core/src/Strapi.ts',
    'packages/@scope/x',
    'packages/a/[id].ts',
  ])
    assert.match(ok, MONOREPO_PATH, ok);
  for (const no of ['packages', 'packages/', 'packages/*/src', 'packages/<name>/src', 'src/packages/x', ' packages/x', 'packages/a b'])
    assert.doesNotMatch(no, MONOREPO_PATH, no);
});

test('a source link: where it points, its text, its code, its place in the Markdown', () => {
  const md = `Intro line.\n\nSee [\`Strapi\`](${SRC}/packages/core/core/src/Strapi.ts#L10-L20) for it.\n`;
  const { links } = claimsOf(md);
  assert.equal(links.length, 1);
  const [link] = links;
  assert.deepEqual(
    { ...link, context: undefined },
    {
      repo: 'strapi/strapi',
      ref: 'v5.54.0',
      path: 'packages/core/core/src/Strapi.ts',
      kind: 'blob',
      lines: { start: 10, end: 20 },
      hash: '#L10-L20',
      url: `${SRC}/packages/core/core/src/Strapi.ts#L10-L20`,
      line: 3,
      text: 'Strapi',
      code: 'Strapi',
      context: undefined,
      member: null,
      start: md.indexOf('[`Strapi`]'),
      end: md.indexOf(' for it.'),
    },
  );
  assert.equal(md.slice(link.start, link.end), `[\`Strapi\`](${SRC}/packages/core/core/src/Strapi.ts#L10-L20)`);
  const plain = claimsOf(`Read [the  file ](${SRC}/packages/core/core/src/Strapi.ts).`).links[0];
  assert.equal(plain.text, 'the  file', 'trimmed, inner spaces kept');
  assert.equal(plain.code, null);
  assert.equal(plain.lines, null);
  assert.equal(plain.hash, '');
  const mixed = claimsOf(`Read [\`a\` and \`b\`](${SRC}/packages/x/y.ts).`).links[0];
  assert.equal(mixed.code, null, 'two code spans are not one');
  assert.deepEqual(claimsOf('An [ordinary link](https://example.com/x) and [a page](./other.md).').links, []);
});

test("a link's context: the code spans of its sentence, identifiers only, each once, not keywords", () => {
  const md = [
    `First \`before\` sentence. Then \`alpha\`, \`beta()\`, \`alpha\`, \`true\`, \`not an id\` and`,
    `[\`Linked\`](${SRC}/packages/a/b.ts) with \`a.b.gamma?\`! After \`later\` end.`,
  ].join(' ');
  assert.deepEqual(claimsOf(md).links[0].context, ['alpha', 'beta', 'gamma']);
  // The code span of another source link is not part of the context.
  const two = claimsOf(`Use [\`one\`](${SRC}/packages/a/one.ts) and [\`two\`](${SRC}/packages/a/two.ts) with \`three\`.`).links;
  assert.deepEqual(
    two.map((l) => l.context),
    [['three'], ['three']],
  );
  // A link at the start and at the end of a paragraph; a heading.
  assert.deepEqual(claimsOf(`[x](${SRC}/packages/a/b.ts) names \`first\`. Not \`second\`.`).links[0].context, ['first']);
  assert.deepEqual(claimsOf(`Not \`first\`. Names \`second\` [x](${SRC}/packages/a/b.ts)`).links[0].context, ['second']);
  assert.deepEqual(claimsOf(`## The \`heading\` [x](${SRC}/packages/a/b.ts)`).links[0].context, ['heading']);
  // Inside emphasis, the sentence still counts.
  assert.deepEqual(claimsOf(`*\`inner\` [x](${SRC}/packages/a/b.ts)* and \`outer\`.`).links[0].context, ['inner', 'outer']);
  // A decimal or a dotted name is not a sentence end.
  assert.deepEqual(claimsOf(`Version 5.54 of \`a\` [x](${SRC}/packages/a/b.ts).`).links[0].context, ['a']);
});

test("a link in a table takes the identifiers of its whole row; a link in a list item's paragraph, its sentence", () => {
  const md = [
    '| Name | Where |',
    '| --- | --- |',
    `| \`rowName\` | [\`file\`](${SRC}/packages/a/b.ts) and \`other()\` |`,
    `| \`second\` | nothing |`,
    '',
    `- Item \`one\`. Item \`two\` [x](${SRC}/packages/a/c.ts).`,
  ].join('\n');
  const { links } = claimsOf(md);
  assert.deepEqual(links[0].context, ['rowName', 'other']);
  assert.deepEqual(links[1].context, ['two']);
});

test('monorepo paths in code font, outside source links; a trailing slash dropped', () => {
  const md = [
    'Files live in `packages/core/core/src/` and `packages/core/core/src/Strapi.ts`.',
    '',
    'Not `src/index.ts`, not `packages/*/src`.',
    '',
    `Linked: [\`packages/core/utils/src\`](${SRC}/packages/core/utils/src).`,
  ].join('\n');
  assert.deepEqual(claimsOf(md).codePaths, [
    { path: 'packages/core/core/src', line: 1 },
    { path: 'packages/core/core/src/Strapi.ts', line: 1 },
  ]);
});

test("reference tables: the identifier of each body row's first cell when it is one code span", () => {
  const md = [
    'Intro.',
    '',
    '| `header` | Type |',
    '| --- | --- |',
    '| `createStrapi()` | function |',
    '| `config.get?` | method |',
    '| `not an identifier` | no |',
    '| `a` and more | no |',
    '| plain text | no |',
    '|  | empty |',
    '| `last` | yes |',
  ].join('\n');
  assert.deepEqual(claimsOf(md).identifiers, [
    { text: 'createStrapi()', identifier: 'createStrapi', line: 5 },
    { text: 'config.get?', identifier: 'get', line: 6 },
    { text: 'last', identifier: 'last', line: 11 },
  ]);
});

test("an Exports page's members: `### name` then `**name**: `type``, outside History sections", () => {
  const md = [
    '## Props',
    '',
    '### label',
    '',
    '**label**: `string`',
    '',
    '### hint',
    '',
    '**hint?**:   `ReactNode`',
    '',
    "### ['aria-label']",
    '',
    "**['aria-label']**: `string`",
    '',
    `### linked`,
    '',
    `**[linked](${SRC}/packages/a/b.ts#L3)**: \`() => void\``,
    '',
    '### noParagraph',
    '',
    '- a list',
    '',
    '### wrongShape',
    '',
    '**wrongShape** is `string`',
    '',
    '### notCode',
    '',
    '**notCode**: string',
    '',
    '### bad label',
    '',
    '**bad label**: `x`',
    '',
    '#### deeper',
    '',
    '**deeper**: `x`',
    '',
    '## History of the props',
    '',
    '### old',
    '',
    '**old**: `number`',
    '',
    '## Later',
    '',
    '### after',
    '',
    '**after**: `boolean`',
    '',
    '### last',
  ].join('\n');
  const claims = claimsOf(md);
  assert.deepEqual(claims.members, [
    { name: 'label', optional: false, type: 'string', line: 5 },
    { name: 'hint', optional: true, type: 'ReactNode', line: 9 },
    { name: 'aria-label', optional: false, type: 'string', line: 13 },
    { name: 'linked', optional: false, type: '() => void', line: 17 },
    { name: 'after', optional: false, type: 'boolean', line: 49 },
  ]);
  assert.equal(claims.links.find((l) => l.path === 'packages/a/b.ts')?.member, 'linked');
});

test('cited files: each once, in order of first mention, with sorted distinct ranges', () => {
  const md = [
    `Code path \`packages/core/helper-plugin/src/index.ts\` first.`,
    '',
    `[a](${SRC}/packages/a/one.ts#L30-L40) [b](${SRC}/packages/a/one.ts#L5) [c](${SRC}/packages/a/one.ts#L30-L40) [d](${SRC}/packages/a/one.ts#L5-L9)`,
    '',
    `[folder](https://github.com/strapi/strapi/tree/v5.54.0/packages/a) [root](https://github.com/strapi/pack-up/tree/v5.1.1) [bad](https://github.com/strapi/pack-up/blob/v5.1.1)`,
    '',
    'Then `packages/core/core/src` and `packages/a/one.ts` again.',
  ].join('\n');
  assert.deepEqual(citedFiles(claimsOf(md), '5.54.0'), [
    { repo: 'strapi/strapi', version: '4.26.2', path: 'packages/core/helper-plugin/src/index.ts', kind: 'blob', ranges: [] },
    {
      repo: 'strapi/strapi',
      version: '5.54.0',
      path: 'packages/a/one.ts',
      kind: 'blob',
      ranges: [
        { start: 5, end: 5 },
        { start: 5, end: 9 },
        { start: 30, end: 40 },
      ],
    },
    { repo: 'strapi/strapi', version: '5.54.0', path: 'packages/a', kind: 'tree', ranges: [] },
    { repo: 'strapi/pack-up', version: '5.1.1', path: '', kind: 'tree', ranges: [] },
    { repo: 'strapi/strapi', version: '5.54.0', path: 'packages/core/core/src', kind: 'tree', ranges: [] },
  ]);
  assert.equal(citedFiles(claimsOf('`packages/core/core/src/x.ts`'), '5.53.0')[0].version, '5.53.0', 'the version asked for');
});

test('an ordinary link is not a source link: its code counts in the sentence, its monorepo path is collected', () => {
  const md = `Pass [\`helper\`](./page.md) to [\`run\`](${SRC}/packages/a/run.ts); see [\`packages/a/b.ts\`](https://example.com/b).`;
  const claims = claimsOf(md);
  assert.equal(claims.links.length, 1);
  assert.deepEqual(claims.links[0].context, ['helper']);
  assert.deepEqual(claims.codePaths, [{ path: 'packages/a/b.ts', line: 1 }]);
  // A reference definition pointing at the source is not a link of the page.
  assert.deepEqual(claimsOf(`See [it][ref].\n\n[ref]: ${SRC}/packages/a/b.ts\n`).links, []);
});

test("a stop at the very end of a text node ends the sentence; spaces around a link's code are not text", () => {
  const md = `Uses \`alpha\`.\`beta\` [x](${SRC}/packages/a/b.ts) here.`;
  assert.deepEqual(claimsOf(md).links[0].context, ['beta']);
  const spaced = claimsOf(`Call [ \`spaced\` ](${SRC}/packages/a/b.ts).`).links[0];
  assert.equal(spaced.code, 'spaced');
  assert.equal(spaced.text, 'spaced');
});

test('a table cell whose code span is followed by a space only still names its identifier', () => {
  const md = ['| Name | Kind |', '| --- | --- |', '| `spaced`&#32; | x |', '| `two` `spans` | x |'].join('\n');
  assert.deepEqual(
    claimsOf(md).identifiers.map((i) => i.identifier),
    ['spaced'],
  );
});

test('members: only a bold label, a colon right after it, and a code span; "History" only as the first word', () => {
  const md = [
    '## Release History notes',
    '',
    '### kept',
    '',
    '**kept**: `string`',
    '',
    '### emphasised',
    '',
    '*emphasised*: `string`',
    '',
    '### notCode',
    '',
    '**notCode**: *string*',
    '',
    '### textBefore',
    '',
    '**textBefore**x: `string`',
    '',
    '### textAfter',
    '',
    '**textAfter**: and `string`',
  ].join('\n');
  assert.deepEqual(
    claimsOf(md).members.map((m) => m.name),
    ['kept'],
  );
});

test("a repository's root cited as a file is no cited file", () => {
  assert.deepEqual(citedFiles(claimsOf('[bad](https://github.com/strapi/pack-up/blob/v5.1.1)'), '5.54.0'), []);
  assert.deepEqual(
    citedFiles(claimsOf('[root](https://github.com/strapi/pack-up/tree/v5.1.1)'), '5.54.0').map((f) => [f.path, f.kind]),
    [['', 'tree']],
  );
});
