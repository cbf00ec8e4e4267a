/**
 * Checks on the readers' files of the build in build/ (src/plugins/markdown-export), run after
 * `docusaurus build`: each route of the contract has its Markdown, nothing of MDX is left in it,
 * its headings, code blocks and links are those of the page built from the same source, the page
 * head points at it, and llms.txt and llms-full.txt list exactly the contract's routes.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import { DOCS_REPO_BRANCH, DOCS_REPO_URL, SIDEBARS, SITE_TITLE, SITE_URL, STRAPI_VERSION } from '../src/config/site';
import { markdownPath } from '../src/plugins/markdown-export/paths';
import { parsePage } from '../src/plugins/markdown-export/convert';
import { ROOT, ROUTES, readDocs, routeOfDoc } from './docs';

/** The build checked: build/, or another folder (`BUILD_DIR=/tmp/x`, as playwright.config.ts reads it). */
const BUILD = path.resolve(ROOT, process.env.BUILD_DIR ?? 'build');

interface MdNode {
  type: string;
  value?: string;
  url?: string;
  lang?: string | null;
  depth?: number;
  children?: MdNode[];
}

const markdownOf = (route: string) => readFileSync(path.join(BUILD, markdownPath(route)), 'utf8');
const htmlOf = (route: string) => readFileSync(path.join(BUILD, route === '/' ? 'index.html' : `${route.slice(1)}.html`), 'utf8');
const parseMarkdown = (markdown: string) => unified().use(remarkParse).use(remarkGfm).parse(markdown) as MdNode;
const docByFile = new Map(readDocs().map((doc) => [doc.file, doc]));
/** Where a doc's file is in the site's repository, from its path under docs/ (not from the export's code). */
const sourceUrlOf = (file: string) => `${DOCS_REPO_URL}/blob/${DOCS_REPO_BRANCH}/${file}`;

function nodes(tree: MdNode, type: string): MdNode[] {
  const found: MdNode[] = [];
  const walk = (node: MdNode) => {
    if (node.type === type) found.push(node);
    node.children?.forEach(walk);
  };
  walk(tree);
  return found;
}

function textOf(node: MdNode): string {
  return node.value ?? (node.children ?? []).map(textOf).join('');
}

const decode = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    // The zero-width space of heading anchors; React 18.2's server renderer sometimes writes a NUL
    // byte before it (a stray byte at a buffer boundary, seen in builds before this check existed).
    // eslint-disable-next-line no-control-regex -- the NUL byte is what this removes
    .replace(/[\u200b\u0000]/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();

/** The lines of a Markdown text outside fenced code blocks. */
function proseLines(markdown: string): string[] {
  const lines: string[] = [];
  let fence: string | null = null;
  for (const line of markdown.split('\n')) {
    const opening = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence === null && opening) fence = opening;
    else if (fence !== null && line.trim().startsWith(fence) && line.trim().replace(/[`~]/g, '') === '') fence = null;
    else if (fence === null) lines.push(line);
  }
  return lines;
}

/** The rendered page's body: the `.markdown` block of its article. */
function articleBody(html: string): string {
  const start = html.indexOf('<div class="theme-doc-markdown markdown">');
  assert.ok(start >= 0, 'no markdown block in the page');
  // It ends where the doc footer (tags) begins, or with the article.
  const footer = html.indexOf('<footer class="theme-doc-footer', start);
  return html.slice(start, footer >= 0 ? footer : html.indexOf('</article>', start));
}

test('each route of the contract, and nothing else, has its Markdown file', () => {
  const expected = ROUTES.map((route) => markdownPath(route.route)).sort();
  assert.equal(expected.length, 160);
  assert.ok(expected.includes('/api/Cron.md') && expected.includes('/index.md'));
  const found: string[] = [];
  const walk = (dir: string, prefix: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory() && entry.name !== 'assets') walk(path.join(dir, entry.name), `${prefix}${entry.name}/`);
      else if (entry.name.endsWith('.md')) found.push(`${prefix}${entry.name}`);
    }
  };
  walk(BUILD, '/');
  assert.deepEqual(found.sort(), expected);
});

test('each Markdown opens with the title and description of its frontmatter', () => {
  const problems: string[] = [];
  for (const route of ROUTES) {
    const doc = docByFile.get(route.file)!;
    const [titleLine, blank, descriptionLine] = markdownOf(route.route).split('\n');
    if (titleLine !== `# ${route.title}` || blank !== '') problems.push(`${route.route}: title line ${JSON.stringify(titleLine)}`);
    const tree = parseMarkdown(markdownOf(route.route));
    const quote = tree.children?.[1];
    if (!descriptionLine.startsWith('> ') || quote?.type !== 'blockquote' || textOf(quote) !== doc.data.description) {
      problems.push(`${route.route}: description ${JSON.stringify(descriptionLine)}`);
    }
    if (/^(title|description|tags|strapi|sidebar_position):/m.test(markdownOf(route.route)))
      problems.push(`${route.route}: frontmatter left in the text`);
  }
  assert.deepEqual(problems, []);
});

test("each Markdown names its source file under the description, the file the page's edit link opens", () => {
  // From the docs/ tree: each file, the route it gets, and that route's Markdown.
  const problems: string[] = [];
  const docs = readDocs();
  assert.equal(docs.length, 160);
  for (const doc of docs) {
    const route = routeOfDoc(doc);
    const lines = markdownOf(route).split('\n');
    const expected = `Source file: [\`${doc.file}\`](${sourceUrlOf(doc.file)})`;
    // `# Title`, a blank line, the description (one line), a blank line, then the source line.
    if (lines[4] !== expected) problems.push(`${route}: line 5 is ${JSON.stringify(lines[4])}, expected ${JSON.stringify(expected)}`);
    if (lines.filter((line) => line.startsWith('Source file: ')).length !== 1) problems.push(`${route}: more than one source line`);
    // The page's "Edit this page" link opens the same file in GitHub's editor.
    const edit = /<a href="([^"]+)"[^>]*class="theme-edit-this-page"/.exec(htmlOf(route))?.[1];
    if (edit?.replace(`/edit/${DOCS_REPO_BRANCH}/`, `/blob/${DOCS_REPO_BRANCH}/`) !== sourceUrlOf(doc.file))
      problems.push(`${route}: the page's edit link ${edit} is not for ${doc.file}`);
  }
  assert.deepEqual(problems, []);
  assert.ok(markdownOf('/').includes(`Source file: [\`docs/index.mdx\`](${DOCS_REPO_URL}/blob/${DOCS_REPO_BRANCH}/docs/index.mdx)`));
});

