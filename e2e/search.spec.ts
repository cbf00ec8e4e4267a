/**
 * Search (issues 3 and 15; spec sections 4, 5, 7, 8, 9) on the production build: the panel, the
 * results (compared with the site's ranking run in Node on the same built index file), grouped
 * under their page with place and snippet, results as real links, recent searches, the grammar's
 * messages, navigation with highlighting, keyboard use, failing index requests, one request per
 * index file, lazy loading and payloads shown as text.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page, Request } from '@playwright/test';
import { test, expect, visit } from './fixtures';
import { SEARCH_SETTINGS } from '../src/config/search';
import { toLoadedIndex } from '../src/search/indexLoader';
import { parseQuery } from '../src/search/queryParser';
import { search } from '../src/search/ranking';
import { groupResults, groupedOrder, PLACE_SEPARATOR, placeOf } from '../src/search/group';
import { highlightUrl } from '../src/search/highlight';
import { RECENT_STORAGE_KEY } from '../src/search/recent';
import { snippet } from '../src/search/snippet';
import type { SearchResult } from '../src/search/types';

const BUILD_DIR = process.env.BUILD_DIR ?? 'build';
const INDEX_FILES = readdirSync(BUILD_DIR).filter((name) => /^search-index-.+\.json$/.test(name));
const INDEXES = INDEX_FILES.map((name) => toLoadedIndex(JSON.parse(readFileSync(join(BUILD_DIR, name), 'utf8'))));
const SETTINGS = SEARCH_SETTINGS;
const INDEX_REQUEST = /\/search-index-[^/]+\.json$/;

/** What the ranking gives on the built index, in the panel's order (grouped by page). */
function expected(query: string): SearchResult[] {
  const outcome = search(INDEXES, query, SETTINGS);
  if (outcome.kind !== 'results') throw new Error(outcome.message);
  return groupedOrder(outcome.results);
}

const input = (page: Page) => page.locator('.aa-DetachedOverlay .aa-Input');
const items = (page: Page) => page.locator('.aa-DetachedOverlay .aa-Item');
const searchButton = (page: Page) => page.locator('.navbar .aa-DetachedSearchButton');

async function openSearch(page: Page): Promise<void> {
  await searchButton(page).click();
  await expect(input(page)).toBeFocused();
}

async function typeQuery(page: Page, query: string): Promise<void> {
  await input(page).fill(query);
  await expect(page.locator('.navbar [data-status]')).toHaveAttribute('data-status', 'idle');
}

async function expectResults(page: Page, query: string): Promise<SearchResult[]> {
  const results = expected(query);
  await expect(page.locator('.aa-DetachedOverlay .aa-ItemContentTitle')).toHaveText(results.map((result) => result.document.sectionTitle));
  return results;
}

