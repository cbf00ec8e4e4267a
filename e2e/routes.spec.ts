/** Route contract: every page of src/data/routes.json, the tag pages and the not-found page. */
import { test, expect, visit, drawDiagrams, NOT_FOUND_RESPONSE, waitForHydration } from './fixtures';
import { ROUTES, tagSlug } from '../scripts/docs';
import { TAGS } from '../src/data/tags';
import { SITE_TITLE } from '../src/config/site';
import { ALL_KINDS, openMobileSidebar, readingDefects, type ReadingDefect } from './reading';

test.describe('every route of the contract', () => {
  for (const route of ROUTES) {
    test(`${route.route} shows its page`, async ({ page }) => {
      const response = await page.goto(route.route);
      expect(response?.status()).toBe(200);
      await waitForHydration(page);
      await expect(page).toHaveTitle(`${route.title} | ${SITE_TITLE}`);
      await expect(page.locator('article h1').first()).toHaveText(route.title);
      if (route.sidebar) {
        const active = page.locator('nav[aria-label="Docs sidebar"] a.menu__link--active').last();
        await expect(active).toHaveText(route.label);
      }
      // Read as a reader would, at 1280 px and at 390 px (e2e/reading.ts): no one-word table code
      // broken across lines, no sidebar label wider than its box, no sideways page scroll. Wide
      // tables, code and diagrams scroll inside their own box (diagrams are drawn when scrolled
      // near: draw them first).
      // Behind nginx (E2E_BASE_URL) the pages are the same files: only the page scroll is checked.
      const fullCheck = !process.env.E2E_BASE_URL;
      const kinds: ReadingDefect['kind'][] = fullCheck ? ALL_KINDS : ['page-scroll'];
      await page.setViewportSize({ width: 1280, height: 800 });
      await drawDiagrams(page);
      expect(await page.evaluate(readingDefects, kinds), 'at 1280 px').toEqual([]);
      await page.setViewportSize({ width: 390, height: 844 });
      await expect.poll(() => page.evaluate(readingDefects, kinds), { message: 'at 390 px' }).toEqual([]);
      if (fullCheck) {
        await openMobileSidebar(page);
        expect(await page.evaluate(readingDefects, ALL_KINDS), 'at 390 px, mobile sidebar open').toEqual([]);
      }
    });
  }
});

test('the announcement bar takes at most two lines at 390 px', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await visit(page, '/docs/intro');
  const content = page.locator('[class*="announcementBarContent"]');
  await expect(content).toBeVisible();
  const lines = await content.evaluate((el) => Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)));
  expect(lines).toBeLessThanOrEqual(2);
  expect(lines).toBeGreaterThanOrEqual(1);
});

test('/tags lists the 75 tags and each tag page opens', async ({ page }) => {
  // 76 page loads in one test: give it room on a loaded 2-core machine.
  test.setTimeout(240_000);
  await visit(page, '/tags');
  const links = page.locator('main a[href^="/tags/"]');
  await expect(links).toHaveCount(75);
  const hrefs = await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
  expect(hrefs.sort()).toEqual(TAGS.map((tag) => `/tags/${tagSlug(tag)}`).sort());
  for (const tag of TAGS) {
    const response = await page.goto(`/tags/${tagSlug(tag)}`);
    expect(response?.status(), tag).toBe(200);
    await expect(page.locator('main h1')).toContainText(`"${tag}"`);
  }
});

test.describe('unknown paths', () => {
  test.use({ allowedConsole: [NOT_FOUND_RESPONSE] });

  test('an unknown path shows the not-found page', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await waitForHydration(page);
    await expect(page.locator('main h1')).toHaveText('Page Not Found');
    await expect(page).toHaveTitle(`Page Not Found | ${SITE_TITLE}`);
  });
});

test('a path ending in /index.html shows the folder path', async ({ page }) => {
  await page.goto('/docs/intro/index.html');
  await waitForHydration(page);
  await expect(page).toHaveURL(/\/docs\/intro\/?$/);
  await expect(page.locator('article h1').first()).toHaveText(ROUTES.find((route) => route.route === '/docs/intro')!.title);
});
