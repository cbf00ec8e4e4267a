/**
 * Line anchors of source links, set and moved mechanically (docs-dev/ground-truth.md).
 *
 * `npm run anchor-links [-- docs/page.md ...]`: at the pin, anchors every source link whose
 * identifier can be determined (its member, its code text, the code spans of its sentence or row,
 * an Exports page's symbol) at the lines that declare or use it, links each Exports member to its
 * declaration, keeps the anchors that already hold, and lists the links left for a decision by hand.
 * Run it again after merging other edits to the pages.
 *
 * `npm run move-pin -- <version>`: rebuilds that release's tree, finds every identifier of every
 * monorepo link again (in the same file, else in the file it moved to, found by content), rewrites
 * the links, the pages' `strapi:` frontmatter and STRAPI_VERSION, and prints each page's claims as
 * unchanged, moved but identical (re-anchored, nothing to read), changed (with a diff of the lines
 * behind the claim) or gone.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import * as prettier from 'prettier';
import { MONOREPO, sourceTrees, sourceUrl, type LineRange, type SourceTree } from '../src/config/strapi';
import { STRAPI_VERSION } from '../src/config/site';
import { extractClaims, type CitedLink } from '../src/sources/claims';
import { anchorFor, checkRange, nested, showRange, type SourceText } from './sources/anchors';
import { AdminDeclarations, declarationSources } from './sources/declarations';
import { isPathText, namesOf } from './sources/links';
import { TreeReader } from './sources/tree';
import { createParser, exportedSymbolOf, readUnpublished } from './check-sources';
import { ROOT, readDocs } from './docs';
import { buildSourceTrees } from './strapi-source';

export type Status = 'unchanged' | 'moved' | 'changed' | 'gone';

export interface Claim {
  page: string;
  /** Line in the page file. */
  line: number;
  status: Status;
  /** The link as it was and as it becomes. */
  from: string;
  to: string;
  names: string[];
  /** For a changed claim: the lines behind it, before and after, as a diff. */
  diff: string[];
  note: string;
}

/** What movePage reads of a tree (a TreeReader, or files in memory in the tests). */
export type Tree = Pick<TreeReader, 'isFile' | 'has' | 'source' | 'read' | 'files'>;

export interface Edit {
  start: number;
  end: number;
  text: string;
}

/** Applies edits (offsets into `text`, not overlapping) from the last to the first. */
export function applyEdits(text: string, edits: Edit[]): string {
  let out = text;
  for (const e of [...edits].sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}

/** A line diff of two short texts (longest common subsequence): ` ` kept, `-` before only, `+` after only. */
export function lineDiff(before: string[], after: string[]): string[] {
  const n = before.length;
  const m = after.length;
  if (n * m > 250_000) return [`- (${n} lines)`, `+ (${m} lines)`];
  const lcs: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i][j] = before[i] === after[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
    }
  }
  const out: string[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && before[i] === after[j]) {
      out.push(`  ${before[i]}`);
      i++;
      j++;
    } else if (i < n && (j === m || lcs[i + 1][j] >= lcs[i][j + 1])) {
      out.push(`- ${before[i]}`);
      i++;
    } else {
      out.push(`+ ${after[j]}`);
      j++;
    }
  }
  return out;
}

/** Only the changed lines of a diff with `context` kept lines around each, `...` between. */
export function trimDiff(diff: string[], context = 2): string[] {
  const keep = diff.map((l) => !l.startsWith('  '));
  const out: string[] = [];
  let skipped = false;
  diff.forEach((l, i) => {
    const near = keep.slice(Math.max(0, i - context), i + context + 1).some(Boolean);
    if (near) {
      if (skipped) out.push('  ...');
      skipped = false;
      out.push(l);
    } else skipped = true;
  });
  if (skipped) out.push('  ...');
  return out;
}

const contentLines = (text: string) =>
  new Set(
    text
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l.length > 3),
  );

/**
 * The file of `to` that a file of `from` moved to, found by content: the file sharing the most
 * non-trivial lines with it (at least half of the larger file's), preferring the same name.
 */
export function findMoved(oldText: string, oldPath: string, to: Tree): { path: string; similarity: number } | null {
  const before = contentLines(oldText);
  if (before.size === 0) return null;
  let best: { path: string; similarity: number } | null = null;
  const base = oldPath.split('/').pop();
  for (const candidate of to.files()) {
    const source = to.source(candidate);
    if (!source) continue;
    const after = contentLines(source.text);
    let shared = 0;
    for (const l of after) if (before.has(l)) shared++;
    const similarity = shared / Math.max(before.size, after.size);
    const better = !best || similarity > best.similarity || (similarity === best.similarity && candidate.split('/').pop() === base);
    if (similarity >= 0.5 && better) best = { path: candidate, similarity };
  }
  return best;
}

