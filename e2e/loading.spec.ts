/**
 * Loading and navigation behaviour (spec section 2): link prefetch and preload (and their absence
 * on slow or data-saver connections), scroll on navigation, and the progress bar's timing.
 * The spinner shown while a page loads is proven in errors.spec.ts (Retry loads the page).
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, visit } from './fixtures';
import { PAGE_A, PAGE_B, contentChunkOf } from './behaviour';
import { ROUTES, readDocs, routeOfDoc } from '../scripts/docs';

const chunkB = contentChunkOf(PAGE_B.file);
/** A third guides page, touched instead of hovered. */
const PAGE_C = ROUTES.find((route) => route.sidebar === 'guides' && route !== PAGE_A && route !== PAGE_B)!;
const chunkC = contentChunkOf(PAGE_C.file);

interface Recorded {
  scripts: string[];
  prefetches: string[];
}

/** Records, from before any page script runs, the chunk scripts and prefetch links added to the document. */
async function recordAssetRequests(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const recorded = { scripts: [] as string[], prefetches: [] as string[] };
    (window as unknown as { recorded: typeof recorded }).recorded = recorded;
    new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        for (const node of mutation.addedNodes) {
          if (node instanceof HTMLScriptElement && node.src) recorded.scripts.push(new URL(node.src).pathname);
          if (node instanceof HTMLLinkElement && node.rel === 'prefetch') recorded.prefetches.push(new URL(node.href).pathname);
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

const recorded = (page: Page): Promise<Recorded> => page.evaluate(() => (window as unknown as { recorded: Recorded }).recorded);

const sidebarLink = (page: Page, label: string) =>
  page.locator('nav[aria-label="Docs sidebar"]').getByRole('link', { name: label, exact: true });

test('internal links prefetch when visible, preload on hover and on touch', async ({ page }) => {
  await recordAssetRequests(page);
  await visit(page, PAGE_A.route);
  // The sidebar links are visible: their pages' chunks are prefetched with link hints.
  await expect.poll(async () => (await recorded(page)).prefetches).toContain(chunkB);
  expect((await recorded(page)).scripts).not.toContain(chunkB);

  await sidebarLink(page, PAGE_B.label).hover();
  await expect.poll(async () => (await recorded(page)).scripts).toContain(chunkB);

  expect((await recorded(page)).scripts).not.toContain(chunkC);
  await sidebarLink(page, PAGE_C.label).dispatchEvent('touchstart');
  await expect.poll(async () => (await recorded(page)).scripts).toContain(chunkC);
});

const SLOW_CONNECTIONS = [
  { name: '2g', connection: { effectiveType: '2g', saveData: false } },
  { name: 'slow-2g', connection: { effectiveType: 'slow-2g', saveData: false } },
  { name: 'data saver', connection: { effectiveType: '4g', saveData: true } },
];

for (const { name, connection } of SLOW_CONNECTIONS) {
  test(`on a ${name} connection links neither prefetch nor preload`, async ({ page }) => {
    await page.addInitScript((value) => {
      Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, get: () => value });
    }, connection);
    await recordAssetRequests(page);
    await visit(page, PAGE_A.route);
    await sidebarLink(page, PAGE_B.label).hover();
    await sidebarLink(page, PAGE_C.label).dispatchEvent('touchstart');
    // Hover and touch preloads are synchronous (the script element is added in the event
    // handler), so nothing has been asked for yet.
    const before = await recorded(page);
    expect(before.scripts).not.toContain(chunkB);
    expect(before.scripts).not.toContain(chunkC);
    // The navigation itself still loads the page (core forces that preload)...
    await sidebarLink(page, PAGE_B.label).click();
    await expect(page.locator('article h1')).toHaveText(PAGE_B.title);
    const after = await recorded(page);
    expect(after.scripts).toContain(chunkB);
    // ...and by then the visible links of two pages would have been prefetched on a fast connection.
    expect(after.prefetches).toEqual([]);
    expect(after.scripts).not.toContain(chunkC);
  });
}

