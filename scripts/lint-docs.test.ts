/**
 * Docs lint: frontmatter schema, tag vocabulary, placeholder text and code fences, checked
 * over every doc without building the site. Each failure names the file, the key and the fix.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { TAGS } from '../src/data/tags';
import { STRAPI_VERSION } from '../src/config/site';
import { highlighter } from '../src/prism/highlighter';
import { ROOT, ROUTES, readDocs, routeOfDoc, type Doc } from './docs';

const docs = readDocs();
const vocabulary = new Set<string>(TAGS);

/** The frontmatter every doc must carry. */
interface Frontmatter {
  title: string;
  description: string;
  tags?: string[];
  slug?: string;
  sidebar_label?: string;
  sidebar_position?: number;
  /** The Strapi release the page was checked against: always the pin, STRAPI_VERSION. */
  strapi: string;
}

const ALLOWED_KEYS = new Set<keyof Frontmatter | string>([
  'title',
  'description',
  'tags',
  'slug',
  'sidebar_label',
  'sidebar_position',
  'hide_table_of_contents',
  'strapi',
]);

function problemsIn(doc: Doc): string[] {
  const problems: string[] = [];
  const data = doc.data as Partial<Frontmatter> & Record<string, unknown>;
  for (const key of ['title', 'description'] as const) {
    if (typeof data[key] !== 'string' || !(data[key] as string).trim()) {
      problems.push(`${doc.file}: frontmatter "${key}" is missing or empty; add a ${key}.`);
    }
  }
  if (String(data.strapi ?? '') !== STRAPI_VERSION) {
    problems.push(
      `${doc.file}: frontmatter "strapi" is ${data.strapi === undefined ? 'missing' : `"${String(data.strapi)}"`}; re-read the page against Strapi ${STRAPI_VERSION} (npm run check:sources) and set "strapi: ${STRAPI_VERSION}".`,
    );
  }
  for (const key of Object.keys(data)) {
    if (!ALLOWED_KEYS.has(key)) problems.push(`${doc.file}: unknown frontmatter key "${key}"; remove it or add it to the schema.`);
  }
  if (data.tags !== undefined) {
    if (!Array.isArray(data.tags)) problems.push(`${doc.file}: "tags" must be a list.`);
    else {
      const seen = new Set<string>();
      for (const tag of data.tags) {
        if (!vocabulary.has(tag)) problems.push(`${doc.file}: tag "${tag}" is not in src/data/tags.ts; use a listed tag or add it there.`);
        if (seen.has(tag)) problems.push(`${doc.file}: tag "${tag}" is listed twice; remove the duplicate.`);
        seen.add(tag);
      }
    }
  }
  return problems;
}

test('every doc has a title, a description and known tags', () => {
  assert.ok(docs.length >= 160, `expected at least 160 docs, found ${docs.length}`);
  const problems = docs.flatMap(problemsIn);
  assert.deepEqual(problems, []);
});

test('every tag of the vocabulary is used, and listed once', () => {
  const used = new Set(docs.flatMap((doc) => (Array.isArray(doc.data.tags) ? doc.data.tags : [])));
  assert.deepEqual(
    TAGS.filter((tag) => !used.has(tag)),
    [],
    'tags in src/data/tags.ts that no doc uses: remove them',
  );
  assert.equal(new Set(TAGS).size, TAGS.length, 'src/data/tags.ts lists a tag twice');
});

test('every route of the contract has its file, route, title, sidebar label and tags', () => {
  const byFile = new Map(docs.map((doc) => [doc.file, doc]));
  const problems: string[] = [];
  for (const route of ROUTES) {
    const doc = byFile.get(route.file);
    if (!doc) {
      problems.push(`${route.route}: ${route.file} does not exist`);
      continue;
    }
    const actualRoute = routeOfDoc(doc);
    if (actualRoute !== route.route)
      problems.push(`${route.file}: is served at ${actualRoute}, not ${route.route}; add "slug: ${route.route}"`);
    if (doc.data.title !== route.title) problems.push(`${route.file}: title "${doc.data.title}" should be "${route.title}"`);
    const label = (doc.data.sidebar_label ?? doc.data.title) as string;
    if (route.sidebar && label !== route.label) problems.push(`${route.file}: sidebar label "${label}" should be "${route.label}"`);
    const tags = (doc.data.tags ?? []) as string[];
    if (JSON.stringify(tags) !== JSON.stringify(route.tags)) {
      problems.push(`${route.file}: tags ${JSON.stringify(tags)} should be ${JSON.stringify(route.tags)}`);
    }
  }
  assert.deepEqual(problems, []);
  assert.equal(docs.length, ROUTES.length, 'docs/ holds a page that is not in src/data/routes.json');
});

const PLACEHOLDER = /\b(TODO|TBD|WIP|FIXME|lorem ipsum|lorem)\b|coming soon/i;

test('no placeholder text in any doc body', () => {
  const problems: string[] = [];
  for (const doc of docs) {
    let inFence = false;
    doc.body.split('\n').forEach((line, index) => {
      if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
      if (PLACEHOLDER.test(line))
        problems.push(`${doc.file}: line ${index + 1} of the body has placeholder text: "${line.trim().slice(0, 80)}"`);
    });
    for (const key of ['title', 'description'] as const) {
      if (PLACEHOLDER.test(String(doc.data[key] ?? ''))) problems.push(`${doc.file}: "${key}" has placeholder text`);
    }
  }
  assert.deepEqual(problems, []);
});

