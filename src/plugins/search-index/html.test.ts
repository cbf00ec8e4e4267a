/**
 * Sections of a rendered page (./html.ts) on HTML written here in the shape Docusaurus renders a
 * doc: what the index holds (`content`) and what a result shows (`text`), section by section.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clean, htmlSections } from './html';

const PAGE = `<!doctype html><html><head><meta name="docusaurus_tag" content="docs-default-current"></head><body>
<nav><a href="/">Home</a> Navigation text</nav>
<article><div class="theme-doc-markdown markdown">
<header><h1>Transactions<a class="hash-link" href="#">\u200b</a></h1></header>
<p>Open <strong>one</strong> per request.</p><p>Second paragraph.</p>
<h2 id="nested">Nested <code>trx</code><a class="hash-link" href="#nested">\u200b</a></h2>
<ul><li>first</li><li>second</li></ul>
<pre><code><span class="token-line">const a = 1;</span><span class="token-line">const b = 2;</span></code><button>Copy</button></pre>
<p>After<br>the code.</p>
<h3>No id</h3><table><tr><td>a</td><td>b</td></tr></table>
<h4 id="deep">Deep heading</h4><p>Deep text.</p>
<script>var x = 1;</script><style>.a{}</style><noscript>Enable JS</noscript>
<aside class="source-footer"><p>Checked against Strapi 5.54.0</p></aside>
</div></article>
<footer>Site footer</footer></body></html>`;

test('the page title, the docs tag, and one section per h2 and h3 after the text before them', () => {
  const { pageTitle, sections, searchTag } = htmlSections(PAGE);
  assert.equal(pageTitle, 'Transactions');
  assert.equal(searchTag, 'docs-default-current');
  assert.deepEqual(sections, [
    {
      title: 'Transactions',
      hash: '',
      content: 'Open one per request. Second paragraph.',
      text: 'Open one per request. Second paragraph.',
    },
    {
      title: 'Nested trx',
      hash: '#nested',
      content: 'first second const a = 1; const b = 2; After the code.',
      text: 'first second After the code.',
    },
    // An h4 stays inside its section; a heading without an id has no anchor.
    { title: 'No id', hash: '', content: 'a b Deep heading Deep text.', text: 'a b Deep heading Deep text.' },
  ]);
});

test('block elements and code lines are separated by a space, inline elements are not', () => {
  const html = (inner: string) => `<article><div class="markdown"><header><h1>T</h1></header>${inner}</div></article>`;
  const content = (inner: string) => htmlSections(html(inner)).sections[0].content;
  assert.equal(content('<p>a<em>b</em>c</p><p>d</p>'), 'abc d');
  for (const tag of [
    'address',
    'blockquote',
    'dd',
    'details',
    'div',
    'dl',
    'dt',
    'figcaption',
    'figure',
    'footer',
    'h5',
    'h6',
    'li',
    'ol',
    'section',
    'summary',
    'table',
    'ul',
    'pre',
    'header',
    'h4',
    'article',
    'aside',
  ]) {
    assert.equal(content(`<div><${tag}>a</${tag}>b</div>`), 'a b', tag);
  }
  assert.equal(content('<div>a<br>b</div>'), 'a b');
  assert.equal(content('<div>a<hr>b</div>'), 'a b');
  // Text right before a block is apart from it too: a tight nested list is two words.
  assert.equal(content('<ul><li>Parent<ul><li>Child</li></ul></li></ul>'), 'Parent Child');
  assert.equal(content('<div>a<div>b</div></div>'), 'a b');
  // Table cells: each cell and row ends with a space.
  assert.equal(content('<div><table><tr><td>a</td><td>b</td></tr><tr><th>c</th></tr></table>d</div>'), 'a b c d');
  assert.equal(content('<table><tr><td><span>a</span></td><th><span>b</span></th></tr></table>'), 'a b');
  assert.equal(content('<table><tr><th>a</th><th>b</th></tr></table>'), 'a b');
  for (const tag of ['h1', 'h2', 'h3', 'p']) assert.equal(content(`<div>x<${tag}>a</${tag}>b</div>`), 'x a b', tag);
  assert.equal(content('<div><span>a</span>b</div>'), 'ab');
  assert.equal(
    content(
      '<pre><code><span class="token-line x">a</span><span class="x token-line">b</span><span class="token-lines">c</span>d</code></pre>',
    ),
    'a b cd',
  );
  // The snippet text leaves out the whole code block, its place kept by a space.
  assert.equal(htmlSections(html('<p>x</p><pre><code>y</code></pre><p>z</p>')).sections[0].text, 'x z');
  assert.equal(htmlSections(html('<div>x<pre>y</pre>z</div>')).sections[0].text, 'x z');
  assert.equal(htmlSections(html('<div>x<pre>y</pre>z</div>')).sections[0].content, 'x y z');
});

test('only the first .markdown of the article is read; without a docs tag meta the tag is undefined', () => {
  const html =
    '<article><div class="markdown"><header><h1>One</h1></header><p>a</p></div><div class="markdown"><p>b</p></div></article><p>outside</p>';
  const { pageTitle, sections, searchTag } = htmlSections(html);
  assert.equal(pageTitle, 'One');
  assert.deepEqual(sections, [{ title: 'One', hash: '', content: 'a', text: 'a' }]);
  assert.equal(searchTag, undefined);
});

test('a header without an h1 is content; the title comes from the article h1', () => {
  const html = '<article><h1>Outer</h1><div class="markdown"><header><p>Intro header</p></header><p>a</p></div></article>';
  const { pageTitle, sections } = htmlSections(html);
  assert.equal(pageTitle, 'Outer');
  assert.equal(sections[0].content, 'Intro header a');
});

test('clean collapses whitespace and zero-width spaces and trims', () => {
  assert.equal(clean('  a \n\t b\u200b\u200bc  '), 'a b c');
  assert.equal(clean('\u200b'), '');
});
