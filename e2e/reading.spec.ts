/**
 * Reading details that the per-route defect count (e2e/reading.ts, run by routes.spec.ts) does not
 * show: where a path breaks, and how a table that scrolls says so.
 */
import { test, expect, visit } from './fixtures';

/** Runs in the browser: the characters after which a code span's text moves to a new line. */
function lineBreaksOf(code: Element): string[] {
  const breaks: string[] = [];
  const chars: Array<{ node: Text; offset: number; ch: string }> = [];
  const walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    for (let offset = 0; offset < node.data.length; offset++) chars.push({ node, offset, ch: node.data[offset] });
  }
  let lastTop: number | null = null;
  chars.forEach((c, index) => {
    const range = document.createRange();
    range.setStart(c.node, c.offset);
    range.setEnd(c.node, c.offset + 1);
    const top = Math.round(range.getBoundingClientRect().top);
    if (lastTop !== null && top > lastTop + 2) breaks.push(chars[index - 1].ch);
    lastTop = top;
  });
  return breaks;
}

test('at 390 px a long path in a table breaks only after a "/"', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await visit(page, '/api/API');
  const code = page.locator('article table code', { hasText: /^packages\/core\/core\/src\/services\/server\/content-api\.ts$/ }).first();
  await expect(code).toBeVisible();
  const breaks = await code.evaluate(lineBreaksOf);
  expect(breaks.length, 'the path is longer than its column, so it wraps').toBeGreaterThan(0);
  expect(new Set(breaks)).toEqual(new Set(['/']));
});

test('a table wider than the column scrolls in its box and marks the side with more to see', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await visit(page, '/docs/core/data-transfer/engine');
  const wide = page.locator('article table[data-scroll]').first();
  await expect(wide).toHaveAttribute('data-scroll', 'start');
  expect(await wide.evaluate((el) => getComputedStyle(el).boxShadow)).not.toBe('none');
  await wide.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  await expect(wide).toHaveAttribute('data-scroll', 'end');
  await wide.evaluate((el) => el.scrollTo({ left: 40 }));
  await expect(wide).toHaveAttribute('data-scroll', 'middle');
  // The page itself does not scroll sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  // At 1280 px the same page's tables fit: no mark, no shadow.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.locator('article table[data-scroll]')).toHaveCount(0);
});
