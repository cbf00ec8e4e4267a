/** Page chrome (spec section 2): skip link, navbar, dropdowns, mobile menu, announcement bar, colour mode, TOC, anchors, diagrams and code, the edit link. */
import { test, expect, visit, drawDiagrams, waitForHydration } from './fixtures';
import { ROUTES, readDocs } from '../scripts/docs';
import { DOCS_REPO_BRANCH, DOCS_REPO_URL } from '../src/config/site';

const docs = readDocs();
const routeOf = new Map(ROUTES.map((route) => [route.file, route.route]));
/** The first doc that draws a mermaid diagram, and the first with a TypeScript code block. */
const mermaidDoc = docs.find((doc) => /^```mermaid\s*$/m.test(doc.body));
const codeDoc = docs.find((doc) => /^```(ts|tsx)\b/m.test(doc.body));
/** The doc with the most headings, for the table of contents. */
const tocDoc = [...docs].sort((a, b) => (b.body.match(/^#{2,4} /gm)?.length ?? 0) - (a.body.match(/^#{2,4} /gm)?.length ?? 0))[0];

test('the skip link is the first focusable element and jumps to the main content', async ({ page }) => {
  await visit(page, '/docs/intro');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  // The link moves the focus to <main>, so the next Tab lands inside the main content,
  // not in the navbar or the sidebar.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
});

test('the navbar has the five sidebars on the left and the right group in order', async ({ page }) => {
  await visit(page, '/docs/intro');
  const left = page.locator('.navbar__items:not(.navbar__items--right) > .navbar__item');
  await expect(left).toHaveText(['Guides', 'Docs', 'API Reference', 'Exports', 'RFCs']);
  const right = page.locator('.navbar__items--right');
  await expect(right.locator('.dropdown > .navbar__link').first()).toHaveText('Next');
  await expect(right.locator('.dropdown > .navbar__link').nth(1)).toHaveText('English');
  await expect(right.getByRole('link', { name: 'Strapi on GitHub' })).toHaveAttribute('href', 'https://github.com/strapi/strapi');
  await expect(right.getByRole('button', { name: /Switch between dark and light mode/ })).toBeVisible();
  await expect(page.locator('.navbar')).toHaveClass(/navbar--fixed-top/);
});

test('the site footer has its three columns, each with its links in order', async ({ page }) => {
  await visit(page, '/docs/intro');
  const columns: Array<[string, Array<[string, string]>]> = [
    [
      'Learn',
      [
        ['Contributing', '/guides/contributing'],
        ['Docs introduction', '/docs/intro'],
        ['Type system', '/guides/type-system'],
      ],
    ],
    [
      'Reference',
      [
        ['Strapi class', '/api/Strapi'],
        ['Admin exports', '/exports/modules'],
        ['RFCs', '/rfcs/intro'],
      ],
    ],
    [
      'Community',
      [
        ['GitHub', 'https://github.com/strapi/strapi'],
        ['Issues', 'https://github.com/strapi/strapi/issues'],
        ['Code of conduct', '/guides/code-of-conduct'],
      ],
    ],
  ];
  const rendered = page.locator('footer.footer .footer__col');
  await expect(rendered).toHaveCount(columns.length);
  for (const [index, [title, links]] of columns.entries()) {
    const column = rendered.nth(index);
    await expect(column.locator('.footer__title')).toHaveText(title);
    const anchors = column.locator('a.footer__link-item');
    await expect(anchors).toHaveText(links.map(([text]) => text));
    expect(await anchors.evaluateAll((found) => found.map((a) => a.getAttribute('href')))).toEqual(links.map(([, href]) => href));
  }
});

test('the version and locale dropdowns each hold their single entry', async ({ page }) => {
  await visit(page, '/docs/core/database/transactions?x=1#top');
  const dropdowns = page.locator('.navbar__items--right .dropdown');
  await dropdowns.nth(0).hover();
  const versions = dropdowns.nth(0).locator('.dropdown__menu a');
  await expect(versions).toHaveCount(1);
  await expect(versions).toHaveText('Next');
  await expect(versions).toHaveAttribute('href', '/docs/core/database/transactions?x=1#top');
  await dropdowns.nth(1).hover();
  const locales = dropdowns.nth(1).locator('.dropdown__menu a');
  await expect(locales).toHaveCount(1);
  await expect(locales).toHaveText('English');
  await expect(locales).toHaveAttribute('href', '/docs/core/database/transactions?x=1#top');
});

test('the navbar hides on scroll down and shows on scroll up', async ({ page }) => {
  await visit(page, routeOf.get(tocDoc.file)!);
  const navbar = page.locator('.navbar');
  /** Scrolls by `delta` and waits two frames, so the theme sees each scroll event. */
  const scrollBy = (delta: number) =>
    page.evaluate(async (dy) => {
      window.scrollBy(0, dy);
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    }, delta);
  await expect
    .poll(async () => {
      await scrollBy(250);
      return navbar.getAttribute('class');
    })
    .toMatch(/navbarHidden/);
  await expect
    .poll(async () => {
      await scrollBy(-100);
      return navbar.getAttribute('class');
    })
    .not.toMatch(/navbarHidden/);
});

test.describe('at 390 px wide', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the hamburger opens the mobile menu, back to main menu, close, and it closes past 996 px', async ({ page }) => {
    await visit(page, '/docs/intro');
    await expect(page.locator('.navbar__items:not(.navbar__items--right) > .navbar__item.navbar__link').first()).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Toggle navigation bar' });
    await toggle.click();
    const sidebar = page.locator('.navbar-sidebar');
    await expect(page.locator('.navbar-sidebar--show')).toHaveCount(1);
    await page.getByRole('button', { name: '← Back to main menu' }).click();
    await expect(sidebar.locator('.navbar-sidebar__item.menu').first()).toContainText('Guides');
    await page.getByRole('button', { name: 'Close navigation bar' }).click();
    await expect(page.locator('.navbar-sidebar--show')).toHaveCount(0);

    await toggle.click();
    await expect(page.locator('.navbar-sidebar--show')).toHaveCount(1);
    await page.setViewportSize({ width: 1200, height: 844 });
    await expect(page.locator('.navbar-sidebar--show')).toHaveCount(0);
  });
});

