/** Route contract: every page of src/data/routes.json, the tag pages and the not-found page. */
import { test, expect, visit, drawDiagrams } from './fixtures';
import { ROUTES, tagSlug } from '../scripts/docs';
import { TAGS } from '../src/data/tags';
import { SITE_TITLE } from '../src/config/site';

test.describe('every route of the contract', () => {
  for (const route of ROUTES) {
    test(`${route.route} shows its page`, async ({ page }) => {
      const response = await page.goto(route.route);
      expect(response?.status()).toBe(200);
      await page.waitForSelector('html[data-has-hydrated="true"]');
      await expect(page).toHaveTitle(`${route.title} | ${SITE_TITLE}`);
      await expect(page.locator('article h1').first()).toHaveText(route.title);
      if (route.sidebar) {
        const active = page.locator('nav[aria-label="Docs sidebar"] a.menu__link--active').last();
        await expect(active).toHaveText(route.label);
      }
      // At 390 px wide the page itself never scrolls sideways: wide tables, code and
      // diagrams scroll inside their own box (diagrams are drawn when scrolled near: draw them).
      await page.setViewportSize({ width: 390, height: 844 });
      await drawDiagrams(page);
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
        .toBeLessThanOrEqual(0);
    });
  }
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

test('an unknown path shows the not-found page', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await page.waitForSelector('html[data-has-hydrated="true"]');
  await expect(page.locator('main h1')).toHaveText('Page Not Found');
  await expect(page).toHaveTitle(`Page Not Found | ${SITE_TITLE}`);
});

test('a path ending in /index.html shows the folder path', async ({ page }) => {
  await page.goto('/docs/intro/index.html');
  await page.waitForSelector('html[data-has-hydrated="true"]');
  await expect(page).toHaveURL(/\/docs\/intro\/?$/);
  await expect(page.locator('article h1').first()).toHaveText(ROUTES.find((route) => route.route === '/docs/intro')!.title);
});
