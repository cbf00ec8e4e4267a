/**
 * Where a claim's mark goes: the page text a claim `says` is looked up in the page's Markdown tree
 * (mdast), as a reader reads it (inline code counts as its text, a link as its text, whitespace
 * collapsed). It must occur exactly once on the page, inside one paragraph or one table cell. The
 * mark goes at the end of the sentence that holds the fragment's end: after the first `.`, `!` or
 * `?` of running text (not of inline code) that ends a sentence, or at the end of the paragraph or
 * cell.
 */
export interface MdNode {
  type: string;
  value?: string;
  name?: string;
  depth?: number;
  children?: MdNode[];
  position?: { start: { line: number } };
}

/** Blocks a fragment may sit in. */
const BLOCKS = new Set(['paragraph', 'tableCell']);
/** Words whose final period does not end a sentence. */
const ABBREVIATIONS = /(?:\be\.g|\bi\.e|\bvs|\bcf|\betc)\.$/;

export interface Piece {
  /** Index of the block's top-level child this character belongs to. */
  child: number;
  /** The text node it is in (running text), or undefined (code, or nested deeper). */
  textNode?: MdNode;
  /** Offset in that text node's value. */
  offset: number;
  code: boolean;
  /** The URL of the link the character is part of, if any. */
  link?: string;
}

export interface BlockText {
  block: MdNode;
  text: string;
  pieces: Piece[];
}

export function normalise(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The block's text with whitespace collapsed, and for each character where it came from. */
export function blockText(block: MdNode): BlockText {
  let text = '';
  const pieces: Piece[] = [];
  let lastSpace = true;
  const push = (ch: string, piece: Piece) => {
    if (/\s/.test(ch)) {
      if (lastSpace) return;
      ch = ' ';
      lastSpace = true;
    } else lastSpace = false;
    text += ch;
    pieces.push(piece);
  };
  const walk = (node: MdNode, child: number, direct: boolean, link: string | undefined) => {
    if (node.type === 'text') {
      const value = node.value ?? '';
      for (let i = 0; i < value.length; i++) push(value[i], { child, textNode: direct ? node : undefined, offset: i, code: false, link });
    } else if (node.type === 'inlineCode') {
      const value = node.value ?? '';
      for (let i = 0; i < value.length; i++) push(value[i], { child, offset: i, code: true, link });
    } else if (node.type === 'break') {
      push(' ', { child, offset: 0, code: false });
    } else if (node.children && node.type !== 'mdxJsxTextElement') {
      const url = node.type === 'link' ? (node as { url?: string }).url : link;
      for (const c of node.children) walk(c, child, false, url);
    }
  };
  (block.children ?? []).forEach((c, i) => walk(c, i, true, undefined));
  while (text.endsWith(' ')) {
    text = text.slice(0, -1);
    pieces.pop();
  }
  return { block, text, pieces };
}

export function blocksOf(tree: MdNode): MdNode[] {
  const out: MdNode[] = [];
  const walk = (node: MdNode) => {
    if (BLOCKS.has(node.type)) out.push(node);
    else for (const c of node.children ?? []) walk(c);
  };
  walk(tree);
  return out;
}

/**
 * Index of the character that ends the sentence running at `from`: the first `.`, `!` or `?` of
 * running text (not inline code, not an abbreviation) followed by a space or the end; the last
 * character when none does.
 */
export function sentenceEnd(bt: BlockText, from: number): number {
  for (let i = Math.max(from, 0); i < bt.text.length; i++) {
    if (bt.pieces[i].code || !/[.!?]/.test(bt.text[i])) continue;
    if (i + 1 < bt.text.length && bt.text[i + 1] !== ' ') continue;
    if (bt.text[i] === '.' && ABBREVIATIONS.test(bt.text.slice(Math.max(0, i - 4), i + 1))) continue;
    return i;
  }
  return bt.text.length - 1;
}

/** The sentences of a block, as [start, end] character ranges (end inclusive). */
export function sentencesOf(bt: BlockText): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let start = 0; start < bt.text.length;) {
    const end = sentenceEnd(bt, start);
    out.push([start, end]);
    start = end + 1;
    while (start < bt.text.length && bt.text[start] === ' ') start++;
  }
  return out;
}

