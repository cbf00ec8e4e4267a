/**
 * States and transitions (spec section 4): colour mode, navbar, mobile menu, dropdowns,
 * collapsible sidebar categories, announcement bar, preferred docs version, and browser storage
 * that is unavailable.
 */
import type { Page } from '@playwright/test';
import { test, expect, visit, waitForHydration } from './fixtures';
import { PAGE_A, PAGE_B, expectConsole } from './behaviour';
import { ANNOUNCEMENT_ID } from '../src/config/site';
import { ROUTES } from '../scripts/docs';

const toggleButton = (page: Page) => page.getByRole('button', { name: /Switch between dark and light mode/ });
const announcement = (page: Page) => page.locator('[role="banner"]').filter({ hasText: 'Strapi 5' });
/** The longest page of the contract, for scrolling. */
const LONG_PAGE = '/docs/core/database/transactions';

/**
 * Scrolls to each position in turn, letting a frame pass after each so that every step fires
 * its own scroll event (the navbar compares each position with the previous one).
 */
async function scrollThrough(page: Page, positions: number[]): Promise<void> {
  for (const y of positions) {
    await page.evaluate(async (top) => {
      window.scrollTo(0, top);
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    }, y);
  }
}

test.describe('colour mode', () => {
  test('is light by default and follows the system preference while the visitor has not chosen', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await visit(page, PAGE_A.route);
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-theme', 'light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(html).toHaveAttribute('data-theme', 'light');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();
  });

  test('a system dark preference is applied from the first paint', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(PAGE_A.route, { waitUntil: 'commit' });
    // The inline head script sets the theme before any page script: no flash of light mode.
    await page.locator('html[data-theme="dark"]').waitFor({ state: 'attached' });
    await waitForHydration(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  });

  test("the visitor's choice persists under 'theme' and wins over the system preference on load", async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await visit(page, PAGE_A.route);
    await toggleButton(page).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
    await page.reload();
    await waitForHydration(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  });

  test.describe('before the client is ready', () => {
    test.use({ javaScriptEnabled: false });

    test('the toggle is disabled in the server-rendered page', async ({ page }) => {
      await page.goto(PAGE_A.route);
      await expect(toggleButton(page)).toBeDisabled();
    });
  });

  test('the toggle is enabled once the client is ready', async ({ page }) => {
    await visit(page, PAGE_A.route);
    await expect(toggleButton(page)).toBeEnabled();
  });
});

test.describe('navbar on scroll', () => {
  test('stays visible near the top, hides on scroll down, shows on scroll up', async ({ page }) => {
    await visit(page, LONG_PAGE);
    const navbar = page.locator('.navbar');
    const height = await navbar.evaluate((element) => element.getBoundingClientRect().height);
    // A scroll down that stays within the navbar's height keeps it.
    await scrollThrough(page, [Math.floor(height / 2)]);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await expect(navbar).not.toHaveClass(/navbarHidden/);
    await scrollThrough(page, [300, 800, 1400]);
    await expect(navbar).toHaveClass(/navbarHidden/);
    await scrollThrough(page, [1000]);
    await expect(navbar).not.toHaveClass(/navbarHidden/);
    await scrollThrough(page, [1200, 1600]);
    await expect(navbar).toHaveClass(/navbarHidden/);
    // Back near the top.
    await scrollThrough(page, [0]);
    await expect(navbar).not.toHaveClass(/navbarHidden/);
  });

  test('shows again on a location change', async ({ page }) => {
    await visit(page, LONG_PAGE);
    const navbar = page.locator('.navbar');
    await scrollThrough(page, [300, 800, 1400]);
    await expect(navbar).toHaveClass(/navbarHidden/);
    // A location change that does not scroll: only the query string changes (core leaves the
    // scroll position alone then), announced to the router the way the browser does.
    await page.evaluate(() => {
      history.pushState(null, '', `${location.pathname}?from=test`);
      window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    });
    await expect(navbar).not.toHaveClass(/navbarHidden/);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  });
});