/** Where a range's exact lines are in another file: the match nearest to the old start. */
export function findBlock(lines: string[], target: SourceText, near: number): LineRange | null {
  let best: LineRange | null = null;
  for (let s = 1; s + lines.length - 1 <= target.lineCount; s++) {
    let ok = true;
    for (let k = 0; k < lines.length && ok; k++) ok = target.lines[s - 1 + k] === lines[k];
    if (ok && (!best || Math.abs(s - near) < Math.abs(best.start - near))) best = { start: s, end: s + lines.length - 1 };
  }
  return best;
}

/** Whether the admin source a `.d.ts` was compiled from is in the tree without its lines (a type-only file). */
function declarationWithoutLines(declaredIn: string, reader: Tree): boolean {
  return declarationSources(declaredIn).some((f) => reader.isFile(f) && reader.source(f) === null);
}

/** The admin source file a `.d.ts` of `@strapi/admin` was compiled from. */
export function sourceOfDeclaration(declaredIn: string, reader: Tree): string | null {
  return declarationSources(declaredIn).find((candidate) => reader.source(candidate)) ?? null;
}

export interface PageInput {
  /** `docs/...` */
  file: string;
  /** The whole file, frontmatter included. */
  raw: string;
}

export interface PageResult {
  file: string;
  raw: string;
  claims: Claim[];
  /** Links left for a decision by hand (anchor-links), with why. */
  undecided: string[];
}

export interface Move {
  from: string;
  to: string;
  /** Trees by `repo@version`. */
  reader: (tree: SourceTree) => Tree;
  admin?: () => Pick<AdminDeclarations, 'lookup'>;
  unpublished?: Array<{ repo: string; path: string }>;
}

type Parse = Awaited<ReturnType<typeof createParser>>;

/**
 * Re-anchors the links of one page from the release `move.from` to `move.to` (the same release
 * for anchor-links). Links to the trees outside the monorepo's pin keep their tag.
 */
