/**
 * axe-core (WCAG 2.1 A and AA) on the home page, each sidebar's landing page, a long doc with
 * diagrams and code, an exports page and a tag page, in light and dark mode: zero violations.
 */
import AxeBuilder from '@axe-core/playwright';
import { test, expect, visit, drawDiagrams } from './fixtures';

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
        const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
        const summary = results.violations.map((violation) => ({
          rule: violation.id,
          nodes: violation.nodes.slice(0, 5).map((node) => `${node.target.join(' ')}: ${node.failureSummary?.split('\n')[1] ?? ''}`),
        }));
        expect(summary).toEqual([]);
      });
    }
  });
}
