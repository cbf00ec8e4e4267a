/**
 * Line anchors without the source cache: where a file declares and uses a name
 * (scripts/sources/anchors.ts), which identifiers a link names (scripts/sources/links.ts) and
 * what a page's links say about their sentence (src/sources/claims.ts).
 */
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { SourceText, anchorFor, checkRange, nested, showRange, wordPattern, MAX_SPAN } from './sources/anchors';
import { isPathText, namesOf } from './sources/links';
import { extractClaims, citedFiles, identifierOf, type CitedLink } from '../src/sources/claims';
import { lineAnchor, parseSourceUrl, sourceUrl } from '../src/config/strapi';
import { createParser } from './check-sources';

let parse: Awaited<ReturnType<typeof createParser>>;
before(async () => {
  parse = await createParser();
});

const FILE = [
  "import { helper } from './helper';", // 1
  '', // 2
  'export interface Options {', // 3
  '  /** How long. */', // 4
  '  timeout?: number;', // 5
  "  ['aria-label']: string;", // 6
  '}', // 7
  '', // 8
  'export const LIMIT = 10;', // 9
  '', // 10
  'export function createThing(options: Options) {', // 11
  '  if (options.timeout) {', // 12
  '    helper(options.timeout);', // 13
  '  }', // 14
  '  return {', // 15
  '    async find(id: string) {', // 16
  '      return helper(id);', // 17
  '    },', // 18
  '    count: () => LIMIT,', // 19
  '  };', // 20
  '}', // 21
  '', // 22
  '// mentions later in a comment', // 23
  'const { first, second } = pair();', // 24
  'class Box {', // 25
  '  private size = 1;', // 26
  '  get area() { return this.size; }', // 27
  '}', // 28
  '',
].join('\n');

const source = () => new SourceText('packages/x/src/thing.ts', FILE);

test('declarations: whole statements from their first line, members under their parent, computed keys', () => {
  const s = source();
  assert.equal(s.lineCount, 28);
  const byName = (n: string) => s.declarationsOf(n).map((d) => [d.lines.start, d.lines.end, d.depth, d.parent]);
  assert.deepEqual(byName('Options'), [[3, 7, 0, null]]);
  // The comment above a member is not part of it.
  assert.deepEqual(byName('timeout'), [[5, 5, 1, 'Options']]);
  assert.deepEqual(byName('aria-label'), [[6, 6, 1, 'Options']]);
  assert.deepEqual(byName('LIMIT'), [[9, 9, 0, null]]);
  assert.deepEqual(byName('createThing'), [[11, 21, 0, null]]);
  assert.deepEqual(byName('find'), [[16, 18, 1, 'createThing']]);
  assert.deepEqual(byName('count'), [[19, 19, 1, 'createThing']]);
  assert.deepEqual(byName('first'), [[24, 24, 0, null]]);
  assert.deepEqual(byName('area'), [[27, 27, 1, 'Box']]);
  assert.deepEqual(byName('size'), [[26, 26, 1, 'Box']]);
  assert.equal(s.memberOf('Options', 'timeout')?.lines.start, 5);
  assert.equal(s.memberOf('Box', 'timeout'), undefined);
});

test('the outermost declaration of a name comes first, then file order', () => {
  const s = new SourceText('a.ts', 'const run = () => {\n  const run = 1;\n};\nfunction run2() {}\n');
  assert.deepEqual(
    s.declarationsOf('run').map((d) => d.lines),
    [
      { start: 1, end: 3 },
      { start: 2, end: 2 },
    ],
  );
  const two = new SourceText('b.ts', 'const o = {\n  a: {\n    x: 1,\n  },\n  x: 2,\n};\n');
  assert.deepEqual(
    two.declarationsOf('x').map((d) => d.lines.start),
    [5, 3],
  );
});

