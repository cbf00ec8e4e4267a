/**
 * Readers' tools in the browser, on the production build: the "Copy page" button copies the page's
 * Markdown, requested only on click, and says so in a live region.
 */
import type { Page } from '@playwright/test';
import { test, expect, visit } from './fixtures';

const PAGE = '/api/Cron';

/** Paths of every request the page makes from now on. */
function recordRequests(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => paths.push(new URL(request.url()).pathname));
  return paths;
}

test.describe('Copy page', () => {
  test.beforeEach(async ({ context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  });

  test('copies the Markdown of the page, fetched only on click, and announces it', async ({ page }) => {
    const requests = recordRequests(page);
    await visit(page, PAGE);
    await page.waitForLoadState('networkidle');
    expect(requests.filter((path) => path.endsWith('.md'))).toEqual([]);
    // The head points at the same Markdown the button copies.
    await expect(page.locator('head link[rel="alternate"][type="text/markdown"]')).toHaveAttribute('href', '/api/Cron.md');
    const expected = await (await page.request.get('/api/Cron.md')).text();
    expect(expected).toMatch(/^# Cron Service\n\n> /);

    const button = page.getByRole('button', { name: 'Copy page' });
    const status = page.locator('article [role="status"]');
    await expect(status).toHaveAttribute('aria-live', 'polite');
    await expect(status).toHaveText('');
    // Keyboard: the button follows the breadcrumbs in the tab order and Enter copies.
    await page.locator('nav[aria-label="Breadcrumbs"] a').last().focus();
    await page.keyboard.press('Tab');
    await expect(button).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(status).toHaveText('Copied as Markdown');
    await expect(status).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected);
    expect(requests.filter((path) => path.endsWith('.md'))).toEqual(['/api/Cron.md']);
    await expect(button).toBeFocused();
  });

  test('on the MDX home page it copies plain Markdown, and Space works too', async ({ page }) => {
    await visit(page, '/');
    const button = page.getByRole('button', { name: 'Copy page' });
    await button.focus();
    await page.keyboard.press('Space');
    await expect(page.locator('article [role="status"]')).toHaveText('Copied as Markdown');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/^# Strapi contributor documentation\n/);
    expect(copied).toContain('- [**Guides**](https://contributor.strapi.io/guides/contributing): ');
    expect(copied).not.toMatch(/^import |<AreaCards/m);
  });

  test('says so when the Markdown cannot be fetched, and leaves the clipboard alone', async ({ page }) => {
    await visit(page, PAGE);
    await page.evaluate(() => navigator.clipboard.writeText('before'));
    // 404 is the answer a missing file gets (the console fixture allows Chromium's log of it).
    await page.route('**/api/Cron.md', (route) => route.fulfill({ status: 404, body: 'gone' }));
    await page.getByRole('button', { name: 'Copy page' }).click();
    await expect(page.locator('article [role="status"]')).toHaveText('Copy failed');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('before');
  });
});
