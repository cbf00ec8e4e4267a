/**
 * Where inline code may break (./index.ts) on small HTML trees written here: what a reader sees is
 * the same text, with `<wbr>` only where a line may end and hyphenated pieces kept whole.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import rehypeCodeBreaks from './index';

interface Node {
  type: string;
  tagName?: string;
  value?: string;
  properties?: Record<string, unknown>;
  children?: Node[];
}

const t = (value: string): Node => ({ type: 'text', value });
const el = (tagName: string, children: Node[], properties: Record<string, unknown> = {}): Node => ({
  type: 'element',
  tagName,
  properties,
  children,
});

/** The code element's content as markup: `|` for each <wbr>, [..] for a no-break span. */
function shown(node: Node): string {
  return (node.children ?? [])
    .map((child) => {
      if (child.type === 'text') return child.value;
      if (child.tagName === 'wbr') return '|';
      if (child.tagName === 'span') return `[${shown(child)}]`;
      return `<${child.tagName}>`;
    })
    .join('');
}

/** Runs the plugin on `<p><code>text</code></p>` (or inside a table / a pre) and returns the code element. */
function run(text: string, where: 'p' | 'table' | 'pre' = 'p'): Node {
  const code = el('code', [t(text)]);
  const tree: Node =
    where === 'table'
      ? { type: 'root', children: [el('table', [el('tbody', [el('tr', [el('td', [code])])])])] }
      : where === 'pre'
        ? { type: 'root', children: [el('pre', [code])] }
        : { type: 'root', children: [el('p', [code])] };
  rehypeCodeBreaks()(tree as never);
  return code;
}

test('a path breaks after each slash, in running text and in tables', () => {
  assert.equal(shown(run('packages/core/admin/src')), 'packages/|core/|admin/|src');
  assert.equal(shown(run('packages/core/admin/src', 'table')), 'packages/|core/|admin/|src');
  assert.equal(shown(run('/a/')), '/|a/');
});

test('short code and code in a pre block are left whole', () => {
  assert.equal(shown(run('strapi.db.query')), 'strapi.db.query');
  const pre = run('packages/core/admin/src/long.chain.of.calls.here', 'pre');
  assert.deepEqual(pre.children, [t('packages/core/admin/src/long.chain.of.calls.here')]);
});

test('a long chain in running text breaks before each dot, after ( , < | _ and at camelCase humps', () => {
  assert.equal(shown(run('strapi.documents.findMany.withSomething')), 'strapi|.documents|.find|Many|.with|Something');
  assert.equal(shown(run('createLocalFileDestinationProvider')), 'create|Local|File|Destination|Provider');
  assert.equal(shown(run('useDocument(model,documentId)xxxxxxxxx')), 'use|Document(|model,|document|Id)xxxxxxxxx');
  assert.equal(shown(run('Record<string,FieldValue>|undefinedAndMore')), 'Record<|string,|Field|Value>||undefined|And|More');
  assert.equal(shown(run('SOME_CONSTANT_NAME_THAT_IS_LONG')), 'SOME_|CONSTANT_|NAME_|THAT_|IS_|LONG');
  // 27 characters: under the limit, whole.
  assert.equal(shown(run('aaaa.bbbb.cccc.dddd.eeee.ff')), 'aaaa.bbbb.cccc.dddd.eeee.ff');
  assert.equal(shown(run('aaaa.bbbb.cccc.dddd.eeee.fff')), 'aaaa|.bbbb|.cccc|.dddd|.eeee|.fff');
  // Not before a dot followed by a digit or another dot, not after ( before ).
  assert.equal(shown(run('version.1.2.3.and.call()xxxxxxxxx')), 'version.1.2.3|.and|.call()xxxxxxxxx');
});

test('in a table, one-word code never wraps (class code-word), existing classes kept', () => {
  const code = run('createLocalFileDestinationProvider', 'table');
  assert.deepEqual(code.properties, { className: ['code-word'] });
  assert.deepEqual(code.children, [t('createLocalFileDestinationProvider')]);
  const classed = el('code', [t('x')], { className: ['language-ts'] });
  rehypeCodeBreaks()({ type: 'root', children: [el('table', [classed])] } as never);
  assert.deepEqual(classed.properties, { className: ['language-ts', 'code-word'] });
  // Code with a space in a table is not one word: it keeps its spaces as break points.
  assert.equal(shown(run('a b', 'table')), 'a b');
  assert.deepEqual(run('a b', 'table').properties, {});
});