test('a use is widened to its statement, past the imports; a name in a comment only to its line', () => {
  const s = source();
  assert.deepEqual(s.useOf('helper'), { start: 13, end: 13 });
  assert.deepEqual(s.useOf('mentions'), { start: 23, end: 23 });
  assert.equal(s.useOf('absent'), null);
  const onlyImported = new SourceText('c.ts', "import { z } from 'z';\nexport { y } from 'y';\n");
  assert.deepEqual(onlyImported.useOf('z'), { start: 1, end: 1 });
  assert.deepEqual(onlyImported.useOf('y'), { start: 2, end: 2 });
  // A file the compiler does not read: the line of the first occurrence.
  const json = new SourceText('package.json', '{\n  "name": "x",\n  "main": "dist/index.js"\n}\n');
  assert.deepEqual(json.declarations(), []);
  assert.deepEqual(json.useOf('main'), { start: 3, end: 3 });
  // A string key used in code.
  const str = new SourceText('d.ts', "const a = 1;\nregister('my-action', {\n  x: 1,\n});\n");
  assert.deepEqual(str.useOf('my-action'), { start: 2, end: 4 });
  // JSX: the element's tag.
  const jsx = new SourceText('e.tsx', 'export const A = () => (\n  <div>\n    <Button\n      onClick={go}\n    />\n  </div>\n);\n');
  assert.deepEqual(jsx.useOf('go'), { start: 3, end: 5 });
  const js = new SourceText('f.js', 'module.exports = {\n  bootstrap() {\n    run();\n  },\n};\n');
  assert.deepEqual(js.declarationsOf('bootstrap')[0].lines, { start: 2, end: 4 });
  for (const ext of ['mjs', 'cjs', 'jsx', 'mts', 'cts']) {
    assert.equal(new SourceText(`g.${ext}`, 'function go() {}\n').declarationsOf('go').length, 1, ext);
  }
});

test('occurrences are whole words, $ included', () => {
  const s = new SourceText('a.ts', 'const $x = 1;\nconst x$ = 2;\nconst ax = 3;\nx;\n');
  assert.deepEqual(s.occurrences('x'), [4]);
  assert.deepEqual(s.occurrences('$x'), [1]);
  assert.equal(s.occursIn('x', { start: 1, end: 3 }), false);
  assert.equal(s.occursIn('x', { start: 4, end: 9 }), true);
  assert.equal(s.occursIn('ax'), true);
  assert.ok(wordPattern('a.b').test('a.b'));
  assert.ok(!wordPattern('a.b').test('axb'));
  assert.equal(new SourceText('e.ts', '').lineCount, 1);
  assert.equal(new SourceText('e.ts', 'a\nb').lineCount, 2);
  assert.equal(s.slice({ start: 2, end: 3 }), 'const x$ = 2;\nconst ax = 3;');
});

test('anchorFor: the declarations, together when they fit, else the first; else the first use', () => {
  const s = source();
  assert.deepEqual(anchorFor(s, ['createThing']), { lines: { start: 11, end: 21 }, names: ['createThing'], how: 'declaration' });
  assert.deepEqual(anchorFor(s, ['Options', 'LIMIT']), { lines: { start: 3, end: 9 }, names: ['Options', 'LIMIT'], how: 'declaration' });
  assert.deepEqual(anchorFor(s, ['nothing', 'helper']), { lines: { start: 13, end: 13 }, names: ['helper'], how: 'use' });
  assert.equal(anchorFor(s, ['nothing']), null);
  assert.equal(anchorFor(s, []), null);
  // Declarations further apart than MAX_SPAN lines: the first name's alone.
  const far = new SourceText('far.ts', ['function a() {}', ...new Array(MAX_SPAN).fill(''), 'function b() {}'].join('\n'));
  assert.deepEqual(anchorFor(far, ['b', 'a']), { lines: { start: MAX_SPAN + 2, end: MAX_SPAN + 2 }, names: ['b'], how: 'declaration' });
  const fits = new SourceText('fits.ts', ['function a() {}', ...new Array(MAX_SPAN - 2).fill(''), 'function b() {}'].join('\n'));
  assert.deepEqual(anchorFor(fits, ['b', 'a'])?.lines, { start: 1, end: MAX_SPAN });
});

