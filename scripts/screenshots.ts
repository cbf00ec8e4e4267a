/**
 * Screenshots pages of a served build in light and dark mode, at 1280 px and 390 px wide,
 * for a visual review. Serve the build first (npm run serve), then:
 *   npx tsx scripts/screenshots.ts /docs/intro /api/Cron ...
 * Options through the environment: BASE_URL (default http://127.0.0.1:3000), OUT (default
 * /tmp/screenshots), FULL_PAGE=1 for whole pages, SCROLL_TO=<selector> to start the shot at
 * the first element matching the selector (for example `article table`).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from '../e2e/chromium';
import { drawDiagrams, waitForHydration } from '../e2e/fixtures';

const BASE_URL = process.env.BASE_URL ?? 'http://127.0.0.1:3000';
const OUT = process.env.OUT ?? '/tmp/screenshots';
const routes = process.argv.slice(2);

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
  for (const route of routes) {
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const width of [1280, 390]) {
        const page = await browser.newPage({ viewport: { width, height: width > 500 ? 900 : 844 }, colorScheme });
        await page.goto(`${BASE_URL}${route}`);
        await waitForHydration(page);
        await page.waitForLoadState('networkidle');
        // Diagrams are drawn when scrolled near; draw them all for a whole-page shot.
        if (process.env.FULL_PAGE === '1') {
          await drawDiagrams(page);
          await page.evaluate(() => window.scrollTo(0, 0));
        }
        if (process.env.SCROLL_TO) {
          await page
            .locator(process.env.SCROLL_TO)
            .first()
            .evaluate((el) => el.scrollIntoView({ block: 'start' }));
          await page.evaluate(() => window.scrollBy(0, -80));
        }
        const file = path.join(OUT, `${route.replace(/\W+/g, '_') || 'home'}-${colorScheme}-${width}.png`);
        await page.screenshot({ path: file, fullPage: process.env.FULL_PAGE === '1' });
        console.log(file);
        await page.close();
      }
    }
  }
  await browser.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