export interface Location {
  block: MdNode;
  /** Where the mark goes among the block's children. */
  index: number;
  /** When the sentence ends inside a text node: split that child at this offset, and the mark goes between the halves. */
  split?: { child: number; at: number };
  /** The heading texts above the block, outermost first (for the "Known defects" rule). */
  headings: string[];
  /** Index, in the block's text, of the character the mark follows. */
  end: number;
}

export class LocateError extends Error {}

/** Finds where the mark of `says` goes; throws a LocateError naming what is wrong. */
export function locate(tree: MdNode, says: string): Location {
  const wanted = normalise(says);
  if (!wanted) throw new LocateError('`says` is empty');
  const hits: Array<{ bt: BlockText; end: number }> = [];
  for (const block of blocksOf(tree)) {
    const bt = blockText(block);
    for (let from = bt.text.indexOf(wanted); from !== -1; from = bt.text.indexOf(wanted, from + 1))
      hits.push({ bt, end: from + wanted.length });
  }
  if (hits.length === 0) throw new LocateError(`the page has no paragraph or table cell saying "${wanted}"`);
  if (hits.length > 1) throw new LocateError(`"${wanted}" occurs ${hits.length} times on the page; quote more of the sentence`);
  const { bt, end } = hits[0];
  const headings = headingsAbove(tree, bt.block);
  const last = (bt.block.children ?? []).length;
  if (bt.block.type === 'tableCell') return { block: bt.block, index: last, headings, end: bt.text.length - 1 };
  const i = sentenceEnd(bt, end - 1);
  const endsSentence = /[.!?]/.test(bt.text[i] ?? '') && !bt.pieces[i]?.code;
  if (!endsSentence || i + 1 >= bt.text.length) return { block: bt.block, index: last, headings, end: i };
  const piece = bt.pieces[i];
  if (piece.textNode) {
    const value = piece.textNode.value ?? '';
    if (piece.offset + 1 >= value.length) return { block: bt.block, index: piece.child + 1, headings, end: i };
    return { block: bt.block, index: piece.child + 1, split: { child: piece.child, at: piece.offset + 1 }, headings, end: i };
  }
  return { block: bt.block, index: piece.child + 1, headings, end: i };
}

function headingText(node: MdNode): string {
  if (node.type === 'text' || node.type === 'inlineCode') return node.value ?? '';
  return (node.children ?? []).map(headingText).join('');
}

/** The headings in force where `target` sits (the nearest of each depth above it in document order). */
function headingsAbove(tree: MdNode, target: MdNode): string[] {
  const stack: Array<{ depth: number; text: string }> = [];
  let result: string[] | undefined;
  const walk = (node: MdNode) => {
    if (result) return;
    if (node === target) {
      result = stack.map((h) => h.text);
      return;
    }
    if (node.type === 'heading') {
      const depth = node.depth ?? 1;
      while (stack.length && stack[stack.length - 1].depth >= depth) stack.pop();
      stack.push({ depth, text: normalise(headingText(node)) });
      return;
    }
    for (const c of node.children ?? []) walk(c);
  };
  walk(tree);
  return result ?? [];
}

/** Inserts `marks` at a location (splitting a text node when the sentence ends inside one). */
export function insertAt(location: Location, marks: MdNode[]): void {
  const children = location.block.children ?? (location.block.children = []);
  let index = location.index;
  if (location.split) {
    const node = children[location.split.child];
    const value = node.value ?? '';
    const head: MdNode = { ...node, value: value.slice(0, location.split.at) };
    const tail: MdNode = { ...node, value: value.slice(location.split.at) };
    children.splice(location.split.child, 1, head, tail);
    index = location.split.child + 1;
  }
  children.splice(index, 0, ...marks);
}
