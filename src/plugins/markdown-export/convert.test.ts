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
});
