/**
 * `npm run check:sources [-- docs/page.md ...]`: holds every page to Strapi's source at the pinned
 * release, rebuilt by `npm run strapi-source` (scripts/strapi-source.ts).
 *
 * - Every GitHub link goes to a release tag of a known tree, and the file or folder it names exists
 *   there; every `packages/...` path in code font exists in the monorepo tree.
 * - Every identifier in a reference table's first column occurs in the files the page cites.
 * - Every Exports page's members (name, optional or not, type) match the `.d.ts` declarations of
 *   `@strapi/admin` at the pin, and every declared member is documented.
 *
 * Each failure is one line: `page:line: claim: what is wrong (file)`. Exceptions, each with its
 * reason, are in src/data/source-exceptions.ts; files that no package publishes are listed, with
 * how they were checked, in src/data/unpublished-sources.jsonl.
 *
 * Every link into a file names the lines behind its claim, and the range holds the identifier the
 * link names (docs-dev/ground-truth.md); a link left on the whole file reads as its path.
 *
 * `STRAPI_VERSION=<other> npm run check:sources` checks the pages against another release (its
 * source rebuilt beside the pin's). To move the pin, `npm run move-pin -- <version>` (scripts/move-pin.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import { MONOREPO, STRAPI_VERSION, monorepoTreeOf, sourceTrees, type LineRange, type SourceTree } from '../src/config/strapi';
import { SOURCE_EXCEPTIONS } from '../src/data/source-exceptions';
import { citedFiles, extractClaims, type CitedLink, type MdNode, type PageClaims } from '../src/sources/claims';
import { anchorFor, checkRange, nested, showRange, type SourceText } from './sources/anchors';
import { AdminDeclarations, declarationSources, normaliseType } from './sources/declarations';
import { isPathText, namesOf } from './sources/links';
import { TreeReader } from './sources/tree';
import { ROOT, readDocs } from './docs';
import { buildSourceTrees } from './strapi-source';

export interface UnpublishedSource {
  repo: string;
  path: string;
  reason: string;
  checked: string;
}

export function readUnpublished(file = path.join(ROOT, 'src/data/unpublished-sources.jsonl')): UnpublishedSource[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l, i) => {
      const entry = JSON.parse(l) as UnpublishedSource;
      for (const key of ['repo', 'path', 'reason', 'checked'] as const) {
        if (typeof entry[key] !== 'string' || !entry[key].trim()) {
          throw new Error(`src/data/unpublished-sources.jsonl:${i + 1}: "${key}" is missing`);
        }
      }
      return entry;
    });
}

type Parse = (markdown: string, mdx: boolean) => MdNode;

/** A markdown parser with the syntax Docusaurus reads (GFM tables, directives, MDX for .mdx). */
export async function createParser(): Promise<Parse> {
  const { unified } = await import('unified');
  const remarkParse = (await import('remark-parse')).default;
  const remarkGfm = (await import('remark-gfm')).default;
  const remarkDirective = (await import('remark-directive')).default;
  const remarkMdx = (await import('remark-mdx')).default;
  const md = unified().use(remarkParse).use(remarkGfm).use(remarkDirective);
  const mdx = unified().use(remarkParse).use(remarkGfm).use(remarkDirective).use(remarkMdx);
  return (markdown, isMdx) => (isMdx ? mdx : md).parse(markdown) as unknown as MdNode;
}

export interface Page {
  /** Path from the repository root, `docs/...`. */
  file: string;
  body: string;
  /** Line of the body's first line in the file (frontmatter comes before it). */
  offset: number;
}

export function readPage(file: string): Page {
  const raw = readFileSync(path.join(ROOT, file), 'utf8');
  const { content } = matter(raw);
  const offset = raw.slice(0, raw.length - content.length).split('\n').length - 1;
  return { file, body: content, offset };
}

export interface CheckOptions {
  /** The Strapi release the monorepo links and paths are checked against (default: the pin). */
  version?: string;
  unpublished?: UnpublishedSource[];
  exceptions?: Array<{ page: string; claim: string; reason: string }>;
}

/** Reads trees on demand and caches them for a run. */
export class SourceContext {
  private readonly readers = new Map<string, TreeReader>();
  private declarations: AdminDeclarations | null = null;

