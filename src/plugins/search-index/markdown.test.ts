/**
 * Sections of a doc read from its Markdown, in the preview (./markdown.ts): headings, anchors as
 * the docs plugin makes them, and the text without Markdown or MDX syntax.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { markdownSections, plainText, withoutFrontMatter } from './markdown';

test('plain text: links keep their text, images, tags and comments go, admonition titles stay', () => {
  const clean = (markdown: string) => plainText(markdown).replace(/\s+/g, ' ').trim();
  assert.equal(clean('See [the docs](./a.md) and [ref][1].'), 'See the docs and ref.');
  assert.equal(clean('Look ![a diagram](x.png) here.'), 'Look here.');
  assert.equal(clean('a <!-- note --> b {/* c */} d'), 'a b d');
  assert.equal(clean('<Tabs groupId="x"><TabItem>kept</TabItem></Tabs> <br/>'), 'kept');
  assert.equal(clean(':::note[Careful]\nBody.\n:::'), 'Careful Body.');
  assert.equal(clean(':::tip\nBody.\n:::'), 'Body.');
  assert.equal(clean('**bold** __b__ *em* `code` ``two`` ~~gone~~'), 'bold b em code two gone');
  assert.equal(clean('- one\n* two\n+ three\n1. four\n12. five'), 'one two three four five');
  assert.equal(clean('> quoted\n>more'), 'quoted more');
  assert.equal(clean('| a | b |\n| --- | :-: |\n| c | d |'), 'a b c d');
  // A dash in running text, a number and a sentence ending in a period are text.
  assert.equal(clean('Use a-b, 3.5 and 10.'), 'Use a-b, 3.5 and 10.');
});

test('sections: the text before the first h2, then one per h2 and h3; h1, imports and code fences handled', () => {
  const body = [
    "import Tabs from '@theme/Tabs';",
    'export const x = 1;',
    '# Title in the body',
    'Intro **text**.',
    '',
    '## Nested transactions',
    'Body one.',
    '```ts',
    '## not a heading',
    'const a = 1;',
    '```',
    '### Custom anchor {#custom}',
    'Body two.',
    '~~~~md',
    '~~~',
    'still code',
    '~~~~',
    '#### Deep',
    'Deep text.',
    '## Closing hashes ##',
    'importance and exports are words.',
  ].join('\n');
  assert.deepEqual(markdownSections(body, 'Page'), [
    { title: 'Page', hash: '', content: 'Intro text.', text: 'Intro text.' },
    { title: 'Nested transactions', hash: '#nested-transactions', content: 'Body one. ## not a heading const a = 1;', text: 'Body one.' },
    {
      title: 'Custom anchor',
      hash: '#custom',
      content: 'Body two. ~ still code #### Deep Deep text.',
      text: 'Body two. #### Deep Deep text.',
    },
    {
      title: 'Closing hashes',
      hash: '#closing-hashes',
      content: 'importance and exports are words.',
      text: 'importance and exports are words.',
    },
  ]);
});

test('two headings with the same text get distinct anchors, as the docs plugin gives them', () => {
  const sections = markdownSections('## Setup\na\n## Setup\nb\n## `code` title\nc', 'P');
  assert.deepEqual(
    sections.map((s) => [s.title, s.hash]),
    [
      ['P', ''],
      ['Setup', '#setup'],
      ['Setup', '#setup-1'],
      ['code title', '#code-title'],
    ],
  );
});

test('the front matter is removed, and only at the start', () => {
  assert.equal(withoutFrontMatter('---\ntitle: A\n---\nBody\n---\nx: y\n---\n'), 'Body\n---\nx: y\n---\n');
  assert.equal(withoutFrontMatter('---\r\ntitle: A\r\n---\r\nBody'), 'Body');
  assert.equal(withoutFrontMatter('Body\n---\ntitle: A\n---\n'), 'Body\n---\ntitle: A\n---\n');
});

test('plain text, exactly: each construct leaves a space where words would otherwise join', () => {
  assert.equal(plainText('a<!--x-->b'), 'a b');
  assert.equal(plainText('a{/* x */}b'), 'a b');
  assert.equal(plainText('a![i](x.png)b'), 'a b');
  assert.equal(plainText('a<br/>b</span>c'), 'a b c');
  assert.equal(plainText('[ref text][my-ref]'), 'ref text');
  assert.equal(plainText('a|b'), 'a b');
  assert.equal(plainText('|-|:-:|'), ' ');
});

test('markers count only where Markdown reads them: at the start of a line', () => {
  const same = (text: string) => assert.equal(plainText(text), text, text);
  same('Say ::: here');
  same('x:::y');
  same('Use a - b and 2. c');
  same('pre- and post-');
  same('a > b');
  same('3> 2');
  same('We import data and export it.');
  assert.equal(plainText('x |- y'), 'x  - y');
});

test('a line that only mentions import or export is content', () => {
  assert.deepEqual(markdownSections('We import data and export it.\n', 'P')[0].content, 'We import data and export it.');
});

test('a fence opens only at the start of a line, with three or more backticks or tildes', () => {
  const sections = markdownSections('Write ```ts to open one.\n`code` starts this line.\n## Next\nafter', 'P');
  assert.deepEqual(
    sections.map((s) => [s.title, s.content]),
    [
      ['P', 'Write ts to open one. code starts this line.'],
      ['Next', 'after'],
    ],
  );
});
