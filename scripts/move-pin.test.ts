/**
 * Moving the pin and anchoring links (scripts/move-pin.ts) on two small releases held in memory:
 * every kind of claim (unchanged, moved but identical, changed with its diff, gone), a file found
 * again by its content, and the way back restoring the page byte for byte.
 */
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SourceText } from './sources/anchors';
import { STRAPI_VERSION } from '../src/config/site';
import type { DeclaredSymbol } from './sources/declarations';
import {
  applyEdits,
  findBlock,
  findMoved,
  lineDiff,
  movePage,
  report,
  run,
  sourceOfDeclaration,
  tally,
  trimDiff,
  type Move,
  type Tree,
} from './move-pin';
import { createParser } from './check-sources';
import { tempDir } from './temp-dirs';

let parse: Awaited<ReturnType<typeof createParser>>;
before(async () => {
  parse = await createParser();
});

/** A tree of files in memory; `null` content: a file whose lines are not published. */
function memoryTree(files: Record<string, string | null>, declarations: Record<string, string> = {}): Tree {
  const cache = new Map<string, SourceText>();
  return {
    isFile: (p) => p in files,
    has: (p) => p in files || Object.keys(files).some((f) => f.startsWith(`${p}/`)),
    source: (p) => {
      const text = files[p];
      if (text === null || text === undefined) return null;
      if (!cache.has(p)) cache.set(p, new SourceText(p, text));
      return cache.get(p)!;
    },
    read: (p) => files[p] ?? declarations[p] ?? '',
    files: () => Object.keys(files),
  };
}

const NEW = [
  "import { x } from 'x';", // 1
  '', // 2
  'export const LIMIT = 10;', // 3
  '', // 4
  'export function alpha() {', // 5
  '  return 1;', // 6
  '}', // 7
  '', // 8
  'export function beta() {', // 9
  '  return 2;', // 10
  '}', // 11
  '', // 12
  'export function gamma() {', // 13
  '  if (LIMIT > 1) {', // 14
  '    return 3;', // 15
  '  }', // 16
  '  return 4;', // 17
  '}', // 18
  'export function delta() {}', // 19
  '',
].join('\n');

const OLD = [
  'export const LIMIT = 10;', // 1
  'export function alpha() {', // 2
  '  return 1;', // 3
  '}', // 4
  'export function beta() {', // 5
  '  return 20;', // 6
  '}', // 7
  'export function gamma() {', // 8
  '  if (LIMIT > 1) {', // 9
  '    return 3;', // 10
  '  }', // 11
  '  return 4;', // 12
  '}', // 13
  '',
].join('\n');

const SAME = 'export function same() {\n  return "same";\n}\n';
const MOVING = 'export function moveMe() {\n  return "a line long enough";\n}\nexport const other = "another long line";\n';

const newTree = memoryTree(
  {
    'packages/a/src/service.ts': NEW,
    'packages/a/src/same.ts': SAME,
    'packages/a/src/old-name.ts': MOVING,
    'packages/a/src/dropped.ts': 'export function dropMe() {\n  return "only here";\n}\n',
    'packages/a/src/types.ts': null,
  },
  { 'packages/a/src/types.ts': 'export type T = 1;' },
);
const oldTree = memoryTree(
  {
    'packages/a/src/service.ts': OLD,
    'packages/a/src/same.ts': SAME,
    'packages/a/lib/new-name.ts': MOVING,
    'packages/a/src/types.ts': null,
  },
  { 'packages/a/src/types.ts': 'export type T = 1;' },
);
const packUp = memoryTree({ 'src/index.ts': 'export const packUp = 1;\n' });

const move = (from: string, to: string): Move => ({
  from,
  to,
  reader: (tree) => (tree.repo === 'strapi/pack-up' ? packUp : tree.version === '9.1.0' ? newTree : oldTree),
  unpublished: [{ repo: 'strapi/strapi', path: 'tests/e2e' }],
});

const U = 'https://github.com/strapi/strapi/blob/v9.1.0';
const PAGE = [
  '---',
  'title: T',
  'strapi: 9.1.0',
  '---',
  '',
  `\`alpha\` is in [\`service.ts\`](${U}/packages/a/src/service.ts#L5-L7).`,
  `[\`beta\`](${U}/packages/a/src/service.ts#L9-L11) returns two.`,
  `The branch of [\`gamma\`](${U}/packages/a/src/service.ts#L14-L16).`,
  `[\`delta\`](${U}/packages/a/src/service.ts#L19) is new.`,
  `[\`LIMIT\`](${U}/packages/a/src/service.ts#L3).`,
  `[\`same\`](${U}/packages/a/src/same.ts#L1-L3) and [\`packages/a/src/same.ts\`](${U}/packages/a/src/same.ts).`,
  `The whole [\`packages/a/src/service.ts\`](${U}/packages/a/src/service.ts).`,
  `[\`moveMe\`](${U}/packages/a/src/old-name.ts#L1-L3).`,
  `[\`dropMe\`](${U}/packages/a/src/dropped.ts#L1-L3).`,
  'Folder [`packages/a/src`](https://github.com/strapi/strapi/tree/v9.1.0/packages/a/src).',
  '[`pack-up`](https://github.com/strapi/pack-up/blob/v5.1.1/src/index.ts#L1).',
  `[\`tests/e2e/x.js\`](${U}/tests/e2e/x.js) and [\`types.ts\`](${U}/packages/a/src/types.ts).`,
  '',
].join('\n');

