import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkDirective from 'remark-directive';
import { LocateError, blockText, blocksOf, insertAt, locate, sentencesOf, type MdNode } from './locate';
import { claimsOfSource, loadClaims, pageKeyOfDoc } from './manifest';

const parse = (md: string) => unified().use(remarkParse).use(remarkGfm).use(remarkDirective).parse(md) as unknown as MdNode;
const MARK: MdNode = { type: 'mark' };

/** The block's children as a string, `|` where the mark went. */
function place(md: string, says: string): string {
  const tree = parse(md);
  const location = locate(tree, says);
  insertAt(location, [MARK]);
  return (location.block.children ?? [])
    .map((n) => (n === MARK ? '|' : n.type === 'inlineCode' ? `\`${n.value}\`` : n.type === 'text' ? n.value : `<${n.type}>`))
    .join('');
}

test('the mark goes after the sentence that holds the end of the fragment', () => {
  assert.equal(
    place('First one. The hub awaits each listener. Last one.', 'awaits each'),
    'First one. The hub awaits each listener.| Last one.',
  );
  assert.equal(place('A sentence! Another one? Yes.', 'Another'), 'A sentence! Another one?| Yes.');
});

test('a fragment at the end of a paragraph puts the mark at the very end', () => {
  assert.equal(place('One. Two without a stop', 'without'), 'One. Two without a stop|');
  assert.equal(place('One. Two ends here.', 'Two ends'), 'One. Two ends here.|');
});

test('inline code counts as its text, and a period inside code ends no sentence', () => {
  assert.equal(
    place('Call `strapi.db.query` to read. Then stop.', 'Call strapi.db.query to'),
    'Call `strapi.db.query` to read.| Then stop.',
  );
  assert.equal(place('It ends with `a. b` then more. Next.', 'ends with'), 'It ends with `a. b` then more.| Next.');
});

test('abbreviations and decimals do not end a sentence', () => {
  assert.equal(place('Some flags, e.g. this one, matter. Next.', 'Some flags'), 'Some flags, e.g. this one, matter.| Next.');
  assert.equal(place('It waits 2.5 seconds. Next.', 'waits'), 'It waits 2.5 seconds.| Next.');
});

test('a sentence that ends inside emphasis or a link puts the mark after that element', () => {
  assert.equal(place('See *the hub.* Next.', 'See the'), 'See <emphasis>| Next.');
  assert.equal(place('See [the page](./x.md). Next.', 'See the page'), 'See <link>.| Next.');
});

test('whitespace and line breaks in the source do not matter', () => {
  assert.equal(place('The hub\nawaits   each\nlistener. Next.', 'hub awaits each listener'), 'The hub\nawaits   each\nlistener.| Next.');
});

test('in a table cell the mark goes at the end of the cell', () => {
  const tree = parse('| a | b |\n| - | - |\n| `emit` | Calls each subscriber. In order. |\n');
  const location = locate(tree, 'Calls each subscriber');
  assert.equal(location.block.type, 'tableCell');
  assert.equal(location.index, location.block.children?.length);
});

test('a fragment that is missing, or there twice, is refused with what to do', () => {
  assert.throws(
    () => locate(parse('Nothing here.'), 'absent words'),
    (e) => e instanceof LocateError && /has no paragraph or table cell saying "absent words"/.test(e.message),
  );
  assert.throws(
    () => locate(parse('Twice. Twice.'), 'Twice'),
    (e) => e instanceof LocateError && /occurs 2 times/.test(e.message),
  );
  assert.throws(
    () => locate(parse('Once.\n\nOnce.'), 'Once'),
    (e) => e instanceof LocateError && /occurs 2 times/.test(e.message),
  );
  assert.throws(() => locate(parse('Text.'), '  '), LocateError);
});

test('headings code blocks and headings themselves are not places for a claim', () => {
  assert.throws(() => locate(parse('## The hub awaits\n\n```ts\nthe hub awaits\n```\n'), 'hub awaits'), LocateError);
});

test('the headings above the fragment are reported, nearest last', () => {
  const md = '# T\n\n## Reference\n\n### off\n\nText one.\n\n## Known defects in 5.54.0\n\n- Item two.\n';
  assert.deepEqual(locate(parse(md), 'Text one').headings, ['T', 'Reference', 'off']);
  assert.deepEqual(locate(parse(md), 'Item two').headings, ['T', 'Known defects in 5.54.0']);
});

