/**
 * Which top-level blocks of a doc are wrapped for sliced hydration (./index.ts), on small trees
 * written here: blocks of one element are, text, ESM, `head`, `script`, `style` and capitalised components are not,
 * and nothing below the top level changes.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import rehypeHydrationSlices, { LONG, WRAPPER } from './index';

interface Node {
  type: string;
  tagName?: string;
  name?: string | null;
  value?: string;
  attributes?: unknown[];
  children?: Node[];
}

const el = (tagName: string, children: Node[] = []): Node => ({ type: 'element', tagName, children });
const jsx = (name: string | null, children: Node[] = []): Node => ({ type: 'mdxJsxFlowElement', name, attributes: [], children });
const text = (value: string): Node => ({ type: 'text', value });

function run(children: Node[]): Node[] {
  const tree: Node = { type: 'root', children };
  (rehypeHydrationSlices() as (tree: Node) => void)(tree);
  return tree.children ?? [];
}

const wrapped = (node: Node): Node => ({ type: 'mdxJsxFlowElement', name: WRAPPER, attributes: [], children: [node] });

test('each top-level element and lowercase MDX element is wrapped on its own, in place', () => {
  const p = el('p', [text('a')]);
  const h2 = el('h2', [text('b')]);
  const admonition = jsx('admonition', [el('p')]);
  const mermaid = jsx('mermaid');
  assert.deepEqual(run([p, text('\n'), h2, text('\n'), admonition, mermaid]), [
    wrapped(p),
    text('\n'),
    wrapped(h2),
    text('\n'),
    wrapped(admonition),
    wrapped(mermaid),
  ]);
});

test('text, ESM, head, script, style, capitalised components and fragments are left to hydrate with the page', () => {
  const nodes: Node[] = [
    text('\n'),
    { type: 'mdxjsEsm', value: 'export const x = 1;' },
    el('head', [el('title')]),
    jsx('head'),
    el('script', [text('x()')]),
    jsx('script'),
    el('style', [text('p{}')]),
    jsx('style'),
    jsx('Tabs', [el('p')]),
    jsx(null, [el('p')]),
  ];
  assert.deepEqual(run(structuredClone(nodes)), nodes);
});

test('only the top level is wrapped', () => {
  const inner = el('li', [el('p', [text('x')])]);
  const list = el('ul', [inner]);
  const [out] = run([list]);
  assert.equal(out.name, WRAPPER);
  assert.deepEqual(out.children, [el('ul', [el('li', [el('p', [text('x')])])])]);
});

test('a long list or table is split item by item, row by row; a short one stays one block', () => {
  const items = (n: number) => Array.from({ length: n }, (_, i) => el('li', [text(String(i))]));
  const shortList = el('ul', items(LONG - 1));
  assert.deepEqual(run([shortList]), [wrapped(el('ul', items(LONG - 1)))]);
  const longList = el('ol', [text('\n'), ...items(LONG)]);
  assert.deepEqual(run([longList]), [el('ol', [text('\n'), ...items(LONG).map(wrapped)])]);

  const rows = (n: number) => Array.from({ length: n }, (_, i) => el('tr', [el('td', [text(String(i))])]));
  const head = el('thead', [el('tr', [el('th', [text('h')])])]);
  const longTable = el('table', [head, el('tbody', rows(LONG))]);
  assert.deepEqual(run([longTable]), [el('table', [head, el('tbody', rows(LONG).map(wrapped))])]);
  const shortTable = el('table', [head, el('tbody', rows(LONG - 1))]);
  assert.deepEqual(run([shortTable]), [wrapped(el('table', [head, el('tbody', rows(LONG - 1))]))]);
});
