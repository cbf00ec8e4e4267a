/**
 * The Exports sidebar matches the route contract exactly: Exports (the modules page), then the
 * Namespaces, Classes and Interfaces categories, each listing its pages in contract order.
 */
import { test, expect, visit } from './fixtures';
import { ROUTES } from '../scripts/docs';

const exportsRoutes = ROUTES.filter((route) => route.sidebar === 'exports');
const GROUPS = [
  { label: 'Namespaces', prefix: '/exports/namespaces/' },
  { label: 'Classes', prefix: '/exports/classes/' },
  { label: 'Interfaces', prefix: '/exports/interfaces/' },
];

test('the exports sidebar lists Exports, Namespaces, Classes, Interfaces with exactly the contract pages', async ({ page }) => {
  await visit(page, '/exports/modules');
  const sidebar = page.locator('nav[aria-label="Docs sidebar"]');
  const topLevel = sidebar.locator(':scope > ul > li > a, :scope > ul > li > div > a');
  await expect(topLevel).toHaveText(['Exports', ...GROUPS.map((group) => group.label)]);
  await expect(topLevel.first()).toHaveAttribute('href', '/exports/modules');

  for (const group of GROUPS) {
    const category = sidebar.locator(':scope > ul > li').filter({ has: page.locator(`a:text-is("${group.label}")`) });
    const header = category.locator('a').first();
    if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
    await expect(header).toHaveAttribute('aria-expanded', 'true');
    const links = category.locator('ul a');
    const expected = exportsRoutes.filter((route) => route.route.startsWith(group.prefix));
    await expect(links).toHaveText(expected.map((route) => route.label));
    const hrefs = await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual(expected.map((route) => route.route));
  }
  // Nothing else: modules + every page of the three groups is the whole contract.
  expect(1 + GROUPS.reduce((sum, group) => sum + exportsRoutes.filter((r) => r.route.startsWith(group.prefix)).length, 0)).toBe(
    exportsRoutes.length,
  );
});

test('a namespaced interface links back to its namespace', async ({ page }) => {
  for (const route of exportsRoutes.filter((r) => /\/interfaces\/(Table|Filters|Pagination)\./.test(r.route))) {
    await visit(page, route.route);
    const namespace = route.route.split('/').pop()!.split('.')[0];
    await expect(page.locator(`article a[href="/exports/namespaces/${namespace}"]`).first()).toBeVisible();
  }
});