test('no MDX or JSX is left outside code blocks: no import/export line, no <Component> tag, no ::: admonition, no {#id}', () => {
  const problems: string[] = [];
  for (const route of ROUTES) {
    for (const line of proseLines(markdownOf(route.route))) {
      // An ESM statement as MDX reads one: at the start of a line, `import x from '...'`, `import '...'`,
      // `import {`, `export const|default|function|{`. (A wrapped sentence may start with "import".)
      if (/^(import\s+([\w*{][^;]*\sfrom\s|['"{])|export\s+(const|let|default|function|\{))/.test(line))
        problems.push(`${route.route}: ${line}`);
      if (/<\/?[A-Z][\w.]*[\s/>]/.test(line.replace(/`[^`]*`/g, ''))) problems.push(`${route.route}: ${line}`);
      if (/^\s*(>\s*)*:::/.test(line) || /\\?\{#[\w-]+\}/.test(line)) problems.push(`${route.route}: ${line}`);
    }
  }
  assert.deepEqual(problems, []);
  // The home page is MDX with a React component: it became a list of links.
  assert.match(markdownOf('/'), new RegExp(`^- \\[\\*\\*Guides\\*\\*\\]\\(${SITE_URL}/guides/contributing\\): `, 'm'));
});

test('admonitions become blockquotes opening with a bold label, one per admonition of the source', () => {
  const problems: string[] = [];
  for (const route of ROUTES) {
    const doc = docByFile.get(route.file)!;
    const inSource = proseLines(doc.body).filter((line) => /^\s*:::(note|tip|info|warning|caution|danger)\b/.test(line)).length;
    const labels = proseLines(markdownOf(route.route)).filter((line) =>
      /^> \*\*(Note|Tip|Info|Warning|Caution|Danger)(: .+)?\*\*$/.test(line),
    ).length;
    if (inSource !== labels) problems.push(`${route.route}: ${inSource} admonitions in the source, ${labels} labelled blockquotes`);
  }
  assert.deepEqual(problems, []);
  assert.match(
    markdownOf('/exports/namespaces/Pagination'),
    /^> \*\*Note: Values in the query are strings\*\*\n>\n> `page` and `pageSize` come back/m,
  );
});

test('every code block of the source, mermaid included, is in the Markdown unchanged', () => {
  const problems: string[] = [];
  let mermaid = 0;
  for (const route of ROUTES) {
    const source = readFileSync(path.join(ROOT, route.file), 'utf8');
    const expected = nodes(parsePage(source) as MdNode, 'code').map((code) => `${code.lang}\n${code.value}`);
    const actual = nodes(parseMarkdown(markdownOf(route.route)), 'code').map((code) => `${code.lang}\n${code.value}`);
    if (JSON.stringify(actual) !== JSON.stringify(expected)) problems.push(`${route.route}: code blocks differ`);
    mermaid += expected.filter((code) => code.startsWith('mermaid\n')).length;
  }
  assert.deepEqual(problems, []);
  assert.ok(mermaid > 20, `only ${mermaid} mermaid blocks`);
  assert.match(markdownOf('/docs/core/data-transfer/engine'), /^```mermaid\n/m);
});

test('headings and links are those of the page built from the same source, links as absolute site URLs', () => {
  const problems: string[] = [];
  for (const route of ROUTES) {
    const markdown = parseMarkdown(markdownOf(route.route));
    const body = articleBody(htmlOf(route.route));
    // Headings: every h2-h6 of the page, in order, then the final Sources section.
    const pageHeadings = [...body.matchAll(/<h([2-6])[^>]*>([\s\S]*?)<\/h\1>/g)].map((m) => `${m[1]} ${decode(m[2])}`);
    const mdHeadings = nodes(markdown, 'heading')
      .filter((heading) => heading.depth! >= 2)
      .map((heading) => `${heading.depth} ${textOf(heading)}`);
    if (JSON.stringify(mdHeadings) !== JSON.stringify([...pageHeadings, '2 Sources'])) {
      problems.push(`${route.route}: headings ${JSON.stringify(mdHeadings)} vs page ${JSON.stringify(pageHeadings)}`);
    }
    // Links: the page's links (not the heading anchors, nor the executed claims' marks, which the
    // Markdown leaves out: its Sources section gives their count and the claims file), made
    // absolute, are the Markdown's links.
    const pageUrl = `${SITE_URL}${route.route === '/' ? '/' : route.route}`;
    const pageLinks = [...body.matchAll(/<a\s([^>]*)>/g)]
      .filter((m) => !/class="(hash-link|claim-mark[^"]*)"/.test(m[1]))
      .map((m) => new URL(decode(/href="([^"]*)"/.exec(m[1])![1]), pageUrl).href)
      .sort();
    const mdLinks = [...nodes(markdown, 'link'), ...nodes(markdown, 'definition')].map((link) => link.url!);
    // The source line's link is the page's edit link (outside the article body), checked above.
    const sourceLink = mdLinks.indexOf(sourceUrlOf(route.file));
    if (sourceLink >= 0) mdLinks.splice(sourceLink, 1);
    for (const url of mdLinks) if (!/^(https:|mailto:)/.test(url)) problems.push(`${route.route}: relative link ${url}`);
    const normalised = mdLinks.map((url) => new URL(url).href).sort();
    if (JSON.stringify(normalised) !== JSON.stringify(pageLinks)) {
      problems.push(
        `${route.route}: links differ: ${JSON.stringify(normalised.filter((u) => !pageLinks.includes(u)))} vs ${JSON.stringify(pageLinks.filter((u) => !normalised.includes(u)))}`,
      );
    }
  }
  assert.deepEqual(problems, []);
  // A relative file link with an anchor (`../modules.md#page`) resolves to the route with the anchor.
  assert.match(readFileSync(path.join(ROOT, 'docs/exports/interfaces/LoadingProps.md'), 'utf8'), /\]\(\.\.\/modules\.md#page\)/);
  assert.ok(markdownOf('/exports/interfaces/LoadingProps').includes(`](${SITE_URL}/exports/modules#page)`));
});

test('each Markdown ends with the Sources section: the release and every source file the page cites', () => {
  const problems: string[] = [];
  for (const route of ROUTES) {
    const markdown = markdownOf(route.route);
    const at = markdown.lastIndexOf('\n## Sources\n');
    if (at < 0) {
      problems.push(`${route.route}: no Sources section`);
      continue;
    }
    const section = markdown.slice(at);
    if (!section.includes(`**Checked against Strapi ${STRAPI_VERSION}`))
      problems.push(`${route.route}: the Sources section does not name Strapi ${STRAPI_VERSION}`);
    const footer = /<aside class="source-footer"[^>]*>([\s\S]*?)<\/aside>/.exec(htmlOf(route.route))?.[1] ?? '';
    const inPage = [...footer.matchAll(/href="([^"]+)"/g)].map((m) => decode(m[1])).sort();
    const inMarkdown = [...section.matchAll(/\]\((https:\/\/github\.com\/[^)]+)\)/g)].map((m) => m[1]).sort();
    if (JSON.stringify(inPage) !== JSON.stringify(inMarkdown))
      problems.push(`${route.route}: Sources lists ${inMarkdown.length} files, the page ${inPage.length}`);
  }
  assert.deepEqual(problems, []);
});

test('each page links its Markdown with <link rel="alternate" type="text/markdown">', () => {
  const problems = ROUTES.filter(
    (route) =>
      !htmlOf(route.route).includes(`<link data-rh="true" rel="alternate" type="text/markdown" href="${markdownPath(route.route)}">`),
  ).map((route) => route.route);
  assert.deepEqual(problems, []);
});

interface LlmsEntry {
  title: string;
  url: string;
  description: string;
}

function llmsEntries(block: string): LlmsEntry[] {
  return block
    .split('\n')
    .filter((line) => line.startsWith('- '))
    .map((line) => {
      const m = /^- \[((?:\\.|[^\]])+)\]\(([^)]+)\)(?:: (.*))?$/.exec(line);
      assert.ok(m, `not an llms.txt entry: ${line}`);
      return { title: m[1].replace(/\\(.)/g, '$1'), url: m[2], description: m[3] ?? '' };
    });
}

test('llms.txt: title, a summary naming the release, one section per sidebar listing exactly its routes', () => {
  const text = readFileSync(path.join(BUILD, 'llms.txt'), 'utf8');
  const [head, ...sections] = text.split(/^## /m);
  assert.match(head, new RegExp(`^# ${SITE_TITLE}\\n\\n> .*Strapi ${STRAPI_VERSION.replace(/\./g, '\\.')}.*\\n`));
  assert.deepEqual(
    sections.map((section) => section.split('\n')[0]),
    SIDEBARS.map((sidebar) => sidebar.label),
  );
  const urlOf = (route: string) => `${SITE_URL}${markdownPath(route)}`;
  const listed: string[] = [];
  const blocks = [
    { sidebar: null as string | null, block: head },
    ...sections.map((block, index) => ({ sidebar: SIDEBARS[index].id as string, block })),
  ];
  for (const { sidebar, block } of blocks) {
    const entries = llmsEntries(block);
    const expected = ROUTES.filter((route) => route.sidebar === sidebar);
    assert.deepEqual(
      entries.map((entry) => entry.url).sort(),
      expected.map((route) => urlOf(route.route)).sort(),
      `section ${sidebar ?? '(before the sections)'}`,
    );
    for (const route of expected) {
      const entry = entries.find((e) => e.url === urlOf(route.route))!;
      assert.equal(entry.title, route.title, route.route);
      assert.equal(entry.description, docByFile.get(route.file)!.data.description, route.route);
    }
    listed.push(...entries.map((entry) => entry.url));
  }
  assert.equal(listed.length, 160);
  assert.equal(new Set(listed).size, 160, 'each page listed once');
  for (const url of listed) assert.ok(existsSync(path.join(BUILD, new URL(url).pathname)), `${url} is not built`);
});

/** The built page's Previous/Next link: the reading order Docusaurus gives a sidebar. */
function paginationOf(route: string, rel: 'prev' | 'next'): string | null {
  const found = new RegExp(`class="pagination-nav__link pagination-nav__link--${rel}" href="([^"]+)"`).exec(htmlOf(route));
  return found ? found[1] : null;
}

test("llms.txt lists each sidebar in its reading order: the order of the pages' Previous and Next links", () => {
  // A reader who follows "Next" from the first page of a sidebar meets the pages in the order
  // llms.txt lists them: a category's own page before its sub-pages, categories where the sidebar
  // puts them. The comparison is in order, never on sorted lists.
  const [, ...sections] = readFileSync(path.join(BUILD, 'llms.txt'), 'utf8').split(/^## /m);
  assert.equal(sections.length, SIDEBARS.length);
  const routeOfUrl = (url: string) => ROUTES.find((r) => `${SITE_URL}${markdownPath(r.route)}` === url)!.route;
  for (const [index, block] of sections.entries()) {
    const order = llmsEntries(block).map((entry) => routeOfUrl(entry.url));
    assert.ok(order.length >= 3, SIDEBARS[index].label);
    const followed = [order[0]];
    assert.equal(paginationOf(order[0], 'prev'), null, `${order[0]} opens its sidebar`);
    for (let next = paginationOf(order[0], 'next'); next !== null; next = paginationOf(next, 'next')) followed.push(next);
    assert.deepEqual(order, followed, `section ${SIDEBARS[index].label}`);
  }
});

test('llms-full.txt holds every page of the contract, in llms.txt order, each with its address', () => {
  const full = readFileSync(path.join(BUILD, 'llms-full.txt'), 'utf8');
  const order = llmsEntries(readFileSync(path.join(BUILD, 'llms.txt'), 'utf8')).map((entry) => new URL(entry.url).pathname);
  assert.equal(order.length, 160);
  let from = 0;
  for (const markdown of order) {
    const route = ROUTES.find((r) => markdownPath(r.route) === markdown)!;
    const [titleLine, ...rest] = markdownOf(route.route).trimEnd().split('\n');
    const block = [titleLine, '', `Source: ${SITE_URL}${route.route === '/' ? '/' : route.route}`, ...rest].join('\n');
    const at = full.indexOf(block, from);
    assert.ok(at >= from, `${route.route} is missing or out of order in llms-full.txt`);
    from = at + block.length;
  }
  assert.match(full, new RegExp(`^# ${SITE_TITLE}\\n`));
  assert.equal(full.match(/^Source: /gm)?.length, 160);
});
