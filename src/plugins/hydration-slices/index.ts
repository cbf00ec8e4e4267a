/**
 * Rehype plugin: wraps each top-level block of a doc (a paragraph, a heading, a code block, a
 * table, a list, an admonition, a diagram) in `<DeferHydration>` (src/components/DeferHydration,
 * given to MDX by src/theme/MDXComponents), so that on the first page load the article hydrates
 * block by block, in tasks of a few milliseconds, instead of in one long task. On the server and
 * after the first load the wrapper renders the block as it is.
 *
 * Only blocks that render exactly one DOM element are wrapped (DeferHydration's contract): HTML
 * elements and lowercase MDX elements (`admonition`, `mermaid`, `details`), which the theme maps to
 * components of one element each; `head` (which renders nothing in the page) and capitalised
 * components (which may render anything) hydrate with the page. A list or table of `LONG` items or
 * more is split further: each item (`li`) or body row (`tr`) is wrapped instead of the whole.
 */
interface Node {
  type: string;
  tagName?: string;
  name?: string | null;
  attributes?: unknown[];
  children?: Node[];
}

/** The name MDX resolves through the components of src/theme/MDXComponents. */
export const WRAPPER = 'DeferHydration';

const NEVER = new Set(['head', 'script', 'style']);

function isBlock(node: Node): boolean {
  if (node.type === 'element') return !NEVER.has(node.tagName ?? '');
  if (node.type === 'mdxJsxFlowElement') return typeof node.name === 'string' && /^[a-z]/.test(node.name) && !NEVER.has(node.name);
  return false;
}

const wrap = (node: Node): Node => ({ type: 'mdxJsxFlowElement', name: WRAPPER, attributes: [], children: [node] });

const elements = (node: Node): Node[] => (node.children ?? []).filter((child) => child.type === 'element');

/** A list or table this long hydrates item by item (or row by row) instead of as one block. */
export const LONG = 8;

/**
 * A long table's body rows, or a long list's items, each wrapped; the table or list itself then
 * hydrates with the page. Null for any other block.
 */
function wrapItems(node: Node): Node | null {
  if (node.type !== 'element') return null;
  if (node.tagName === 'ul' || node.tagName === 'ol') {
    if (elements(node).length < LONG) return null;
    return { ...node, children: node.children?.map((child) => (child.type === 'element' && child.tagName === 'li' ? wrap(child) : child)) };
  }
  if (node.tagName === 'table') {
    const bodies = elements(node).filter((child) => child.tagName === 'tbody');
    if (bodies.reduce((rows, body) => rows + elements(body).length, 0) < LONG) return null;
    return {
      ...node,
      children: node.children?.map((child) =>
        child.type === 'element' && child.tagName === 'tbody'
          ? { ...child, children: child.children?.map((row) => (row.type === 'element' && row.tagName === 'tr' ? wrap(row) : row)) }
          : child,
      ),
    };
  }
  return null;
}

function wrapBlocks(tree: Node): void {
  if (!tree.children) return;
  tree.children = tree.children.map((node) => wrapItems(node) ?? (isBlock(node) ? wrap(node) : node));
}

export default function rehypeHydrationSlices() {
  return wrapBlocks;
}
