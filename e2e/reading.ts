/**
 * Reading defects a visitor sees, counted in the page itself (shared by e2e/routes.spec.ts and
 * scripts/reading-audit.ts):
 * - table code of one word (no space, `/` or `-`, at most 24 characters) drawn on more than one line;
 * - a sidebar label whose content is wider than its box (clipped or spilling);
 * - a page that scrolls sideways.
 */
import type { Page } from '@playwright/test';

export interface ReadingDefect {
  kind: 'table-code' | 'sidebar-label' | 'page-scroll';
  text: string;
}

export const ALL_KINDS: Array<ReadingDefect['kind']> = ['table-code', 'sidebar-label', 'page-scroll'];

/** Runs in the browser (pass it to page.evaluate with the kinds to report). */
export function readingDefects(kinds: Array<ReadingDefect['kind']>): ReadingDefect[] {
  const out: ReadingDefect[] = [];
  for (const code of Array.from(document.querySelectorAll('article table code'))) {
    const text = code.textContent ?? '';
    if (/[\s/-]/.test(text) || text.length > 24 || text.length === 0) continue;
    const lines = new Set(
      Array.from(code.getClientRects())
        .filter((r) => r.width > 0 && r.height > 0)
        .map((r) => Math.round(r.top)),
    );
    if (lines.size > 1) out.push({ kind: 'table-code', text });
  }
  for (const link of Array.from(
    document.querySelectorAll<HTMLElement>('.theme-doc-sidebar-menu .menu__link, .navbar-sidebar .menu__link'),
  )) {
    if (link.offsetParent === null) continue;
    if (link.scrollWidth > link.clientWidth + 1) out.push({ kind: 'sidebar-label', text: (link.textContent ?? '').trim() });
  }
  if (document.documentElement.scrollWidth > window.innerWidth) {
    out.push({ kind: 'page-scroll', text: `${document.documentElement.scrollWidth} > ${window.innerWidth}` });
  }
  return out.filter((defect) => kinds.includes(defect.kind));
}

/** Opens the mobile sidebar (at 996 px or less) so that its labels are measured too. */
export async function openMobileSidebar(page: Page): Promise<void> {
  const toggle = page.locator('button.navbar__toggle');
  if (!(await toggle.isVisible())) return;
  // A reader scrolls back up to the hamburger first: scrolled down the page, the navbar slides out
  // (hideOnScroll), and a click aimed at its place landed on the page under it (1 run in 8 with
  // the two cores busy).
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForFunction(() => document.querySelector('button.navbar__toggle')!.getBoundingClientRect().top >= 0);
  await toggle.click();
  await page.locator('.navbar-sidebar--show').waitFor();
  const back = page.locator('.navbar-sidebar__back');
  // A docs page opens on its sidebar (the secondary menu); others show the main menu.
  if (!(await back.isVisible())) return;
}