test('navigation scrolls to the top, or to the anchor of the hash', async ({ page }) => {
  // A doc with a relative link to a heading of another doc.
  const docs = readDocs();
  let source: { route: string; target: string; anchor: string } | undefined;
  for (const doc of docs) {
    for (const match of doc.body.matchAll(/\]\((\.{1,2}\/[^)#\s]+\.mdx?)#([\w-]+)\)/g)) {
      const file = path.posix.normalize(path.posix.join(path.posix.dirname(doc.file), match[1]));
      const target = docs.find((candidate) => candidate.file === file);
      if (target && target !== doc) source = { route: routeOfDoc(doc), target: routeOfDoc(target), anchor: match[2] };
      if (source) break;
    }
    if (source) break;
  }
  expect(source, 'a doc linking to a heading of another doc').toBeDefined();
  const { route, target, anchor } = source!;

  await visit(page, route);
  const link = page.locator(`article a[href="${target}#${anchor}"]`).first();
  await link.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${target}#${anchor}$`));
  await expect
    .poll(() => page.evaluate((id) => Math.round(document.getElementById(id)!.getBoundingClientRect().top), anchor))
    .toBeLessThan(120);
  expect(await page.evaluate((id) => document.getElementById(id)!.getBoundingClientRect().top, anchor)).toBeGreaterThanOrEqual(-1);

  // Without a hash: the next page opens at the top.
  const scrolledTo = await page.evaluate(() => window.scrollY);
  expect(scrolledTo).toBeGreaterThan(0);
  const next = page.locator('a.pagination-nav__link--next');
  await next.scrollIntoViewIfNeeded();
  const nextTitle = (await next.locator('.pagination-nav__label').textContent())!.replace(/»$/, '').trim();
  await next.click();
  await expect(page.locator('article h1')).toHaveText(nextTitle);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

/** Records in the page when the progress bar is added and removed, and when a link is clicked. */
async function recordProgressBar(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const timeline = { clickAt: -1, shownAt: [] as number[], removedAt: [] as number[], titleAt: -1 };
    (window as unknown as { timeline: typeof timeline }).timeline = timeline;
    document.addEventListener('click', () => (timeline.clickAt = performance.now()), true);
    new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        for (const node of mutation.addedNodes)
          if (node instanceof HTMLElement && node.id === 'nprogress') timeline.shownAt.push(performance.now());
        for (const node of mutation.removedNodes)
          if (node instanceof HTMLElement && node.id === 'nprogress') timeline.removedAt.push(performance.now());
      }
      const h1 = document.querySelector('article h1');
      if (
        timeline.clickAt >= 0 &&
        timeline.titleAt < 0 &&
        h1 &&
        h1.textContent === (window as unknown as { expectedTitle: string }).expectedTitle
      ) {
        timeline.titleAt = performance.now();
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

interface Timeline {
  clickAt: number;
  shownAt: number[];
  removedAt: number[];
  titleAt: number;
}
const timeline = (page: Page): Promise<Timeline> => page.evaluate(() => (window as unknown as { timeline: Timeline }).timeline);

test('the progress bar starts 200 ms after a route change and ends when the route is loaded', async ({ page }) => {
  // The next page's chunk takes 1.2 s to arrive.
  await page.route(`**${chunkB}`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1200));
    await route.continue();
  });
  await recordProgressBar(page);
  await visit(page, PAGE_A.route);
  await page.evaluate((title) => ((window as unknown as { expectedTitle: string }).expectedTitle = title), PAGE_B.title);
  await sidebarLink(page, PAGE_B.label).click();
  await expect(page.locator('#nprogress')).toBeAttached();
  await expect(page.locator('article h1')).toHaveText(PAGE_B.title);
  await expect(page.locator('#nprogress')).toHaveCount(0);
  const t = await timeline(page);
  expect(t.shownAt).toHaveLength(1);
  expect(t.shownAt[0] - t.clickAt, 'not before 200 ms').toBeGreaterThanOrEqual(200);
  expect(t.shownAt[0], 'shown while the route was loading').toBeLessThan(t.titleAt);
  expect(t.removedAt[0], 'removed once the route is loaded').toBeGreaterThanOrEqual(t.titleAt);
});

/** Controls the page's timers: installed before the page loads, paused once it has hydrated. */
async function pauseClockAfterHydration(page: Page, path: string): Promise<void> {
  await page.clock.install();
  await visit(page, path);
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
}

test('on a controlled clock the progress bar starts exactly when 200 ms have passed', async ({ page }) => {
  let release: () => void = () => undefined;
  const network = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${chunkB}`, async (route) => {
    await network;
    await route.continue();
  });
  await pauseClockAfterHydration(page, PAGE_A.route);
  await sidebarLink(page, PAGE_B.label).click();
  await page.clock.runFor(199);
  await expect(page.locator('#nprogress')).toHaveCount(0);
  await page.clock.runFor(1);
  await expect(page.locator('#nprogress')).toBeAttached();
  release();
  await expect(page.locator('article h1')).toHaveText(PAGE_B.title);
  // nprogress fades out on its own timers.
  await page.clock.runFor(2000);
  await expect(page.locator('#nprogress')).toHaveCount(0);
});

test('a route change that completes within 200 ms shows no progress bar', async ({ page }) => {
  await recordProgressBar(page);
  // The page's timers are paused, so "within 200 ms" does not depend on how busy the machine is.
  await pauseClockAfterHydration(page, PAGE_A.route);
  // Load page B's chunks first (hover preloads them), so the navigation itself needs no network.
  const loaded = page.waitForResponse((response) => response.url().endsWith(chunkB));
  await sidebarLink(page, PAGE_B.label).hover();
  await loaded;
  await sidebarLink(page, PAGE_B.label).click();
  await expect(page.locator('article h1')).toHaveText(PAGE_B.title);
  // Had the 200 ms timer not been cancelled when the route loaded, the bar would start now.
  await page.clock.runFor(1000);
  expect((await timeline(page)).shownAt).toEqual([]);
  await expect(page.locator('#nprogress')).toHaveCount(0);
});

/** Where nprogress has placed its bar: `translate3d(-92%, 0px, 0px)` is -92, a progress of 0.08. */
const barOffset = (page: Page): Promise<number> =>
  page.locator('#nprogress .bar').evaluate((bar: HTMLElement) => Number(/^translate3d\((-?[\d.]+)%/.exec(bar.style.transform)?.[1]));

test('on a controlled clock the progress bar starts at 0.08, trickles by 0.02 times a random share every 800 ms and moves and fades in 200 ms', async ({
  page,
}) => {
  let release: () => void = () => undefined;
  const network = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${chunkB}`, async (route) => {
    await network;
    await route.continue();
  });
  await pauseClockAfterHydration(page, PAGE_A.route);
  // nprogress moves by random amounts: a fixed share of one half makes each trickle 0.02 x 0.5 = 0.01
  // and the final step before done 0.3 + 0.5 x 0.5 = 0.55.
  await page.evaluate(() => (Math.random = () => 0.5));
  await sidebarLink(page, PAGE_B.label).click();
  await page.clock.runFor(200);
  const bar = page.locator('#nprogress .bar');
  await expect(bar).toBeAttached();
  // Started at the minimum, 0.08, with a 200 ms transition.
  await expect.poll(() => barOffset(page)).toBeCloseTo(-92, 6);
  expect(await bar.evaluate((element: HTMLElement) => element.style.transitionDuration)).toBe('200ms');
  // The first trickle comes 800 ms after the start, not before.
  await page.clock.runFor(799);
  expect(await barOffset(page)).toBeCloseTo(-92, 6);
  await page.clock.runFor(1);
  await expect.poll(() => barOffset(page)).toBeCloseTo(-91, 6);

  // The route loads now: done() moves the bar to the end at once, holds it for 200 ms, fades it
  // out in 200 ms and removes it.
  release();
  await expect(page.locator('article h1')).toHaveText(PAGE_B.title);
  await expect.poll(() => barOffset(page)).toBe(0);
  const progress = page.locator('#nprogress');
  const fade = () => progress.evaluate((element: HTMLElement) => [element.style.opacity, element.style.transitionDuration]);
  expect(await fade()).toEqual(['1', '0s']);
  await page.clock.runFor(199);
  expect(await fade()).toEqual(['1', '0s']);
  await page.clock.runFor(1);
  expect(await fade()).toEqual(['0', '200ms']);
  await page.clock.runFor(199);
  await expect(progress).toBeAttached();
  await page.clock.runFor(1);
  await expect(page.locator('#nprogress')).toHaveCount(0);
});

/** The key react-router's history gave the current entry (`history.state.key`). */
const historyKey = (page: Page): Promise<unknown> => page.evaluate(() => (window.history.state as { key?: unknown } | null)?.key);

test('each client-side navigation gets a history key of 6 characters, kept on Back', async ({ page }) => {
  await visit(page, PAGE_A.route);
  await sidebarLink(page, PAGE_B.label).click();
  await expect(page.locator('article h1')).toHaveText(PAGE_B.title);
  const keyB = await historyKey(page);
  expect(keyB).toMatch(/^[0-9a-z]{6}$/);
  await sidebarLink(page, PAGE_C.label).click();
  await expect(page.locator('article h1')).toHaveText(PAGE_C.title);
  const keyC = await historyKey(page);
  expect(keyC).toMatch(/^[0-9a-z]{6}$/);
  expect(keyC).not.toBe(keyB);
  await page.goBack();
  await expect(page.locator('article h1')).toHaveText(PAGE_B.title);
  expect(await historyKey(page)).toBe(keyB);
});