  constructor(readonly version: string) {}

  reader(tree: SourceTree): TreeReader {
    const key = `${tree.repo}@${tree.version}`;
    let reader = this.readers.get(key);
    if (!reader) {
      reader = new TreeReader(tree);
      this.readers.set(key, reader);
    }
    return reader;
  }

  admin(): AdminDeclarations {
    this.declarations ??= new AdminDeclarations(this.version);
    return this.declarations;
  }

  /** The tree a link's ref stands for: the pin's tag reads the checked release. */
  treeOfRef(repo: string, ref: string): SourceTree | null {
    const known = sourceTrees(STRAPI_VERSION);
    const hit = known.find((t) => t.repo === repo && `v${t.version}` === ref);
    if (!hit) return null;
    if (repo === MONOREPO && hit.version === STRAPI_VERSION) return { repo, version: this.version };
    return hit;
  }
}

export function checkPage(page: Page, parse: Parse, ctx: SourceContext, options: CheckOptions = {}): string[] {
  const unpublished = options.unpublished ?? readUnpublished();
  const exceptions = (options.exceptions ?? SOURCE_EXCEPTIONS).filter((e) => e.page === page.file);
  const excused = (claim: string) => exceptions.some((e) => e.claim === claim);
  const claims: PageClaims = extractClaims(parse(page.body, page.file.endsWith('.mdx')));
  const symbol = exportedSymbolOf(page.file)?.name ?? null;
  const failures: string[] = [];
  const at = (line: number) => `${page.file}:${line + page.offset}`;
  const isUnpublished = (repo: string, p: string) =>
    unpublished.some((u) => u.repo === repo && (u.path === p || p.startsWith(`${u.path.replace(/\/$/, '')}/`)));

  // The texts of the files the page cites, for the identifier check, read only when the page has
  // identifiers to check (a folder's text is every file under it).
  const texts: Array<() => string> = [];

  for (const link of claims.links) {
    const tree = ctx.treeOfRef(link.repo, link.ref);
    if (!tree) {
      const known = sourceTrees(STRAPI_VERSION)
        .filter((t) => t.repo === link.repo)
        .map((t) => `v${t.version}`);
      if (excused(link.url)) continue;
      failures.push(
        `${at(link.line)}: ${link.url}: links ${link.repo} at "${link.ref}", not at a pinned release tag (${known.join(' or ') || `no tree of ${link.repo} is pinned`})`,
      );
      continue;
    }
    if (!link.path) continue;
    if (link.hash && (!link.lines || link.kind === 'tree')) {
      failures.push(`${at(link.line)}: ${link.url}: "${link.hash}" is not a line anchor of a file (#L<a> or #L<a>-L<b> on a blob link)`);
      continue;
    }
    if (isUnpublished(link.repo, link.path)) continue;
    const reader = ctx.reader(tree);
    if (!reader.has(link.path)) {
      if (!excused(link.path)) {
        failures.push(`${at(link.line)}: ${link.path}: no such file or folder in ${tree.repo}@v${tree.version} (link ${link.url})`);
      }
      continue;
    }
    texts.push(() => reader.read(link.path));
    if (link.kind === 'tree' || excused(link.url)) continue;
    const source = reader.source(link.path);
    failures.push(...checkAnchor(link, source, symbol, at, source ? memberLines(link, source, symbol, ctx) : undefined));
  }

  for (const cited of claims.codePaths) {
    const pinned = monorepoTreeOf(cited.path, STRAPI_VERSION);
    const tree = pinned.version === STRAPI_VERSION ? { ...pinned, version: ctx.version } : pinned;
    if (isUnpublished(tree.repo, cited.path)) continue;
    const reader = ctx.reader(tree);
    if (!reader.has(cited.path)) {
      if (!excused(cited.path)) failures.push(`${at(cited.line)}: ${cited.path}: no such file or folder in ${tree.repo}@v${tree.version}`);
      continue;
    }
    texts.push(() => reader.read(cited.path));
  }

  const corpus = claims.identifiers.length > 0 ? texts.map((read) => read()).join('\n') : '';
  for (const id of claims.identifiers) {
    if (excused(id.text) || excused(id.identifier)) continue;
    const pattern = new RegExp(`(?<![\\w$])${id.identifier.replace(/\$/g, '\\$')}(?![\\w$])`);
    if (!pattern.test(corpus)) {
      const files = citedFiles(claims, ctx.version).map((f) => f.path);
      failures.push(
        `${at(id.line)}: \`${id.text}\`: "${id.identifier}" occurs in none of the files the page cites (${files.length ? files.join(', ') : 'it cites none'})`,
      );
    }
  }

  failures.push(...checkExportsPage(page, claims, ctx, excused, at));
  return failures;
}