test('moving the pin: each claim unchanged, moved, changed or gone, and the links rewritten', () => {
  const result = movePage({ file: 'docs/t.md', raw: PAGE }, parse, move('9.1.0', '9.0.0'));
  const O = 'https://github.com/strapi/strapi/blob/v9.0.0';
  assert.equal(
    result.raw,
    [
      '---',
      'title: T',
      'strapi: 9.0.0',
      '---',
      '',
      `\`alpha\` is in [\`service.ts\`](${O}/packages/a/src/service.ts#L2-L4).`,
      `[\`beta\`](${O}/packages/a/src/service.ts#L5-L7) returns two.`,
      `The branch of [\`gamma\`](${O}/packages/a/src/service.ts#L9-L11).`,
      `[\`delta\`](${O}/packages/a/src/service.ts#L19) is new.`,
      `[\`LIMIT\`](${O}/packages/a/src/service.ts#L1).`,
      `[\`same\`](${O}/packages/a/src/same.ts#L1-L3) and [\`packages/a/src/same.ts\`](${O}/packages/a/src/same.ts).`,
      `The whole [\`packages/a/src/service.ts\`](${O}/packages/a/src/service.ts).`,
      `[\`moveMe\`](${O}/packages/a/lib/new-name.ts#L1-L3).`,
      `[\`dropMe\`](${O}/packages/a/src/dropped.ts#L1-L3).`,
      'Folder [`packages/a/src`](https://github.com/strapi/strapi/tree/v9.0.0/packages/a/src).',
      '[`pack-up`](https://github.com/strapi/pack-up/blob/v5.1.1/src/index.ts#L1).',
      `[\`tests/e2e/x.js\`](${O}/tests/e2e/x.js) and [\`types.ts\`](${O}/packages/a/src/types.ts).`,
      '',
    ].join('\n'),
  );
  const status = Object.fromEntries(result.claims.map((c) => [`${c.line}:${c.from.split('/').pop()}`, c.status]));
  assert.deepEqual(status, {
    '6:service.ts#L5-L7': 'moved',
    '7:service.ts#L9-L11': 'changed',
    '8:service.ts#L14-L16': 'moved',
    '9:service.ts#L19': 'gone',
    '10:service.ts#L3': 'moved',
    '11:same.ts#L1-L3': 'unchanged',
    '11:same.ts': 'unchanged',
    '12:service.ts': 'changed',
    '13:old-name.ts#L1-L3': 'moved',
    '14:dropped.ts#L1-L3': 'gone',
    '15:src': 'unchanged',
    '16:index.ts#L1': 'unchanged',
    '17:x.js': 'unchanged',
    '17:types.ts': 'unchanged',
  });
  assert.deepEqual(tally(result.claims), { unchanged: 6, moved: 4, changed: 2, gone: 2 });
  const beta = result.claims.find((c) => c.line === 7)!;
  assert.deepEqual(beta.names, ['beta']);
  assert.deepEqual(beta.diff, ['  export function beta() {', '-   return 2;', '+   return 20;', '  }']);
  assert.equal(beta.note, 'L9-L11 -> L5-L7');
  assert.deepEqual(result.claims.find((c) => c.line === 12)!.diff, ['(whole file: 7 lines out, 1 in)']);
  assert.equal(result.claims.find((c) => c.line === 13)!.note, 'L1-L3 -> L1-L3; moved to packages/a/lib/new-name.ts (100 % of its lines)');
  assert.equal(result.claims.find((c) => c.line === 9)!.note, '`delta` not found in 9.0.0');
  assert.equal(result.claims.find((c) => c.line === 14)!.note, 'no file of 9.0.0 holds it');
  assert.equal(result.claims.find((c) => c.from.endsWith('types.ts'))!.note, 'lines not published');
  assert.deepEqual(result.undecided, []);

  const lines = report([result, { file: 'docs/none.md', raw: '', claims: [], undecided: [] }]);
  assert.equal(lines[0], 'docs/t.md: 6 unchanged, 4 moved, 2 changed, 2 gone');
  assert.ok(
    lines.includes('  changed   line 7: `beta` strapi/strapi/blob/v9.0.0/packages/a/src/service.ts#L5-L7 (L9-L11 -> L5-L7)'),
    lines.join('\n'),
  );
  assert.ok(lines.includes('      -   return 2;'));
  assert.ok(
    lines.includes('  gone      line 14: `dropMe` strapi/strapi/blob/v9.0.0/packages/a/src/dropped.ts#L1-L3 (no file of 9.0.0 holds it)'),
    lines.join('\n'),
  );
  assert.ok(
    lines.includes('  moved     line 8: `gamma` strapi/strapi/blob/v9.0.0/packages/a/src/service.ts#L9-L11 (L14-L16 -> L9-L11)'),
    lines.join('\n'),
  );
  assert.ok(!lines.some((l) => l.startsWith('  unchanged')));
  assert.equal(lines.filter((l) => l.startsWith('docs/')).length, 1);
});