test('checkRange: a range that holds its name passes', () => {
  const s = source();
  for (const [range, names] of [
    [{ start: 11, end: 21 }, ['createThing']], // the declaration
    [{ start: 10, end: 22 }, ['createThing']], // around it
    [{ start: 12, end: 14 }, ['createThing']], // a branch inside it
    [{ start: 13, end: 13 }, ['helper']], // a use of a name the file does not declare
    [{ start: 19, end: 19 }, ['nothing', 'LIMIT']], // one of several names, used
    [{ start: 1, end: 28 }, []], // nothing named: only the range is checked
  ] as const) {
    assert.equal(checkRange(s, range, [...names]), null, `${showRange(range)} ${names.join()}`);
  }
});

test('checkRange: each wrong range fails with its own message', () => {
  const s = source();
  assert.deepEqual(checkRange(s, { start: 40, end: 44 }, ['createThing']), {
    kind: 'past-end',
    message: 'L40-L44 is past the end of the file (28 lines)',
  });
  assert.deepEqual(checkRange(s, { start: 20, end: 29 }, []), {
    kind: 'past-end',
    message: 'L20-L29 is past the end of the file (28 lines)',
  });
  assert.equal(checkRange(s, { start: 20, end: 28 }, [])?.kind, undefined);
  assert.deepEqual(checkRange(s, { start: 0, end: 3 }, []), { kind: 'no-range', message: 'L0-L3 is not a range of lines' });
  assert.deepEqual(checkRange(s, { start: 5, end: 4 }, []), { kind: 'no-range', message: 'L5-L4 is not a range of lines' });
  assert.equal(checkRange(s, { start: 1, end: 1 }, [])?.kind, undefined);
  // Off by a few lines: the range cuts the declaration.
  assert.deepEqual(checkRange(s, { start: 14, end: 24 }, ['createThing']), {
    kind: 'off',
    message: 'L14-L24 cuts the declaration of `createThing` at L11-L21 (off by +3 lines)',
  });
  assert.deepEqual(checkRange(s, { start: 8, end: 18 }, ['createThing']), {
    kind: 'off',
    message: 'L8-L18 cuts the declaration of `createThing` at L11-L21 (off by -3 lines)',
  });
  assert.deepEqual(checkRange(s, { start: 8, end: 12 }, ['createThing']), {
    kind: 'off',
    message: 'L8-L12 cuts the declaration of `createThing` at L11-L21',
  });
  // A range that misses the name altogether.
  assert.deepEqual(checkRange(s, { start: 23, end: 28 }, ['createThing']), {
    kind: 'outside',
    message: '`createThing` does not occur in L23-L28 (`createThing` is declared at L11-L21)',
  });
  assert.deepEqual(checkRange(s, { start: 3, end: 7 }, ['helper', 'ghost']), {
    kind: 'outside',
    message: '`helper` or `ghost` do not occur in L3-L7 (`helper` occurs at L1, L13, L17; `ghost` occurs nowhere in the file)',
  });
  const many = new SourceText('m.ts', 'x;\nx;\nx;\nx;\nx;\nx;\nx;\n');
  assert.equal(checkRange(many, { start: 1, end: 0 }, ['x'])?.kind, 'no-range');
  assert.match(
    checkRange(new SourceText('m.ts', 'a\nx;\nx;\nx;\nx;\nx;\nx;\n'), { start: 1, end: 1 }, ['x'])!.message,
    /occurs at L2, L3, L4, L5, L6, \.\.\.\)$/,
  );
  assert.match(
    checkRange(new SourceText('m.ts', 'a\nx;\nx;\nx;\nx;\nx;\n'), { start: 1, end: 1 }, ['x'])!.message,
    /occurs at L2, L3, L4, L5, L6\)$/,
  );
  // An off range is reported even when a later name only misses.
  assert.equal(checkRange(s, { start: 14, end: 24 }, ['createThing', 'ghost'])?.kind, 'off');
  assert.equal(checkRange(s, { start: 14, end: 24 }, ['ghost', 'createThing'])?.kind, 'off');
});

