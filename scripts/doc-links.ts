/**
 * Checks the links of the maintainers' Markdown (README.md, CONTRIBUTING.md, docs-dev/*.md,
 * src/theme/README.md): every relative link or image must reach a file or folder of the
 * repository, and every `#anchor` must be the GitHub-style slug of a heading of its target (or an
 * `id`/`name` of an HTML element in it). `#L12` and `#L12-L20` on other files must be lines that exist.
 * External links (`https:`, `mailto:`) are not fetched. Run by `npm run test:unit`
 * (scripts/doc-links.test.ts); `npx tsx scripts/doc-links.ts` prints the problems.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import GithubSlugger from 'github-slugger';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import type { Root, RootContent } from 'mdast';

/** The files this check covers, relative to the repository root. */
export function maintainerDocs(root: string): string[] {
  const dir = path.join(root, 'docs-dev');
  const devDocs = existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.md'))
        .sort()
        .map((f) => path.join('docs-dev', f))
    : [];
  return ['README.md', 'CONTRIBUTING.md', ...devDocs, 'src/theme/README.md'].filter((f) => existsSync(path.join(root, f)));
}

export interface LinkProblem {
  file: string;
  line: number;
  target: string;
  problem: string;
}

interface Link {
  target: string;
  line: number;
}

function parse(markdown: string): Root {
  return unified().use(remarkParse).use(remarkGfm).parse(markdown) as Root;
}

function textOf(node: RootContent): string {
  if ('value' in node && typeof node.value === 'string' && node.type !== 'html') return node.value;
  if ('children' in node) return (node.children as RootContent[]).map(textOf).join('');
  return '';
}

function walk(node: Root | RootContent, visit: (node: RootContent) => void): void {
  if (node.type !== 'root') visit(node);
  if ('children' in node) for (const child of node.children as RootContent[]) walk(child, visit);
}

/** The links (inline, reference definitions, images) of a Markdown text, code excluded. */
export function linksOf(markdown: string): Link[] {
  const links: Link[] = [];
  walk(parse(markdown), (node) => {
    if (node.type === 'link' || node.type === 'image' || node.type === 'definition') {
      links.push({ target: node.url, line: node.position?.start.line ?? 0 });
    }
  });
  return links;
}

/** The anchors a Markdown text offers on GitHub: its headings' slugs and its HTML ids and names. */
export function anchorsOf(markdown: string): Set<string> {
  const slugger = new GithubSlugger();
  const anchors = new Set<string>();
  walk(parse(markdown), (node) => {
    if (node.type === 'heading') anchors.add(slugger.slug(textOf(node)));
    if (node.type === 'html') for (const m of node.value.matchAll(/\b(?:id|name)="([^"]+)"/g)) anchors.add(m[1]);
  });
  return anchors;
}

const EXTERNAL = /^[a-z][a-z0-9+.-]*:/i;

/** Every problem of the links of `files` (paths relative to `root`), in file and line order. */
export function checkLinks(root: string, files: readonly string[]): LinkProblem[] {
  const problems: LinkProblem[] = [];
  const anchorCache = new Map<string, Set<string>>();
  const anchors = (file: string) => {
    if (!anchorCache.has(file)) anchorCache.set(file, anchorsOf(readFileSync(file, 'utf8')));
    return anchorCache.get(file)!;
  };
  for (const file of files) {
    const absolute = path.join(root, file);
    for (const { target, line } of linksOf(readFileSync(absolute, 'utf8'))) {
      if (EXTERNAL.test(target) || target.startsWith('//')) continue;
      const report = (problem: string) => problems.push({ file, line, target, problem });
      const hashAt = target.indexOf('#');
      const pathPart = (hashAt < 0 ? target : target.slice(0, hashAt)).replace(/\?.*$/, '');
      const anchor = hashAt < 0 ? '' : decodeURIComponent(target.slice(hashAt + 1));
      let decoded: string;
      try {
        decoded = decodeURIComponent(pathPart);
      } catch {
        report('malformed percent-encoding');
        continue;
      }
      const resolved =
        decoded === '' ? absolute : decoded.startsWith('/') ? path.join(root, decoded) : path.resolve(path.dirname(absolute), decoded);
      if (path.relative(root, resolved).startsWith('..')) {
        report('points outside the repository');
        continue;
      }
      if (!existsSync(resolved)) {
        report(`no such file: ${path.relative(root, resolved)}`);
        continue;
      }
      if (!anchor) continue;
      if (statSync(resolved).isDirectory()) {
        report('an anchor on a folder');
      } else if (resolved.endsWith('.md')) {
        if (!anchors(resolved).has(anchor)) report(`no heading with the anchor #${anchor} in ${path.relative(root, resolved)}`);
      } else {
        const lines = /^L(\d+)(?:-L(\d+))?$/.exec(anchor);
        const count = readFileSync(resolved, 'utf8').split('\n').length;
        if (!lines) report(`#${anchor} is not a line anchor (#L12 or #L12-L20)`);
        else if (Number(lines[1]) < 1 || Math.max(Number(lines[1]), Number(lines[2] ?? 0)) > count) {
          report(`#${anchor} is past the end of ${path.relative(root, resolved)} (${count} lines)`);
        }
      }
    }
  }
  return problems;
}

if (require.main === module) {
  const root = path.resolve(__dirname, '..');
  const problems = checkLinks(root, maintainerDocs(root));
  for (const p of problems) console.log(`${p.file}:${p.line}: ${p.target}: ${p.problem}`);
  console.log(problems.length === 0 ? 'All links resolve.' : `${problems.length} broken links.`);
  process.exitCode = problems.length === 0 ? 0 : 1;
}
