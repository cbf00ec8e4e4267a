/**
 * Rehype plugin: where inline code may break. Code spans never break inside a word (custom.css
 * turns off the browser's break-anywhere); this plugin adds the places where they may:
 * - after each `/` of a path (`packages/core/admin/<wbr>...`), in tables and in running text;
 * - in running text only, inside a token too long for a phone's column (28 characters or more):
 *   before each `.` and after each `(`, `,`, `<`, `|` or `_` of a chain, and at camelCase humps
 *   (`createLocalFile<wbr>Destination<wbr>Provider`), so that it wraps between its words.
 * - In tables, a code span without a space or a `/` gets the class `code-word` and never wraps
 *   (custom.css): the table scrolls inside its own box instead.
 * The text is unchanged (`<wbr>` has none), so copying, search and `textContent` see the same code.
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

const wbr = (): HastNode => ({ type: 'element', tagName: 'wbr', properties: {}, children: [] });

/** Break points inside a long token of running text: between the words of a chain or a name. */
const CHAIN_BREAKS = /(?=\.[A-Za-z_$])|(?<=[(,<|_])(?=[^\s)>,|_])|(?<=[a-z0-9])(?=[A-Z][a-z])/;

function splitText(value: string, longTokens: boolean): HastNode[] {
  // Each piece ends where a break is allowed; whitespace stays inside the pieces.
  const pieces: string[] = [];
  for (const token of value.split(/(?<=\s)(?=\S)/)) {
    const isPath = token.includes('/');
    const parts = longTokens && !isPath && token.trim().length >= LONG_CHAIN ? token.split(CHAIN_BREAKS) : token.split(/(?<=\/)/);
    pieces.push(...parts.filter((part) => part !== ''));
  }
  if (pieces.length < 2) return [{ type: 'text', value }];
  // Whitespace already lets the line break: join pieces that a space separates.
  const nodes: HastNode[] = [{ type: 'text', value: pieces[0] }];
  for (const piece of pieces.slice(1)) {
    const last = nodes[nodes.length - 1];
    if (/\s$/.test(last.value ?? '')) last.value += piece;
    else nodes.push(wbr(), { type: 'text', value: piece });
  }
  return nodes;
}

function visit(node: HastNode, inPre: boolean, inTable: boolean) {
  const children = node.children;
  if (!children) return;
  const isCode = node.type === 'element' && node.tagName === 'code' && !inPre;
  if (isCode) {
    const text = children.map((c) => (c.type === 'text' ? c.value ?? '' : '')).join('');
    if (inTable && !/[\s/]/.test(text)) {
      const className = node.properties?.className;
      node.properties = { ...node.properties, className: [...(Array.isArray(className) ? className : []), 'code-word'] };
      return;
    }
    const longTokens = !inTable && text.length >= LONG_CHAIN;
    node.children = children.flatMap((child) => (child.type === 'text' && child.value ? splitText(child.value, longTokens) : [child]));
    return;
  }
  for (const child of children) {
    visit(child, inPre || (node.type === 'element' && node.tagName === 'pre'), inTable || (node.type === 'element' && node.tagName === 'table'));
  }
}

export default function rehypeCodeBreaks() {
  return (tree: HastNode) => visit(tree, false, false);
}