test('showRange and lineAnchor: one line or two', () => {
  assert.equal(showRange({ start: 3, end: 3 }), 'L3');
  assert.equal(showRange({ start: 3, end: 4 }), 'L3-L4');
  assert.equal(lineAnchor({ start: 3, end: 3 }), '#L3');
  assert.equal(lineAnchor({ start: 3, end: 9 }), '#L3-L9');
  assert.equal(
    sourceUrl({ repo: 'strapi/strapi', version: '1.2.3' }, 'a/b.ts', 'blob', { start: 2, end: 5 }),
    'https://github.com/strapi/strapi/blob/v1.2.3/a/b.ts#L2-L5',
  );
  assert.equal(sourceUrl({ repo: 'strapi/pack-up', version: '5.1.1' }, '', 'tree'), 'https://github.com/strapi/pack-up/tree/v5.1.1');
  assert.equal(sourceUrl({ repo: 'strapi/strapi', version: '1.2.3' }, 'a'), 'https://github.com/strapi/strapi/blob/v1.2.3/a');
});

test('parseSourceUrl reads the lines of #L<a> and #L<a>-L<b>, and keeps any other anchor as written', () => {
  const base = 'https://github.com/strapi/strapi/blob/v5.54.0/packages/a.ts';
  assert.deepEqual(parseSourceUrl(`${base}#L4-L9`), {
    repo: 'strapi/strapi',
    kind: 'blob',
    ref: 'v5.54.0',
    path: 'packages/a.ts',
    lines: { start: 4, end: 9 },
    hash: '#L4-L9',
  });
  assert.deepEqual(parseSourceUrl(`${base}#L4`)?.lines, { start: 4, end: 4 });
  assert.deepEqual(parseSourceUrl(`${base}#readme`), {
    repo: 'strapi/strapi',
    kind: 'blob',
    ref: 'v5.54.0',
    path: 'packages/a.ts',
    lines: null,
    hash: '#readme',
  });
  assert.deepEqual(parseSourceUrl(`${base}#L4-9`)?.lines, null);
  assert.deepEqual(parseSourceUrl(`${base}?plain=1#L2`)?.lines, { start: 2, end: 2 });
  assert.equal(parseSourceUrl(base)?.hash, '');
  assert.equal(parseSourceUrl('https://github.com/strapi/pack-up/tree/v5.1.1')?.path, '');
  assert.equal(parseSourceUrl('https://github.com/strapi/strapi/tree/v5.54.0/packages/core/')?.path, 'packages/core');
  assert.equal(parseSourceUrl('https://github.com/strapi/strapi/blob/v5.54.0/a%20b.md')?.path, 'a b.md');
  assert.equal(parseSourceUrl('https://github.com/strapi/strapi/pull/1'), null);
  assert.equal(parseSourceUrl('http://github.com/strapi/strapi/blob/v5.54.0/a.ts'), null);
});

test('isPathText: the path or its end, with or without extension, an index file as its folder', () => {
  const p = 'packages/core/data-transfer/src/strapi/providers/local-destination/index.ts';
  for (const t of [
    p,
    '`src/strapi/providers/local-destination/index.ts`',
    'index.ts',
    'local-destination',
    'providers/local-destination/',
    'local-destination/index',
  ]) {
    assert.ok(isPathText(t, p), t);
  }
  for (const t of ['destination', 'the local destination', '', '``', 'strapi/providers', 'ocal-destination'])
    assert.ok(!isPathText(t, p), t);
  assert.ok(isPathText('document-manager', 'packages/x/document-manager.ts'));
  // Only the text's ends: spaces, one backtick each side, a trailing slash.
  assert.ok(isPathText(' `index.ts` ', p));
  assert.ok(!isPathText('`index`.ts', p));
  assert.ok(!isPathText('', ''));
  // Only the last extension, and an index file's only at the end.
  assert.ok(isPathText('x', 'packages/a.b/x.ts'));
  assert.ok(!isPathText('a.ts', 'x/a/index.d.ts'));
  assert.ok(!isPathText('document', 'packages/x/document-manager.ts'));
  assert.ok(!isPathText('x/document-manager', 'packages/x/index.ts'));
});

