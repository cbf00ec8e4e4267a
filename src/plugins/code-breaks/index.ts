/**
 * Rehype plugin: where inline code may break. Code spans never break inside a word (custom.css turns
 * off the browser's break-anywhere); this plugin adds `<wbr>` only after a path's `/` and, in running
 * text, between the words of a chain too long for a phone, while one-word code in tables never wraps
 * (the table scrolls instead). The text is unchanged, so copying, search and `textContent` see the
 * same code. Why: docs-dev/decisions.md, "Code never breaks inside a word"; the rules: `visit` below.
 */
interface HastNode {
  type: string;
  tagName?: string;
  value?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
}

/** Dotted chains shorter than this fit a 390 px column and are left whole. */
const LONG_CHAIN = 28;

/** A piece of running-text code this long also breaks after its hyphens. */
const LONG_PIECE = 24;

const wbr = (): HastNode => ({ type: 'element', tagName: 'wbr', properties: {}, children: [] });

/** Break points inside a long token of running text: between the words of a chain or a name. */
const CHAIN_BREAKS = /(?=\.[A-Za-z_$])|(?<=[(,<|_])(?=[^\s)>,|_])|(?<=[a-z0-9])(?=[A-Z][a-z])/;

/** A piece that holds a hyphen is kept on one line: browsers would otherwise break after it. */
function piece(value: string): HastNode {
  if (!value.includes('-') || /\s/.test(value)) return { type: 'text', value };
  return { type: 'element', tagName: 'span', properties: { className: ['code-nobr'] }, children: [{ type: 'text', value }] };
}

function splitText(value: string, longTokens: boolean): HastNode[] {
  const nodes: HastNode[] = [];
  // Whitespace stays as it is (the line may break there); each token between whitespace is cut
  // at its break points only.
  for (const token of value.split(/(\s+)/)) {
    if (token === '') continue;
    if (/^\s+$/.test(token)) {
      nodes.push({ type: 'text', value: token });
      continue;
    }
    const isPath = token.includes('/');
    const parts = (longTokens && !isPath && token.length >= LONG_CHAIN ? token.split(CHAIN_BREAKS) : token.split(/(?<=\/)/)).filter(
      (part) => part !== '',
    );
    // In running text, a piece still too long for a phone's column also breaks after its hyphens
    // and `::` (between the words of a name such as a migration id).
    const pieces = longTokens ? parts.flatMap((part) => (part.length >= LONG_PIECE ? part.split(/(?<=-|::)(?=.)/) : [part])) : parts;
    pieces.forEach((part, index) => {
      if (index > 0) nodes.push(wbr());
      nodes.push(piece(part));
    });
  }
  // Merge neighbouring plain text nodes back together.
  const merged: HastNode[] = [];
  for (const node of nodes) {
    const last = merged[merged.length - 1];
    if (node.type === 'text' && last?.type === 'text') last.value = (last.value ?? '') + node.value;
    else merged.push(node);
  }
  return merged;
}

/**
 * The rules, for `code` outside `pre`:
 * - after each `/` of a path (`packages/core/admin/<wbr>...`), in tables and in running text;
 * - in running text only, inside a token too long for a phone's column (`LONG_CHAIN` characters or
 *   more): before each `.` and after each `(`, `,`, `<`, `|` or `_` of a chain, and at camelCase humps
 *   (`createLocalFile<wbr>Destination<wbr>Provider`), so that it wraps between its words;
 * - in tables, a code span without a space or a `/` gets the class `code-word` and never wraps
 *   (custom.css): the table scrolls inside its own box instead;
 * - a piece of code holding a hyphen (`content-api.ts`) is wrapped in `span.code-nobr`, which never
 *   wraps, since browsers break after a hyphen.
 */
function visit(node: HastNode, inPre: boolean, inTable: boolean) {
  const children = node.children;
  if (!children) return;
  const isCode = node.type === 'element' && node.tagName === 'code' && !inPre;
  if (isCode) {
    const text = children.map((c) => (c.type === 'text' ? (c.value ?? '') : '')).join('');
    if (inTable && !/[\s/]/.test(text)) {
      const className = node.properties?.className;
      node.properties = { ...node.properties, className: [...(Array.isArray(className) ? className : []), 'code-word'] };
      return;
    }
    const longTokens = !inTable && text.length >= LONG_PIECE;
    node.children = children.flatMap((child) => (child.type === 'text' && child.value ? splitText(child.value, longTokens) : [child]));
    return;
  }
  for (const child of children) {
    visit(
      child,
      inPre || (node.type === 'element' && node.tagName === 'pre'),
      inTable || (node.type === 'element' && node.tagName === 'table'),
    );
  }
}

export default function rehypeCodeBreaks() {
  return (tree: HastNode) => visit(tree, false, false);
}
