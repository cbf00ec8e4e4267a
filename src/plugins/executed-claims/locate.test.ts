import { test } from 'node:test';
import assert from 'node:assert/strict';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkDirective from 'remark-directive';
import { LocateError, insertAt, locate, type MdNode } from './locate';
import { claimsOfSource } from './manifest';

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