function linksOf(markdown: string): CitedLink[] {
  return extractClaims(parse(markdown, false)).links;
}

const URL = 'https://github.com/strapi/strapi/blob/v5.54.0/packages/x/src/thing.ts';

test("a link's sentence: the code spans of its own sentence, not of the next, not inside source links", () => {
  const [link] = linksOf(
    `First \`Options\` here. Then \`createThing\` in [\`thing.ts\`](${URL}), with \`find()\` and \`a.b.LIMIT\`. Later \`count\`.`,
  );
  assert.deepEqual(link.context, ['createThing', 'find', 'LIMIT']);
  assert.equal(link.code, 'thing.ts');
  assert.equal(link.text, 'thing.ts');
  assert.equal(link.lines, null);
  const [a, b] = linksOf(
    `Both [\`x.ts\`](${URL}) and [\`y\`](${URL}#L2-L3) name \`true\`, \`string\`, \`count\`, **\`find\`** and \`not code!\`; \`count\` again.`,
  );
  assert.deepEqual(a.context, ['count', 'find']);
  assert.deepEqual(b.lines, { start: 2, end: 3 });
  assert.equal(b.hash, '#L2-L3');
  // Sentences end at . ! or ? followed by a space; "e.g" inside a word does not end one.
  assert.deepEqual(linksOf(`\`a\` one! [t](${URL}) \`b\`? \`c\``)[0].context, ['b']);
  assert.deepEqual(linksOf(`\`a\`.b [t](${URL}) \`b\``)[0].context, ['a', 'b']);
  assert.equal(linksOf(`[plain **text**](${URL})`)[0].code, null);
  assert.equal(linksOf(`[plain **text**](${URL})`)[0].text, 'plain text');
  assert.equal(linksOf(`[\`a\` and \`b\`](${URL})`)[0].code, null);
});

test("a link in a table: its row's code spans; in a heading or list item: its sentence", () => {
  const [link] = linksOf(
    ['| name | where |', '| --- | --- |', `| \`createThing\` | [\`thing.ts\`](${URL}). Also \`LIMIT\` |`, '| `other` | x |'].join('\n'),
  );
  assert.deepEqual(link.context, ['createThing', 'LIMIT']);
  assert.deepEqual(linksOf(`## The \`find\` method in [file](${URL})`)[0].context, ['find']);
  assert.deepEqual(linksOf(`- \`count\` in [file](${URL}). \`LIMIT\``)[0].context, ['count']);
  const offsets = linksOf(`Text [a](${URL}) end`)[0];
  assert.equal(`Text [a](${URL}) end`.slice(offsets.start, offsets.end), `[a](${URL})`);
});

test('identifierOf: plain identifiers and calls, their last segment', () => {
  assert.equal(identifierOf('strapi.db.query()'), 'query');
  assert.equal(identifierOf('name?'), 'name');
  assert.equal(identifierOf(' $x '), '$x');
  assert.equal(identifierOf('a b'), null);
  assert.equal(identifierOf('packages/x'), null);
});