/**
 * A link into a file: an anchored link's range must exist and hold the identifier the link names;
 * a link without lines must name no identifier the file holds, and then read as the file's path.
 * `source` is null for a file whose lines are not published (its map names it without content).
 */
export function checkAnchor(
  link: CitedLink,
  source: SourceText | null,
  pageSymbol: string | null,
  at: (line: number) => string,
  memberLines?: LineRange,
): string[] {
  const where = `${at(link.line)}: ${link.path}${link.hash}`;
  if (!source) {
    return link.lines
      ? [`${where}: the lines of this file are not published (its source map names it without content); link the whole file`]
      : [];
  }
  const { names, from } = namesOf(link, source, pageSymbol);
  if (link.lines) {
    const problem = checkRange(source, link.lines, names);
    return problem ? [`${where}: ${problem.message}`] : [];
  }
  if (names.length > 0) {
    // A member's anchor is its owner's declaration, not the first declaration of its name.
    const anchor = memberLines ? { lines: memberLines } : anchorFor(source, names);
    const said = names.map((n) => `\`${n}\``).join(', ');
    const by = {
      member: 'as the member it documents',
      code: 'in its text',
      sentence: 'in its sentence',
      page: "as the page's symbol",
      none: '',
    }[from];
    return [
      anchor
        ? `${where}: names ${said} (${by}) but links the whole file: anchor it at #${showRange(anchor.lines)} (npm run anchor-links)`
        : `${where}: names ${said} (${by}), which does not occur in the file`,
    ];
  }
  if (!isPathText(link.text, link.path)) {
    return [`${where}: links the whole file, so its text must be the file's path (it reads "${link.text}")`];
  }
  return [];
}

/** On an Exports page, the lines of the member a link stands for: its owner's declaration in the linked file. */
function memberLines(link: CitedLink, source: SourceText, symbol: string | null, ctx: SourceContext): LineRange | undefined {
  if (!link.member || !symbol) return undefined;
  const owner = ctx
    .admin()
    .lookup(symbol)
    ?.members.find((m) => m.name === link.member)?.owner;
  return owner ? source.memberOf(owner, link.member)?.lines : undefined;
}

/**
 * Whether the admin source a `.d.ts` was compiled from is published with its lines (a type-only
 * file's map names it without content: its members cannot be linked to lines).
 */
function declarationSource(declaredIn: string, ctx: SourceContext): boolean {
  const reader = ctx.reader({ repo: MONOREPO, version: ctx.version });
  return declarationSources(declaredIn).some((f) => reader.source(f) !== null);
}

/** docs/exports/interfaces/Table.BodyProps.md -> Table.BodyProps; null for other pages. */
export function exportedSymbolOf(file: string): { name: string; kind: 'interfaces' | 'classes' | 'namespaces' } | null {
  const m = /^docs\/exports\/(interfaces|classes|namespaces)\/(.+)\.mdx?$/.exec(file);
  return m ? { kind: m[1] as 'interfaces' | 'classes' | 'namespaces', name: m[2] } : null;
}