test('two marks after one sentence stay in the order they are inserted last-first', () => {
  const tree = parse('The hub awaits. Next.');
  const a: MdNode = { type: 'a' };
  const b: MdNode = { type: 'b' };
  insertAt(locate(tree, 'hub awaits'), [b]);
  insertAt(locate(tree, 'The hub'), [a]);
  const block = locate(tree, 'The hub').block;
  assert.deepEqual(
    block.children?.map((n) => n.type),
    ['text', 'a', 'b', 'text'],
  );
});

test('the manifest reads claim and defect calls, with their line', () => {
  const source = [
    "import { claim, defect } from '../../harness';",
    "claim({ id: 'first', says: 'it awaits' }, async () => {});",
    '',
    "defect({ id: 'second', says: 'it removes', summary: '`off` removes the last' }, () => {});",
  ].join('\n');
  assert.deepEqual(claimsOfSource(source, 'strapi-app/claims/api/X.test.ts', 'api/X'), [
    {
      fullId: 'api/X/first',
      id: 'first',
      page: 'api/X',
      kind: 'claim',
      says: 'it awaits',
      summary: undefined,
      testFile: 'strapi-app/claims/api/X.test.ts',
      line: 2,
    },
    {
      fullId: 'api/X/second',
      id: 'second',
      page: 'api/X',
      kind: 'defect',
      says: 'it removes',
      summary: '`off` removes the last',
      testFile: 'strapi-app/claims/api/X.test.ts',
      line: 4,
    },
  ]);
});

test('the manifest refuses what it cannot read statically', () => {
  assert.throws(() => claimsOfSource("claim({ id: name, says: 'x' }, f);", 'f.ts', 'p'), /f\.ts:1: id must be a string literal/);
  assert.throws(() => claimsOfSource('claim(spec, f);', 'f.ts', 'p'), /object literal first/);
  assert.throws(() => claimsOfSource("defect({ id: 'a', says: 'x' }, f);", 'f.ts', 'p'), /summary must be a string literal/);
  assert.throws(() => claimsOfSource("claim({ ...spec, id: 'a', says: 'x' }, f);", 'f.ts', 'p'), /plain/);
});

test('loadClaims reads every claims file under strapi-app/claims, nested folders included, in file then line order', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'claims-'));
  try {
    const write = (rel: string, text: string) => {
      mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
      writeFileSync(path.join(root, rel), text);
    };
    write('strapi-app/claims/docs/core/b.test.ts', "claim({ id: 'one', says: 'x' }, f);\nclaim({ id: 'two', says: 'y' }, f);");
    write('strapi-app/claims/api/A.test.ts', "\n\ndefect({ id: 'bug', says: 'z', summary: 's' }, f);");
    write('strapi-app/claims/api/helper.ts', "claim({ id: 'not-a-test-file', says: 'w' }, f);");
    write('strapi-app/claims/api/notes.md', 'claim({ id: "not-code", says: "v" })');
    assert.deepEqual(
      loadClaims(root).map((c) => [c.fullId, c.page, c.kind, c.testFile, c.line]),
      [
        ['api/A/bug', 'api/A', 'defect', 'strapi-app/claims/api/A.test.ts', 3],
        ['docs/core/b/one', 'docs/core/b', 'claim', 'strapi-app/claims/docs/core/b.test.ts', 1],
        ['docs/core/b/two', 'docs/core/b', 'claim', 'strapi-app/claims/docs/core/b.test.ts', 2],
      ],
    );
    // A changed file is read again (the list is cached only while no file changes).
    write('strapi-app/claims/api/A.test.ts', "claim({ id: 'bug', says: 'z' }, f);\nclaim({ id: 'bug', says: 'again' }, f);");
    utimesSync(path.join(root, 'strapi-app/claims/api/A.test.ts'), new Date(), new Date(Date.now() + 5000));
    assert.throws(() => loadClaims(root), /strapi-app\/claims\/api\/A\.test\.ts:2: claim id api\/A\/bug is declared twice/);
    // A root without claims has none.
    assert.deepEqual(loadClaims(path.join(root, 'nowhere')), []);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a page file names the claims file that backs it', () => {
  assert.equal(pageKeyOfDoc('docs/api/EventHub.md'), 'api/EventHub');
  assert.equal(pageKeyOfDoc('docs/docs/core/database/intro.md'), 'docs/core/database/intro');
  assert.equal(pageKeyOfDoc('docs/index.mdx'), 'index');
  assert.equal(pageKeyOfDoc('docs/api/md.md'), 'api/md');
});