test('namesOf: member, then code text, then sentence (page symbol first), then page symbol, else none', () => {
  const s = source();
  const [link] = linksOf(`\`createThing\` and \`ghost\` in [\`thing.ts\`](${URL})`);
  assert.deepEqual(namesOf(link, s), { names: ['createThing'], from: 'sentence' });
  assert.deepEqual(namesOf(link, s, 'Table.Options'), { names: ['Options', 'createThing'], from: 'sentence' });
  assert.deepEqual(namesOf({ ...link, context: ['Options'] }, s, 'Table.Options'), { names: ['Options'], from: 'page' });
  assert.deepEqual(namesOf({ ...link, context: [] }, s, 'Options'), { names: ['Options'], from: 'page' });
  assert.deepEqual(namesOf({ ...link, context: [] }, s, 'Ghost'), { names: [], from: 'none' });
  assert.deepEqual(namesOf({ ...link, context: ['ghost'] }, s), { names: [], from: 'none' });
  assert.deepEqual(namesOf({ ...link, code: 'find()' }, s), { names: ['find'], from: 'code' });
  assert.deepEqual(namesOf({ ...link, code: 'missing' }, s), { names: ['missing'], from: 'code' });
  assert.deepEqual(namesOf({ ...link, code: 'x/thing.ts' }, s), { names: ['createThing'], from: 'sentence' });
  assert.deepEqual(namesOf({ ...link, code: 'not an id' }, s), { names: ['createThing'], from: 'sentence' });
  assert.deepEqual(namesOf({ ...link, member: 'timeout', code: 'find' }, s), { names: ['timeout'], from: 'member' });
  // Code text that is also the file's name: an identifier when the file holds it, else the path.
  const named = { ...link, path: 'packages/x/src/createThing.ts', context: [] };
  assert.deepEqual(namesOf({ ...named, code: 'createThing' }, s), { names: ['createThing'], from: 'code' });
  assert.deepEqual(namesOf({ ...named, code: 'createThing.ts' }, s), { names: [], from: 'none' });
  assert.deepEqual(namesOf({ ...named, path: 'packages/x/src/ghost.ts', code: 'ghost' }, s), { names: [], from: 'none' });
  assert.deepEqual(namesOf({ ...named, code: 'a.b.LIMIT' }, s), { names: ['LIMIT'], from: 'code' });
  // A file name only by its last extension; the code's ends trimmed.
  assert.deepEqual(namesOf({ ...named, code: 'a.css.createThing' }, s), { names: ['createThing'], from: 'code' });
  assert.deepEqual(namesOf({ ...named, code: 'createThing.ts ' }, s), { names: [], from: 'none' });
  for (const ext of ['ts', 'tsx', 'js', 'mjs', 'cjs', 'jsx', 'json', 'md', 'mdx', 'yml', 'yaml', 'css', 'html']) {
    assert.deepEqual(namesOf({ ...named, code: `thing.${ext}` }, s), { names: [], from: 'none' }, ext);
  }
});

test("an Exports member written **[name](link)** is the link's member; other bold links are not", () => {
  const md = ['### timeout', '', `**[timeout?](${URL}#L5)**: \`number\``, '', `**[other](${URL})** is bold.`].join('\n');
  const claims = extractClaims(parse(md, false));
  assert.deepEqual(
    claims.members.map((m) => [m.name, m.optional, m.type]),
    [['timeout', true, 'number']],
  );
  assert.deepEqual(
    claims.links.map((l) => l.member),
    ['timeout', null],
  );
});

test('citedFiles: each file once with its ranges sorted and deduplicated; a repository root as a folder', () => {
  const md = [
    `[a](${URL}#L9-L12) [b](${URL}#L2) [c](${URL}#L9-L12) [d](${URL}) [e](${URL}#L9-L10)`,
    '',
    '[root](https://github.com/strapi/pack-up/tree/v5.1.1) and `packages/x/src/other.ts`',
  ].join('\n');
  const files = citedFiles(extractClaims(parse(md, false)), '5.54.0');
  assert.deepEqual(files, [
    {
      repo: 'strapi/strapi',
      version: '5.54.0',
      path: 'packages/x/src/thing.ts',
      kind: 'blob',
      ranges: [
        { start: 2, end: 2 },
        { start: 9, end: 10 },
        { start: 9, end: 12 },
      ],
    },
    { repo: 'strapi/pack-up', version: '5.1.1', path: '', kind: 'tree', ranges: [] },
    { repo: 'strapi/strapi', version: '5.54.0', path: 'packages/x/src/other.ts', kind: 'blob', ranges: [] },
  ]);
});

