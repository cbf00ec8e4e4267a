/**
 * Readers' tools in the browser, on the production build (and behind nginx with its CSP, through
 * scripts/nginx-test.sh): the "Copy page" button copies the page's Markdown, requested only on
 * click, and says so in a live region; each drawn diagram opens full size in a modal dialog that
 * fits the window, zooms and pans by keyboard, loads its code only when opened, and closes with
 * Escape, giving the focus back to its button.
 */
import type { Locator, Page } from '@playwright/test';
import { test, expect, visit, NOT_FOUND_RESPONSE } from './fixtures';

const PAGE = '/api/Cron';
const DIAGRAM_PAGE = '/docs/core/data-transfer/engine';

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
    // eslint-disable-next-line playwright/no-networkidle -- proving that no Markdown was requested needs a settled network
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

  test.describe('when the Markdown is missing', () => {
    test.use({ allowedConsole: [NOT_FOUND_RESPONSE] });

    test('says so when the Markdown cannot be fetched, and leaves the clipboard alone', async ({ page }) => {
      await visit(page, PAGE);
      await page.evaluate(() => navigator.clipboard.writeText('before'));
      // 404 is the answer a missing file gets; Chromium logs it (allowed above, for this test only).
      await page.route('**/api/Cron.md', (route) => route.fulfill({ status: 404, body: 'gone' }));
      await page.getByRole('button', { name: 'Copy page' }).click();
      await expect(page.locator('article [role="status"]')).toHaveText('Copy failed');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('before');
    });
  });
});

/**
 * The drawing's box once it stops moving: Panzoom animates zoom and reset (a CSS transition), so a
 * box read right after a key press can be one of the transition's frames.
 */
async function settledBox(svg: Locator) {
  let last = await drawingBox(svg);
  await expect
    .poll(async () => {
      const now = await drawingBox(svg);
      const same = JSON.stringify(now) === JSON.stringify(last);
      last = now;
      return same;
    })
    .toBe(true);
  return last;
}

/** The box of the drawing itself (every shape, text and line of the SVG), as shown in the window. */
async function drawingBox(svg: Locator) {
  return svg.evaluate((element) => {
    const boxes = [...element.querySelectorAll('path, rect, circle, ellipse, polygon, line, text, foreignObject')]
      .filter((shape) => !shape.closest('marker, defs'))
      .map((shape) => shape.getBoundingClientRect())
      .filter((box) => box.width > 0 || box.height > 0);
    const x = Math.min(...boxes.map((box) => box.left));
    const y = Math.min(...boxes.map((box) => box.top));
    const right = Math.max(...boxes.map((box) => box.right));
    const bottom = Math.max(...boxes.map((box) => box.bottom));
    return { x, y, width: right - x, height: bottom - y };
  });
}