test.describe('mobile menu at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('closes on back navigation', async ({ page }) => {
    await visit(page, PAGE_A.route);
    // A client-side navigation first, so that Back stays in the app.
    await page.locator('a.pagination-nav__link--next').click();
    await expect(page).not.toHaveURL(new RegExp(`${PAGE_A.route}$`));
    const url = page.url();
    await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
    await expect(page.locator('.navbar-sidebar--show')).toHaveCount(1);
    await page.evaluate(() => history.back());
    await expect(page.locator('.navbar-sidebar--show')).toHaveCount(0);
    // Back closed the menu instead of leaving the page.
    expect(page.url()).toBe(url);
  });

  test('a dropdown starts collapsed unless one of its items matches the current path', async ({ page }) => {
    const dropdownItem = (label: string) =>
      page.locator('.navbar-sidebar li.menu__list-item').filter({ has: page.locator('a.menu__link--sublist', { hasText: label }) });
    // On a doc page the version dropdown's item is this very page: expanded.
    await visit(page, PAGE_A.route);
    await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
    const versions = dropdownItem('Versions');
    await expect(versions).toHaveCount(1);
    await expect(versions).not.toHaveClass(/menu__list-item--collapsed/);
    await expect(versions.locator('.menu__list a')).toHaveAttribute('href', PAGE_A.route);
    // The locale dropdown's item reloads the page in the locale: no item matches, collapsed.
    const languages = dropdownItem('Languages');
    await expect(languages).toHaveClass(/menu__list-item--collapsed/);
    // On /tags the version item links to the version's home page: collapsed.
    await visit(page, '/tags');
    await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
    await expect(dropdownItem('Versions')).toHaveClass(/menu__list-item--collapsed/);
  });
});

test('desktop dropdowns open and close with Enter and close on mousedown, touch or focus outside', async ({ page }) => {
  await visit(page, PAGE_A.route);
  const dropdown = page.locator('.navbar__items--right .dropdown').first();
  const trigger = dropdown.locator('> .navbar__link');
  const open = async () => {
    await trigger.focus();
    await page.keyboard.press('Enter');
    await expect(dropdown).toHaveClass(/dropdown--show/);
  };
  await open();
  await page.keyboard.press('Enter');
  await expect(dropdown).not.toHaveClass(/dropdown--show/);

  await open();
  const article = await page.locator('article h1').boundingBox();
  await page.mouse.move(article!.x + 5, article!.y + 5);
  await page.mouse.down();
  await page.mouse.up();
  await expect(dropdown).not.toHaveClass(/dropdown--show/);

  await open();
  await page.locator('article h1').dispatchEvent('touchstart');
  await expect(dropdown).not.toHaveClass(/dropdown--show/);

  await open();
  await page.getByRole('link', { name: 'Strapi on GitHub' }).focus();
  await expect(dropdown).not.toHaveClass(/dropdown--show/);
});

/** Records the inline transition of each sidebar category list when it changes. */
async function recordCollapsibleTransitions(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const transitions: { transition: string; height: string }[] = [];
    (window as unknown as { transitions: typeof transitions }).transitions = transitions;
    new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        const element = mutation.target as HTMLElement;
        if (element.matches('nav[aria-label="Docs sidebar"] ul.menu__list') && element.style.transition) {
          transitions.push({ transition: element.style.transition, height: element.style.height });
        }
      }
    }).observe(document, { attributes: true, attributeFilter: ['style'], subtree: true });
  });
}

/** Docusaurus's dynamic duration for a height (Material design's auto height duration). */
const autoHeightDuration = (height: number) => {
  const constant = height / 36;
  return Math.round((4 + 15 * constant ** 0.25 + constant / 5) * 10);
};

/** A collapsed category in the Docs sidebar, found on the page of the first doc of the sidebar. */
async function expandFirstCollapsedCategory(page: Page): Promise<void> {
  const category = page.locator('nav[aria-label="Docs sidebar"] li.menu__list-item--collapsed').first();
  await category.locator(':scope > div > button.menu__caret, :scope > div > a.menu__link--sublist-caret').first().click();
}

