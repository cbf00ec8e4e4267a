/**
 * axe-core (WCAG 2.1 A and AA) on the home page, each sidebar's landing page, a long doc with
 * diagrams and code, an exports page and a tag page, in light and dark mode: zero violations.
 * The readers' tools too: the "Copy page" button with its status shown, and a diagram's full-size
 * dialog open.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect, visit, drawDiagrams } from './fixtures';

async function violations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.map((violation) => ({
    rule: violation.id,
    nodes: violation.nodes.slice(0, 5).map((node) => `${node.target.join(' ')}: ${node.failureSummary?.split('\n')[1] ?? ''}`),
  }));
}

const DIAGRAM_PAGE = '/docs/core/data-transfer/engine';
const PAGES = [
  '/',
  '/guides/contributing',
  '/docs/intro',
  '/api/Strapi',
  '/exports/modules',
  '/rfcs/intro',
  DIAGRAM_PAGE,
  '/exports/interfaces/FormProps',
  '/tags/content-manager',
];

for (const mode of ['light', 'dark'] as const) {
  test.describe(`${mode} mode`, () => {
    test.use({ colorScheme: mode });
    for (const route of PAGES) {
      test(`${route} has no WCAG 2.1 A/AA violation`, async ({ page }) => {
        await visit(page, route);
        await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
        // Diagrams are drawn when scrolled near: draw them all so their colours are checked too.
        const drawn = await drawDiagrams(page);
        if (route === DIAGRAM_PAGE) expect(drawn).toBeGreaterThan(0);
        expect(await violations(page)).toEqual([]);
      });
    }

    test('the Copy page status and the full-size diagram dialog have no WCAG 2.1 A/AA violation', async ({ page, context }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await visit(page, DIAGRAM_PAGE);
      await page.getByRole('button', { name: 'Copy page' }).click();
      await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
      await expect(page.locator('article [role="status"]')).toHaveText('Copied as Markdown');
      expect(await violations(page)).toEqual([]);
      await drawDiagrams(page);
      await page.getByRole('button', { name: 'Open full size' }).first().click();
      await expect(page.getByRole('dialog', { name: 'Diagram at full size' })).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });
  });
}