export function movePage(page: PageInput, parse: Parse, move: Move): PageResult {
  const { content } = matter(page.raw);
  const bodyStart = page.raw.length - content.length;
  const lineOffset = page.raw.slice(0, bodyStart).split('\n').length - 1;
  const claims = extractClaims(parse(content, page.file.endsWith('.mdx')));
  const symbol = exportedSymbolOf(page.file)?.name ?? null;
  const same = move.from === move.to;
  const edits: Edit[] = [];
  const out: Claim[] = [];
  const undecided: string[] = [];
  const unpublished = move.unpublished ?? [];
  const isUnpublished = (repo: string, p: string) =>
    unpublished.some((u) => u.repo === repo && (u.path === p || p.startsWith(`${u.path.replace(/\/$/, '')}/`)));

  // An Exports member's link goes to the member of the interface or class that declares it, not to
  // the first declaration of that name in the file.
  const target = exportedSymbolOf(page.file);
  const declared = target && move.admin ? move.admin().lookup(target.name) : null;
  const ownerOf = (link: CitedLink) => (link.member ? declared?.members.find((m) => m.name === link.member)?.owner : undefined);
  const anchor = (source: SourceText, names: string[], link: CitedLink): LineRange | null => {
    const owner = ownerOf(link);
    const own = owner ? source.memberOf(owner, link.member!) : undefined;
    if (own) return own.lines;
    return names.length > 0 ? (anchorFor(source, names)?.lines ?? null) : null;
  };
  const holdsAt = (source: SourceText, lines: LineRange, names: string[], link: CitedLink) => {
    if (checkRange(source, lines, names) !== null) return false;
    const owner = ownerOf(link);
    const own = owner ? source.memberOf(owner, link.member!) : undefined;
    return !own || nested(lines, own.lines);
  };

  const rewrite = (link: CitedLink, url: string) => {
    if (url === link.url) return;
    const at = bodyStart + link.start;
    const slice = page.raw.slice(at, bodyStart + link.end);
    const i = slice.lastIndexOf(link.url);
    if (i < 0) throw new Error(`${page.file}:${link.line + lineOffset}: cannot find ${link.url} in the link's text`);
    edits.push({ start: at + i, end: at + i + link.url.length, text: url });
  };

  for (const link of claims.links) {
    const line = link.line + lineOffset;
    const moving = link.repo === MONOREPO && link.ref === `v${move.from}`;
    const treeFrom = moving
      ? { repo: MONOREPO, version: move.from }
      : sourceTrees(move.from).find((t) => t.repo === link.repo && `v${t.version}` === link.ref);
    if (!treeFrom || !link.path) continue;
    const treeTo = moving ? { repo: MONOREPO, version: move.to } : treeFrom;
    const before = move.reader(treeFrom);
    const after = move.reader(treeTo);
    const claim = (status: Status, to: string, names: string[], diff: string[] = [], note = '') =>
      out.push({ page: page.file, line, status, from: link.url, to, names, diff, note });

    if (link.kind === 'tree' || isUnpublished(link.repo, link.path) || !before.isFile(link.path)) {
      // Folders, files no package publishes: the tag moves, nothing else can be checked here.
      const to = sourceUrl(treeTo, link.path, link.kind) + link.hash;
      rewrite(link, to);
      if (!same) claim(after.has(link.path) || isUnpublished(link.repo, link.path) ? 'unchanged' : 'gone', to, []);
      continue;
    }
    const old = before.source(link.path);
    if (!old) {
      // A file whose lines are not published: compared whole, through what the tree knows of it.
      const to = sourceUrl(treeTo, link.path, link.kind) + link.hash;
      rewrite(link, to);
      if (!same)
        claim(
          !after.has(link.path) ? 'gone' : before.read(link.path) === after.read(link.path) ? 'unchanged' : 'changed',
          to,
          [],
          [],
          'lines not published',
        );
      continue;
    }
    const oldNames = namesOf(link, old, symbol).names;
    let newPath = link.path;
    let note = '';
    if (!after.isFile(link.path)) {
      const moved = findMoved(old.text, link.path, after);
      if (!moved) {
        const to = sourceUrl(treeTo, link.path, link.kind) + link.hash;
        rewrite(link, to);
        claim('gone', to, oldNames, [], `no file of ${move.to} holds it`);
        continue;
      }
      newPath = moved.path;
      note = `moved to ${moved.path} (${Math.round(moved.similarity * 100)} % of its lines)`;
    }
    const source = after.source(newPath);
    if (!source) continue;
    const names = namesOf(link, source, symbol).names;

    if (!link.lines) {
      const lines = anchor(source, names, link);
      if (same) {
        if (lines) rewrite(link, sourceUrl(treeTo, newPath, 'blob', lines));
        else if (names.length > 0)
          undecided.push(
            `${page.file}:${line}: ${link.path}: names ${names.map((n) => `\`${n}\``).join(', ')}, which the file does not hold`,
          );
        else if (!isPathText(link.text, link.path))
          undecided.push(
            `${page.file}:${line}: ${link.path}: names nothing the file holds, and its text "${link.text}" is not the file's path`,
          );
        continue;
      }
      const to = sourceUrl(treeTo, newPath, 'blob');
      rewrite(link, to);
      if (old.text === source.text) claim(newPath === link.path ? 'unchanged' : 'moved', to, names, [], note);
      else {
        const d = lineDiff(old.lines, source.lines).filter((l) => !l.startsWith('  '));
        claim(
          'changed',
          to,
          names,
          [`(whole file: ${d.filter((l) => l.startsWith('-')).length} lines out, ${d.filter((l) => l.startsWith('+')).length} in)`],
          note,
        );
      }
      continue;
    }

    // An anchored link: found again by its identifier when its range is the one anchor-links
    // gives, else by its exact lines.
    const oldLines = link.lines.end <= old.lineCount ? old.lines.slice(link.lines.start - 1, link.lines.end) : [];
    const mechanical = anchor(old, oldNames, link) ?? undefined;
    const wasMechanical = mechanical !== undefined && mechanical.start === link.lines.start && mechanical.end === link.lines.end;
    let lines: LineRange | null = null;
    if (same) {
      if (holdsAt(source, link.lines, names, link)) continue;
      lines = anchor(source, names, link);
      if (!lines)
        undecided.push(
          `${page.file}:${line}: ${link.path}${link.hash}: its range does not hold what it names, and no identifier was found again`,
        );
      else rewrite(link, sourceUrl(treeTo, newPath, 'blob', lines));
      continue;
    }
    // A range that does not hold its identifier at `from` is a claim an earlier move left gone
    // (the identifier was missing there): it is found again by its identifier.
    const returning = (oldNames.length === 0 && names.length > 0) || (oldNames.length > 0 && !holdsAt(old, link.lines, oldNames, link));
    const byName = () => anchor(source, names, link);
    if (wasMechanical || returning) lines = byName();
    else if (oldLines.length > 0) lines = findBlock(oldLines, source, link.lines.start) ?? byName();
    if (!lines) {
      const to = sourceUrl(treeTo, link.path, 'blob') + link.hash;
      rewrite(link, to);
      claim('gone', to, oldNames, [], `${oldNames.map((n) => `\`${n}\``).join(', ') || 'its lines'} not found in ${move.to}`);
      continue;
    }
    const to = sourceUrl(treeTo, newPath, 'blob', lines);
    rewrite(link, to);
    const newLines = source.lines.slice(lines.start - 1, lines.end);
    if (newLines.join('\n') === oldLines.join('\n')) {
      const unmoved = newPath === link.path && lines.start === link.lines.start && lines.end === link.lines.end;
      claim(
        unmoved ? 'unchanged' : 'moved',
        to,
        names,
        [],
        unmoved ? '' : `${showRange(link.lines)} -> ${showRange(lines)}${note ? `; ${note}` : ''}`,
      );
    } else {
      if (returning) note = `found again; ${move.from} did not hold it${note ? `; ${note}` : ''}`;
      claim(
        'changed',
        to,
        names,
        trimDiff(lineDiff(oldLines, newLines)),
        `${showRange(link.lines)} -> ${showRange(lines)}${note ? `; ${note}` : ''}`,
      );
    }
  }

  if (same) edits.push(...memberLinks(page, claims, bodyStart, lineOffset, move, undecided));
  let raw = applyEdits(page.raw, edits);
  if (!same) raw = raw.replace(new RegExp(`^strapi: ${move.from.replace(/\./g, '\\.')}$`, 'm'), `strapi: ${move.to}`);
  return { file: page.file, raw, claims: out, undecided };
}

/** Links each documented member of an Exports page to the lines that declare it. */
function memberLinks(
  page: PageInput,
  claims: ReturnType<typeof extractClaims>,
  bodyStart: number,
  lineOffset: number,
  move: Move,
  undecided: string[],
): Edit[] {
  const target = exportedSymbolOf(page.file);
  if (!target || target.kind === 'namespaces' || !move.admin) return [];
  const declared = move.admin().lookup(target.name);
  if (!declared) return [];
  const reader = move.reader({ repo: MONOREPO, version: move.to });
  const edits: Edit[] = [];
  const lineStarts = [0];
  for (let i = 0; i < page.raw.length; i++) if (page.raw[i] === '\n') lineStarts.push(i + 1);
  for (const member of claims.members) {
    if (claims.links.some((l) => l.member === member.name)) continue;
    const decl = declared.members.find((d) => d.name === member.name);
    if (!decl || !decl.declaredIn) continue;
    const file = sourceOfDeclaration(decl.declaredIn, reader);
    const source = file ? reader.source(file) : null;
    const found = source?.memberOf(decl.owner, member.name);
    if (!file || !found) {
      // A type-only file's lines are not published: its members stay without a link (check:sources agrees).
      if (!file && declarationWithoutLines(decl.declaredIn, reader)) continue;
      undecided.push(
        `${page.file}:${member.line + lineOffset}: member ${member.name}: no declaration found in the source of ${decl.declaredIn}`,
      );
      continue;
    }
    const lineNo = member.line + lineOffset;
    const start = lineStarts[lineNo - 1];
    const text = page.raw.slice(start, lineStarts[lineNo] ?? page.raw.length);
    const m = /^\*\*(.+?)\*\*:/.exec(text);
    if (!m || start < bodyStart) continue;
    const url = sourceUrl({ repo: MONOREPO, version: move.to }, file, 'blob', found.lines);
    edits.push({ start, end: start + m[0].length, text: `**[${m[1]}](${url})**:` });
  }
  return edits;
}

/** Counts of claims by status. */
export function tally(claims: Claim[]): Record<Status, number> {
  const t: Record<Status, number> = { unchanged: 0, moved: 0, changed: 0, gone: 0 };
  for (const c of claims) t[c.status]++;
  return t;
}

const LABEL: Record<Status, string> = {
  unchanged: 'unchanged',
  moved: 'moved but identical (re-anchored, nothing to read)',
  changed: 'changed (re-read)',
  gone: 'gone',
};

export function report(results: PageResult[]): string[] {
  const lines: string[] = [];
  for (const r of results) {
    if (r.claims.length === 0) continue;
    const t = tally(r.claims);
    lines.push(`${r.file}: ${t.unchanged} unchanged, ${t.moved} moved, ${t.changed} changed, ${t.gone} gone`);
    for (const c of r.claims) {
      if (c.status === 'unchanged') continue;
      const names = c.names.length ? ` ${c.names.map((n) => `\`${n}\``).join(', ')}` : '';
      lines.push(
        `  ${c.status.padEnd(9)} line ${c.line}:${names} ${c.to.replace(/^https:\/\/github\.com\//, '')}${c.note ? ` (${c.note})` : ''}`,
      );
      for (const d of c.diff) lines.push(`      ${d}`);
    }
  }
  return lines;
}

