/**
 * What a page claims about Strapi's source, read from its markdown tree (mdast): the files it
 * cites (GitHub links and monorepo paths in code font), the identifiers its reference tables name,
 * and, on an Exports page, the members it documents. Shared by the checker
 * (scripts/check-sources.ts) and the remark plugin that renders the page's "Checked against"
 * footer (src/plugins/source-footer), so both see the same list. No dependencies: it walks the
 * tree itself.
 */
import { monorepoTreeOf, parseSourceUrl, type LineRange } from '../config/strapi';

/** The few mdast fields read here. */
export interface MdNode {
  type: string;
  value?: string;
  url?: string;
  depth?: number;
  children?: MdNode[];
  position?: { start: { line: number; offset?: number }; end?: { line: number; offset?: number } };
}

export interface CitedLink {
  repo: string;
  ref: string;
  path: string;
  kind: 'blob' | 'tree';
  url: string;
  line: number;
  /** The lines its `#L<a>-L<b>` anchor names, null when it links the whole file. */
  lines: LineRange | null;
  /** The anchor as written (`#L12-L40`), '' when there is none. */
  hash: string;
  /** The link's text. */
  text: string;
  /** The link's text when it is one code span, else null. */
  code: string | null;
  /**
   * The identifiers its sentence names: every code span of the sentence (of the whole row, for a
   * link in a table), outside source links, that is a plain identifier, each once, in order.
   */
  context: string[];
  /** On an Exports page, the member whose `**name**` the link is. */
  member: string | null;
  /** Offsets of the link in the parsed markdown, for rewriting its URL. */
  start: number;
  end: number;
}

export interface CitedPath {
  path: string;
  line: number;
}

export interface TableIdentifier {
  /** The code span as written. */
  text: string;
  /** What must occur in the cited files: the last dotted segment, without `?` or a call. */
  identifier: string;
  line: number;
}

export interface DocumentedMember {
  name: string;
  optional: boolean;
  type: string;
  line: number;
}

export interface PageClaims {
  links: CitedLink[];
  codePaths: CitedPath[];
  identifiers: TableIdentifier[];
  /** Members documented as `### name` + `**name?**: \`type\``, outside any "History" section. */
  members: DocumentedMember[];
}

const line = (node: MdNode) => node.position?.start.line ?? 0;

function textOf(node: MdNode): string {
  if (node.value !== undefined) return node.value;
  return (node.children ?? []).map(textOf).join('');
}

function walk(node: MdNode, visit: (node: MdNode, ancestors: MdNode[]) => void, ancestors: MdNode[] = []) {
  visit(node, ancestors);
  for (const child of node.children ?? []) walk(child, visit, [...ancestors, node]);
}

const isSourceLink = (node: MdNode) => node.type === 'link' && node.url !== undefined && parseSourceUrl(node.url) !== null;

/** Words that are code but name nothing a file declares. */
const NOT_NAMES = new Set(
  'true false null undefined string number boolean object any unknown never void this new return async await const let var function class interface type export import default extends typeof keyof if else for while in of'.split(
    ' ',
  ),
);

/**
 * The inline pieces of a block, flattened in reading order: code spans (not those inside a source
 * link), source links, and sentence ends (a `.`, `!` or `?` followed by a space or the end of a text).
 */
type Piece = { kind: 'code'; value: string } | { kind: 'link'; node: MdNode } | { kind: 'end' };

function pieces(node: MdNode, out: Piece[] = []): Piece[] {
  for (const child of node.children ?? []) {
    if (child.type === 'inlineCode') out.push({ kind: 'code', value: child.value ?? '' });
    else if (child.type === 'text') {
      const ends = (child.value ?? '').match(/[.!?](?=\s|$)/g) ?? [];
      for (let i = 0; i < ends.length; i++) out.push({ kind: 'end' });
    } else if (isSourceLink(child)) out.push({ kind: 'link', node: child });
    else pieces(child, out);
  }
  return out;
}

/** The identifiers of the code spans in a list of pieces, each once. */
function identifiersIn(list: Piece[]): string[] {
  const out: string[] = [];
  for (const p of list) {
    if (p.kind !== 'code') continue;
    const id = identifierOf(p.value);
    if (id && !NOT_NAMES.has(id) && !out.includes(id)) out.push(id);
  }
  return out;
}

/** The identifiers a link's sentence names (its table row's, in a table). */
function contextOf(link: MdNode, ancestors: MdNode[]): string[] {
  const row = [...ancestors].reverse().find((a) => a.type === 'tableRow');
  if (row) return identifiersIn(pieces(row));
  const block = [...ancestors].reverse().find((a) => a.type === 'paragraph' || a.type === 'heading' || a.type === 'tableCell');
  if (!block) return [];
  const list = pieces(block);
  const at = list.findIndex((p) => p.kind === 'link' && p.node === link);
  let from = at;
  while (from > 0 && list[from - 1].kind !== 'end') from--;
  let to = at;
  while (to < list.length && list[to].kind !== 'end') to++;
  return identifiersIn(list.slice(from, to));
}

/** A monorepo path in code font: `packages/...`, no glob or placeholder. */
export const MONOREPO_PATH = /^packages\/[\w@.-]+(?:\/[\w@.[\]-]+)*\/?$/;