test.describe('collapsible sidebar categories', () => {
  const docsLanding = ROUTES.find((route) => route.sidebar === 'docs')!.route;

  test('animate with a duration derived from the content height, easing ease-in-out', async ({ page }) => {
    await recordCollapsibleTransitions(page);
    await visit(page, docsLanding);
    await expandFirstCollapsedCategory(page);
    await expect.poll(() => page.evaluate(() => (window as unknown as { transitions: unknown[] }).transitions.length)).toBeGreaterThan(0);
    const [first] = await page.evaluate(() => (window as unknown as { transitions: { transition: string; height: string }[] }).transitions);
    const height = Number.parseFloat(first.height);
    expect(height).toBeGreaterThan(0);
    expect(first.transition).toBe(`height ${autoHeightDuration(height)}ms ease-in-out`);
  });

  test.describe('with reduced motion', () => {
    test.use({ contextOptions: { reducedMotion: 'reduce' } });

    test('animate in 1 ms', async ({ page }) => {
      await recordCollapsibleTransitions(page);
      await visit(page, docsLanding);
      await expandFirstCollapsedCategory(page);
      await expect
        .poll(() =>
          page.evaluate(() => (window as unknown as { transitions: { transition: string }[] }).transitions.map((t) => t.transition)),
        )
        .toContain('height 1ms ease-in-out');
    });
  });
});

test.describe('announcement bar', () => {
  test('stays dismissed for the same announcement id', async ({ page }) => {
    await visit(page, PAGE_A.route);
    await page.evaluate((id) => {
      localStorage.setItem('docusaurus.announcement.id', id);
      localStorage.setItem('docusaurus.announcement.dismiss', 'true');
    }, ANNOUNCEMENT_ID);
    await page.reload();
    await waitForHydration(page);
    await expect(announcement(page)).toHaveCount(0);
  });

  test('shows again when the announcement id changes', async ({ page }) => {
    await visit(page, PAGE_A.route);
    // The visitor dismissed an earlier announcement.
    await page.evaluate(() => {
      localStorage.setItem('docusaurus.announcement.id', 'an-earlier-announcement');
      localStorage.setItem('docusaurus.announcement.dismiss', 'true');
    });
    await page.reload();
    await waitForHydration(page);
    await expect(announcement(page)).toBeVisible();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('docusaurus.announcement.id'))).toBe(ANNOUNCEMENT_ID);
    expect(await page.evaluate(() => localStorage.getItem('docusaurus.announcement.dismiss'))).toBe('false');
  });
});

test.describe('preferred docs version', () => {
  const KEY = 'docs-preferred-version-default';

  test('is remembered under docs-preferred-version-{plugin id} when a version is chosen', async ({ page }) => {
    await visit(page, PAGE_A.route);
    expect(await page.evaluate((key) => localStorage.getItem(key), KEY)).toBeNull();
    const dropdown = page.locator('.navbar__items--right .dropdown').first();
    await dropdown.hover();
    await dropdown.locator('.dropdown__menu a', { hasText: 'Next' }).click();
    await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), KEY)).toBe('current');
    await page.reload();
    await waitForHydration(page);
    expect(await page.evaluate((key) => localStorage.getItem(key), KEY)).toBe('current');
  });

  test('a remembered version that no longer exists is forgotten', async ({ page }) => {
    await visit(page, PAGE_A.route);
    await page.evaluate((key) => localStorage.setItem(key, 'a-removed-version'), KEY);
    await page.reload();
    await waitForHydration(page);
    await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), KEY)).toBeNull();
  });
});

test('with browser storage unavailable the site works, warns, and storage behaves as empty', async ({ page, consoleProblems }) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
  });
  await page.emulateMedia({ colorScheme: 'light' });
  await visit(page, PAGE_A.route);
  // Storage is empty: the announcement is not dismissed and the colour mode is the default.
  await expect(announcement(page)).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  // The site works: toggle, close the bar, navigate.
  await toggleButton(page).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await announcement(page).getByRole('button', { name: 'Close' }).click();
  await expect(announcement(page)).toHaveCount(0);
  await page.locator('nav[aria-label="Docs sidebar"]').getByRole('link', { name: PAGE_B.label, exact: true }).click();
  await expect(page.locator('article h1')).toHaveText(PAGE_B.title);
  // Nothing was kept: after a reload the bar is back and the mode is the default again.
  await page.reload();
  await waitForHydration(page);
  await expect(announcement(page)).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  // Docusaurus's storage helper logs the warning (once per page load).
  expectConsole(consoleProblems, [/warning: Docusaurus browser storage is not available/]);
});
