/**
 * What a page claims about Strapi's source, read from its markdown tree (mdast): the files it
 * cites (GitHub links and monorepo paths in code font), the identifiers its reference tables name,
 * and, on an Exports page, the members it documents. Shared by the checker
 * (scripts/check-sources.ts) and the remark plugin that renders the page's "Checked against"
 * footer (src/plugins/source-footer), so both see the same list. No dependencies: it walks the
 * tree itself.
 */
import { monorepoTreeOf, parseSourceUrl } from '../config/strapi';

/** The few mdast fields read here. */
export interface MdNode {
  type: string;
  value?: string;
  url?: string;
  depth?: number;
  children?: MdNode[];
  position?: { start: { line: number } };
}

export interface CitedLink {
  repo: string;
  ref: string;
  path: string;
  kind: 'blob' | 'tree';
  url: string;
  line: number;
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

function walk(node: MdNode, visit: (node: MdNode, parent: MdNode | null) => void, parent: MdNode | null = null) {
  visit(node, parent);
  for (const child of node.children ?? []) walk(child, visit, node);
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

  walk(tree, (node, parent) => {
    if (node.type === 'link' && node.url) {
      const parsed = parseSourceUrl(node.url);
      if (parsed) claims.links.push({ ...parsed, url: node.url, line: line(node) });
    }
    const inSourceLink = parent?.type === 'link' && parent.url !== undefined && parseSourceUrl(parent.url) !== null;
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
  }
  return claims;
}

/** The source files a page cites, as `repo@version:path`, each once, in order of first mention. */
export function citedFiles(
  claims: PageClaims,
  strapiVersion?: string,
): Array<{ repo: string; version: string; path: string; kind: 'blob' | 'tree' }> {
  const seen = new Set<string>();
  const out: Array<{ repo: string; version: string; path: string; kind: 'blob' | 'tree' }> = [];
  const add = (repo: string, version: string, path: string, kind: 'blob' | 'tree') => {
    if (!path) return;
    const key = `${repo}@${version}:${path}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ repo, version, path, kind });
  };
  const mentions = [
    ...claims.links.map((l) => ({ at: l.line, add: () => add(l.repo, l.ref.replace(/^v/, ''), l.path, l.kind) })),
    ...claims.codePaths.map((p) => ({
      at: p.line,
      add: () => {
        const tree = monorepoTreeOf(p.path, strapiVersion);
        add(tree.repo, tree.version, p.path, /\.\w+$/.test(p.path) ? 'blob' : 'tree');
      },
    })),
  ].sort((a, b) => a.at - b.at);
  for (const m of mentions) m.add();
  return out;
}