test('the announcement bar is closable and stays dismissed after a reload', async ({ page }) => {
  await visit(page, '/');
  const bar = page.locator('[role="banner"]').filter({ hasText: 'Strapi 5' });
  await expect(bar).toBeVisible();
  await bar.getByRole('button', { name: 'Close' }).click();
  await expect(bar).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('docusaurus.announcement.dismiss'))).toBe('true');
  await page.reload();
  await waitForHydration(page);
  await expect(page.locator('[role="banner"]').filter({ hasText: 'Strapi 5' })).toHaveCount(0);
});

test('colour mode defaults to light and the choice survives a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await visit(page, '/docs/intro');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'light');
  await page.getByRole('button', { name: /Switch between dark and light mode/ }).click();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
  await page.reload();
  await expect(html).toHaveAttribute('data-theme', 'dark');
});

test('the table of contents lists exactly the h2 and h3 headings', async ({ page }) => {
  await visit(page, routeOf.get(tocDoc.file)!);
  const headings = await page
    .locator('article .markdown')
    .locator('h2[id], h3[id]')
    .evaluateAll((nodes) => nodes.map((node) => `#${node.id}`));
  expect(headings.length).toBeGreaterThan(2);
  const toc = await page.locator('.table-of-contents a').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('href')));
  expect(toc).toEqual(headings);
  const deeper = await page
    .locator('article .markdown')
    .locator('h4[id], h5[id]')
    .evaluateAll((nodes) => nodes.map((node) => `#${node.id}`));
  for (const id of deeper) expect(toc).not.toContain(id);
});

test('heading anchors link to their own heading', async ({ page }) => {
  await visit(page, routeOf.get(tocDoc.file)!);
  const heading = page.locator('article .markdown h2[id]').first();
  const id = await heading.getAttribute('id');
  const anchor = heading.locator('a.hash-link');
  await expect(anchor).toHaveAttribute('href', `#${id}`);
  await heading.hover();
  await anchor.click();
  await expect(page).toHaveURL(new RegExp(`#${id}$`));
});

test('a mermaid diagram renders as SVG in both colour modes', async ({ page }) => {
  // A precondition, not an option: the site has diagrams, and this test must fail if none is found.
  expect(mermaidDoc, 'a doc with a mermaid diagram').toBeTruthy();
  await visit(page, routeOf.get(mermaidDoc!.file)!);
  expect(await drawDiagrams(page)).toBeGreaterThan(0);
  const svg = page.locator('.docusaurus-mermaid-container svg').first();
  await expect(svg).toBeVisible();
  expect(await svg.locator('g').count()).toBeGreaterThan(0);
  await page.getByRole('button', { name: /Switch between dark and light mode/ }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.locator('.docusaurus-mermaid-container svg').first()).toBeVisible();
});

test('code blocks are highlighted in light and dark mode', async ({ page }) => {
  await visit(page, routeOf.get(codeDoc!.file)!);
  const block = page.locator('article pre.prism-code').first();
  await expect(block).toBeVisible();
  const colours = async () => block.locator('.token').evaluateAll((tokens) => new Set(tokens.map((t) => getComputedStyle(t).color)).size);
  expect(await colours()).toBeGreaterThan(2);
  const lightBackground = await block.evaluate((node) => getComputedStyle(node).backgroundColor);
  await page.getByRole('button', { name: /Switch between dark and light mode/ }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect.poll(() => block.evaluate((node) => getComputedStyle(node).backgroundColor)).not.toBe(lightBackground);
  expect(await colours()).toBeGreaterThan(2);
});

test('the doc footer has a visible "Edit this page" link to the page\'s source file, at 1280 and at 390 px', async ({ page }) => {
  const route = ROUTES.find((entry) => entry.route === '/api/Cron')!;
  await page.setViewportSize({ width: 1280, height: 800 });
  await visit(page, route.route);
  // Found by role and accessible name: the icon is aria-hidden, the name is the link's text.
  const link = page.locator('footer.theme-doc-footer').getByRole('link', { name: 'Edit this page', exact: true });
  await expect(link).toHaveCount(1);
  await expect(link).toHaveAttribute('href', `${DOCS_REPO_URL}/edit/${DOCS_REPO_BRANCH}/${route.file}`);
  await link.scrollIntoViewIfNeeded();
  await expect(link).toBeVisible();
  await expect(link).toBeInViewport();
  await page.setViewportSize({ width: 390, height: 844 });
  await link.scrollIntoViewIfNeeded();
  await expect(link).toBeInViewport();
  const box = (await link.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
});