export interface RunOptions {
  /** The repository root the page paths and src/config/site.ts are under. */
  root?: string;
  /** The release the pages are pinned to now. */
  from?: string;
  log?: (line: string) => void;
  /** Rebuilds a release's trees (npm pack; cached). */
  build?: (version: string) => Promise<void>;
  reader?: (tree: SourceTree) => Tree;
  admin?: (version: string) => Pick<AdminDeclarations, 'lookup'>;
  unpublished?: Array<{ repo: string; path: string }>;
}

/**
 * `move-pin <version> [pages]` or `--anchor [pages]` (every page of docs/ by default). Returns the
 * exit code: 2 for a wrong call, else 0.
 */
export async function run(args: string[], options: RunOptions = {}): Promise<number> {
  const root = options.root ?? ROOT;
  const log = options.log ?? console.log;
  const from = options.from ?? STRAPI_VERSION;
  const anchorOnly = args[0] === '--anchor';
  const to = anchorOnly ? from : args[0];
  if (!to || !/^\d+\.\d+\.\d+$/.test(to)) {
    log('usage: npm run move-pin -- <version>   |   npm run anchor-links [-- docs/page.md ...]');
    return 2;
  }
  const build = options.build ?? ((version: string) => buildSourceTrees(version, version === from ? () => {} : console.log));
  await build(from);
  if (to !== from) await build(to);
  const readers = new Map<string, Tree>();
  const reader =
    options.reader ??
    ((tree: SourceTree) => {
      const key = `${tree.repo}@${tree.version}`;
      let r = readers.get(key);
      if (!r) {
        r = new TreeReader(tree);
        readers.set(key, r);
      }
      return r;
    });
  let admin: Pick<AdminDeclarations, 'lookup'> | null = null;
  const declarations = options.admin ?? ((version: string) => new AdminDeclarations(version));
  const move: Move = { from, to, reader, admin: () => (admin ??= declarations(to)), unpublished: options.unpublished ?? readUnpublished() };
  const parse = await createParser();
  const files = args.length > 1 ? args.slice(1) : readDocs().map((d) => d.file);
  const results: PageResult[] = [];
  let rewritten = 0;
  for (const name of files) {
    const file = path.resolve(root, name);
    const raw = readFileSync(file, 'utf8');
    const result = movePage({ file: path.relative(root, file), raw }, parse, move);
    results.push(result);
    if (result.raw !== raw) {
      // Prettier pads table columns to the longest cell: a longer link re-pads its table (prose
      // keeps its line breaks: proseWrap is "preserve").
      const config = (await prettier.resolveConfig(file)) ?? {};
      writeFileSync(file, await prettier.format(result.raw, { ...config, filepath: file }));
      rewritten++;
    }
  }
  if (anchorOnly) {
    const undecided = results.flatMap((r) => r.undecided);
    for (const u of undecided) log(u);
    log(
      `anchor-links: ${files.length} page(s) at Strapi ${from}: rewrote ${rewritten}; ${undecided.length} link(s) left for a decision by hand`,
    );
    log('Then run `npm run check:sources`: it names each link that still links a whole file without reading as its path.');
    return 0;
  }
  const site = path.join(root, 'src/config/site.ts');
  const siteText = readFileSync(site, 'utf8');
  writeFileSync(site, siteText.replace(`STRAPI_VERSION = '${from}'`, `STRAPI_VERSION = '${to}'`));
  for (const l of report(results)) log(l);
  const all = results.flatMap((r) => r.claims);
  const t = tally(all);
  log(
    `\nmove-pin ${from} -> ${to}: ${all.length} claims on ${results.filter((r) => r.claims.length > 0).length} pages: ` +
      (Object.keys(t) as Status[]).map((s) => `${t[s]} ${LABEL[s]}`).join(', '),
  );
  log(`rewrote ${rewritten} page(s) and src/config/site.ts (STRAPI_VERSION = '${to}')`);
  return 0;
}

if (require.main === module) {
  run(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: Error) => {
      console.error(error.stack ?? error.message);
      process.exit(1);
    },
  );
}
