/**
 * Hostile input that does not come through the search box (issue 10, point 3): script and HTML
 * payloads in the URL's path, query and hash are shown as text or ignored, never executed; garbage
 * in every local storage key the site uses (spec §9) falls back to the defaults.
 *
 * Runs against both servers: behind `docusaurus serve` nothing but the page's own code stands
 * between a payload and execution; behind nginx the CSP would also block it and log a violation,
 * which the console fixture turns into a failure.
 */
import type { Page } from '@playwright/test';
import { test, expect, visit, NOT_FOUND_RESPONSE, waitForHydration } from './fixtures';
import { ANNOUNCEMENT_ID } from '../src/config/site';

/** Each payload sets window.__pwned if it ever runs. */
const PAYLOADS = [
  '<script>window.__pwned=1</script>',
  '"><img src=x onerror="window.__pwned=1">',
  "'><svg onload=window.__pwned=1>",
  'javascript:window.__pwned=1',
  '</title><iframe srcdoc="<script>parent.__pwned=1</script>">',
  '{{constructor.constructor("window.__pwned=1")()}}',
];

/** Nothing ran: no flag, no injected script or frame, no element with an event handler or a javascript: URL. */
async function expectNothingRan(page: Page): Promise<void> {
  // An injected <img src=x> would fail to load and fire onerror: let the network settle first.
  // eslint-disable-next-line playwright/no-networkidle -- proving that no injected request fired needs a settled network
  await page.waitForLoadState('networkidle');
  const found = await page.evaluate(() => {
    const handlers = [...document.querySelectorAll('*')].flatMap((element) =>
      [...element.attributes]
        .filter(
          (attribute) =>
            /^on/i.test(attribute.name) ||
            (/^(href|src|action|formaction|xlink:href|srcdoc)$/i.test(attribute.name) && /^\s*javascript:/i.test(attribute.value)),
        )
        .map((attribute) => `<${element.localName} ${attribute.name}="${attribute.value}">`),
    );
    const scripts = [...document.scripts].filter((script) => script.text.includes('__pwned')).length;
    const frames = document.querySelectorAll('iframe').length;
    return { pwned: (window as unknown as { __pwned?: unknown }).__pwned ?? null, handlers, scripts, frames };
  });
  expect(found).toEqual({ pwned: null, handlers: [], scripts: 0, frames: 0 });
}

