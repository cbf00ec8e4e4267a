/**
 * The docs lint's rules: frontmatter schema, tag vocabulary, the route contract, placeholder
 * text, code fences and their fragment markers, headings, category files and MDX expressions. Each rule takes pages (or their
 * text) and returns its problems, one message per finding naming the file, the place and the fix.
 * scripts/lint-docs.test.ts applies them to every doc under docs/; scripts/lint-docs-rules.test.ts
 * holds each rule to small planted pages.
 */
import path from 'node:path';
import { CHECKED_LANGUAGES, fragmentReason } from '../src/theme/CodeBlock/fragment';
import type { Doc, RouteEntry } from './docs';

/** The frontmatter every doc must carry. */
export interface Frontmatter {
  title: string;
  description: string;
  tags?: string[];
  slug?: string;
  sidebar_label?: string;
  sidebar_position?: number;
  /** The Strapi release the page was checked against: always the pin, STRAPI_VERSION. */
  strapi: string;
}

export const ALLOWED_KEYS: ReadonlySet<string> = new Set<keyof Frontmatter | string>([
  'title',
  'description',
  'tags',
  'slug',
  'sidebar_label',
  'sidebar_position',
  'hide_table_of_contents',
  'strapi',
]);

/** Frontmatter of one doc: title and description, the release it was checked against, known keys, tags. */
export function frontmatterProblems(doc: Doc, vocabulary: ReadonlySet<string>, strapiVersion: string): string[] {
  const problems: string[] = [];
  const data = doc.data as Partial<Frontmatter> & Record<string, unknown>;
  for (const key of ['title', 'description'] as const) {
    if (typeof data[key] !== 'string' || !(data[key] as string).trim()) {
      problems.push(`${doc.file}: frontmatter "${key}" is missing or empty; add a ${key}.`);
    }
  }
  if (String(data.strapi ?? '') !== strapiVersion) {
    problems.push(
      `${doc.file}: frontmatter "strapi" is ${data.strapi === undefined ? 'missing' : `"${String(data.strapi)}"`}; re-read the page against Strapi ${strapiVersion} (npm run check:sources) and set "strapi: ${strapiVersion}".`,
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

/** Tags of the vocabulary that no doc uses, then tags the vocabulary lists twice. */
export function vocabularyProblems(docs: readonly Doc[], tags: readonly string[]): string[] {
  const used = new Set(docs.flatMap((doc) => (Array.isArray(doc.data.tags) ? (doc.data.tags as unknown[]) : [])));
  const problems = tags.filter((tag) => !used.has(tag)).map((tag) => `src/data/tags.ts: tag "${tag}" is used by no doc; remove it.`);
  const seen = new Set<string>();
  for (const tag of tags) {
    if (seen.has(tag)) problems.push(`src/data/tags.ts: tag "${tag}" is listed twice; remove the duplicate.`);
    seen.add(tag);
  }
  return problems;
}

/**
 * The route contract (src/data/routes.json) against the docs: each entry's file exists, is served at
 * its route, has its title, sidebar label and tags; and every doc has an entry.
 */
export function routeProblems(docs: readonly Doc[], routes: readonly RouteEntry[], routeOf: (doc: Doc) => string): string[] {
  const byFile = new Map(docs.map((doc) => [doc.file, doc]));
  const problems: string[] = [];
  for (const route of routes) {
    const doc = byFile.get(route.file);
    if (!doc) {
      problems.push(`${route.route}: ${route.file} does not exist`);
      continue;
    }
    const actualRoute = routeOf(doc);
    if (actualRoute !== route.route)
      problems.push(`${route.file}: is served at ${actualRoute}, not ${route.route}; add "slug: ${route.route}"`);
    if (doc.data.title !== route.title) problems.push(`${route.file}: title "${String(doc.data.title)}" should be "${route.title}"`);
    const label = (doc.data.sidebar_label ?? doc.data.title) as string;
    if (route.sidebar && label !== route.label) problems.push(`${route.file}: sidebar label "${label}" should be "${route.label}"`);
    const tags = (doc.data.tags ?? []) as string[];
    if (JSON.stringify(tags) !== JSON.stringify(route.tags)) {
      problems.push(`${route.file}: tags ${JSON.stringify(tags)} should be ${JSON.stringify(route.tags)}`);
    }
  }
  const listed = new Set(routes.map((route) => route.file));
  for (const doc of docs) {
    if (!listed.has(doc.file)) problems.push(`${doc.file}: not in src/data/routes.json; add its route there.`);
  }
  return problems;
}

export const PLACEHOLDER = /\b(TODO|TBD|WIP|FIXME|lorem ipsum|lorem)\b|coming soon/i;

/** The line of the file that is line `bodyLine` (1-based) of the doc's body: messages name lines of the file. */
export function fileLine(doc: Doc, bodyLine: number): number {
  return bodyLine + doc.offset;
}

/** Placeholder text anywhere in the body (code included) and in the title and description. */
export function placeholderProblems(doc: Doc): string[] {
  const problems: string[] = [];
  doc.body.split('\n').forEach((line, index) => {
    if (PLACEHOLDER.test(line))
      problems.push(`${doc.file}: line ${fileLine(doc, index + 1)} has placeholder text: "${line.trim().slice(0, 80)}"`);
  });
  for (const key of ['title', 'description'] as const) {
    if (PLACEHOLDER.test(String(doc.data[key] ?? ''))) problems.push(`${doc.file}: "${key}" has placeholder text`);
  }
  return problems;
}

/** Fence languages drawn or shown as they are, not highlighted. */
export const UNHIGHLIGHTED: ReadonlySet<string> = new Set(['text', 'mermaid']);

/** Code fences: each names a language the highlighter knows (`knows`), or `text`/`mermaid`, and is closed. */
export function fenceProblems(doc: Doc, knows: (language: string) => boolean): string[] {
  const problems: string[] = [];
  let open: string | null = null;
  doc.body.split('\n').forEach((line, index) => {
    const fence = /^\s*(`{3,}|~{3,})(.*)$/.exec(line);
    if (!fence) return;
    if (open === null) {
      open = fence[1];
      const language = fence[2].trim().split(/\s/)[0].toLowerCase();
      if (!language)
        problems.push(
          `${doc.file}: line ${fileLine(doc, index + 1)}: code fence without a language; write \`\`\`ts, \`\`\`bash, \`\`\`text...`,
        );
      else if (!UNHIGHLIGHTED.has(language) && !knows(language)) {
        problems.push(
          `${doc.file}: line ${fileLine(doc, index + 1)}: Prism has no grammar for \`${language}\`; add it in src/prism/highlighter.ts or use \`text\``,
        );
      }
    } else if (fence[1].startsWith(open) && !fence[2].trim()) {
      open = null;
    }
  });
  if (open !== null) problems.push(`${doc.file}: a code fence is never closed`);
  return problems;
}

/**
 * The fragment marker (```ts fragment="why"```, src/theme/CodeBlock/fragment.ts): npm run check:examples
 * type-checks every TypeScript block except those marked, and the page shows the marker's reason. It
 * belongs on a ts, tsx or typescript fence only, and must give its reason in double quotes.
 */
export function fragmentProblems(doc: Doc): string[] {
  const problems: string[] = [];
  let open: string | null = null;
  doc.body.split('\n').forEach((line, index) => {
    const fence = /^\s*(`{3,}|~{3,})(.*)$/.exec(line);
    if (!fence) return;
    if (open !== null) {
      if (fence[1].startsWith(open) && !fence[2].trim()) open = null;
      return;
    }
    open = fence[1];
    const [language = '', ...rest] = fence[2].trim().split(/\s+/);
    const meta = rest.join(' ');
    if (!/(?:^|\s)fragment(?:=|\s|$)/.test(meta)) return;
    const where = `${doc.file}: line ${fileLine(doc, index + 1)}`;
    if (!CHECKED_LANGUAGES.has(language.toLowerCase())) {
      problems.push(`${where}: a fragment marker on a \`${language}\` fence; only TypeScript blocks are compiled, so remove it.`);
    } else if (!fragmentReason(meta)) {
      problems.push(`${where}: a fragment marker without its reason; write fragment="<why this block cannot compile on its own>".`);
    }
  });
  return problems;
}

const FENCE = /^\s*(```|~~~)/;

/** Lines (1-based) of a body that make an h1: `# x`, an HTML `<h1>`, or a line underlined with `===`. */
export function h1Lines(body: string): number[] {
  const lines: number[] = [];
  let inFence = false;
  const all = body.split('\n');
  all.forEach((line, index) => {
    if (FENCE.test(line)) {
      inFence = !inFence;
      return;
    }
    if (inFence) return;
    const setext = /^ {0,3}=+\s*$/.test(line) && index > 0 && all[index - 1].trim() !== '' && !FENCE.test(all[index - 1]);
    if (/^ {0,3}#(\s|$)/.test(line) || /<h1[\s>]/i.test(line) || setext) lines.push(index + 1);
  });
  return lines;
}

/** The title is the page's only h1: none in the body. */
export function h1Problems(doc: Doc): string[] {
  return h1Lines(doc.body).map((line) => `${doc.file}: line ${fileLine(doc, line)} is an h1; use ## for sections`);
}

/** The folders under docs/ that make the five sidebars' roots; every other folder is a category. */
export const SIDEBAR_ROOTS: ReadonlySet<string> = new Set(['docs', 'docs/guides', 'docs/docs', 'docs/api', 'docs/exports', 'docs/rfcs']);

/** Category folders (holding a doc, not a sidebar root) without a `_category_.json`. */
export function categoryProblems(docs: readonly Doc[], exists: (file: string) => boolean): string[] {
  const folders = Array.from(new Set(docs.map((doc) => path.posix.dirname(doc.file))));
  return folders
    .filter((dir) => !SIDEBAR_ROOTS.has(dir) && !exists(`${dir}/_category_.json`))
    .map((dir) => `${dir}: a category folder without _category_.json; add one with its label and position.`);
}

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

/** MDX expressions in a `.md` page (an `.mdx` page may use them). */
export async function expressionProblems(doc: Doc): Promise<string[]> {
  if (!doc.file.endsWith('.md')) return [];
  return (await mdxExpressionsIn(doc.body)).map(
    (e) => `${doc.file}: line ${fileLine(doc, e.line)}: {${e.value}} is an MDX expression; write \\{${e.value}\\} or put it in code`,
  );
}