test('the way back restores the page byte for byte, gone claims included', () => {
  const there = movePage({ file: 'docs/t.md', raw: PAGE }, parse, move('9.1.0', '9.0.0'));
  const back = movePage({ file: 'docs/t.md', raw: there.raw }, parse, move('9.0.0', '9.1.0'));
  assert.equal(back.raw, PAGE);
  const delta = back.claims.find((c) => c.line === 9)!;
  assert.equal(delta.status, 'changed');
  assert.equal(delta.note, 'L19 -> L19; found again; 9.0.0 did not hold it');
  assert.deepEqual(tally(back.claims), { unchanged: 7, moved: 4, changed: 3, gone: 0 });
});

test('anchor-links: anchors what it can, re-anchors a range that does not hold, keeps one that does, reports the rest', () => {
  const A = 'https://github.com/strapi/strapi/blob/v9.1.0/packages/a/src';
  const page = [
    '---',
    'strapi: 9.1.0',
    '---',
    `\`beta\` in [\`service.ts\`](${A}/service.ts). [\`gamma\`](${A}/service.ts#L1-L2) and [\`alpha\`](${A}/service.ts#L6).`,
    `Whole [\`service.ts\`](${A}/service.ts). [the file](${A}/same.ts). [\`ghost\`](${A}/same.ts). [\`nope\`](${A}/same.ts#L1).`,
    `[folder](https://github.com/strapi/strapi/tree/v9.1.0/packages/a) [t](${A}/types.ts)`,
    '',
  ].join('\n');
  const result = movePage({ file: 'docs/t.md', raw: page }, parse, move('9.1.0', '9.1.0'));
  assert.equal(
    result.raw,
    [
      '---',
      'strapi: 9.1.0',
      '---',
      `\`beta\` in [\`service.ts\`](${A}/service.ts#L9-L11). [\`gamma\`](${A}/service.ts#L13-L18) and [\`alpha\`](${A}/service.ts#L6).`,
      `Whole [\`service.ts\`](${A}/service.ts). [the file](${A}/same.ts). [\`ghost\`](${A}/same.ts). [\`nope\`](${A}/same.ts#L1).`,
      `[folder](https://github.com/strapi/strapi/tree/v9.1.0/packages/a) [t](${A}/types.ts)`,
      '',
    ].join('\n'),
  );
  assert.deepEqual(result.claims, []);
  assert.deepEqual(result.undecided, [
    'docs/t.md:5: packages/a/src/same.ts: names nothing the file holds, and its text "the file" is not the file\'s path',
    'docs/t.md:5: packages/a/src/same.ts: names `ghost`, which the file does not hold',
    'docs/t.md:5: packages/a/src/same.ts#L1: its range does not hold what it names, and no identifier was found again',
  ]);
  // Run again: nothing more to do.
  assert.equal(movePage({ file: 'docs/t.md', raw: result.raw }, parse, move('9.1.0', '9.1.0')).raw, result.raw);
});

test('anchor-links links each Exports member to its declaration, except where the lines are not published', () => {
  const admin = memoryTree({
    'packages/core/admin/admin/src/x.tsx':
      'export interface Options {\n  /** doc */\n  timeout?: number;\n  size: number;\n  done: number;\n}\n',
    'packages/core/admin/shared/types.ts': null,
  });
  const declared: DeclaredSymbol = {
    name: 'Options',
    kind: 'interface',
    file: '',
    members: [
      { name: 'timeout', optional: true, type: 'number', kind: 'property', declaredIn: 'dist/admin/src/x.d.ts', owner: 'Options' },
      { name: 'size', optional: false, type: 'number', kind: 'property', declaredIn: 'dist/admin/src/x.d.ts', owner: 'Other' },
      { name: 'id', optional: false, type: 'number', kind: 'property', declaredIn: 'dist/shared/types.d.ts', owner: 'Entity' },
      { name: 'ext', optional: false, type: 'string', kind: 'property', declaredIn: '', owner: '' },
    ],
  };
  const page = [
    '---',
    'strapi: 9.1.0',
    '---',
    '### timeout',
    '',
    '**timeout?**: `number`',
    '',
    '### size',
    '',
    '**size**: `number`',
    '',
    '### id',
    '',
    '**id**: `number`',
    '',
    '### ext',
    '',
    '**ext**: `string`',
    '',
    '### done',
    '',
    '**[done](https://github.com/strapi/strapi/blob/v9.1.0/packages/core/admin/admin/src/x.tsx#L5)**: `number`',
    '',
  ].join('\n');
  const m: Move = {
    from: '9.1.0',
    to: '9.1.0',
    reader: () => admin,
    admin: () => ({ lookup: (name: string) => (name === 'Options' ? declared : null) }),
  };
  const result = movePage({ file: 'docs/exports/interfaces/Options.md', raw: page }, parse, m);
  assert.equal(
    result.raw,
    page.replace('**timeout?**:', '**[timeout?](https://github.com/strapi/strapi/blob/v9.1.0/packages/core/admin/admin/src/x.tsx#L3)**:'),
  );
  assert.deepEqual(result.undecided, [
    'docs/exports/interfaces/Options.md:10: member size: no declaration found in the source of dist/admin/src/x.d.ts',
  ]);
  // Not an Exports page, a namespace page, an unknown symbol: no member links.
  for (const file of ['docs/t.md', 'docs/exports/namespaces/Options.md', 'docs/exports/interfaces/Unknown.md']) {
    assert.equal(movePage({ file, raw: page }, parse, m).raw, page, file);
  }
  assert.equal(movePage({ file: 'docs/exports/interfaces/Options.md', raw: page }, parse, { ...m, admin: undefined }).raw, page);
});

