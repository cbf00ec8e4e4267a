/**
 * Error catalogue rows raised by the search library (spec section 8: "Duplicate search source id;
 * invalid search panel placement: library errors"). They depend on how the search box is
 * configured, not on the built site, so the test runs the installed @algolia/autocomplete-js
 * bundle in Chromium on a blank page and checks each error names the bad value.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { ignoreConsole } from './behaviour';

const AUTOCOMPLETE_BUNDLE = readFileSync(require.resolve('@algolia/autocomplete-js/dist/umd/index.production.js'), 'utf8');

async function loadAutocomplete(page: Page): Promise<void> {
  await page.setContent('<div id="search"></div>');
  await page.addScriptTag({ content: AUTOCOMPLETE_BUNDLE });
}

test('two search sources with the same id: the library names the duplicate id', async ({ page }) => {
  await loadAutocomplete(page);
  const message = await page.evaluate(async () => {
    const { autocomplete } = (
      window as unknown as Record<string, { autocomplete: (options: unknown) => { setQuery(q: string): void; refresh(): Promise<void> } }>
    )['@algolia/autocomplete-js'];
    const source = (sourceId: string) => ({ sourceId, getItems: () => [], templates: { item: () => '' } });
    const search = autocomplete({ container: '#search', getSources: () => [source('docs'), source('docs')] });
    search.setQuery('cron');
    try {
      await search.refresh();
      return 'no error';
    } catch (error) {
      return (error as Error).message;
    }
  });
  expect(message).toBe('[Autocomplete] The `sourceId` "docs" is not unique.');
});

test('an invalid panel placement: the library names the value when the panel opens', async ({ page, consoleProblems }) => {
  await loadAutocomplete(page);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.evaluate(() => {
    const { autocomplete } = (window as unknown as Record<string, { autocomplete: (options: unknown) => unknown }>)[
      '@algolia/autocomplete-js'
    ];
    autocomplete({
      container: '#search',
      // Without the library's stylesheet its default media query would switch to detached mode.
      detachedMediaQuery: 'none',
      panelPlacement: 'middle',
      getSources: () => [{ sourceId: 'docs', getItems: () => [{ label: 'Cron' }], templates: { item: () => 'Cron' } }],
    });
  });
  // Typing opens the panel; positioning it throws.
  await page.locator('#search input').fill('cron');
  await expect.poll(() => errors).toContain('[Autocomplete] The `panelPlacement` value "middle" is not valid.');
  // The error is the point of the test: drop it from the fixture's unexpected-error check.
  ignoreConsole(consoleProblems, [/pageerror: \[Autocomplete\] The `panelPlacement` value "middle" is not valid\./]);
});
