import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { JSDOM } from 'jsdom';
import { applyHighlights, clearHighlights, highlightPattern, highlightTerms, highlightUrl } from './highlight';

describe('highlight', () => {
  it('puts the words in a query parameter before the anchor', () => {
    assert.equal(
      highlightUrl('/docs/db#nested-transactions', ['nested', 'transactions']),
      '/docs/db?highlight=nested+transactions#nested-transactions',
    );
    assert.equal(highlightUrl('/docs/db', ['a&b']), '/docs/db?highlight=a%26b');
    assert.equal(highlightUrl('/docs/db#x', []), '/docs/db#x');
    assert.equal(highlightUrl('/docs/db', []), '/docs/db');
  });

  it('reads the words back, lower-cased, each once, longest first, at most 16', () => {
    assert.deepEqual(highlightTerms('?highlight=nested+transactions'), ['transactions', 'nested']);
    assert.deepEqual(highlightTerms('?highlight=%20Ab%20%20ab%20c%20'), ['ab', 'c']);
    assert.deepEqual(highlightTerms('?other=1'), []);
    assert.deepEqual(highlightTerms('?highlight='), []);
    const words = Array.from({ length: 20 }, (_, i) => 'w'.repeat(i + 1));
    assert.deepEqual(highlightTerms(`?highlight=${words.join('+')}`), words.slice(4).reverse());
  });

  it('matches words starting with a term, case-insensitively, with metacharacters escaped', () => {
    const pattern = highlightPattern(['transact', 'a.b(']);
    assert.ok(pattern);
    assert.deepEqual('Transactions and a.b( but not axb('.match(pattern), ['Transactions', 'a.b(']);
    assert.deepEqual('Überblick überall'.match(highlightPattern(['über'])!), ['Überblick', 'überall']);
    assert.equal(highlightPattern([]), null);
    assert.equal(highlightPattern(['']), null);
    assert.equal(highlightPattern(['', 'x'])?.source, '(?:x)[\\p{L}\\p{N}_]*');
  });
});

describe('highlighting a page (jsdom)', () => {
  const globals = globalThis as unknown as { NodeFilter?: unknown };
  let dom: JSDOM;
  before(() => {
    dom = new JSDOM('');
    globals.NodeFilter = dom.window.NodeFilter;
  });
  after(() => delete globals.NodeFilter);

  const root = (html: string) => {
    const element = dom.window.document.createElement('div');
    element.innerHTML = html;
    dom.window.document.body.replaceChildren(element);
    return element;
  };
  const MARK = '<mark data-search-highlight="">';

  it('wraps every match of text in prose in a mark, and counts them', () => {
    const element = root('<p>a transact b Transactions c</p><ul><li>one <b>transaction</b></li></ul>');
    assert.equal(applyHighlights(element, highlightPattern(['transact'])!), 3);
    assert.equal(
      element.innerHTML,
      `<p>a ${MARK}transact</mark> b ${MARK}Transactions</mark> c</p><ul><li>one <b>${MARK}transaction</mark></b></li></ul>`,
    );
  });

  it('leaves scripts, styles, noscript, textareas, SVG and existing marks alone', () => {
    const html =
      '<script>transact()</script><style>.transact{}</style><noscript>transact</noscript><textarea>transact</textarea>' +
      '<svg><text>transact</text></svg><mark>transact</mark>';
    const element = root(html);
    assert.equal(applyHighlights(element, highlightPattern(['transact'])!), 0);
    assert.equal(element.innerHTML, html);
  });

  it('keeps the original text node in the document, holding the text before the first match', () => {
    const element = root('<p>before transact after</p>');
    const text = element.querySelector('p')!.firstChild!;
    applyHighlights(element, highlightPattern(['transact'])!);
    assert.equal(text.isConnected, true);
    assert.equal(text.nodeValue, 'before ');
  });

  it('a tag in the words is text: the mark holds the text, no element is made', () => {
    const element = root('<p>Use <code>&lt;form&gt;</code> in a form.</p>');
    assert.equal(applyHighlights(element, highlightPattern(['<form>'])!), 1);
    assert.equal(element.innerHTML, `<p>Use <code>${MARK}&lt;form&gt;</mark></code> in a form.</p>`);
    assert.equal(element.querySelector('form'), null);
  });

  it('highlighting twice adds nothing; clearing removes only its own marks and keeps their text', () => {
    const element = root('<p>one transact, <mark>own mark</mark></p>');
    applyHighlights(element, highlightPattern(['transact'])!);
    assert.equal(applyHighlights(element, highlightPattern(['transact'])!), 0);
    clearHighlights(element);
    assert.equal(element.innerHTML, '<p>one transact, <mark>own mark</mark></p>');
    assert.equal(element.querySelector('p')!.textContent, 'one transact, own mark');
  });
});