function checkExportsPage(
  page: Page,
  claims: PageClaims,
  ctx: SourceContext,
  excused: (claim: string) => boolean,
  at: (line: number) => string,
): string[] {
  const target = exportedSymbolOf(page.file);
  if (!target) return [];
  const failures: string[] = [];
  const declared = ctx.admin().lookup(target.name);
  const where = `@strapi/admin@${ctx.version} (dist/admin/src/index.d.ts)`;
  if (!declared) {
    if (!/^## History\b/m.test(page.body)) {
      failures.push(
        `${at(1)}: ${target.name}: not exported by ${where}; say so, show what replaced it, and keep the older declaration under "## History: <version> declaration"`,
      );
    }
    return failures;
  }
  if (target.kind === 'namespaces') return failures;
  const documented = new Map(claims.members.map((m) => [m.name, m]));
  // Headings outside a History section, for members documented without a `**name**:` line.
  const headings = new Set<string>();
  let inHistory = false;
  for (const line of page.body.split('\n')) {
    if (/^## /.test(line)) inHistory = /^## History\b/.test(line);
    const h = /^### (?:`)?(?:\[['"])?([\w$-]+)(?:['"]\])?(?:`)?(?:\(.*\))?\s*$/.exec(line);
    if (h && !inHistory) headings.add(h[1]);
  }
  for (const member of claims.members) {
    if (excused(member.name)) continue;
    const decl = declared.members.find((d) => d.name === member.name);
    if (!decl) {
      failures.push(`${at(member.line)}: ${target.name}.${member.name}: no such member in ${where}`);
      continue;
    }
    if (decl.optional !== member.optional) {
      failures.push(
        `${at(member.line)}: ${target.name}.${member.name}: documented as ${member.optional ? 'optional' : 'required'}, declared ${decl.optional ? 'optional' : 'required'} in ${where}`,
      );
    }
    if (decl.declaredIn && !claims.links.some((l) => l.member === member.name) && declarationSource(decl.declaredIn, ctx)) {
      failures.push(
        `${at(member.line)}: ${target.name}.${member.name}: not linked to its declaration (${decl.owner || target.name} in ${decl.declaredIn}); write **[${member.name}${member.optional ? '?' : ''}](<source link>)** (npm run anchor-links)`,
      );
    }
    const link = claims.links.find((l) => l.member === member.name);
    const tree = link?.lines ? ctx.treeOfRef(link.repo, link.ref) : null;
    const source = link && tree ? ctx.reader(tree).source(link.path) : null;
    const own = source && decl.owner ? source.memberOf(decl.owner, member.name) : undefined;
    if (link?.lines && source && own && checkRange(source, link.lines, [member.name]) === null && !nested(link.lines, own.lines)) {
      failures.push(
        `${at(link.line)}: ${link.path}${link.hash}: ${target.name}.${member.name} is declared at ${showRange(own.lines)}, not in ${showRange(link.lines)}`,
      );
    }
    const written = normaliseType(member.type);
    if (written !== normaliseType(decl.type) && (!decl.altType || written !== normaliseType(decl.altType))) {
      failures.push(
        `${at(member.line)}: ${target.name}.${member.name}: type \`${member.type}\` differs from the declaration \`${decl.type.replace(/\s+/g, ' ')}\` in ${where}`,
      );
    }
  }
  for (const decl of declared.members) {
    if (documented.has(decl.name) || headings.has(decl.name) || excused(decl.name)) continue;
    failures.push(`${at(1)}: ${target.name}.${decl.name}: declared in ${where} but not documented (add a "### ${decl.name}" section)`);
  }
  return failures;
}

export function pagesToCheck(args: string[]): Page[] {
  const files = args.length > 0 ? args.map((a) => path.relative(ROOT, path.resolve(a))) : readDocs().map((d) => d.file);
  return files.map(readPage);
}

/**
 * Checks pages (all of docs/ without arguments) against a release, the pin by default; prints one
 * line per failure and a summary. Returns the exit code.
 */
export async function run(args: string[], version: string = STRAPI_VERSION, log: (line: string) => void = console.log): Promise<number> {
  const pages = pagesToCheck(args);
  const parse = await createParser();
  await buildSourceTrees(version, () => {});
  const ctx = new SourceContext(version);
  let failures = 0;
  let failingPages = 0;
  for (const page of pages) {
    const lines = checkPage(page, parse, ctx);
    failures += lines.length;
    if (lines.length > 0) failingPages++;
    for (const l of lines) log(l);
  }
  log(`check:sources: ${pages.length} page(s) against Strapi ${version}: ${failures} failure(s) on ${failingPages} page(s)`);
  return failures > 0 ? 1 : 0;
}

if (require.main === module) {
  run(process.argv.slice(2), process.env.STRAPI_VERSION || STRAPI_VERSION).then(
    (code) => process.exit(code),
    (error: Error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}