/** An identifier in a table's first column: `name`, `a.b.name`, `name?`, `name()`, `name(args)`. */
const IDENTIFIER = /^([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)\??(?:\([^)]*\))?\??$/;

/** The identifier a code span names, or null when it is not a plain identifier. */
export function identifierOf(code: string): string | null {
  const m = IDENTIFIER.exec(code.trim());
  if (!m) return null;
  const segments = m[1].split('.');
  return segments[segments.length - 1];
}

export function extractClaims(tree: MdNode): PageClaims {
  const claims: PageClaims = { links: [], codePaths: [], identifiers: [], members: [] };
  const linkOf = new Map<MdNode, CitedLink>();

  walk(tree, (node, ancestors) => {
    const parent = ancestors[ancestors.length - 1] ?? null;
    if (node.type === 'link' && node.url) {
      const parsed = parseSourceUrl(node.url);
      if (parsed) {
        const parts = (node.children ?? []).filter((c) => !(c.type === 'text' && !c.value?.trim()));
        const link: CitedLink = {
          ...parsed,
          url: node.url,
          line: line(node),
          text: textOf(node).trim(),
          code: parts.length === 1 && parts[0].type === 'inlineCode' ? (parts[0].value ?? '') : null,
          context: contextOf(node, ancestors),
          member: null,
          start: node.position?.start.offset ?? 0,
          end: node.position?.end?.offset ?? 0,
        };
        claims.links.push(link);
        linkOf.set(node, link);
      }
    }
    const inSourceLink = parent !== null && isSourceLink(parent);
    if (node.type === 'inlineCode' && node.value && MONOREPO_PATH.test(node.value) && !inSourceLink) {
      claims.codePaths.push({ path: node.value.replace(/\/$/, ''), line: line(node) });
    }
    if (node.type === 'table') {
      for (const row of (node.children ?? []).slice(1)) {
        const cell = row.children?.[0];
        const parts = (cell?.children ?? []).filter((c) => !(c.type === 'text' && !c.value?.trim()));
        if (parts.length === 1 && parts[0].type === 'inlineCode' && parts[0].value) {
          const identifier = identifierOf(parts[0].value);
          if (identifier) claims.identifiers.push({ text: parts[0].value, identifier, line: line(parts[0]) });
        }
      }
    }
  });

  // Members: a `### name` heading followed by a paragraph `**name**: `type``, until a
  // `## History...` heading (older declarations kept as history are not checked).
  const top = tree.children ?? [];
  let inHistory = false;
  for (let i = 0; i < top.length; i++) {
    const node = top[i];
    if (node.type !== 'heading') continue;
    if (node.depth === 2) inHistory = /^History\b/i.test(textOf(node).trim());
    if (inHistory || node.depth !== 3) continue;
    const next = top[i + 1];
    if (!next || next.type !== 'paragraph') continue;
    const [strong, colon, code] = next.children ?? [];
    if (strong?.type !== 'strong' || colon?.type !== 'text' || code?.type !== 'inlineCode') continue;
    if (!/^:\s*$/.test(colon.value ?? '')) continue;
    const label = textOf(strong).trim();
    // `name`, `name?`, or a quoted key as declared: `['aria-label']`.
    const m = /^(?:\[['"])?([\w$-]+)(?:['"]\])?(\?)?$/.exec(label);
    if (!m) continue;
    claims.members.push({ name: m[1], optional: Boolean(m[2]), type: code.value ?? '', line: line(next) });
    // `**[name](source#L..)**: ...`: the link is the member's.
    for (const child of strong.children ?? []) {
      const link = linkOf.get(child);
      if (link) link.member = m[1];
    }
  }
  return claims;
}

/** A source file a page cites, with the line ranges its links name (sorted, each once). */
export interface CitedFile {
  repo: string;
  version: string;
  path: string;
  kind: 'blob' | 'tree';
  ranges: LineRange[];
}

/** The source files a page cites, as `repo@version:path`, each once, in order of first mention. */
export function citedFiles(claims: PageClaims, strapiVersion?: string): CitedFile[] {
  const byKey = new Map<string, CitedFile>();
  const add = (repo: string, version: string, path: string, kind: 'blob' | 'tree', lines: LineRange | null) => {
    // A repository's root (`tree/v5.1.1`) is cited as a folder with no path.
    if (!path && kind === 'blob') return;
    const key = `${repo}@${version}:${path}`;
    let file = byKey.get(key);
    if (!file) {
      file = { repo, version, path, kind, ranges: [] };
      byKey.set(key, file);
    }
    if (lines && !file.ranges.some((r) => r.start === lines.start && r.end === lines.end)) file.ranges.push(lines);
  };
  const mentions = [
    ...claims.links.map((l) => ({ at: l.line, add: () => add(l.repo, l.ref.replace(/^v/, ''), l.path, l.kind, l.lines) })),
    ...claims.codePaths.map((p) => ({
      at: p.line,
      add: () => {
        const tree = monorepoTreeOf(p.path, strapiVersion);
        add(tree.repo, tree.version, p.path, /\.\w+$/.test(p.path) ? 'blob' : 'tree', null);
      },
    })),
  ].sort((a, b) => a.at - b.at);
  for (const m of mentions) m.add();
  const out = [...byKey.values()];
  for (const f of out) f.ranges.sort((a, b) => a.start - b.start || a.end - b.end);
  return out;
}
