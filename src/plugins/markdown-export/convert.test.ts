/**
 * The Markdown converter on small pages written here: what each MDX construct becomes, and that a
 * construct without a Markdown form stops the build with the file and line instead of leaking.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { absoluteUrl, pageMarkdown, type PageSource } from './convert';
import { markdownPath } from './paths';

const SITE = {
  siteUrl: 'https://docs.example',
  permalinkOf: (file: string) =>
    ({ 'docs/api/Cron.md': '/api/Cron', 'docs/api/Strapi.md': '/api/Strapi', 'docs/guides/a/index.md': '/guides/a' })[file],
};

function page(body: string, extra: Partial<PageSource> = {}): string {
  const source = `---\ntitle: Cron\ndescription: Runs jobs.\n---\n\n${body}`;
  return pageMarkdown(
    { source, file: 'docs/api/Cron.md', title: 'Cron', description: 'Runs jobs.', permalink: '/api/Cron', ...extra },
    SITE,
  );
}

test('frontmatter becomes the title line and the description', () => {
  assert.equal(page('Text.'), '# Cron\n\n> Runs jobs.\n\nText.\n');
});

test('with a source URL, a line under the description names the file and links it; without one, none', () => {
  const url = 'https://github.com/o/r/blob/main/docs/api/Cron.md';
  assert.equal(page('Text.', { sourceUrl: url }), `# Cron\n\n> Runs jobs.\n\nSource file: [\`docs/api/Cron.md\`](${url})\n\nText.\n`);
  const bare = pageMarkdown({ source: 'Text.', file: 'docs/index.mdx', title: 'X', description: '', permalink: '/', sourceUrl: url }, SITE);
  assert.equal(bare, `# X\n\nSource file: [\`docs/index.mdx\`](${url})\n\nText.\n`);
  assert.doesNotMatch(page('Text.'), /Source file/);
});

test('import and export lines go, a titled admonition becomes a blockquote with a bold label', () => {
  const out = page(
    "import X from '@site/x';\nexport const y = 1;\n\n:::warning[Do `not` block]\n\nBody **here**.\n\n:::\n\n:::tip\n\nShort.\n\n:::\n",
  );
  assert.equal(out, '# Cron\n\n> Runs jobs.\n\n> **Warning: Do `not` block**\n>\n> Body **here**.\n\n> **Tip**\n>\n> Short.\n');
});

test('mermaid and other code blocks are kept as they are', () => {
  const out = page('```mermaid\nflowchart LR\n  a --> b\n```\n\n```ts title="x.ts"\nconst a = <T,>(x: T) => x;\n```\n');
  assert.match(out, /```mermaid\nflowchart LR\n {2}a --> b\n```/);
  assert.match(out, /```ts title="x.ts"\nconst a = <T,>\(x: T\) => x;\n```/);
});

test('links become absolute site URLs; file links resolve to their route with the anchor', () => {
  const out = page(
    '[a](./Strapi.md#boot), [b](../guides/a/index.md), [c](/tags/cron), [d](#jobs), [e](https://x.example/y), [f](./Strapi)',
  );
  assert.match(out, /\[a\]\(https:\/\/docs\.example\/api\/Strapi#boot\)/);
  assert.match(out, /\[b\]\(https:\/\/docs\.example\/guides\/a\)/);
  assert.match(out, /\[c\]\(https:\/\/docs\.example\/tags\/cron\)/);
  assert.match(out, /\[d\]\(https:\/\/docs\.example\/api\/Cron#jobs\)/);
  assert.match(out, /\[e\]\(https:\/\/x\.example\/y\)/);
  assert.match(out, /\[f\]\(https:\/\/docs\.example\/api\/Strapi\)/);
  assert.throws(
    () => absoluteUrl('./Missing.md', { file: 'docs/api/Cron.md', permalink: '/api/Cron' }, SITE),
    /docs\/api\/Cron\.md: the link \.\/Missing\.md points at docs\/api\/Missing\.md, which is no page/,
  );
});

test('explicit heading ids, kbd, HTML elements and MDX comments leave only their text', () => {
  const out = page(
    '## Matrix \\{#matrix}\n\nPress <kbd>Ctrl</kbd> + <kbd>K</kbd>, <span>kept</span>.{/* hidden */}\n\nAt 10:30 it runs.\n',
  );
  assert.match(out, /^## Matrix$/m);
  assert.match(out, /Press `Ctrl` \+ `K`, kept\./);
  assert.match(out, /At 10:30 it runs\./);
  assert.doesNotMatch(out, /hidden|\{#|<span/);
});

test('the home page cards become a list of links', () => {
  const out = page("import AreaCards from '@site/src/components/AreaCards';\n\n<AreaCards />\n");
  assert.match(out, /^- \[\*\*Guides\*\*\]\(https:\/\/docs\.example\/guides\/contributing\): Set up the monorepo/m);
  assert.equal(out.match(/^- /gm)?.length, 5);
  // The five areas, each with the landing page of its sidebar, in the order of the navbar.
  assert.deepEqual(
    [...out.matchAll(/^- \[\*\*(.+?)\*\*\]\((.+?)\): /gm)].map((match) => [match[1], match[2]]),
    [
      ['Guides', 'https://docs.example/guides/contributing'],
      ['Docs', 'https://docs.example/docs/intro'],
      ['API Reference', 'https://docs.example/api/Strapi'],
      ['Exports', 'https://docs.example/exports/modules'],
      ['RFCs', 'https://docs.example/rfcs/intro'],
    ],
  );
});

test('an unknown component or expression stops the build, naming the file and line', () => {
  assert.throws(() => page('Text.\n\n<Tabs>\n\nA\n\n</Tabs>\n'), /docs\/api\/Cron\.md:8: the component <Tabs> has no Markdown form/);
  assert.throws(() => page('Value: {1 + 1}.'), /docs\/api\/Cron\.md:6: the expression \{1 \+ 1\} has no Markdown form/);
  assert.throws(() => page(':::details\n\nA\n\n:::\n'), /the directive :::details has no Markdown form/);
});

test('the Markdown of a route is the route plus .md, index.md for the home page', () => {
  assert.equal(markdownPath('/api/Cron'), '/api/Cron.md');
  assert.equal(markdownPath('/guides/type-system/'), '/guides/type-system.md');
  assert.equal(markdownPath('/'), '/index.md');
  assert.equal(markdownPath('/guides//'), '/guides.md');
});

test('every admonition kind has its label', () => {
  const out = page(':::note\n\nA\n\n:::\n\n:::info\n\nB\n\n:::\n\n:::caution[Careful]\n\nC\n\n:::\n\n:::danger\n\nD\n\n:::\n');
  assert.equal(
    out,
    '# Cron\n\n> Runs jobs.\n\n> **Note**\n>\n> A\n\n> **Info**\n>\n> B\n\n> **Caution: Careful**\n>\n> C\n\n> **Danger**\n>\n> D\n',
  );
});

test('the frontmatter is only the block at the start; a page without description or frontmatter works', () => {
  const source = '---\ntitle: X\n---\nBody\n\n---\n\nAfter a rule.\n';
  const out = pageMarkdown({ source, file: 'docs/api/Cron.md', title: 'X', description: '', permalink: '/api/Cron' }, SITE);
  assert.equal(out, '# X\n\nBody\n\n---\n\nAfter a rule.\n');
  const bare = pageMarkdown({ source: 'Just text.', file: 'docs/api/Cron.md', title: 'X', description: '', permalink: '/api/Cron' }, SITE);
  assert.equal(bare, '# X\n\nJust text.\n');
  // A file that is only its frontmatter, without a final newline.
  const only = pageMarkdown(
    { source: '---\ntitle: X\n---', file: 'docs/api/Cron.md', title: 'X', description: 'D.', permalink: '/api/Cron' },
    SITE,
  );
  assert.equal(only, '# X\n\n> D.\n');
});

test('error lines are lines of the file: the frontmatter is counted', () => {
  assert.throws(
    () => page('\n\n\nText {x}.'),
    /docs\/api\/Cron\.md:9: the expression \{x\} has no Markdown form; teach src\/plugins\/markdown-export\/convert\.ts about it$/,
  );
});

test('links: schemes kept, site paths and anchors made absolute, .md files resolved, other files resolved as URLs', () => {
  const at = { file: 'docs/api/Cron.md', permalink: '/api/Cron' };
  assert.equal(absoluteUrl('mailto:a@b.example', at, SITE), 'mailto:a@b.example');
  assert.equal(absoluteUrl('HTTP://X.example/a', at, SITE), 'HTTP://X.example/a');
  assert.equal(absoluteUrl('git+ssh://x/y', at, SITE), 'git+ssh://x/y');
  assert.equal(absoluteUrl('#jobs', at, SITE), 'https://docs.example/api/Cron#jobs');
  assert.equal(absoluteUrl('/tags/cron#x', at, SITE), 'https://docs.example/tags/cron#x');
  assert.equal(absoluteUrl('/docs/api/Strapi.md#boot', at, SITE), 'https://docs.example/api/Strapi#boot');
  assert.equal(absoluteUrl('/docs/api/../api/Strapi.md', at, SITE), 'https://docs.example/api/Strapi');
  assert.equal(absoluteUrl('Strapi.md', at, SITE), 'https://docs.example/api/Strapi');
  assert.equal(absoluteUrl('./St%72api.md', at, SITE), 'https://docs.example/api/Strapi');
  assert.equal(absoluteUrl('./notes.md.txt', at, SITE), 'https://docs.example/api/notes.md.txt');
  assert.equal(absoluteUrl('../img/a.png', at, SITE), 'https://docs.example/img/a.png');
  assert.equal(absoluteUrl('x#a', at, SITE), 'https://docs.example/api/x#a');
  assert.throws(() => absoluteUrl('/docs/api/Gone.mdx#a', at, SITE), /points at docs\/api\/Gone\.mdx, which is no page/);
  // An image and a link definition are made absolute too.
  const out = page('![logo](../img/logo.svg)\n\n[ref]: ./Strapi.md\n\nSee [it][ref].');
  assert.match(out, /!\[logo\]\(https:\/\/docs\.example\/img\/logo\.svg\)/);
  assert.match(out, /^\[ref\]: https:\/\/docs\.example\/api\/Strapi$/m);
});

test('directives: a bare :name is text, anything more fails; <br> is a line break; the source footer aside is a Sources section', () => {
  assert.match(page('Ratio 16:9 and at 10:30.'), /Ratio 16:9 and at 10:30\./);
  assert.throws(() => page('A :abbr[x] here.'), /docs\/api\/Cron\.md:6: the directive :abbr has no Markdown form/);
  assert.throws(() => page('A :abbr{title=x} here.'), /the directive :abbr has no Markdown form/);
  assert.throws(() => page('::youtube[x]'), /docs\/api\/Cron\.md:6: the directive ::youtube has no Markdown form/);
  assert.match(page('one<br/>two'), /^one\\\ntwo$/m);
  const footer = page('Text.\n\n<aside className="source-footer">\n\nChecked **here**.\n\n</aside>\n');
  assert.equal(footer, '# Cron\n\n> Runs jobs.\n\nText.\n\n## Sources\n\nChecked **here**.\n');
  const other = page('<aside className="note" id="x">\n\nKept.\n\n</aside>\n');
  assert.equal(other, '# Cron\n\n> Runs jobs.\n\nKept.\n');
  assert.equal(page('<aside id="source-footer">\n\nKept.\n\n</aside>\n'), '# Cron\n\n> Runs jobs.\n\nKept.\n');
  assert.throws(() => page('<>frag</>'), /the component <fragment> has no Markdown form/);
  assert.throws(() => page('<Foo.Bar />'), /the component <Foo\.Bar> has no Markdown form/);
  assert.equal(page('{ /* spaced comment */ }\n\n{/*\nmulti\n*/}\n\nEnd.'), '# Cron\n\n> Runs jobs.\n\nEnd.\n');
  assert.throws(() => page('{x /* not only a comment */}'), /the expression/);
  assert.throws(() => page('{/* c */ x}'), /the expression/);
});

test('kbd keeps its whole text, nested elements included', () => {
  assert.match(page('<kbd>Ctrl <b>K</b></kbd>'), /`Ctrl K`/);
});
