/**
 * Client module: shows that a table scrolls. A table wider than the text column scrolls inside its
 * own box (custom.css); this marks each such table with `data-scroll="start"`, `"middle"` or `"end"`
 * (where the reader is) so that custom.css draws an inner shadow on the side that has more to see.
 * Tables that fit carry no mark. Runs after every route update, on each table's scroll and when the
 * window is resized (debounced to the next animation frame).
 */
import type { ClientModule } from '@docusaurus/types';

/** Where a scroll box is: null when it does not scroll sideways. */
export function scrollPosition(scrollLeft: number, scrollWidth: number, clientWidth: number): 'start' | 'middle' | 'end' | null {
  if (scrollWidth - clientWidth <= 1) return null;
  if (scrollLeft <= 1) return 'start';
  if (scrollLeft >= scrollWidth - clientWidth - 1) return 'end';
  return 'middle';
}

function mark(table: HTMLElement): void {
  const position = scrollPosition(table.scrollLeft, table.scrollWidth, table.clientWidth);
  if (position === null) table.removeAttribute('data-scroll');
  else if (table.dataset.scroll !== position) table.dataset.scroll = position;
}

const watched = new WeakSet<HTMLElement>();
let frame = 0;

function markAll(): void {
  for (const table of Array.from(document.querySelectorAll<HTMLElement>('.markdown table'))) {
    if (!watched.has(table)) {
      watched.add(table);
      table.addEventListener('scroll', () => mark(table), { passive: true });
    }
    mark(table);
  }
}

function scheduleMarkAll(): void {
  cancelAnimationFrame(frame);
  frame = requestAnimationFrame(markAll);
}

const tableScroll: ClientModule = {
  onRouteDidUpdate() {
    scheduleMarkAll();
  },
};

if (typeof window !== 'undefined') {
  window.addEventListener('resize', scheduleMarkAll, { passive: true });
}

export default tableScroll;