test('helpers: edits, diffs, blocks, moved files, declaration sources', () => {
  assert.equal(
    applyEdits('abcdef', [
      { start: 1, end: 2, text: 'B' },
      { start: 4, end: 6, text: 'EF!' },
    ]),
    'aBcdEF!',
  );
  assert.deepEqual(lineDiff(['a', 'b', 'c'], ['a', 'x', 'c', 'd']), ['  a', '- b', '+ x', '  c', '+ d']);
  assert.deepEqual(lineDiff(['a', 'b'], ['b', 'a']), ['- a', '  b', '+ a']);
  assert.deepEqual(lineDiff([], ['a']), ['+ a']);
  assert.deepEqual(lineDiff(['a'], []), ['- a']);
  const big = new Array(501).fill('x');
  assert.deepEqual(lineDiff(big, big), ['- (501 lines)', '+ (501 lines)']);
  assert.equal(lineDiff(new Array(500).fill('x'), new Array(500).fill('x')).length, 500);
  const diff = ['  1', '  2', '  3', '  4', '- 5', '+ 6', '  7', '  8', '  9', '  10'];
  assert.deepEqual(trimDiff(diff), ['  ...', '  3', '  4', '- 5', '+ 6', '  7', '  8', '  ...']);
  assert.deepEqual(trimDiff(diff, 0), ['  ...', '- 5', '+ 6', '  ...']);
  assert.deepEqual(trimDiff(['- a']), ['- a']);
  const t = new SourceText('t.ts', 'a\nb\nc\na\nb\n');
  assert.deepEqual(findBlock(['a', 'b'], t, 4), { start: 4, end: 5 });
  assert.deepEqual(findBlock(['a', 'b'], t, 1), { start: 1, end: 2 });
  assert.deepEqual(findBlock(['b', 'c'], t, 4), { start: 2, end: 3 });
  assert.equal(findBlock(['c', 'c'], t, 1), null);
  assert.deepEqual(findBlock(['a', 'b'], new SourceText('u.ts', 'x\na\nb'), 9), { start: 2, end: 3 });

  const tree = memoryTree({
    'a/one.ts': 'line one here\nline two here\nline three here\n',
    'b/one.ts': 'line one here\nline two here\nline three here\n',
    'c/other.ts': 'line one here\nline two here\nsomething else\n',
    'd/none.ts': null,
  });
  assert.deepEqual(findMoved('line one here\nline two here\nline three here\n', 'z/one.ts', tree), { path: 'b/one.ts', similarity: 1 });
  assert.deepEqual(findMoved('line one here\nline two here\nsomething else\n', 'z/x.ts', tree), { path: 'c/other.ts', similarity: 1 });
  assert.deepEqual(findMoved('line one here\nnew\nnew line 2\nnew line 3\n', 'z/one.ts', tree), null);
  assert.deepEqual(findMoved('ab\n', 'z/one.ts', tree), null);
  assert.deepEqual(findMoved('line one here\nline two here\nline four\n', 'z/y.ts', tree)?.similarity, 2 / 3);

  const admin = memoryTree({
    'packages/core/admin/admin/src/a.tsx': 'x',
    'packages/core/admin/admin/src/b/index.ts': 'x',
    'packages/core/admin/admin/src/c.ts': 'x',
    'packages/core/admin/admin/src/d/index.tsx': 'x',
  });
  assert.equal(sourceOfDeclaration('dist/admin/src/a.d.ts', admin), 'packages/core/admin/admin/src/a.tsx');
  assert.equal(sourceOfDeclaration('dist/admin/src/b.d.ts', admin), 'packages/core/admin/admin/src/b/index.ts');
  assert.equal(sourceOfDeclaration('dist/admin/src/c.d.ts', admin), 'packages/core/admin/admin/src/c.ts');
  assert.equal(sourceOfDeclaration('dist/admin/src/d.d.ts', admin), 'packages/core/admin/admin/src/d/index.tsx');
  assert.equal(sourceOfDeclaration('dist/admin/src/e.d.ts', admin), null);
});

