/**
 * The search highlighting client module (./searchHighlight.ts) on a page in jsdom: what it marks,
 * where, and that a tag in the `highlight` parameter stays text.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { JSDOM } from 'jsdom';
import type { ClientModule } from '@docusaurus/types';

const PAGE = `<!doctype html>
<nav>Nested transactions in the menu</nav>
<main>
  <article>
    <div class="markdown">
      <h2>Nested transactions</h2>
      <p>A nested transaction shares the outer one. Use <code>&lt;form&gt;</code> in a form.</p>
    </div>
  </article>
  <aside>Nested aside</aside>
</main>`;

const globals = globalThis as unknown as { document?: Document; NodeFilter?: unknown };
let dom: JSDOM;
let clientModule: ClientModule;

before(async () => {
  dom = new JSDOM(PAGE);
  globals.NodeFilter = dom.window.NodeFilter;
  clientModule = (await import('./searchHighlight')).default;
});
after(() => {
  delete globals.document;
  delete globals.NodeFilter;
});

/** Runs the module for a route update to a location with `search`; returns the marks' texts. */
function update(search: string, html = PAGE): string[] {
  dom = new JSDOM(html);
  globals.document = dom.window.document;
  routeUpdate(search);
  return Array.from(dom.window.document.querySelectorAll('mark[data-search-highlight]'), (mark) => mark.textContent ?? '');
}

function routeUpdate(search: string): void {
  clientModule.onRouteDidUpdate?.({ location: { pathname: '/docs/a', search, hash: '', state: undefined }, previousLocation: null });
}

describe('search highlighting on the page', () => {
  it('marks the words of ?highlight= in the article only, not the menu or the aside', () => {
    assert.deepEqual(update('?highlight=nested+transaction'), ['Nested', 'transactions', 'nested', 'transaction']);
    assert.equal(dom.window.document.querySelector('nav')?.innerHTML, 'Nested transactions in the menu');
    assert.equal(dom.window.document.querySelector('aside')?.innerHTML, 'Nested aside');
  });

  it('without an article, marks in main', () => {
    assert.deepEqual(update('?highlight=aside', '<main><p>An aside here.</p></main><footer>aside</footer>'), ['aside']);
  });

  it('does nothing without main or article, or without the parameter', () => {
    assert.deepEqual(update('?highlight=aside', '<div>An aside here.</div>'), []);
    assert.deepEqual(update('?other=nested'), []);
    assert.deepEqual(update('', '<main><p>The value is null here.</p></main>'), []);
  });

  it('a later route update removes the earlier marks, keeping the text', () => {
    update('?highlight=nested');
    routeUpdate('?highlight=outer');
    assert.deepEqual(
      Array.from(dom.window.document.querySelectorAll('mark'), (mark) => mark.textContent),
      ['outer'],
    );
    assert.equal(dom.window.document.querySelector('h2')?.innerHTML, 'Nested transactions');
  });

  it('a tag in the parameter marks that text and never becomes an element', () => {
    assert.deepEqual(update(`?highlight=${encodeURIComponent('<form>')}`), ['<form>']);
    assert.equal(dom.window.document.querySelector('article form'), null);
    assert.equal(dom.window.document.querySelector('code')?.innerHTML, '<mark data-search-highlight="">&lt;form&gt;</mark>');
  });

  it('on the server (no document) it does nothing', () => {
    delete globals.document;
    assert.doesNotThrow(() => routeUpdate('?highlight=x'));
  });
});
