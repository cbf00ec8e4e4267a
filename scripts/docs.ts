/**
 * Reads every doc under docs/ with its frontmatter. Shared by the docs lint, the build
 * output checks and the e2e route tests so they all see the same pages.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import routes from '../src/data/routes.json';

export const ROOT = path.resolve(__dirname, '..');
export const DOCS_DIR = path.join(ROOT, 'docs');

export interface RouteEntry {
  route: string;
  /** The sidebar label the contract gives. */
  label: string;
  /** The page title (h1 and document title); differs from the label only for exports and "(WIP)" labels. */
  title: string;
  sidebar: string | null;
  tags: string[];
  file: string;
}

export const ROUTES: RouteEntry[] = routes;

export interface Doc {
  /** Path relative to the repository root, e.g. `docs/api/Cron.md`. */
  file: string;
  data: Record<string, unknown>;
  body: string;
  /** Lines of the file before the body (the frontmatter block): body line n is file line n + offset. */
  offset: number;
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.name.startsWith('_')) return [];
    if (entry.isDirectory()) return walk(full);
    return /\.mdx?$/.test(entry.name) ? [full] : [];
  });
}

/** One doc from its file's text: frontmatter, body, and where the body starts in the file. */
export function parseDoc(file: string, text: string): Doc {
  const { data, content } = matter(text);
  // gray-matter's content is the text after the closing `---` line: a suffix of the file.
  const offset = text.slice(0, text.length - content.length).split('\n').length - 1;
  return { file, data, body: content, offset };
}

/** Every doc under `dir` (docs/), in path order; files and folders starting with `_` are never built. */
export function readDocs(dir = DOCS_DIR): Doc[] {
  return walk(dir)
    .sort()
    .map((full) => parseDoc(path.relative(ROOT, full), readFileSync(full, 'utf8')));
}

/** The tag permalink Docusaurus 3.1.1 builds from a label (lodash kebabCase). */
export function tagSlug(label: string): string {
  return label
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Za-z])([0-9])/g, '$1 $2')
    .replace(/([0-9])([A-Za-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part.toLowerCase())
    .join('-');
}

/**
 * The route Docusaurus gives a doc: its `slug` when set, otherwise its path under docs/
 * without the extension, where `index` and a file named like its folder stand for the folder.
 */
export function routeOfDoc(doc: Doc): string {
  if (typeof doc.data.slug === 'string') return doc.data.slug;
  const parts = doc.file
    .replace(/^docs\//, '')
    .replace(/\.mdx?$/, '')
    .split('/');
  const name = parts[parts.length - 1];
  const folder = parts[parts.length - 2];
  if (name === 'index' || (folder !== undefined && name.toLowerCase() === folder.toLowerCase())) parts.pop();
  return `/${parts.join('/')}`;
}