test("a member's link goes to its owner's member, not to the first declaration of the name", () => {
  const tree = memoryTree({
    'packages/core/admin/admin/src/x.tsx': 'interface Other {\n  size: string;\n}\nexport interface Options {\n  size: number;\n}\n',
  });
  const declared: DeclaredSymbol = {
    name: 'Options',
    kind: 'interface',
    file: '',
    members: [{ name: 'size', optional: false, type: 'number', kind: 'property', declaredIn: 'dist/admin/src/x.d.ts', owner: 'Options' }],
  };
  const X = 'https://github.com/strapi/strapi/blob/v9.1.0/packages/core/admin/admin/src/x.tsx';
  const m: Move = { from: '9.1.0', to: '9.1.0', reader: () => tree, admin: () => ({ lookup: () => declared }) };
  for (const link of [X, `${X}#L2`, `${X}#L1-L3`]) {
    const raw = `### size\n\n**[size](${link})**: \`number\`\n`;
    assert.equal(
      movePage({ file: 'docs/exports/interfaces/Options.md', raw }, parse, m).raw,
      `### size\n\n**[size](${X}#L5)**: \`number\`\n`,
      link,
    );
  }
  // A range around the member, or the whole interface, is kept.
  for (const kept of [`${X}#L4-L6`, `${X}#L5`]) {
    const raw = `### size\n\n**[size](${kept})**: \`number\`\n`;
    assert.equal(movePage({ file: 'docs/exports/interfaces/Options.md', raw }, parse, m).raw, raw, kept);
  }
});

test('the command: moves the pages it is given and the pin, reports, and moves back byte for byte', async () => {
  const root = tempDir('move-pin-');
  mkdirSync(path.join(root, 'docs'));
  mkdirSync(path.join(root, 'src/config'), { recursive: true });
  const site = "export const STRAPI_VERSION = '9.1.0';\n";
  writeFileSync(path.join(root, 'docs/t.md'), PAGE);
  writeFileSync(path.join(root, 'docs/same.md'), '---\nstrapi: 9.1.0\n---\n\nNo link.\n');
  writeFileSync(path.join(root, 'src/config/site.ts'), site);
  const built: string[] = [];
  const options = (from: string, log: string[]) => ({
    root,
    from,
    log: (l: string) => log.push(l),
    build: async (v: string) => {
      built.push(v);
    },
    reader: move('9.1.0', '9.0.0').reader,
    admin: () => ({ lookup: () => null }),
    unpublished: [{ repo: 'strapi/strapi', path: 'tests/e2e' }],
  });
  const there: string[] = [];
  assert.equal(await run(['9.0.0', 'docs/t.md', 'docs/same.md'], options('9.1.0', there)), 0);
  assert.deepEqual(built, ['9.1.0', '9.0.0']);
  assert.equal(readFileSync(path.join(root, 'src/config/site.ts'), 'utf8'), "export const STRAPI_VERSION = '9.0.0';\n");
  assert.match(readFileSync(path.join(root, 'docs/t.md'), 'utf8'), /^---\ntitle: T\nstrapi: 9\.0\.0\n---/);
  assert.equal(there[0], 'docs/t.md: 6 unchanged, 4 moved, 2 changed, 2 gone');
  assert.deepEqual(there.slice(-2), [
    '\nmove-pin 9.1.0 -> 9.0.0: 14 claims on 1 pages: 6 unchanged, 4 moved but identical (re-anchored, nothing to read), 2 changed (re-read), 2 gone',
    "rewrote 2 page(s) and src/config/site.ts (STRAPI_VERSION = '9.0.0')",
  ]);
  // A page that cites nothing has only its frontmatter moved.
  assert.equal(readFileSync(path.join(root, 'docs/same.md'), 'utf8'), '---\nstrapi: 9.0.0\n---\n\nNo link.\n');
  const back: string[] = [];
  assert.equal(await run(['9.1.0', 'docs/t.md', 'docs/same.md'], options('9.0.0', back)), 0);
  assert.equal(readFileSync(path.join(root, 'docs/t.md'), 'utf8'), PAGE);
  assert.equal(readFileSync(path.join(root, 'src/config/site.ts'), 'utf8'), site);

  const anchored: string[] = [];
  writeFileSync(
    path.join(root, 'docs/a.md'),
    `\`alpha\` in [\`service.ts\`](${U}/packages/a/src/service.ts).\n\n[the file](${U}/packages/a/src/same.ts)\n`,
  );
  assert.equal(await run(['--anchor', 'docs/a.md', 'docs/same.md'], options('9.1.0', anchored)), 0);
  assert.equal(
    readFileSync(path.join(root, 'docs/a.md'), 'utf8'),
    `\`alpha\` in [\`service.ts\`](${U}/packages/a/src/service.ts#L5-L7).\n\n[the file](${U}/packages/a/src/same.ts)\n`,
  );
  assert.deepEqual(anchored, [
    'docs/a.md:3: packages/a/src/same.ts: names nothing the file holds, and its text "the file" is not the file\'s path',
    'anchor-links: 2 page(s) at Strapi 9.1.0: rewrote 1; 1 link(s) left for a decision by hand',
    'Then run `npm run check:sources`: it names each link that still links a whole file without reading as its path.',
  ]);
  assert.equal(readFileSync(path.join(root, 'src/config/site.ts'), 'utf8'), site);

  const wrong: string[] = [];
  assert.equal(await run(['latest'], options('9.1.0', wrong)), 2);
  assert.equal(await run([], options('9.1.0', wrong)), 2);
  assert.deepEqual(wrong, [
    'usage: npm run move-pin -- <version>   |   npm run anchor-links [-- docs/page.md ...]',
    'usage: npm run move-pin -- <version>   |   npm run anchor-links [-- docs/page.md ...]',
  ]);
});