test('a use widens to the smallest unit around it, for each kind of unit', () => {
  const cases: Array<[string, string, number, number]> = [
    ['variable statement', 'const a =\n  X;\n', 1, 2],
    ['expression statement', 'f(\n  X\n);\n', 1, 3],
    ['if', 'function f() {\n  if (X) {\n    a();\n  }\n}\n', 2, 4],
    ['return', 'function f() {\n  return (\n    X\n  );\n}\n', 2, 4],
    ['throw', 'function f() {\n  throw (\n    X\n  );\n}\n', 2, 4],
    ['for', 'function f() {\n  for (let i = X; i < 1; i++) {\n    a();\n  }\n}\n', 2, 4],
    ['for of', 'for (const a of X) {\n  b();\n}\n', 1, 3],
    ['for in', 'for (const a in X) {\n  b();\n}\n', 1, 3],
    ['while', 'while (X) {\n  b();\n}\n', 1, 3],
    ['do', 'do {\n  b();\n} while (X);\n', 1, 3],
    ['switch', 'switch (X) {\n  case 1:\n    break;\n}\n', 1, 4],
    ['case', 'switch (a) {\n  case X:\n    b();\n    break;\n}\n', 2, 4],
    ['try', 'try {\n  a();\n} catch (X) {\n  b();\n}\n', 1, 5],
    ['import', "import {\n  X,\n} from 'x';\n", 1, 3],
    ['export from', 'export {\n  X,\n};\n', 1, 3],
    ['export default', 'export default (\n  X\n);\n', 1, 3],
    ['function', 'function f(a = X) {\n  b();\n}\n', 1, 3],
    ['class', 'class A extends X {\n  b = 1;\n}\n', 1, 3],
    ['interface', 'interface A extends X {\n  b: 1;\n}\n', 1, 3],
    ['type', 'type A = Array<\n  X\n>;\n', 1, 3],
    ['module', "declare module 'X' {\n  const a: 1;\n}\n", 1, 3],
    ['property', 'const o = {\n  a: X,\n};\n', 2, 2],
    ['shorthand', 'const o = {\n  X,\n};\n', 2, 2],
    ['method', 'class A {\n  m(a = X) {\n    b();\n  }\n}\n', 2, 4],
    ['class property', 'class A {\n  p = X;\n}\n', 2, 2],
    ['property signature', 'interface I {\n  p: X;\n}\n', 2, 2],
    ['method signature', 'interface I {\n  m(a: X): void;\n}\n', 2, 2],
    ['getter', 'class A {\n  get g(): X {\n    return 1;\n  }\n}\n', 2, 4],
    ['setter', 'class A {\n  set s(v: X) {\n    b();\n  }\n}\n', 2, 4],
    ['constructor', 'class A {\n  constructor(a = X) {\n    b();\n  }\n}\n', 2, 4],
    ['enum member', 'enum E {\n  A = X,\n}\n', 2, 2],
    ['element', 'const a = (\n  <B\n    c={X}\n  />\n);\n', 2, 4],
    ['opening tag', 'const a = (\n  <B\n    c={X}\n  >\n    t\n  </B>\n);\n', 2, 4],
  ];
  for (const [kind, text, start, end] of cases) {
    assert.deepEqual(new SourceText('case.tsx', text).useOf('X'), { start, end }, kind);
  }
});

