/**
 * Search (issues 3 and 15; spec sections 4, 5, 7, 8, 9) on the production build: the panel, the
 * results grouped under their page with place and snippet, results as real links, recent searches,
 * the grammar's messages, navigation with highlighting, keyboard use, failing index requests, one
 * request per index file, lazy loading, and payloads shown as text in every place the search puts
 * text (results, snippets, errors, highlights, recent searches).
 *
 * Every expectation is written out here, not computed by the search code: most tests answer the
 * index request with the small index below, whose results for each query are listed literally;
 * one test checks the site's own index on a query whose answer the pages fix.
 */
import { readdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page, Request } from '@playwright/test';
import { test, expect, visit, type AllowedConsoleMessage } from './fixtures';
import { buildIndexFile, type IndexSection } from '../src/search/indexBuilder';
import { RECENT_STORAGE_KEY } from '../src/search/recent';

const BUILD_DIR = process.env.BUILD_DIR ?? 'build';
const INDEX_FILES = readdirSync(BUILD_DIR).filter((name) => /^search-index-.+\.json$/.test(name));
const INDEX_REQUEST = /\/search-index-[^/]+\.json$/;

const TRANSACTIONS = ['Docs', 'Core', 'Database', 'Transactions'];
const PERMISSIONS = ['Docs', 'Core', 'Admin', 'Permissions', 'How Permissions Work'];
/**
 * Three sections of real pages (navigation and highlighting need the pages), with short texts so
 * that each snippet is the whole text.
 */
const SECTIONS: IndexSection[] = [
  {
    pageTitle: 'Transactions',
    sectionTitle: 'Nested transactions',
    sectionRoute: '/docs/core/database/transactions#nested-transactions',
    content: 'A nested transaction joins the outer one: nothing is saved until the outer transaction commits.',
    tags: ['database'],
    path: TRANSACTIONS,
  },
  {
    pageTitle: 'Transactions',
    sectionTitle: 'When to open one',
    sectionRoute: '/docs/core/database/transactions#when-to-open-one',
    content: 'Open one when several writes must succeed or fail together.',
    tags: ['database'],
    path: TRANSACTIONS,
  },
  {
    pageTitle: 'How Permissions Work',
    sectionTitle: 'Conditions',
    sectionRoute: '/docs/core/admin/permissions/how-they-work#conditions',
    content: 'A condition narrows a permission to the entries its handler accepts, for example the ones the current user created.',
    tags: ['permissions', 'RBAC'],
    path: PERMISSIONS,
  },
];

/** Answers every index request with an index of `sections`, built as the site builds its files. */
async function serveIndex(page: Page, sections: IndexSection[] = SECTIONS): Promise<void> {
  const file = buildIndexFile(sections);
  await page.route(INDEX_REQUEST, (route) => route.fulfill({ json: file }));
}

const input = (page: Page) => page.locator('.aa-DetachedOverlay .aa-Input');
const items = (page: Page) => page.locator('.aa-DetachedOverlay .aa-Item');
const titles = (page: Page) => page.locator('.aa-DetachedOverlay .aa-ItemContentTitle');
const headers = (page: Page) => page.locator('.aa-DetachedOverlay .aa-Source .aa-SourceHeaderTitle');
const searchButton = (page: Page) => page.locator('.navbar .aa-DetachedSearchButton');

async function openSearch(page: Page): Promise<void> {
  // Scrolled down a page (a result's anchor), the navbar has slid out (hideOnScroll): a reader
  // scrolls back up to it, or the click lands on the page under it (one fresh-clone run).
  const button = searchButton(page);
  if (!(await button.evaluate((element) => element.getBoundingClientRect().top >= 0))) await page.evaluate(() => window.scrollTo(0, 0));
  await expect(button).toBeInViewport({ ratio: 1 });
  await button.click();
  await expect(input(page)).toBeFocused();
}

async function typeQuery(page: Page, query: string): Promise<void> {
  await input(page).fill(query);
  await expect(page.locator('.navbar [data-status]')).toHaveAttribute('data-status', 'idle');
}

