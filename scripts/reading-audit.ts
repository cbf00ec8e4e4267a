/**
 * `npx tsx scripts/reading-audit.ts [baseURL]`: counts the reading defects of e2e/reading.ts on every
 * route of the contract at 1280 px and 390 px (mobile sidebar open), against a served build
 * (default http://127.0.0.1:3210), and prints the totals and the pages with the most. The e2e
 * suite asserts there are none; this prints the figures.
 */
import { chromium } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from '../e2e/chromium';
import { ROUTES } from './docs';
import { ALL_KINDS, openMobileSidebar, readingDefects, type ReadingDefect } from '../e2e/reading';
import { waitForHydration } from '../e2e/fixtures';

const BASE = process.argv[2] ?? 'http://127.0.0.1:3210';

async function main() {
  const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
  for (const width of [1280, 390]) {
    const page = await browser.newPage({ viewport: { width, height: width > 500 ? 800 : 844 } });
    const totals: Record<string, number> = { 'table-code': 0, 'sidebar-label': 0, 'page-scroll': 0 };
    const pages: Record<string, Set<string>> = { 'table-code': new Set(), 'sidebar-label': new Set(), 'page-scroll': new Set() };
    const worst: Array<[string, number]> = [];
    for (const route of ROUTES) {
      await page.goto(BASE + route.route);
      await waitForHydration(page);
      const defects: ReadingDefect[] = await page.evaluate(readingDefects, ALL_KINDS);
      if (width < 997) {
        await openMobileSidebar(page);
        const inMenu = (await page.evaluate(readingDefects, ALL_KINDS)).filter((d) => d.kind === 'sidebar-label');
        defects.push(...inMenu);
      }
      for (const d of defects) {
        totals[d.kind]++;
        pages[d.kind].add(route.route);
      }
      worst.push([route.route, defects.length]);
    }
    console.log(
      `${width} px: ${Object.entries(totals)
        .map(([k, n]) => `${k} ${n} on ${pages[k].size} pages`)
        .join('; ')}`,
    );
    console.log(
      `  most: ${worst
        .sort((a, b) => b[1] - a[1])
        .slice(0, 5)
        .map(([r, n]) => `${r} (${n})`)
        .join(', ')}`,
    );
    await page.close();
  }
  await browser.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
