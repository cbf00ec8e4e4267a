/**
 * Highlighting of the searched words on the page a result leads to. The result link carries
 * the words in a query parameter; a client module (src/clientModules/searchHighlight.ts)
 * wraps their occurrences in `<mark>`. Only text nodes are touched: the words never become
 * HTML, so nothing in them can run.
 */
import { HIGHLIGHT_PARAM } from './strings';

/** `route#hash` with the words to highlight: `route?highlight=a%20b#hash`. */
export function highlightUrl(sectionRoute: string, terms: readonly string[]): string {
  const hashAt = sectionRoute.indexOf('#');
  const path = hashAt === -1 ? sectionRoute : sectionRoute.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : sectionRoute.slice(hashAt);
  if (terms.length === 0) return sectionRoute;
  const params = new URLSearchParams({ [HIGHLIGHT_PARAM]: terms.join(' ') });
  return `${path}?${params.toString()}${hash}`;
}

/** The words of a `?highlight=` value, longest first, at most 16, without empty ones. */
export function highlightTerms(search: string): string[] {
  const value = new URLSearchParams(search).get(HIGHLIGHT_PARAM) ?? '';
  // Array.from, not spread: the site's Babel preset compiles spread of a Set loosely.
  return Array.from(new Set(value.toLowerCase().split(/\s+/)))
    .filter((word) => word.length > 0)
    .sort((a, b) => b.length - a.length)
    .slice(0, 16);
}

/** A regular expression matching any word that starts with one of `terms`, case-insensitive. */
export function highlightPattern(terms: readonly string[]): RegExp | null {
  const escaped = terms.map((term) => term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).filter(Boolean);
  if (escaped.length === 0) return null;
  return new RegExp(`(?:${escaped.join('|')})[\\p{L}\\p{N}_]*`, 'giu');
}

export const MARK_ATTRIBUTE = 'data-search-highlight';

/** Removes the marks added before, leaving their text in place. */
export function clearHighlights(root: ParentNode): void {
  for (const mark of Array.from(root.querySelectorAll(`mark[${MARK_ATTRIBUTE}]`))) {
    mark.replaceWith(...Array.from(mark.childNodes));
  }
}

/**
 * Wraps the matches of `pattern` inside `root` in `<mark>`, skipping code that is not prose
 * (script, style) and existing marks. Splits text nodes so the original node stays in the
 * document (React keeps a reference to it). Returns the number of marks.
 */
export function applyHighlights(root: Element, pattern: RegExp): number {
  const document = root.ownerDocument;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode(node) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, noscript, textarea, mark, svg')) return NodeFilter.FILTER_REJECT;
      return node.nodeValue && node.nodeValue.trim() ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_REJECT;
    },
  });
  const nodes: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node as Text);
  let count = 0;
  for (const node of nodes) {
    const text = node.nodeValue ?? '';
    const matches = Array.from(text.matchAll(pattern));
    // Right to left so that the offsets stay valid while splitting.
    for (const match of matches.reverse()) {
      const start = match.index ?? 0;
      const matched = node.splitText(start);
      matched.splitText(match[0].length);
      const mark = document.createElement('mark');
      mark.setAttribute(MARK_ATTRIBUTE, '');
      matched.replaceWith(mark);
      mark.append(matched);
      count += 1;
    }
  }
  return count;
}