/** What one result shows: title (marked words in brackets), place, snippet (marked words in brackets). */
interface Shown {
  title: string;
  place: string;
  snippet: string;
}

/** The results as shown, marks written `[word]`. */
async function shownResults(page: Page): Promise<Shown[]> {
  return items(page).evaluateAll((links) =>
    links.map((link) => {
      const show = (element: Element | null) =>
        element
          ? Array.from(element.childNodes, (node) => (node.nodeName === 'MARK' ? `[${node.textContent}]` : node.textContent)).join('')
          : '';
      return {
        title: show(link.querySelector('.aa-ItemContentTitle')),
        place: link.querySelector('.search-place')?.textContent ?? '',
        snippet: show(link.querySelector('.search-snippet')),
      };
    }),
  );
}

test.describe('search', () => {
  test("the site's own index: a section's words find it first, under its page, with its place", async ({ page }) => {
    await visit(page, '/');
    await openSearch(page);
    await typeQuery(page, 'nested transactions');
    await expect(titles(page).first()).toHaveText('Nested transactions');
    await expect(headers(page).first()).toHaveText('Transactions');
    await expect(items(page).first().locator('.search-place')).toHaveText('Docs › Core › Database › Transactions');
    await expect(items(page).first()).toHaveAttribute(
      'href',
      '/docs/core/database/transactions?highlight=nested+transactions#nested-transactions',
    );
    // A word of every page shows the limit of 8 results.
    await typeQuery(page, 'strapi');
    await expect(items(page)).toHaveCount(8);
    await typeQuery(page, 'qzxvvjk');
    await expect(page.locator('.aa-DetachedOverlay .search-no-results')).toHaveText('No results found.');
  });

  test("results are grouped under their page, in the order of each page's best result, each with its place and snippet", async ({
    page,
  }) => {
    await serveIndex(page);
    await visit(page, '/');
    await openSearch(page);

    await typeQuery(page, 'transactions');
    await expect(headers(page)).toHaveText(['Transactions']);
    expect(await shownResults(page)).toEqual([
      {
        title: 'Nested [transactions]',
        place: 'Docs › Core › Database › Transactions',
        snippet: 'A nested [transaction] joins the outer one: nothing is saved until the outer [transaction] commits.',
      },
      {
        title: 'When to open one',
        place: 'Docs › Core › Database › Transactions',
        snippet: 'Open one when several writes must succeed or fail together.',
      },
    ]);

    await typeQuery(page, 'nested handler');
    await expect(headers(page)).toHaveText(['Transactions', 'How Permissions Work']);
    expect(await shownResults(page)).toEqual([
      {
        title: '[Nested] transactions',
        place: 'Docs › Core › Database › Transactions',
        snippet: 'A [nested] transaction joins the outer one: nothing is saved until the outer transaction commits.',
      },
      {
        title: 'Conditions',
        place: 'Docs › Core › Admin › Permissions › How Permissions Work',
        snippet: 'A condition narrows a permission to the entries its [handler] accepts, for example the ones the current user created.',
      },
    ]);

    // Stemmed forms are marked: "permissions" and "conditions" mark "permission" and "condition".
    await typeQuery(page, 'permissions conditions');
    expect(await shownResults(page)).toEqual([
      {
        title: '[Conditions]',
        place: 'Docs › Core › Admin › Permissions › How Permissions Work',
        snippet: 'A [condition] narrows a [permission] to the entries its handler accepts, for example the ones the current user created.',
      },
    ]);
    // Marks are elements the panel made; their content is text only.
    expect(
      await page
        .locator('.aa-DetachedOverlay mark')
        .evaluateAll((marks) => marks.every((mark) => Array.from(mark.childNodes).every((node) => node.nodeType === Node.TEXT_NODE))),
    ).toBe(true);

    await typeQuery(page, 'qzxvvjk');
    await expect(page.locator('.aa-DetachedOverlay .search-no-results')).toHaveText('No results found.');
    await expect(items(page)).toHaveCount(0);
  });

  test('pages that share a title are shown under separate headings: "introduction" lists each Introduction page on its own', async ({
    page,
  }) => {
    // 17 pages are titled "Introduction"; each heading must stand for one page, not for one title.
    await visit(page, '/');
    await openSearch(page);
    await typeQuery(page, 'introduction');
    const groups = await page.locator('.aa-DetachedOverlay .aa-Source').evaluateAll((sources) =>
      sources.map((source) => ({
        heading: source.querySelector('.aa-SourceHeaderTitle')?.textContent ?? '',
        pages: Array.from(source.querySelectorAll('.aa-Item'), (item) => new URL((item as HTMLAnchorElement).href).pathname),
        places: Array.from(source.querySelectorAll('.aa-Item .search-place'), (place) => place.textContent),
      })),
    );
    const introductions = groups.filter((group) => group.heading === 'Introduction');
    expect(introductions.length, JSON.stringify(groups)).toBeGreaterThanOrEqual(2);
    for (const group of groups) {
      // One heading, one page: every result under it links to the same page and shows the same place.
      expect(new Set(group.pages).size, `${group.heading}: ${group.pages.join(', ')}`).toBe(1);
      expect(new Set(group.places).size, `${group.heading}: ${group.places.join(', ')}`).toBe(1);
    }
    // And no page is split over two headings.
    const pagesShown = groups.map((group) => group.pages[0]);
    expect(new Set(pagesShown).size).toBe(groups.length);
  });

  test('each result is a real link: a[href] with role option, nothing interactive inside; middle-click opens it in a new page', async ({
    page,
    context,
  }) => {
    await serveIndex(page);
    await visit(page, '/docs/intro');
    await openSearch(page);
    await typeQuery(page, 'nested transactions');
    const first = items(page).first();
    await expect(first).toHaveJSProperty('tagName', 'A');
    await expect(first).toHaveAttribute('role', 'option');
    await expect(page.locator('.aa-DetachedOverlay [role="listbox"] > [role="option"]')).toHaveCount(2);
    expect(await items(page).evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual([
      '/docs/core/database/transactions?highlight=nested+transactions#nested-transactions',
      '/docs/core/database/transactions?highlight=nested+transactions#when-to-open-one',
    ]);
    expect(
      await items(page).evaluateAll((links) => links.filter((link) => link.querySelector('a, button, input, [tabindex]')).length),
    ).toBe(0);
    const [popup] = await Promise.all([context.waitForEvent('page'), items(page).nth(1).click({ button: 'middle' })]);
    await popup.waitForLoadState('domcontentloaded');
    expect(new URL(popup.url()).pathname).toBe('/docs/core/database/transactions');
    expect(new URL(popup.url()).hash).toBe('#when-to-open-one');
    // The original page stays where it was, panel open.
    expect(new URL(page.url()).pathname).toBe('/docs/intro');
    await popup.close();
  });

  // What a reader expects from a link with each pointer variant: the result opens in a new tab
  // (Ctrl+click on Linux and Windows, middle click above) or a new window (Shift+click), and the
  // tab they searched in stays on its page.
  for (const { name, modifiers } of [
    { name: 'Ctrl+click', modifiers: ['Control'] as const },
    { name: 'Shift+click', modifiers: ['Shift'] as const },
  ]) {
    test(`${name} on a result opens it in a new page and leaves the current one where it was`, async ({ page, context }) => {
      await serveIndex(page);
      await visit(page, '/docs/intro');
      await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
      await openSearch(page);
      await typeQuery(page, 'nested transactions');
      const [popup] = await Promise.all([
        context.waitForEvent('page'),
        items(page)
          .nth(1)
          .click({ modifiers: [...modifiers] }),
      ]);
      await popup.waitForLoadState('domcontentloaded');
      expect(new URL(popup.url()).pathname).toBe('/docs/core/database/transactions');
      expect(new URL(popup.url()).hash).toBe('#when-to-open-one');
      // The original tab neither navigated client-side nor reloaded.
      expect(new URL(page.url()).pathname).toBe('/docs/intro');
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
      await popup.close();
    });
  }

  test('Cmd+click on a result is left to the browser (a new tab on macOS): the panel neither cancels it nor navigates', async ({
    page,
  }) => {
    // Chromium opens a new tab on Cmd+click only on macOS; on this Linux machine the same click
    // follows the link in place. What the panel must do is the same on both: leave the click to
    // the browser, exactly as for Ctrl+click. A listener on the document (it runs after the link's
    // own handler) records whether the click was cancelled, then cancels it so the tab stays.
    await serveIndex(page);
    await visit(page, '/docs/intro');
    await page.evaluate(() => {
      const state = window as unknown as { sameDocument: boolean; clicks: Array<{ meta: boolean; cancelled: boolean }> };
      state.sameDocument = true;
      state.clicks = [];
      document.addEventListener('click', (event) => {
        if (!(event.target as Element).closest('.aa-Item')) return;
        state.clicks.push({ meta: event.metaKey, cancelled: event.defaultPrevented });
        event.preventDefault();
      });
    });
    await openSearch(page);
    await typeQuery(page, 'nested transactions');
    await items(page)
      .nth(1)
      .click({ modifiers: ['Meta'] });
    expect(await page.evaluate(() => (window as unknown as { clicks: unknown[] }).clicks)).toEqual([{ meta: true, cancelled: false }]);
    expect(new URL(page.url()).pathname).toBe('/docs/intro');
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    // The panel stays open on the results, as after a middle click.
    await expect(items(page)).toHaveCount(2);
  });

  test.describe('on a touch screen', () => {
    test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });

    test('a tap on a result navigates in place, client-side, like a plain click', async ({ page }) => {
      await serveIndex(page);
      await visit(page, '/docs/intro');
      await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
      await searchButton(page).tap();
      await expect(input(page)).toBeFocused();
      await typeQuery(page, 'nested transactions');
      await items(page).nth(1).tap();
      await expect(page).toHaveURL((url) => url.pathname === '/docs/core/database/transactions' && url.hash === '#when-to-open-one');
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
      await expect(page.locator('.aa-DetachedOverlay')).toHaveCount(0);
    });
  });

  // The keyboard forms of the same choices: Ctrl+Enter and Cmd+Enter open the active result in a
  // new tab, Shift+Enter in a new window; the current tab stays.
  for (const key of ['Control+Enter', 'Meta+Enter', 'Shift+Enter']) {
    test(`${key} on the active result opens it in a new page and leaves the current one where it was`, async ({ page, context }) => {
      await serveIndex(page);
      await visit(page, '/docs/intro');
      await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
      await openSearch(page);
      await typeQuery(page, 'nested transactions');
      await page.keyboard.press('ArrowDown');
      await expect(items(page).nth(1)).toHaveAttribute('aria-selected', 'true');
      const [popup] = await Promise.all([context.waitForEvent('page'), page.keyboard.press(key)]);
      await popup.waitForLoadState('domcontentloaded');
      expect(new URL(popup.url()).pathname).toBe('/docs/core/database/transactions');
      expect(new URL(popup.url()).hash).toBe('#when-to-open-one');
      expect(new URL(page.url()).pathname).toBe('/docs/intro');
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
      await popup.close();
    });
  }

  test('recent searches: the results the reader chose show on an empty query, can be chosen and cleared', async ({ page }) => {
    await serveIndex(page);
    await visit(page, '/');
    await openSearch(page);
    await expect(page.locator('.aa-DetachedOverlay .aa-Source')).toHaveCount(0);
    await typeQuery(page, 'nested transactions');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL((url) => url.pathname === '/docs/core/database/transactions');
    await visit(page, '/');
    await openSearch(page);
    await typeQuery(page, 'permissions conditions');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL((url) => url.pathname === '/docs/core/admin/permissions/how-they-work');
    await visit(page, '/');
    await openSearch(page);
    const recent = page.locator('.aa-DetachedOverlay [data-autocomplete-source-id="recent"]');
    await expect(recent.locator('.aa-SourceHeaderTitle')).toHaveText('Recent');
    await expect(recent.locator('.aa-ItemContentTitle')).toHaveText(['Conditions', 'Nested transactions']);
    await expect(recent.locator('.search-place')).toHaveText([
      'Docs › Core › Admin › Permissions › How Permissions Work',
      'Docs › Core › Database › Transactions',
    ]);
    await expect(recent.locator('.aa-Item').first()).toHaveAttribute('aria-selected', 'true');
    const scan = await new AxeBuilder({ page })
      .include('.aa-DetachedOverlay')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(scan.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`)).toEqual([]);
    // Choosing a recent search goes there.
    await expect(recent.locator('.aa-Item').nth(1)).toHaveAttribute(
      'href',
      '/docs/core/database/transactions?highlight=nested+transactions#nested-transactions',
    );
    await recent.locator('.aa-Item').nth(1).click();
    await expect(page).toHaveURL(
      (url) =>
        `${url.pathname}${url.search}${url.hash}` === '/docs/core/database/transactions?highlight=nested+transactions#nested-transactions',
    );
    // It is now the newest.
    await visit(page, '/');
    await openSearch(page);
    await expect(recent.locator('.aa-ItemContentTitle')).toHaveText(['Nested transactions', 'Conditions']);
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
        {
          url: '/docs/intro',
          sectionTitle: '<img src=x onerror="window.pwned=2">',
          pageTitle: 'Introduction',
          place: ['Docs', '<b>bold</b><img src=y onerror="window.pwned=3">'],
        },
      ]),
    ],
  ] as const) {
    test(`recent searches tolerate garbage in storage: ${name}`, async ({ page }) => {
      await serveIndex(page);
      await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [RECENT_STORAGE_KEY, stored]);
      await visit(page, '/');
      await openSearch(page);
      const recent = page.locator('.aa-DetachedOverlay [data-autocomplete-source-id="recent"]');
      if (name === 'hostile entries') {
        // Only the same-site entry is kept, and its markup-like title and place are text.
        await expect(recent.locator('.aa-Item')).toHaveCount(1);
        await expect(recent.locator('.aa-ItemContentTitle')).toHaveText('<img src=x onerror="window.pwned=2">');
        await expect(recent.locator('.search-place')).toHaveText('Docs › <b>bold</b><img src=y onerror="window.pwned=3">');
        await expect(recent.locator('.aa-Item')).toHaveAttribute('href', '/docs/intro');
        await expect(page.locator('.aa-DetachedOverlay img, .aa-DetachedOverlay b')).toHaveCount(0);
      } else {
        await expect(recent).toHaveCount(0);
      }
      await typeQuery(page, 'transactions');
      await expect(titles(page)).toHaveText(['Nested transactions', 'When to open one']);
      expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    });
  }

  test('HTML in the index is shown as text: page titles, section titles, places and snippets', async ({ page }) => {
    await serveIndex(page, [
      {
        pageTitle: 'Transactions <b>bold</b>',
        sectionTitle: 'Nested <img src=x onerror="window.pwned=1"> transactions',
        sectionRoute: '/docs/core/database/transactions#nested-transactions',
        content: 'Before <img src=x onerror="window.pwned=2"><i>italic</i> nested transactions after.',
        tags: [],
        path: ['Docs', '<img src=x onerror="window.pwned=3">'],
      },
    ]);
    await visit(page, '/');
    await openSearch(page);
    await typeQuery(page, 'nested transactions');
    await expect(headers(page)).toHaveText(['Transactions <b>bold</b>']);
    expect(await shownResults(page)).toEqual([
      {
        title: '[Nested] <img src=x onerror="window.pwned=1"> [transactions]',
        place: 'Docs › <img src=x onerror="window.pwned=3">',
        snippet: 'Before <img src=x onerror="window.pwned=2"><i>italic</i> [nested] [transactions] after.',
      },
    ]);
    await expect(page.locator('.aa-DetachedOverlay img, .aa-DetachedOverlay b, .aa-DetachedOverlay i')).toHaveCount(0);
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
    await serveIndex(page);
    await visit(page, '/');
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await openSearch(page);
    await typeQuery(page, 'nested transactions');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL((url) => url.pathname === '/docs/core/database/transactions' && url.hash === '#nested-transactions');
    expect(new URL(page.url()).searchParams.get('highlight')).toBe('nested transactions');
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    const marks = page.locator('article mark[data-search-highlight]');
    await expect(marks.first()).toBeVisible();
    const markTexts = await marks.allTextContents();
    expect(markTexts.every((text) => /^(nested|transactions)/i.test(text))).toBe(true);
    await expect(page.locator('[id="nested-transactions"]')).toBeInViewport();
    // A click on a result of another page works the same way, and the page keeps working after highlighting.
    await openSearch(page);
    await typeQuery(page, 'nested handler');
    await expect(titles(page)).toHaveText(['Nested transactions', 'Conditions']);
    await items(page).nth(1).click();
    await expect(page).toHaveURL((url) => url.pathname === '/docs/core/admin/permissions/how-they-work' && url.hash === '#conditions');
    // The URL changes before the new page renders (its chunks load first): wait for the page itself,
    // or the previous page's marks would be read.
    await expect(page.locator('[id="conditions"]')).toBeInViewport();
    await expect(marks.first()).toBeVisible();
    expect((await marks.allTextContents()).every((text) => /^(nested|handler)/i.test(text))).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    // The navbar hides while the page scrolls down (hideOnScroll) and slides back on the way up: a
    // reader scrolls up to reach it. Clicking it mid-slide can land beside the link (one CI run).
    await page.evaluate(() => window.scrollTo(0, 0));
    const guides = page.locator('.navbar').getByRole('link', { name: 'Guides', exact: true });
    await expect(guides).toBeInViewport({ ratio: 1 });
    await guides.click();
    await expect(page).toHaveURL((url) => url.pathname === '/guides/contributing');
    await expect(page.locator('mark[data-search-highlight]')).toHaveCount(0);
  });

  test('the grammar works in the box', async ({ page }) => {
    await serveIndex(page);
    await visit(page, '/');
    await openSearch(page);
    for (const [query, expected] of [
      ['title:transactions', ['Nested transactions']],
      ['content:transaction', ['Nested transactions']],
      ['tags:rbac', ['Conditions']],
      ['+transactions -nested', ['When to open one']],
      ['transact*', ['Nested transactions', 'When to open one']],
      ['tranzactions~1', ['Nested transactions', 'When to open one']],
      ['conditions^10', ['Conditions']],
    ] as const) {
      await typeQuery(page, query);
      await expect(titles(page), query).toHaveText(expected);
    }
  });

  /** Each invalid query and its whole message, written from the grammar (src/search/queryParser.ts). */
  for (const [query, message] of [
    ['author:strapi', 'Unknown field "author". Fields: title:, content:, tags:'],
    ['title:', 'Missing term after "title:": write title:word, without a space.'],
    ['hooks tags: admin', 'Missing term after "tags:": write tags:word, without a space.'],
    ['+', 'Missing term after "+": write +word, without a space.'],
    ['hooks -', 'Missing term after "-": write -word, without a space.'],
    ['~2', 'Missing term before "~" in "~2".'],
    ['hooks~x', 'Edit distance must be a whole number: "~x" in "hooks~x" (try ~1).'],
    ['hooks~', 'Edit distance must be a whole number: "~" in "hooks~" (try ~1).'],
    ['hooks^x', 'Boost must be a number: "^x" in "hooks^x" (try ^10).'],
    ['hooks^', 'Boost must be a number: "^" in "hooks^" (try ^10).'],
  ] as const) {
    test(`an invalid query shows its message: ${query}`, async ({ page }) => {
      await visit(page, '/');
      await openSearch(page);
      await typeQuery(page, query);
      await expect(page.locator('.aa-DetachedOverlay .search-error')).toHaveText(message);
      await expect(items(page)).toHaveCount(0);
      await expect(page.locator('main')).toBeVisible();
    });
  }

  /** Chromium logs a non-OK response as a console error; the tests below provoke it on purpose. */
  const FAILED_INDEX: AllowedConsoleMessage = {
    pattern: /^error: Failed to load resource: the server responded with a status of (404 \(Not Found\)|500 \(Internal Server Error\))$/,
    why: 'the test answers the index request with an error status',
  };

  test.describe('failing index requests', () => {
    test.use({ allowedConsole: [FAILED_INDEX] });

    for (const [name, answer] of [
      ['404', { status: 404, body: 'Not found' }],
      ['500', { status: 500, body: 'Internal error' }],
      ['garbage', { status: 200, body: '{"documents": [1, 2', contentType: 'application/json' }],
      ['JSON of the wrong shape', { status: 200, body: '{"documents": "x", "index": 3}', contentType: 'application/json' }],
    ] as const) {
      test(`an index request answered ${name} gives no results and no crash`, async ({ page }) => {
        await page.route(INDEX_REQUEST, (route) => route.fulfill(answer));
        await visit(page, '/');
        await openSearch(page);
        await typeQuery(page, 'transactions');
        await expect(page.locator('.aa-DetachedOverlay .search-no-results')).toHaveText('No results found.');
        await expect(items(page)).toHaveCount(0);
        await page.keyboard.press('Escape');
        await expect(page.locator('main')).toBeVisible();
      });
    }
  });

  test('states: loading becomes stalled after 300 ms, then idle with results', async ({ page }) => {
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    const file = buildIndexFile(SECTIONS);
    await page.route(INDEX_REQUEST, async (route) => {
      await released;
      await route.fulfill({ json: file });
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
    await expect(titles(page)).toHaveText(['Nested transactions', 'When to open one']);
  });

  test('on a controlled clock, loading becomes stalled exactly when 300 ms have passed', async ({ page }) => {
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    const file = buildIndexFile(SECTIONS);
    await page.route(INDEX_REQUEST, async (route) => {
      await released;
      await route.fulfill({ json: file });
    });
    await page.clock.install();
    await visit(page, '/');
    await openSearch(page);
    const status = page.locator('.navbar [data-status]');
    await expect(status).toHaveAttribute('data-status', 'idle');
    // The page's timers stop here: only runFor moves them.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await input(page).fill('transactions');
    await expect(status).toHaveAttribute('data-status', 'loading');
    await page.clock.runFor(299);
    await expect(status).toHaveAttribute('data-status', 'loading');
    await page.clock.runFor(1);
    await expect(status).toHaveAttribute('data-status', 'stalled');
    release();
    await expect(status).toHaveAttribute('data-status', 'idle');
  });

  test('on a controlled clock, the panel checks its media query again 20 ms after the last window resize', async ({ page }) => {
    // autocomplete decides between the detached panel and the dropdown with
    // matchMedia(detachedMediaQuery), the empty query here; a resize makes it ask again, debounced.
    await page.addInitScript(() => {
      const seen = { checks: 0, resizes: 0 };
      (window as unknown as { seen: typeof seen }).seen = seen;
      const matchMedia = window.matchMedia.bind(window);
      window.matchMedia = (query: string) => {
        if (query === '') seen.checks += 1;
        return matchMedia(query);
      };
      window.addEventListener('resize', () => (seen.resizes += 1));
    });
    const seen = () => page.evaluate(() => (window as unknown as { seen: { checks: number; resizes: number } }).seen);
    await page.clock.install();
    await visit(page, '/');
    await openSearch(page);
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    const { checks, resizes } = await seen();
    expect(checks, 'the panel read the media query when it was created').toBeGreaterThan(0);

    await page.setViewportSize({ width: 1200, height: 720 });
    await expect.poll(async () => (await seen()).resizes).toBe(resizes + 1);
    await page.clock.runFor(19);
    expect((await seen()).checks).toBe(checks);
    await page.clock.runFor(1);
    expect((await seen()).checks).toBe(checks + 1);

    // Two resizes 10 ms apart: one check, 20 ms after the second.
    await page.setViewportSize({ width: 1100, height: 720 });
    await expect.poll(async () => (await seen()).resizes).toBe(resizes + 2);
    await page.clock.runFor(10);
    await page.setViewportSize({ width: 1000, height: 720 });
    await expect.poll(async () => (await seen()).resizes).toBe(resizes + 3);
    await page.clock.runFor(19);
    expect((await seen()).checks).toBe(checks + 1);
    await page.clock.runFor(1);
    expect((await seen()).checks).toBe(checks + 2);
    await page.clock.runFor(1000);
    expect((await seen()).checks).toBe(checks + 2);
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
    // The URL changes before the new page renders; the page moves the focus when it does (core's
    // skip-to-content), so open the search again only once its words are highlighted.
    await expect(page.locator('article mark[data-search-highlight]').first()).toBeVisible();
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

  test('script and HTML typed into search are shown as text and never run, in errors too', async ({ page }) => {
    await serveIndex(page);
    await visit(page, '/');
    await page.evaluate(() => ((window as unknown as { pwned: number }).pwned = 0));
    await openSearch(page);
    // Each payload and the error it gives (null: a valid query).
    const payloads: [string, string | null][] = [
      ['<img src=x onerror="window.pwned=1">', null],
      ['<script>window.pwned=2</script>', null],
      ['javascript:window.pwned=3', 'Unknown field "javascript". Fields: title:, content:, tags:'],
      ['"><svg onload=window.pwned=4>', null],
      ['{{constructor.constructor("window.pwned=5")()}}', null],
      [
        '<img/src="x"/onerror="window.pwned=6">:x',
        'Unknown field "<img/src="x"/onerror="window.pwned=6">". Fields: title:, content:, tags:',
      ],
      ['hooks~<b>x</b>', 'Edit distance must be a whole number: "~<b>x</b>" in "hooks~<b>x</b>" (try ~1).'],
    ];
    for (const [payload, error] of payloads) {
      await typeQuery(page, payload);
      if (error === null) await expect(page.locator('.aa-DetachedOverlay .search-no-results')).toHaveText('No results found.');
      else await expect(page.locator('.aa-DetachedOverlay .search-error')).toHaveText(error);
      await expect(
        page.locator('.aa-DetachedOverlay img, .aa-DetachedOverlay script, .aa-DetachedOverlay svg[onload], .aa-DetachedOverlay b'),
      ).toHaveCount(0);
      await expect(input(page)).toHaveValue(payload);
    }
    await page.keyboard.press('Escape');
    await expect(searchButton(page)).toContainText('hooks~<b>x</b>');
    expect(await page.evaluate(() => (window as unknown as { pwned: number }).pwned)).toBe(0);
  });

  test('the highlight parameter is text: a tag in it marks that text on the page and never becomes an element', async ({ page }) => {
    // The page shows `<form>` in code twice; highlighting it must not make a form.
    await visit(page, `/exports/interfaces/FormProps?highlight=${encodeURIComponent('<form>')}`);
    const marks = page.locator('article mark[data-search-highlight]');
    await expect(marks).toHaveText(['<form>', '<form>']);
    await expect(page.locator('article form, mark form')).toHaveCount(0);
    await visit(page, `/docs/intro?highlight=${encodeURIComponent('<img src=x onerror=window.pwned=7> intro')}`);
    await expect(page.locator('article img[src="x"]')).toHaveCount(0);
    await expect(page.locator('article mark[data-search-highlight]').first()).toHaveText(/^intro/i);
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