/** Fence languages drawn or shown as they are, not highlighted. */
const UNHIGHLIGHTED = new Set(['text', 'mermaid']);

test('every fenced code block names a language the highlighter knows', () => {
  const problems: string[] = [];
  for (const doc of docs) {
    let open: string | null = null;
    doc.body.split('\n').forEach((line, index) => {
      const fence = /^\s*(`{3,}|~{3,})(.*)$/.exec(line);
      if (!fence) return;
      if (open === null) {
        open = fence[1];
        const language = fence[2].trim().split(/\s/)[0].toLowerCase();
        if (!language)
          problems.push(`${doc.file}: line ${index + 1}: code fence without a language; write \`\`\`ts, \`\`\`bash, \`\`\`text...`);
        else if (!UNHIGHLIGHTED.has(language) && !highlighter.knows(language)) {
          problems.push(
            `${doc.file}: line ${index + 1}: Prism has no grammar for \`${language}\`; add it in src/prism/highlighter.ts or use \`text\``,
          );
        }
      } else if (fence[1].startsWith(open) && !fence[2].trim()) {
        open = null;
      }
    });
    if (open !== null) problems.push(`${doc.file}: a code fence is never closed`);
  }
  assert.deepEqual(problems, []);
});

/** Lines of a body that make an h1: `# x`, an HTML `<h1>`, or a line underlined with `===`. */
export function h1Lines(body: string): number[] {
  const lines: number[] = [];
  let inFence = false;
  const all = body.split('\n');
  all.forEach((line, index) => {
    if (/^\s*(```|~~~)/.test(line)) {
      inFence = !inFence;
      return;
    }
    if (inFence) return;
    const setext = /^ {0,3}=+\s*$/.test(line) && index > 0 && all[index - 1].trim() !== '' && !/^\s*(```|~~~)/.test(all[index - 1]);
    if (/^ {0,3}#(\s|$)/.test(line) || /<h1[\s>]/i.test(line) || setext) lines.push(index + 1);
  });
  return lines;
}

test('no h1 in a doc body (the title is the h1)', () => {
  const problems = docs.flatMap((doc) => h1Lines(doc.body).map((line) => `${doc.file}: line ${line} is an h1; use ## for sections`));
  assert.deepEqual(problems, []);
});

test('the h1 rule catches every way of writing an h1', () => {
  assert.deepEqual(h1Lines('# Title'), [1]);
  assert.deepEqual(h1Lines('text\n<h1>Title</h1>'), [2]);
  assert.deepEqual(h1Lines('<H1 class="x">Title</H1>'), [1]);
  assert.deepEqual(h1Lines('Title\n====='), [2]);
  assert.deepEqual(h1Lines('## Section\n\n```md\n# not a heading\nx\n===\n```'), []);
  assert.deepEqual(h1Lines('a | b\n--- | ---\n\n#hashtag'), []);
});

test('every category folder has a _category_.json', () => {
  const folders = new Set(docs.map((doc) => path.dirname(doc.file)));
  const roots = new Set(['docs', 'docs/guides', 'docs/docs', 'docs/api', 'docs/exports', 'docs/rfcs']);
  const missing = [...folders].filter((dir) => !roots.has(dir) && !existsSync(path.join(ROOT, dir, '_category_.json')));
  assert.deepEqual(missing, []);
});

/**
 * Docusaurus 3 reads `.md` pages as MDX, so `{name}` in prose is a JavaScript expression that
 * fails (or renders nothing) at build time; a literal brace is written `\{`. Found by parsing each
 * page with remark-mdx, as the build does.
 */
export async function mdxExpressionsIn(markdown: string): Promise<Array<{ line: number; value: string }>> {
  const { unified } = await import('unified');
  const remarkParse = (await import('remark-parse')).default;
  const remarkGfm = (await import('remark-gfm')).default;
  const remarkDirective = (await import('remark-directive')).default;
  const remarkMdx = (await import('remark-mdx')).default;
  const tree = unified().use(remarkParse).use(remarkGfm).use(remarkDirective).use(remarkMdx).parse(markdown);
  const found: Array<{ line: number; value: string }> = [];
  const walk = (node: { type: string; value?: string; children?: unknown[]; position?: { start: { line: number } } }) => {
    if (node.type === 'mdxTextExpression' || node.type === 'mdxFlowExpression') {
      found.push({ line: node.position?.start.line ?? 0, value: node.value ?? '' });
    }
    for (const child of (node.children ?? []) as Array<typeof node>) walk(child);
  };
  walk(tree as unknown as Parameters<typeof walk>[0]);
  return found;
}

test('no JavaScript expression in a .md page (a literal brace is written \\{)', async () => {
  const problems: string[] = [];
  for (const doc of docs.filter((d) => d.file.endsWith('.md'))) {
    for (const e of await mdxExpressionsIn(doc.body)) {
      problems.push(`${doc.file}: body line ${e.line}: {${e.value}} is an MDX expression; write \\{${e.value}\\} or put it in code`);
    }
  }
  assert.deepEqual(problems, []);
});

test('the expression rule finds a brace in prose and ignores code', async () => {
  assert.deepEqual(await mdxExpressionsIn('Scheduled for {date}.'), [{ line: 1, value: 'date' }]);
  assert.deepEqual(await mdxExpressionsIn('Literal \\{date\\}, `code {date}`, and\n\n```ts\nconst a = {b};\n```'), []);
});