test('a hyphenated piece is kept on one line; a long piece also breaks after hyphens and ::', () => {
  assert.equal(shown(run('content-api.ts')), '[content-api.ts]');
  assert.equal(shown(run('src/content-api/x')), 'src/|[content-api/]|x');
  assert.equal(shown(run('5.0.0-01-soft-drops-and-more::step-two')), '[5.0.0-]|[01-]|[soft-]|[drops-]|[and-]|more::|[step-]|two');
  // Spaces separate tokens and stay as they are; short words are untouched.
  assert.equal(shown(run('npm run   build --watch')), 'npm run   build [--watch]');
});

test('running text under 24 characters keeps long-token rules off; text nodes are merged back', () => {
  const code = run('a very short line of code');
  assert.deepEqual(code.children, [t('a very short line of code')]);
  // Other children of a code element (an inner element) are kept.
  const inner = el('code', [t('packages/x'), el('em', [t('y')])]);
  rehypeCodeBreaks()({ type: 'root', children: [el('p', [inner])] } as never);
  assert.equal(shown(inner), 'packages/|x<em>');
  // An element without children and a text node are left alone.
  const empty = { type: 'root', children: [el('p', []), t('x'), { type: 'element', tagName: 'code' }] };
  rehypeCodeBreaks()(empty as never);
  assert.deepEqual(empty.children[2], { type: 'element', tagName: 'code' });
});

test('the nodes themselves: a <wbr> element, a span.code-nobr around its text', () => {
  assert.deepEqual(run('a/b').children, [t('a/'), { type: 'element', tagName: 'wbr', properties: {}, children: [] }, t('b')]);
  assert.deepEqual(run('content-api.ts').children, [
    { type: 'element', tagName: 'span', properties: { className: ['code-nobr'] }, children: [t('content-api.ts')] },
  ]);
});

test('a long path in running text breaks at its slashes only; a short hyphenated piece of it stays whole', () => {
  assert.equal(shown(run('packages/core/content-manager/server/src/x')), 'packages/|core/|[content-manager/]|server/|src/|x');
  // A piece of exactly 24 characters breaks after its hyphen; one of 23 does not.
  assert.equal(shown(run('aaaaaaaaaa-bbbbbbbbbbbbb')), '[aaaaaaaaaa-]|bbbbbbbbbbbbb');
  assert.equal(shown(run('aaaaaaaaaa-bbbbbbbbbbbb and more words')), '[aaaaaaaaaa-bbbbbbbbbbbb] and more words');
  // Running text of exactly 24 characters already follows the long-token rules.
  assert.equal(shown(run('x aaaaaaaaaa-bbbbbbbbbbbb')), 'x [aaaaaaaaaa-bbbbbbbbbbbb]');
});

test('in a table, long code never gets the running-text breaks; a code element without properties still gets its class', () => {
  assert.equal(shown(run('packages/core/content-manager-long-name/x', 'table')), 'packages/|core/|[content-manager-long-name/]|x');
  const bare: Node = { type: 'element', tagName: 'code', children: [t('word')] };
  rehypeCodeBreaks()({ type: 'root', children: [el('table', [bare])] } as never);
  assert.deepEqual(bare.properties, { className: ['code-word'] });
  // Code inside a table inside a pre (no such page, but the pre wins) is left alone.
  const deep = el('code', [t('a/b')]);
  rehypeCodeBreaks()({ type: 'root', children: [el('pre', [el('table', [deep])])] } as never);
  assert.deepEqual(deep.children, [t('a/b')]);
  // A table and a pre are elements: a text node named like them changes nothing.
  const lookalike = el('code', [t('a/b')]);
  rehypeCodeBreaks()({ type: 'root', children: [{ type: 'text', tagName: 'pre', children: [lookalike] }] } as never);
  assert.equal(shown(lookalike), 'a/|b');
});