test('moving: links it cannot or need not move, files whose lines are not published, hand ranges past the end', () => {
  const contentless = (text: string | null) =>
    memoryTree(
      {
        'packages/a/src/same.ts': SAME,
        'packages/a/lib/new-name.ts': MOVING,
        ...(text !== null ? { 'packages/a/src/types.ts': null } : {}),
      },
      text !== null ? { 'packages/a/src/types.ts': text } : {},
    );
  const page = [
    '[main](https://github.com/strapi/strapi/blob/main/packages/a/src/same.ts)',
    '[root](https://github.com/strapi/pack-up/tree/v5.1.1)',
    `[\`types.ts\`](${U}/packages/a/src/types.ts)`,
    `[\`same.ts\`](${U}/packages/a/src/same.ts#L50-L60)`,
    `[\`packages/a/src/old-name.ts\`](${U}/packages/a/src/old-name.ts)`,
    '',
  ].join('\n\n');
  for (const [text, status] of [
    ['export type T = 1;', 'unchanged'],
    ['export type T = 2;', 'changed'],
    [null, 'gone'],
  ] as const) {
    const m: Move = {
      ...move('9.1.0', '9.0.0'),
      reader: (tree) => (tree.repo === 'strapi/pack-up' ? packUp : tree.version === '9.1.0' ? newTree : contentless(text)),
    };
    const result = movePage({ file: 'docs/t.md', raw: page }, parse, m);
    const O = 'https://github.com/strapi/strapi/blob/v9.0.0';
    assert.equal(
      result.raw,
      [
        '[main](https://github.com/strapi/strapi/blob/main/packages/a/src/same.ts)',
        '[root](https://github.com/strapi/pack-up/tree/v5.1.1)',
        `[\`types.ts\`](${O}/packages/a/src/types.ts)`,
        `[\`same.ts\`](${O}/packages/a/src/same.ts#L50-L60)`,
        `[\`packages/a/src/old-name.ts\`](${O}/packages/a/lib/new-name.ts)`,
        '',
      ].join('\n\n'),
    );
    assert.deepEqual(
      result.claims.map((c) => [c.line, c.status, c.note]),
      [
        [5, status, 'lines not published'],
        [7, 'gone', 'its lines not found in 9.0.0'],
        [9, 'moved', 'moved to packages/a/lib/new-name.ts (100 % of its lines)'],
      ],
    );
    const lines = report([result]);
    assert.ok(
      lines.includes('  gone      line 7: strapi/strapi/blob/v9.0.0/packages/a/src/same.ts#L50-L60 (its lines not found in 9.0.0)'),
      lines.join('\n'),
    );
    assert.equal(
      lines.includes(`  ${status.padEnd(9)} line 5: strapi/strapi/blob/v9.0.0/packages/a/src/types.ts (lines not published)`),
      status !== 'unchanged',
    );
  }
});

test('a link whose URL is written differently from how it reads cannot be rewritten, and says where', () => {
  const page = `[\`x\`](${U}/packages/a/src/same\\_x.ts)\n`;
  assert.throws(() => movePage({ file: 'docs/t.md', raw: page }, parse, move('9.1.0', '9.0.0')), {
    message: `docs/t.md:1: cannot find ${U}/packages/a/src/same_x.ts in the link's text`,
  });
});

test('the command with its defaults: anchors a page at the pin, from the real source tree', async () => {
  const root = tempDir('anchor-links-');
  mkdirSync(path.join(root, 'docs'));
  const CRON = `https://github.com/strapi/strapi/blob/v${STRAPI_VERSION}/packages/core/core/src/services/cron.ts`;
  writeFileSync(path.join(root, 'docs/x.md'), `The \`createCronService\` factory: [\`cron.ts\`](${CRON}).\n`);
  const log: string[] = [];
  assert.equal(await run(['--anchor', 'docs/x.md'], { root, log: (l) => log.push(l) }), 0);
  assert.equal(
    readFileSync(path.join(root, 'docs/x.md'), 'utf8'),
    `The \`createCronService\` factory: [\`cron.ts\`](${CRON}#L166-L342).\n`,
  );
  assert.equal(log[0], `anchor-links: 1 page(s) at Strapi ${STRAPI_VERSION}: rewrote 1; 0 link(s) left for a decision by hand`);
});