test('every kind of declaration and of declared name', () => {
  const text = [
    'function fn() {}', // 1
    'class Klass {', // 2
    '  #secret = 1;', // 3
    '  field = 2;', // 4
    '  method() {}', // 5
    '  get getter() { return 1; }', // 6
    '  set setter(v) {}', // 7
    '}', // 8
    'interface Iface { sig: 1; msig(): void }', // 9
    'type Alias = 1;', // 10
    'enum Enum { Member }', // 11
    'namespace Space {}', // 12
    "const obj = { prop: 1, short, 'quoted-key': 2, 42: 3, [`tpl`]: 4, ['computed']: 5, [dyn]: 6 };", // 13
    'const [first, ...rest] = list;', // 14
    'function withParam({ inParam }) {}', // 15
    'let a = 1, b = 2;', // 16
  ].join('\n');
  const names = new SourceText('all.ts', text).declarations().map((d) => `${d.name}:${d.lines.start}`);
  assert.deepEqual(names, [
    'fn:1',
    'Klass:2',
    '#secret:3',
    'field:4',
    'method:5',
    'getter:6',
    'setter:7',
    'Iface:9',
    'sig:9',
    'msig:9',
    'Alias:10',
    'Enum:11',
    'Member:11',
    'Space:12',
    'obj:13',
    'prop:13',
    'short:13',
    'quoted-key:13',
    '42:13',
    'tpl:13',
    'computed:13',
    'first:14',
    'rest:14',
    'withParam:15',
    'inParam:15',
    'a:16',
    'b:16',
  ]);
  // A destructured name spans its statement; one of several variables only its own declaration.
  const s = new SourceText('d.ts', 'const {\n  x,\n} = o;\nlet a = 1,\n  b = 2;\n');
  assert.deepEqual(s.declarationsOf('x')[0].lines, { start: 1, end: 3 });
  assert.deepEqual(s.declarationsOf('b')[0].lines, { start: 5, end: 5 });
  assert.deepEqual(s.declarationsOf('a')[0].lines, { start: 4, end: 4 });
});

test('declarations: anonymous ones, files by their last extension, exported statements, ties in file order', () => {
  assert.deepEqual(new SourceText('a.ts', 'export default function () {}\nexport default class {}\n').declarations(), []);
  assert.deepEqual(new SourceText('Makefile', 'function f() {}\n').declarations(), []);
  assert.deepEqual(new SourceText('a.ts.json', 'function f() {}\n').declarations(), []);
  assert.deepEqual(new SourceText('export.ts', 'export const\n  x = {\n};\n').declarationsOf('x')[0].lines, { start: 1, end: 3 });
  const twice = new SourceText(
    't.ts',
    'function a() {\n  const x = 1;\n}\nfunction b() {\n  const x = 2;\n}\nfunction c() {\n  const x = 3;\n}\n',
  );
  assert.deepEqual(
    twice.declarationsOf('x').map((d) => d.lines.start),
    [2, 5, 8],
  );
});

test('a range touching a declaration by one line cuts it', () => {
  const s = source();
  assert.equal(checkRange(s, { start: 5, end: 11 }, ['createThing'])?.message, 'L5-L11 cuts the declaration of `createThing` at L11-L21');
  assert.equal(checkRange(s, { start: 21, end: 25 }, ['createThing'])?.message, 'L21-L25 cuts the declaration of `createThing` at L11-L21');
});

test('nested: one range holds the other, edges included; overlapping ranges and disjoint ones are not nested', () => {
  const r = (start: number, end: number) => ({ start, end });
  for (const [a, b] of [
    [r(10, 20), r(10, 20)],
    [r(10, 21), r(10, 20)],
    [r(9, 20), r(10, 20)],
    [r(10, 19), r(10, 20)],
    [r(11, 20), r(10, 20)],
    [r(15, 15), r(10, 20)],
  ]) {
    assert.equal(nested(a, b), true, `${showRange(a)} and ${showRange(b)}`);
    assert.equal(nested(b, a), true, `${showRange(b)} and ${showRange(a)}`);
  }
  for (const [a, b] of [
    [r(9, 19), r(10, 20)],
    [r(11, 21), r(10, 20)],
    [r(21, 30), r(10, 20)],
  ]) {
    assert.equal(nested(a, b), false, `${showRange(a)} and ${showRange(b)}`);
    assert.equal(nested(b, a), false, `${showRange(b)} and ${showRange(a)}`);
  }
});
