/**
 * Shared e2e fixtures: every page load waits for hydration instead of sleeping, and any
 * console error or warning (Content-Security-Policy violations included) fails the test unless it
 * is in the commented allowlist.
 */
import { test as base, expect, type Page } from '@playwright/test';

/** A console message a test expects, with the reason it is harmless there. */
export interface AllowedConsoleMessage {
  pattern: RegExp;
  why: string;
}

/**
 * For the tests that load an unknown path on purpose (the not-found page, hostile paths, the site
 * served under a wrong base URL): Chromium logs the 404 answer as a console error.
 */
export const NOT_FOUND_RESPONSE: AllowedConsoleMessage = {
  pattern: /^error: Failed to load resource: the server responded with a status of 404 \(Not Found\)$/,
  why: 'the test requests a path that does not exist on purpose',
};

export const test = base.extend<{ consoleProblems: string[]; allowedConsole: AllowedConsoleMessage[] }>({
  // No console message is allowed unless a test names it (test.use({ allowedConsole: [...] })).
  allowedConsole: [[], { option: true }],
  consoleProblems: [
    async ({ page, allowedConsole }, use) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (!['error', 'warning'].includes(message.type())) return;
        const text = `${message.type()}: ${message.text()}`;
        if (!allowedConsole.some((allowed) => allowed.pattern.test(text))) problems.push(text);
      });
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
      // A Content-Security-Policy violation fails the test too: Chromium logs most as console errors,
      // and the securitypolicyviolation event reports every one (init scripts are exempt from CSP).
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(
            `CSP violation: ${event.effectiveDirective} blocked ${event.blockedURI || 'inline code'} (${event.sourceFile}:${event.lineNumber})`,
          );
        });
      });
      await use(problems);
      expect(problems, 'console errors or warnings').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Waits until the page has hydrated, every part that hydrates in a turn of its own included
 * (`data-page-hydrated`, src/clientModules/pageHydrated.ts).
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.locator('html[data-page-hydrated="true"]').waitFor({ state: 'attached' });
}

/** Opens a path and waits until the server-rendered page has hydrated. */
export async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
}

/**
 * Scrolls every diagram of the page into view and waits until each is drawn. Diagrams are drawn
 * only when they come near the viewport (src/theme/Mermaid).
 */
export async function drawDiagrams(page: Page): Promise<number> {
  const diagrams = page.locator('[data-diagram]');
  const count = await diagrams.count();
  for (let index = 0; index < count; index += 1) {
    await diagrams.nth(index).scrollIntoViewIfNeeded();
    await expect(diagrams.nth(index)).toHaveAttribute('data-diagram', 'drawn');
  }
  return count;
}