test.describe('search', () => {
  test('typing shows the ranked results grouped under their page, each with its place and a snippet', async ({ page }) => {
    await visit(page, '/');
    await openSearch(page);
    for (const query of ['transactions', 'lifecycle hooks', 'permis', 'admin panel injection zones']) {
      await typeQuery(page, query);
      const results = await expectResults(page, query);
      expect(results.length, `"${query}" finds something`).toBeGreaterThan(0);
      expect(results.length).toBeLessThanOrEqual(8);
      const outcome = search(INDEXES, query, SETTINGS);
      if (outcome.kind !== 'results') throw new Error('unexpected error');
      const groups = groupResults(outcome.results);
      // One section per page, headed by the page title, in the order of each page's best result.
      await expect(page.locator('.aa-DetachedOverlay .aa-Source .aa-SourceHeaderTitle')).toHaveText(groups.map((group) => group.pageTitle));
      for (const [g, group] of groups.entries()) {
        await expect(page.locator('.aa-DetachedOverlay .aa-Source').nth(g).locator('.aa-Item')).toHaveCount(group.results.length);
      }
      for (const [i, result] of results.entries()) {
        const item = items(page).nth(i);
        await expect(item.locator('.search-place')).toHaveText(
          placeOf(result.document.path, result.document.pageTitle).join(PLACE_SEPARATOR),
        );
        const segments = snippet(result.document.text ?? '', result.matched ?? []);
        await expect(item.locator('.search-snippet')).toHaveText(segments.map((segment) => segment.text).join(''));
        await expect(item.locator('.search-snippet mark')).toHaveText(
          segments.filter((segment) => segment.marked).map((segment) => segment.text),
        );
      }
    }
    // A query that matches many sections shows 8.
    await typeQuery(page, 'strapi');
    await expect(items(page)).toHaveCount(8);
    await typeQuery(page, 'qzxvvjk');
    await expect(page.locator('.aa-DetachedOverlay')).toContainText('No results found.');
  });

  test('snippets mark the matched words, including stemmed forms, and only those', async ({ page }) => {
    await visit(page, '/');
    await openSearch(page);
    await typeQuery(page, 'reordering relations');
    const marks = page.locator('.aa-DetachedOverlay .search-snippet mark');
    await expect(marks.first()).toBeVisible();
    const texts = await marks.allTextContents();
    expect(texts.length).toBeGreaterThan(1);
    for (const text of texts) expect(text.toLowerCase()).toMatch(/^(reorder|relat)/);
    // Marks are elements the panel made; their content is text only.
    expect(
      await marks.evaluateAll((elements) =>
        elements.every((mark) => Array.from(mark.childNodes).every((node) => node.nodeType === Node.TEXT_NODE)),
      ),
    ).toBe(true);
  });

  test('each result is a real link: a[href] with role option, nothing interactive inside; middle-click opens it in a new page', async ({
    page,
    context,
  }) => {
    await visit(page, '/docs/intro');
    await openSearch(page);
    const query = 'nested transactions';
    await typeQuery(page, query);
    const results = expected(query);
    const first = items(page).first();
    await expect(first).toHaveJSProperty('tagName', 'A');
    await expect(first).toHaveAttribute('role', 'option');
    await expect(first).toHaveAttribute('href', highlightUrl(results[0].document.sectionRoute, results[0].terms));
    expect(
      await items(page).evaluateAll((links) => links.filter((link) => link.querySelector('a, button, input, [tabindex]')).length),
    ).toBe(0);
    await expect(page.locator('.aa-DetachedOverlay [role="listbox"] > [role="option"]')).toHaveCount(results.length);
    const [popup] = await Promise.all([context.waitForEvent('page'), items(page).nth(1).click({ button: 'middle' })]);
    await popup.waitForLoadState('domcontentloaded');
    const target = new URL(highlightUrl(results[1].document.sectionRoute, results[1].terms), 'http://x');
    expect(new URL(popup.url()).pathname).toBe(target.pathname);
    expect(new URL(popup.url()).hash).toBe(target.hash);
    // The original page stays where it was, panel open.
    expect(new URL(page.url()).pathname).toBe('/docs/intro');
    await popup.close();
  });

  test('recent searches: the results the reader chose show on an empty query, can be chosen and cleared', async ({ page }) => {
    await visit(page, '/');
    await openSearch(page);
    await expect(page.locator('.aa-DetachedOverlay .aa-Source')).toHaveCount(0);
    const chosen: string[] = [];
    for (const query of ['nested transactions', 'upload provider']) {
      await typeQuery(page, query);
      const [first] = expected(query);
      chosen.unshift(first.document.sectionTitle);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL((url) => url.pathname === first.document.sectionRoute.split('#')[0]);
      await visit(page, '/');
      await openSearch(page);
    }
    const recent = page.locator('.aa-DetachedOverlay [data-autocomplete-source-id="recent"]');
    await expect(recent.locator('.aa-SourceHeaderTitle')).toHaveText('Recent');
    await expect(recent.locator('.aa-ItemContentTitle')).toHaveText(chosen);
    await expect(recent.locator('.aa-Item').first()).toHaveAttribute('aria-selected', 'true');
    const scan = await new AxeBuilder({ page })
      .include('.aa-DetachedOverlay')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(scan.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`)).toEqual([]);
    // Choosing a recent search goes there.
    const href = await recent.locator('.aa-Item').nth(1).getAttribute('href');
    await recent.locator('.aa-Item').nth(1).click();
    await expect(page).toHaveURL((url) => `${url.pathname}${url.search}${url.hash}` === href);
    // It is now the newest.
    await visit(page, '/');
    await openSearch(page);
    await expect(recent.locator('.aa-ItemContentTitle')).toHaveText([chosen[1], chosen[0]]);
    // Cleared: gone from the panel and from storage.
    await recent.getByRole('button', { name: 'Clear recent searches' }).click();
    await expect(recent).toHaveCount(0);
    expect(await page.evaluate((key) => window.localStorage.getItem(key), RECENT_STORAGE_KEY)).toBeNull();
    await expect(input(page)).toBeVisible();
  });

  for (const [name, stored] of [
    ['not JSON', '{not json'],
    ['not a list', '{"url":"/docs/intro"}'],
    [
      'hostile entries',
      JSON.stringify([
        { url: 'javascript:window.pwned=1', sectionTitle: 'Evil', pageTitle: 'Evil', place: [] },
        { url: '//evil.example/', sectionTitle: 'Off site', pageTitle: 'Evil', place: [] },
        { url: '/docs/intro', sectionTitle: '<img src=x onerror="window.pwned=2">', pageTitle: 'Introduction', place: ['Docs'] },
      ]),
    ],
  ] as const) {
    test(`recent searches tolerate garbage in storage: ${name}`, async ({ page }) => {
      await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [RECENT_STORAGE_KEY, stored]);
      await visit(page, '/');
      await openSearch(page);
      const recent = page.locator('.aa-DetachedOverlay [data-autocomplete-source-id="recent"]');
      if (name === 'hostile entries') {
        // Only the same-site entry is kept, and its markup-like title is text.
        await expect(recent.locator('.aa-Item')).toHaveCount(1);
        await expect(recent.locator('.aa-ItemContentTitle')).toHaveText('<img src=x onerror="window.pwned=2">');
        await expect(recent.locator('.aa-Item')).toHaveAttribute('href', '/docs/intro');
        await expect(page.locator('.aa-DetachedOverlay img')).toHaveCount(0);
      } else {
        await expect(recent).toHaveCount(0);
      }
      await typeQuery(page, 'transactions');
      await expectResults(page, 'transactions');
      expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    });
  }

  test('HTML in the index is shown as text in titles and snippets', async ({ page }) => {
    const payload = '<img src=x onerror="window.pwned=1"><b>bold</b>';
    await page.route(INDEX_REQUEST, async (route) => {
      const response = await route.fetch();
      const json = (await response.json()) as { documents: { sectionTitle: string; text?: string }[] };
      const target = json.documents.find((document) => /transactions/i.test(document.sectionTitle)) ?? json.documents[0];
      target.sectionTitle = `Transactions ${payload}`;
      target.text = `Before the payload ${payload} nested transactions after it.`;
      await route.fulfill({ response, json });
    });
    await visit(page, '/');
    await openSearch(page);
    await typeQuery(page, 'nested transactions');
    const item = items(page).filter({ hasText: 'Before the payload' });
    await expect(item).toHaveCount(1);
    await expect(item.locator('.search-snippet')).toContainText(`Before the payload ${payload} nested transactions`);
    await expect(item.locator('.aa-ItemContentTitle')).toContainText(payload);
    await expect(page.locator('.aa-DetachedOverlay img, .aa-DetachedOverlay b')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
  });

  test('the panel strings and input attributes', async ({ page }) => {
    await visit(page, '/docs/intro');
    await expect(searchButton(page)).toContainText('Search...');
    await openSearch(page);
    const box = input(page);
    await expect(box).toHaveAttribute('placeholder', 'Search...');
    await expect(box).toHaveAttribute('maxlength', '512');
    await expect(box).toHaveAttribute('autocomplete', 'off');
    await expect(box).toHaveAttribute('spellcheck', 'false');
    await expect(page.locator('.aa-DetachedOverlay .aa-ClearButton')).toHaveAttribute('title', 'Clear');
    await expect(page.locator('.aa-DetachedOverlay .aa-SubmitButton')).toHaveAttribute('title', 'Submit');
    await expect(page.locator('.aa-DetachedOverlay .aa-DetachedCancelButton')).toHaveText('Cancel');
    await page.locator('.aa-DetachedOverlay .aa-DetachedCancelButton').click();
    await expect(page.locator('.aa-DetachedOverlay')).toHaveCount(0);
  });

  test('the input holds at most 512 characters, typed or pasted', async ({ page }) => {
    await visit(page, '/');
    await openSearch(page);
    await input(page).fill('a'.repeat(600));
    await expect(input(page)).toHaveValue('a'.repeat(512));
    await input(page).fill('');
    await input(page).pressSequentially('b'.repeat(520));
    await expect(input(page)).toHaveValue('b'.repeat(512));
  });

  test('Ctrl+K and Cmd+K open the panel; the clear button empties the query', async ({ page }) => {
    await visit(page, '/docs/intro');
    await page.keyboard.press('Control+k');
    await expect(input(page)).toBeFocused();
    await typeQuery(page, 'hooks');
    await page.locator('.aa-DetachedOverlay .aa-ClearButton').click();
    await expect(input(page)).toHaveValue('');
    await page.keyboard.press('Escape');
    await expect(page.locator('.aa-DetachedOverlay')).toHaveCount(0);
    await page.keyboard.press('Meta+k');
    await expect(input(page)).toBeFocused();
  });

  test('Escape closes the panel, a second Escape clears the query', async ({ page }) => {
    await visit(page, '/');
    await openSearch(page);
    await typeQuery(page, 'transactions');
    await expect(items(page).first()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.locator('.aa-DetachedOverlay')).toHaveCount(0);
    await expect(searchButton(page)).toBeFocused();
    await expect(searchButton(page)).toContainText('transactions');
    await page.keyboard.press('Escape');
    await expect(searchButton(page)).not.toContainText('transactions');
    await expect(searchButton(page)).toContainText('Search...');
    await page.keyboard.press('Enter');
    await expect(input(page)).toBeFocused();
    await expect(input(page)).toHaveValue('');
  });

  test('arrow keys move the active result; the first is active by default', async ({ page }) => {
    await visit(page, '/');
    await openSearch(page);
    await typeQuery(page, 'transactions');
    const count = await items(page).count();
    expect(count).toBeGreaterThanOrEqual(3);
    const active = page.locator('.aa-DetachedOverlay .aa-Item[aria-selected="true"]');
    await expect(active).toHaveCount(1);
    await expect(items(page).first()).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowDown');
    await expect(items(page).nth(1)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowDown');
    await expect(items(page).nth(2)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowUp');
    await expect(items(page).nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(active).toHaveCount(1);
  });

  test('choosing a result navigates client-side to its anchor and highlights the words', async ({ page }) => {
    await visit(page, '/');
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await openSearch(page);
    const query = 'nested transactions';
    await typeQuery(page, query);
    const [first, second] = expected(query);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    const [path, hash] = first.document.sectionRoute.split('#');
    await expect(page).toHaveURL((url) => url.pathname === path && url.hash === (hash ? `#${hash}` : ''));
    expect(new URL(page.url()).searchParams.get('highlight')).toBe('nested transactions');
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    const marks = page.locator('article mark[data-search-highlight]');
    await expect(marks.first()).toBeVisible();
    const markTexts = await marks.allTextContents();
    expect(markTexts.every((text) => /^(nested|transactions)/i.test(text))).toBe(true);
    if (hash) await expect(page.locator(`[id="${hash}"]`)).toBeInViewport();
    // A click on another result works the same way, and the page keeps working after highlighting.
    await openSearch(page);
    await typeQuery(page, query);
    await items(page).nth(1).click();
    const [path2] = second.document.sectionRoute.split('#');
    await expect(page).toHaveURL((url) => url.pathname === path2);
    await expect(marks.first()).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await page.locator('.navbar').getByRole('link', { name: 'Guides', exact: true }).click();
    await expect(page.locator('mark[data-search-highlight]')).toHaveCount(0);
  });

  test('the grammar works in the box', async ({ page }) => {
    await visit(page, '/');
    await openSearch(page);
    for (const query of [
      'title:transactions',
      'content:transaction',
      'tags:database',
      '+lifecycle +hooks',
      'hooks -lifecycle',
      'transact*',
      'tranzactions~1',
      'hooks^10 database',
    ]) {
      await typeQuery(page, query);
      const results = await expectResults(page, query);
      expect(results.length, `"${query}" finds something`).toBeGreaterThan(0);
    }
  });

  for (const query of ['author:strapi', 'title:', 'hooks tags: admin', '+', 'hooks -', '~2', 'hooks~x', 'hooks~', 'hooks^x', 'hooks^']) {
    test(`an invalid query shows its message: ${query}`, async ({ page }) => {
      const parsed = parseQuery(query);
      if (parsed.ok) throw new Error(`${query} should be invalid`);
      await visit(page, '/');
      await openSearch(page);
      await typeQuery(page, query);
      await expect(page.locator('.aa-DetachedOverlay .search-error')).toHaveText(parsed.error);
      await expect(items(page)).toHaveCount(0);
      await expect(page.locator('main')).toBeVisible();
    });
  }

  for (const [name, answer] of [
    ['404', { status: 404, body: 'Not found' }],
    ['500', { status: 500, body: 'Internal error' }],
    ['garbage', { status: 200, body: '{"documents": [1, 2', contentType: 'application/json' }],
    ['JSON of the wrong shape', { status: 200, body: '{"documents": "x", "index": 3}', contentType: 'application/json' }],
  ] as const) {
    test(`an index request answered ${name} gives no results and no crash`, async ({ page, consoleProblems }) => {
      await page.route(INDEX_REQUEST, (route) => route.fulfill(answer));
      await visit(page, '/');
      await openSearch(page);
      await typeQuery(page, 'transactions');
      await expect(page.locator('.aa-DetachedOverlay')).toContainText('No results found.');
      await expect(items(page)).toHaveCount(0);
      await page.keyboard.press('Escape');
      await expect(page.locator('main')).toBeVisible();
      // Chromium logs every non-OK response as a console error; that one is provoked here on purpose.
      const provoked = /Failed to load resource: the server responded with a status of (404|500)/;
      consoleProblems.splice(0, consoleProblems.length, ...consoleProblems.filter((problem) => !provoked.test(problem)));
    });
  }

  test('states: loading becomes stalled after 300 ms, then idle with results', async ({ page }) => {
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(INDEX_REQUEST, async (route) => {
      await released;
      await route.continue();
    });
    await visit(page, '/');
    await openSearch(page);
    const status = page.locator('.navbar [data-status]');
    await expect(status).toHaveAttribute('data-status', 'idle');
    const started = Date.now();
    await input(page).fill('transactions');
    await expect(status).toHaveAttribute('data-status', 'stalled');
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    await expect(page.locator('.aa-DetachedOverlay .aa-LoadingIndicator')).toBeVisible();
    release();
    await expect(status).toHaveAttribute('data-status', 'idle');
    await expectResults(page, 'transactions');
  });

  test('the library and the index load only on opening; each index file once; nothing leaves the site', async ({ page, baseURL }) => {
    const requests: Request[] = [];
    page.on('request', (request) => requests.push(request));
    await visit(page, '/docs/intro');
    const indexRequests = () => requests.filter((request) => INDEX_REQUEST.test(new URL(request.url()).pathname));
    expect(indexRequests()).toHaveLength(0);
    const scriptsBefore = requests.filter((request) => request.resourceType() === 'script').length;
    await openSearch(page);
    expect(requests.filter((request) => request.resourceType() === 'script').length).toBeGreaterThan(scriptsBefore);
    expect(indexRequests()).toHaveLength(0);
    for (const query of ['hooks', 'transactions', 'admin']) await typeQuery(page, query);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.has('highlight'));
    await openSearch(page);
    await typeQuery(page, 'permissions');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+k');
    await typeQuery(page, 'database');
    const perUrl = new Map<string, number>();
    for (const request of indexRequests()) perUrl.set(request.url(), (perUrl.get(request.url()) ?? 0) + 1);
    expect([...perUrl.keys()].map((url) => new URL(url).pathname).sort()).toEqual(INDEX_FILES.map((name) => `/${name}`).sort());
    expect([...perUrl.values()].every((count) => count === 1)).toBe(true);
    const origin = new URL(baseURL ?? '').origin;
    expect(requests.map((request) => request.url()).filter((url) => !url.startsWith(origin) && !url.startsWith('data:'))).toEqual([]);
  });

  test('script and HTML typed into search are shown as text and never run', async ({ page }) => {
    await visit(page, '/');
    await page.evaluate(() => ((window as unknown as { pwned: number }).pwned = 0));
    await openSearch(page);
    const payloads = [
      '<img src=x onerror="window.pwned=1">',
      '<script>window.pwned=2</script>',
      'javascript:window.pwned=3',
      '"><svg onload=window.pwned=4>',
      '{{constructor.constructor("window.pwned=5")()}}',
    ];
    for (const payload of payloads) {
      await typeQuery(page, payload);
      const parsed = parseQuery(payload);
      if (!parsed.ok) await expect(page.locator('.aa-DetachedOverlay .search-error')).toHaveText(parsed.error);
      await expect(page.locator('.aa-DetachedOverlay img, .aa-DetachedOverlay script, .aa-DetachedOverlay svg[onload]')).toHaveCount(0);
      await expect(input(page)).toHaveValue(payload);
    }
    await page.keyboard.press('Escape');
    await expect(searchButton(page)).toContainText('window.pwned=5');
    expect(await page.evaluate(() => (window as unknown as { pwned: number }).pwned)).toBe(0);
    // The highlight parameter is text too.
    await visit(page, `/docs/intro?highlight=${encodeURIComponent('<img src=x onerror=window.pwned=6> intro')}`);
    await expect(page.locator('article img[src="x"]')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    await expect(page.locator('main')).toBeVisible();
  });

  for (const mode of ['light', 'dark'] as const) {
    test(`the panel in ${mode} mode at 390 px and on desktop: no axe violation, no overflow`, async ({ page }) => {
      await page.addInitScript((theme) => window.localStorage.setItem('theme', theme), mode);
      for (const size of [
        { width: 390, height: 844 },
        { width: 1280, height: 800 },
      ]) {
        await page.setViewportSize(size);
        await visit(page, '/docs/intro');
        await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
        await expect(searchButton(page)).toBeVisible();
        await openSearch(page);
        await typeQuery(page, 'transactions');
        await expect(items(page).first()).toBeVisible();
        const form = page.locator('.aa-DetachedOverlay .aa-Form');
        const box = await form.boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= size.width).toBe(true);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
        const scan = await new AxeBuilder({ page })
          .include('.aa-DetachedOverlay')
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
          .analyze();
        expect(scan.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`)).toEqual([]);
        await page.keyboard.press('Escape');
        // The navbar button keeps an accessible name (the query) at every width.
        await expect(searchButton(page)).toHaveAccessibleName(/transactions/);
      }
    });
  }
});