test('a diagram opens full size in a modal dialog, fits the window, zooms and pans by keyboard, and Escape closes it', async ({ page }) => {
  const requests = recordRequests(page);
  await visit(page, DIAGRAM_PAGE);
  const diagram = page.locator('[data-diagram]').first();
  await diagram.scrollIntoViewIfNeeded();
  await expect(diagram).toHaveAttribute('data-diagram', 'drawn');
  // eslint-disable-next-line playwright/no-networkidle -- proving that the view's code is not loaded yet needs a settled network
  await page.waitForLoadState('networkidle');
  // The view's code (and Panzoom) is not loaded until the view opens.
  expect(requests.filter((path) => path.includes('diagram-full-view'))).toEqual([]);

  const open = page.getByRole('button', { name: 'Open full size' }).first();
  await open.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Diagram at full size' });
  await expect(dialog).toBeVisible();
  expect(requests.filter((path) => path.includes('diagram-full-view'))).toHaveLength(1);
  expect(await dialog.evaluate((element) => element.matches(':modal'))).toBe(true);
  // The focus is inside the dialog, on its first control.
  await expect(dialog.getByRole('button', { name: 'Zoom out' })).toBeFocused();

  // It fits the window: the whole drawing is visible, and it fills the free width or height.
  const svg = dialog.locator('svg');
  const viewport = page.viewportSize()!;
  const fitted = await settledBox(svg);
  const area = await dialog
    .locator('svg')
    .evaluate((element) => element.parentElement!.parentElement!.getBoundingClientRect().toJSON() as DOMRect);
  expect(fitted.x).toBeGreaterThanOrEqual(0);
  expect(fitted.y).toBeGreaterThanOrEqual(0);
  expect(fitted.x + fitted.width).toBeLessThanOrEqual(viewport.width + 0.5);
  expect(fitted.y + fitted.height).toBeLessThanOrEqual(viewport.height + 0.5);
  expect(Math.max(fitted.width / area.width, fitted.height / area.height)).toBeGreaterThan(0.8);
  // Its ids were renamed: no id of the page's diagram is repeated in the dialog.
  const duplicated = await page.evaluate(() => {
    const ids = [...document.querySelectorAll('dialog [id]')].map((element) => element.id);
    return ids.filter((id) => document.querySelectorAll(`[id="${id}"]`).length > 1);
  });
  expect(duplicated).toEqual([]);

  const scale = dialog.locator('[data-diagram-scale]');
  await expect(scale).toHaveAttribute('data-diagram-scale', '1.00');
  await page.keyboard.press('+');
  await expect(scale).not.toHaveAttribute('data-diagram-scale', '1.00');
  const zoomed = await settledBox(svg);
  expect(zoomed.width).toBeGreaterThan(fitted.width * 1.2);
  await expect(scale).toHaveText(/^1\d\d %$/);
  // Arrow keys pan as a reader looks around: each brings what lies in its direction into view, so
  // the drawing moves the other way, by the same step, and only along the key's axis.
  const moves: Array<[string, 'x' | 'y', 1 | -1]> = [
    ['ArrowLeft', 'x', 1],
    ['ArrowRight', 'x', -1],
    ['ArrowUp', 'y', 1],
    ['ArrowDown', 'y', -1],
  ];
  for (const [key, axis, sign] of moves) {
    const before = await settledBox(svg);
    await page.keyboard.press(key);
    await expect.poll(async () => sign * ((await drawingBox(svg))[axis] - before[axis]), key).toBeGreaterThan(30);
    const after = await settledBox(svg);
    const other = axis === 'x' ? 'y' : 'x';
    expect(Math.abs(after[other] - before[other]), `${key} moves along ${axis} only`).toBeLessThan(1);
    expect(after.width, `${key} does not zoom`).toBeCloseTo(before.width, 0);
  }
  // A key with Ctrl, Alt or Cmd is the browser's (Ctrl+ArrowLeft, Ctrl+-): the view does not move.
  const still = await settledBox(svg);
  await page.keyboard.press('Control+ArrowLeft');
  await page.keyboard.press('Alt+ArrowUp');
  await page.keyboard.press('Meta+ArrowDown');
  await expect(scale).toHaveText(/^1\d\d %$/);
  expect(await settledBox(svg)).toEqual(still);
  // The buttons work from the keyboard as well: Tab to "Fit", Enter.
  await dialog.getByRole('button', { name: 'Zoom in' }).focus();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Fit' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(scale).toHaveAttribute('data-diagram-scale', '1.00');
  await page.keyboard.press('-');
  await expect(scale).toHaveText(/^\d\d %$/);
  // "=" (the + key without Shift) zooms in too, and "0" fits again.
  await page.keyboard.press('=');
  await expect(scale).toHaveAttribute('data-diagram-scale', '1.00');
  await page.keyboard.press('=');
  await expect(scale).toHaveText(/^1\d\d %$/);
  await page.keyboard.press('0');
  await expect(scale).toHaveAttribute('data-diagram-scale', '1.00');
  const refitted = await settledBox(svg);
  for (const side of ['x', 'y', 'width', 'height'] as const) expect(refitted[side], side).toBeCloseTo(fitted[side], 0);

  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(open).toBeFocused();
  // It opens again (the chunk is not fetched twice), and the Close button closes it too.
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(open).toBeFocused();
  expect(requests.filter((path) => path.includes('diagram-full-view'))).toHaveLength(1);
});

test('the full-size view opens by mouse click and by Space as well as by Enter', async ({ page }) => {
  await visit(page, DIAGRAM_PAGE);
  const diagram = page.locator('[data-diagram]').first();
  await diagram.scrollIntoViewIfNeeded();
  await expect(diagram).toHaveAttribute('data-diagram', 'drawn');
  const open = page.getByRole('button', { name: 'Open full size' }).first();
  const dialog = page.getByRole('dialog', { name: 'Diagram at full size' });
  await open.click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(open).toBeFocused();
  await page.keyboard.press('Space');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).press('Space');
  await expect(dialog).toHaveCount(0);
});