test('moved files: a file only contained in a much larger one, or sharing only short lines, is not taken; half its lines is enough; a tie goes to the same name', () => {
  const lines = (...l: string[]) => `${l.join('\n')}\n`;
  const old = lines('first line of it', 'second line of it', 'third line of it', 'fourth line of it');
  // The whole old file inside one eight times larger: a quarter of the larger one's lines.
  const bigger = lines(
    ...[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((n) => `unrelated line ${n}`),
    'first line of it',
    'second line of it',
    'third line of it',
    'fourth line of it',
  );
  assert.equal(findMoved(old, 'z/a.ts', memoryTree({ 'b/big.ts': bigger })), null);
  // Exactly half of the lines shared.
  const half = lines('first line of it', 'second line of it', 'another line here', 'yet another line');
  assert.deepEqual(findMoved(old, 'z/a.ts', memoryTree({ 'b/half.ts': half })), { path: 'b/half.ts', similarity: 0.5 });
  // Indentation does not matter; lines of three characters or fewer (`});`, `}`) do not count.
  assert.deepEqual(findMoved(lines('  first line of it', '});'), 'z/a.ts', memoryTree({ 'b/a.ts': lines('first line of it') })), {
    path: 'b/a.ts',
    similarity: 1,
  });
  assert.equal(findMoved(lines('first line of it', '});'), 'z/a.ts', memoryTree({ 'b/c.ts': lines('});', 'other line here') })), null);
  // Two candidates as similar: the one with the old file's name, wherever it is listed.
  for (const order of [
    ['b/other.ts', 'c/a.ts'],
    ['c/a.ts', 'b/other.ts'],
  ]) {
    const tree = memoryTree(Object.fromEntries(order.map((p) => [p, old])));
    assert.equal(findMoved(old, 'z/a.ts', tree)?.path, 'c/a.ts', order.join(', '));
  }
  // Without a same-named one, the first listed of two as similar.
  assert.equal(findMoved(old, 'z/a.ts', memoryTree({ 'b/x.ts': old, 'c/y.ts': old }))?.path, 'b/x.ts');
});

test('blocks: the match nearest to the old place, the earlier one of two as near', () => {
  const text = ['x', 'a', 'b', 'x', 'x', 'x', 'x', 'x', 'x', 'x', 'x', 'a', 'b', 'x'].join('\n');
  const t = new SourceText('t.ts', text);
  // a, b at L2-L3 and at L12-L13.
  assert.deepEqual(findBlock(['a', 'b'], t, 4), { start: 2, end: 3 });
  assert.deepEqual(findBlock(['a', 'b'], t, 11), { start: 12, end: 13 });
  assert.deepEqual(findBlock(['a', 'b'], t, 7), { start: 2, end: 3 }, 'five lines from each: the earlier');
  assert.deepEqual(findBlock(['a', 'b'], t, 8), { start: 12, end: 13 });
});

test('the report: several names, a note only when there is one, the repository without its host', () => {
  const claim = (note: string) => ({
    page: 'docs/p.md',
    line: 3,
    status: 'moved' as const,
    from: 'https://github.com/strapi/strapi/blob/v1.0.0/a.ts#L1',
    to: 'https://github.com/strapi/strapi/blob/v2.0.0/a.ts#L2',
    names: ['a', 'b'],
    diff: [],
    note,
  });
  assert.deepEqual(report([{ file: 'docs/p.md', raw: '', claims: [claim(''), claim('L1 -> L2')], undecided: [] }]), [
    'docs/p.md: 0 unchanged, 2 moved, 0 changed, 0 gone',
    '  moved     line 3: `a`, `b` strapi/strapi/blob/v2.0.0/a.ts#L2',
    '  moved     line 3: `a`, `b` strapi/strapi/blob/v2.0.0/a.ts#L2 (L1 -> L2)',
  ]);
});

test('the command: a release is three numbers of any length; the summary counts the pages that cite something', async () => {
  const root = tempDir('move-pin-');
  mkdirSync(path.join(root, 'docs'));
  mkdirSync(path.join(root, 'src/config'), { recursive: true });
  writeFileSync(path.join(root, 'src/config/site.ts'), "export const STRAPI_VERSION = '9.1.0';\n");
  writeFileSync(path.join(root, 'docs/one.md'), `[\`same\`](${U}/packages/a/src/same.ts#L1-L3)\n`);
  writeFileSync(path.join(root, 'docs/two.md'), `[\`same\`](${U}/packages/a/src/same.ts#L1-L3) again\n`);
  writeFileSync(path.join(root, 'docs/none.md'), 'No link.\n');
  const log: string[] = [];
  const options = {
    root,
    from: '9.1.0',
    log: (l: string) => log.push(l),
    build: async () => {},
    reader: () => oldTree,
    admin: () => ({ lookup: () => null }),
    unpublished: [],
  };
  for (const wrong of ['9.1', 'v9.1.0', '9.1.0-beta.1', '9.1.0x', 'x9.1.0', '9.1.x', '9..1']) {
    log.length = 0;
    assert.equal(await run([wrong, 'docs/none.md'], options), 2, wrong);
    assert.match(log[0], /^usage:/);
  }
  log.length = 0;
  assert.equal(await run(['10.20.30', 'docs/one.md', 'docs/two.md', 'docs/none.md'], options), 0);
  assert.match(log.at(-2) ?? '', /^\nmove-pin 9\.1\.0 -> 10\.20\.30: 2 claims on 2 pages: 2 unchanged/);
});

test('Exports members: linked only by anchor-links, never by a move; each linked once; a declaration file that does not exist is reported', () => {
  const admin = memoryTree({
    'packages/core/admin/admin/src/x.tsx': 'export interface Options {\n  timeout?: number;\n  done: number;\n}\n',
  });
  const declared: DeclaredSymbol = {
    name: 'Options',
    kind: 'interface',
    file: '',
    members: [
      { name: 'timeout', optional: true, type: 'number', kind: 'property', declaredIn: 'dist/admin/src/x.d.ts', owner: 'Options' },
      { name: 'done', optional: false, type: 'number', kind: 'property', declaredIn: 'dist/admin/src/x.d.ts', owner: 'Options' },
      { name: 'gone', optional: false, type: 'number', kind: 'property', declaredIn: 'dist/admin/src/gone.d.ts', owner: 'Options' },
    ],
  };
  const X = 'https://github.com/strapi/strapi/blob/v9.1.0/packages/core/admin/admin/src/x.tsx';
  const page = [
    '---',
    'strapi: 9.1.0',
    '---',
    `The interface is in [\`x.tsx\`](${X}#L1-L4).`,
    '',
    '### timeout',
    '',
    '**timeout?**: `number`',
    '',
    '### done',
    '',
    `**[done](${X}#L3)**: \`number\``,
    '',
    '### gone',
    '',
    '**gone**: `number`',
    '',
  ].join('\n');
  const m: Move = {
    from: '9.1.0',
    to: '9.1.0',
    reader: () => admin,
    admin: () => ({ lookup: (name: string) => (name === 'Options' ? declared : null) }),
  };
  const anchored = movePage({ file: 'docs/exports/interfaces/Options.md', raw: page }, parse, m);
  assert.equal(anchored.raw, page.replace('**timeout?**:', `**[timeout?](${X}#L2)**:`));
  assert.deepEqual(anchored.undecided, [
    'docs/exports/interfaces/Options.md:16: member gone: no declaration found in the source of dist/admin/src/gone.d.ts',
  ]);
  // A move re-anchors the links there are and adds none.
  const moved = movePage({ file: 'docs/exports/interfaces/Options.md', raw: page }, parse, { ...m, to: '9.2.0' });
  assert.ok(moved.raw.includes('**timeout?**: `number`'), moved.raw);
  assert.ok(
    moved.raw.includes('**[done](https://github.com/strapi/strapi/blob/v9.2.0/packages/core/admin/admin/src/x.tsx#L3)**:'),
    moved.raw,
  );
});

test('a link that cannot be rewritten is reported at its line in the file, frontmatter included', () => {
  const page = `---\nstrapi: 9.1.0\n---\n\n[\`x\`](${U}/packages/a/src/same\\_x.ts)\n`;
  assert.throws(() => movePage({ file: 'docs/t.md', raw: page }, parse, move('9.1.0', '9.0.0')), {
    message: `docs/t.md:5: cannot find ${U}/packages/a/src/same_x.ts in the link's text`,
  });
});

test('an .mdx page is parsed as MDX: a link inside a JSX comment is left alone', () => {
  const body = `Text.\n\n{/* [\`beta\`](${U}/packages/a/src/service.ts#L9-L11) */}\n`;
  const mdx = movePage({ file: 'docs/t.mdx', raw: body }, parse, move('9.1.0', '9.0.0'));
  assert.deepEqual(mdx.claims, []);
  assert.equal(mdx.raw, body);
  // The same text in a .md page is a link, and moves.
  assert.equal(movePage({ file: 'docs/t.md', raw: body }, parse, move('9.1.0', '9.0.0')).claims.length, 1);
});

test("anchor-links anchors an Exports page's whole-file link that names nothing at the page's symbol", () => {
  const tree = memoryTree({ 'packages/core/admin/admin/src/x.tsx': 'const a = 1;\nexport interface Options {\n  size: number;\n}\n' });
  const X = 'https://github.com/strapi/strapi/blob/v9.1.0/packages/core/admin/admin/src/x.tsx';
  const raw = `Declared in [the admin's source](${X}).\n`;
  const m: Move = { from: '9.1.0', to: '9.1.0', reader: () => tree, admin: () => ({ lookup: () => null }) };
  assert.equal(
    movePage({ file: 'docs/exports/interfaces/Options.md', raw }, parse, m).raw,
    `Declared in [the admin's source](${X}#L2-L4).\n`,
  );
  // On another page the same link names nothing: left for a decision by hand.
  const other = movePage({ file: 'docs/t.md', raw }, parse, m);
  assert.equal(other.raw, raw);
  assert.equal(other.undecided.length, 1);
});