test('a block reads as its text, with where each character came from: links, code, hard breaks, marks skipped', () => {
  const [p] = blocksOf(parse('Run `a.b` via [the *hub*](https://x.example/h) now\\\nnext line <span>   \n'));
  const bt = blockText(p);
  assert.equal(bt.text, 'Run a.b via the hub now next line');
  assert.equal(bt.pieces.length, bt.text.length);
  const at = (word: string) => bt.pieces[bt.text.indexOf(word)];
  assert.deepEqual([at('a.b').code, at('a.b').link, at('a.b').textNode], [true, undefined, undefined]);
  assert.deepEqual([at('hub').code, at('hub').link, at('hub').textNode], [false, 'https://x.example/h', undefined]);
  assert.equal(at('the').link, 'https://x.example/h');
  assert.equal(at('Run').textNode?.type, 'text');
  assert.equal(at('Run').offset, 0);
  assert.equal(at('now').link, undefined);
  assert.deepEqual([at('next').child > at('now').child, at('next').code], [true, false]);
  // An executed-claims mark already in the block adds no text.
  const marked = {
    ...p,
    children: [...(p.children ?? []), { type: 'mdxJsxTextElement', name: 'a', children: [{ type: 'text', value: 'X' }] }],
  } as MdNode;
  assert.equal(blockText(marked).text, bt.text);
});

test('sentences split at . ! ? outside code, not after abbreviations, and skip the spaces between them', () => {
  const bt = blockText(blocksOf(parse('One, e.g. this.  Two `x.y` here! Three? Four, vs. five. End'))[0]);
  const sentences = sentencesOf(bt).map(([a, b]) => bt.text.slice(a, b + 1));
  assert.deepEqual(sentences, ['One, e.g. this.', 'Two x.y here!', 'Three?', 'Four, vs. five.', 'End']);
  assert.deepEqual(sentencesOf(blockText(blocksOf(parse('Only one.'))[0])), [[0, 8]]);
});

test('a fragment at the very start or end of a paragraph, or ending on its stop', () => {
  assert.equal(place('Starts here. Next one.', 'Starts'), 'Starts here.| Next one.');
  assert.equal(place('One. Two ends', 'Two ends'), 'One. Two ends|');
  assert.equal(place('One. Two.', 'Two.'), 'One. Two.|');
  assert.equal(place('One. Two. Three.', 'One.'), 'One.| Two. Three.');
});

test('several spaces in `says` match one space on the page', () => {
  assert.equal(place('The hub awaits each listener. Next.', '  hub   awaits  '), 'The hub awaits each listener.| Next.');
});

test('overlapping occurrences count as several', () => {
  assert.throws(() => locate(parse('It said aaa. Then stopped.'), 'aa'), /"aa" occurs 2 times/);
});

test('a stop followed by anything but a space ends no sentence', () => {
  assert.equal(place('Is it (really?) true. Next.', 'Is it'), 'Is it (really?) true.| Next.');
  assert.equal(place('Run it!Now. Next.', 'Run it'), 'Run it!Now.| Next.');
});

test('each abbreviation of the list ends no sentence: e.g., i.e., vs., cf., etc.', () => {
  for (const abbreviation of ['e.g.', 'i.e.', 'vs.', 'cf.', 'etc.']) {
    assert.equal(
      place(`Flags, ${abbreviation} this one, matter. Next.`, 'Flags'),
      `Flags, ${abbreviation} this one, matter.| Next.`,
      abbreviation,
    );
  }
});

test('an abbreviation at the very start of a paragraph ends no sentence', () => {
  assert.equal(place('e.g. this one. Next.', 'e.g'), 'e.g. this one.| Next.');
  assert.equal(place('i.e. the hub. Next.', 'i.e'), 'i.e. the hub.| Next.');
});

test('a sentence ending at the end of a text node puts the mark after that node, unsplit', () => {
  assert.equal(place('First.\\\nSecond one.', 'First'), 'First.|<break>Second one.');
});

test('the sentences of a block start after the spaces that follow a stop', () => {
  const [paragraph] = blocksOf(parse('One. Two! Three'));
  assert.deepEqual(sentencesOf(blockText(paragraph)), [
    [0, 3],
    [5, 8],
    [10, 14],
  ]);
});