test.describe('payloads in the URL are never executed', () => {
  test.describe('in the path', () => {
    test.use({ allowedConsole: [NOT_FOUND_RESPONSE] });

    test('in the path: the not-found page, without the payload', async ({ page }) => {
      for (const payload of PAYLOADS) {
        for (const path of [
          `/${encodeURIComponent(payload)}`,
          `/docs/intro/${encodeURIComponent(payload)}`,
          `/docs/${payload.replace(/[?#]/g, '')}`,
        ]) {
          const response = await page.goto(path);
          expect(response?.status(), path).toBe(404);
          await waitForHydration(page);
          await expect(page.locator('main h1')).toHaveText('Page Not Found');
          await expectNothingRan(page);
        }
      }
    });
  });

  test('in the query: ignored, or kept as text in attributes and links', async ({ page }) => {
    for (const payload of PAYLOADS) {
      const value = encodeURIComponent(payload);
      // docusaurus-theme and docusaurus-data-* are query parameters the generator's inline script reads.
      const search = `?q=${value}&docusaurus-theme=${value}&docusaurus-data-probe=${value}`;
      await visit(page, `/docs/core/database/transactions${search}`);
      await expect(page.locator('article h1').first()).toBeVisible();
      // The colour mode falls back to a real mode; the data attribute holds the payload as inert text.
      await expect(page.locator('html')).toHaveAttribute('data-theme', /^(light|dark)$/);
      await expect(page.locator('html')).toHaveAttribute('data-probe', payload);
      // The version dropdown keeps the query in its link, percent-encoded, and it decodes back to the payload.
      const version = page.locator('.navbar__items--right .dropdown').first().locator('.dropdown__menu a');
      const href = (await version.getAttribute('href'))!;
      expect(href).toMatch(/^\/docs\/core\/database\/transactions\?[^<>"\s]*$/);
      expect(new URL(href, 'http://x').searchParams.get('q')).toBe(payload);
      await expectNothingRan(page);
    }
  });

  test('in the hash: ignored, and the page keeps working', async ({ page }) => {
    // Raw, encoded, and malformed percent-encoding (decodeURIComponent throws on it).
    const hashes = [...PAYLOADS.flatMap((payload) => [payload, encodeURIComponent(payload)]), '%E0%A4%A', '%', '#%00%0d%0a'];
    for (const hash of hashes) {
      await visit(page, `/docs/intro#${hash}`);
      await expect(page.locator('article h1').first()).toBeVisible();
      await expectNothingRan(page);
    }
    // Client-side navigation after a hostile hash still works.
    await page.locator('.navbar__items > a.navbar__item', { hasText: 'Guides' }).click();
    await expect(page).toHaveURL(/\/guides\/contributing$/);
    await expect(page.locator('article h1').first()).toBeVisible();
  });
});

/** Garbage a visitor's browser (or an extension, or an older site on the same origin) may hold. */
const GARBAGE = [
  '',
  'null',
  'undefined',
  '{"broken":',
  '<img src=x onerror=window.__pwned=1>',
  'DARK',
  'dark ',
  '\u0000\uD800\uFFFF',
  'x'.repeat(10_000),
];
const KEYS = ['theme', 'docusaurus.announcement.dismiss', 'docusaurus.announcement.id', 'docs-preferred-version-default'];

/** Stores the values, then reloads so the site reads them at start, as on a visitor's next visit. */
async function reloadWith(page: Page, values: Record<string, string>): Promise<void> {
  await page.evaluate((entries) => {
    localStorage.clear();
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, values);
  await page.reload();
  await waitForHydration(page);
}

test.describe('garbage in local storage falls back to the defaults', () => {
  test.use({ colorScheme: 'light' });

  test('every key at once: light mode, announcement shown, version Next, all of it working', async ({ page }) => {
    await visit(page, '/docs/intro');
    for (const garbage of GARBAGE) {
      await reloadWith(page, Object.fromEntries(KEYS.map((key) => [key, garbage])));
      const html = page.locator('html');
      await expect(html, JSON.stringify(garbage.slice(0, 20))).toHaveAttribute('data-theme', 'light');
      const bar = page.locator('[role="banner"]').filter({ hasText: 'Strapi 5' });
      await expect(bar).toBeVisible();
      // The announcement id is rewritten to the current one; a stale preferred version is removed.
      expect(await page.evaluate(() => localStorage.getItem('docusaurus.announcement.id'))).toBe(ANNOUNCEMENT_ID);
      expect(await page.evaluate(() => localStorage.getItem('docs-preferred-version-default'))).toBeNull();
      await expect(page.locator('.navbar__items--right .dropdown > .navbar__link').first()).toHaveText('Next');
      await expectNothingRan(page);
    }
    // The defaults it fell back to behave as usual: the switch and the close button store clean values.
    await page.getByRole('button', { name: /Switch between dark and light mode/ }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await page.locator('[role="banner"]').filter({ hasText: 'Strapi 5' }).getByRole('button', { name: 'Close' }).click();
    expect(await page.evaluate(() => localStorage.getItem('docusaurus.announcement.dismiss'))).toBe('true');
  });

  test('a dismissal stored under a garbage announcement id shows the bar again', async ({ page }) => {
    await visit(page, '/');
    await reloadWith(page, { 'docusaurus.announcement.dismiss': 'true', 'docusaurus.announcement.id': '<b>old</b>' });
    await expect(page.locator('[role="banner"]').filter({ hasText: 'Strapi 5' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('docusaurus.announcement.dismiss'))).toBe('false');
  });

  test('a stored preferred version that does not exist is dropped, and Next is used', async ({ page }) => {
    await visit(page, '/docs/intro');
    await reloadWith(page, { 'docs-preferred-version-default': '9.9.9' });
    await expect.poll(() => page.evaluate(() => localStorage.getItem('docs-preferred-version-default'))).toBeNull();
    const dropdown = page.locator('.navbar__items--right .dropdown').first();
    await dropdown.hover();
    await dropdown.locator('.dropdown__menu a').click();
    await expect(page.locator('.navbar__items--right .dropdown > .navbar__link').first()).toHaveText('Next');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('docs-preferred-version-default'))).toBe('current');
  });
});
