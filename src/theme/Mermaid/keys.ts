/**
 * The full-size diagram view's keyboard, as plain data (./FullView.tsx applies it to Panzoom):
 * which key does what, and how the drawing moves. Tested without a browser in ./keys.test.ts;
 * e2e/readers.spec.ts presses each key in the browser.
 */

/** Screen pixels one arrow key press moves the diagram. */
export const PAN_STEP = 60;

export type KeyAction = { kind: 'zoom-in' } | { kind: 'zoom-out' } | { kind: 'fit' } | { kind: 'pan'; x: number; y: number };

/** The parts of a key press that decide what it does. */
export interface KeyLike {
  key: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
}

/**
 * What a key does in the view, or null when it is not the view's. An arrow brings what lies in
 * its direction into view: the drawing moves the other way (ArrowLeft moves it right, ArrowUp
 * moves it down). With Alt, Ctrl or Cmd a key is the browser's (page zoom, history, tabs).
 */
export function keyAction(event: KeyLike): KeyAction | null {
  if (event.altKey || event.ctrlKey || event.metaKey) return null;
  switch (event.key) {
    case '+':
    case '=':
      return { kind: 'zoom-in' };
    case '-':
      return { kind: 'zoom-out' };
    case '0':
      return { kind: 'fit' };
    case 'ArrowLeft':
      return { kind: 'pan', x: PAN_STEP, y: 0 };
    case 'ArrowRight':
      return { kind: 'pan', x: -PAN_STEP, y: 0 };
    case 'ArrowUp':
      return { kind: 'pan', x: 0, y: PAN_STEP };
    case 'ArrowDown':
      return { kind: 'pan', x: 0, y: -PAN_STEP };
    default:
      return null;
  }
}

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The SVG with every id renamed (`id="x"` and each `#x` reference: url(#x), href="#x", the
 * `#x` selectors of mermaid's style element), so this copy repeats no id of the page's diagram.
 */
export function withUniqueIds(svg: string, suffix = '-full'): string {
  // Array.from, not spread: the site's Babel preset compiles [...iterable] for arrays only.
  const ids = Array.from(new Set(Array.from(svg.matchAll(/\sid="([^"]+)"/g), (match) => match[1])));
  if (ids.length === 0) return svg;
  const names = ids
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join('|');
  return svg.replace(new RegExp(`(\\sid="|#)(${names})(?![\\w-])`, 'g'), (_match, before: string, id: string) => `${before}${id}${suffix}`);
}
