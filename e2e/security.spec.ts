/**
 * Security headers as the browser sees them behind the production web server (deploy/nginx): the
 * Content-Security-Policy is enforced, and the code that must run under it (mermaid diagrams, the
 * search) runs without a violation. Every other spec run against nginx (scripts/nginx-test.sh) also
 * fails on any CSP violation, through the console fixture.
 *
 * Runs only against a server that sends the headers: E2E_BASE_URL set by scripts/nginx-test.sh.
 * `docusaurus serve` sends none, so playwright.config.ts leaves this file out of the plain run; run
 * without that server, it fails rather than skipping.
 */
import { test, expect, visit, drawDiagrams } from './fixtures';
import { ROUTES, readDocs } from '../scripts/docs';

if (!process.env.E2E_BASE_URL) {
  throw new Error('security.spec.ts needs the production web server: run it through scripts/nginx-test.sh (E2E_BASE_URL)');
}

const routeOf = new Map(ROUTES.map((route) => [route.file, route.route]));
const mermaidDoc = readDocs().find((doc) => /^```mermaid\s*$/m.test(doc.body));

test('every page is served with the security headers', async ({ page }) => {
  const response = await page.goto('/docs/intro');
  const headers = response!.headers();
  expect(headers['content-security-policy']).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
  expect(headers['content-security-policy']).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy']).toContain('camera=()');
});

test('the browser enforces the CSP: injected inline script and string eval do not run', async ({ page, consoleProblems }) => {
  await visit(page, '/docs/intro');
  // The site's own inline scripts (colour mode, announcement bar) ran without a violation.
  expect(consoleProblems).toEqual([]);
  const outcome = await page.evaluate(async () => {
    const violations: string[] = [];
    document.addEventListener('securitypolicyviolation', (event) => violations.push(event.effectiveDirective));
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true;';
    document.body.append(script);
    // A string timer is eval: the page's policy decides, even when the call comes from here.
    const timer = setTimeout as unknown as (code: string, delay: number) => number;
    timer('window.__evaluated = true;', 0);
    // Violation events and the timer are dispatched asynchronously: wait two frames.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const flags = window as unknown as { __injected?: boolean; __evaluated?: boolean };
    return { injected: flags.__injected ?? false, evaluated: flags.__evaluated ?? false, violations };
  });
  expect(outcome).toEqual({ injected: false, evaluated: false, violations: ['script-src-elem', 'script-src'] });
  // Exactly the two violations this test provoked, each reported by the fixture's listener (the
  // browser's own "Refused to..." messages for them are named too); nothing else.
  const reported = consoleProblems.filter((problem) => problem.startsWith('error: CSP violation:'));
  expect(reported.map((problem) => problem.replace(/ \(.*\)$/, ''))).toEqual([
    'error: CSP violation: script-src-elem blocked inline',
    'error: CSP violation: script-src blocked eval',
  ]);
  const others = consoleProblems.filter((problem) => !problem.startsWith('error: CSP violation:'));
  for (const problem of others)
    expect(problem).toMatch(
      /^error: (Executing inline script|Evaluating a string as JavaScript) violates the following Content Security Policy directive/,
    );
  expect(others).toHaveLength(2);
  consoleProblems.splice(0, consoleProblems.length);
});

test('a mermaid diagram renders under the CSP, in both colour modes', async ({ page }) => {
  expect(mermaidDoc, 'a doc with a mermaid diagram').toBeTruthy();
  await visit(page, routeOf.get(mermaidDoc!.file)!);
  expect(await drawDiagrams(page)).toBeGreaterThan(0);
  const svg = page.locator('.docusaurus-mermaid-container svg').first();
  await expect(svg).toBeVisible();
  // Mermaid styles its SVG with an inline <style>: style-src allows it, and it applies.
  await expect(svg.locator('style')).toHaveCount(1);
  await page.getByRole('button', { name: /Switch between dark and light mode/ }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.locator('.docusaurus-mermaid-container svg').first()).toBeVisible();
});

test('the search loads its index and shows results under the CSP', async ({ page }) => {
  await visit(page, '/api/Cron');
  // Indexes are fetched per docs tag; a tag without one answers 404 and counts as empty (spec §7).
  const index = page.waitForResponse((response) => /\/search-index-[^/]+\.json$/.test(response.url()) && response.ok());
  // The navbar shows a button that opens the search panel.
  await page
    .getByRole('button', { name: /^Search/ })
    .first()
    .click();
  // The panel's code loads on first open: type only once its input has the focus.
  const input = page.locator('.aa-DetachedOverlay input');
  await expect(input).toBeFocused();
  await input.fill('transactions');
  await index;
  // Results render under the CSP, and choosing the first one navigates to its page.
  const results = page.locator('.aa-DetachedOverlay .aa-Item');
  await expect(results.first()).toBeVisible();
  await expect(page.locator('.aa-DetachedOverlay .aa-ItemContentTitle').first()).toContainText(/transaction/i);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/docs\/core\/database\/transactions/);
});

test('no page can be framed by another site: the frame stays empty (frame-ancestors, X-Frame-Options)', async ({
  page,
  baseURL,
  consoleProblems,
}) => {
  // What an operator expects against clickjacking, checked in the browser rather than by reading
  // the headers: a page of another origin (about:blank here) frames a page of the site.
  await page.setContent(`<iframe id="framed" src="${baseURL}/docs/intro" width="800" height="600"></iframe>`);
  const frameElement = page.locator('#framed');
  await expect(frameElement).toBeAttached();
  const frame = (await frameElement.elementHandle())!.contentFrame();
  // Chromium replaces a refused frame with its error page: none of the site's document is there.
  await expect.poll(async () => (await frame)?.url()).toMatch(/^chrome-error:/);
  const framed = await frame;
  await expect(framed!.locator('article')).toHaveCount(0);
  // The browser says why; that message is this test's, not a failure of the page.
  expect(consoleProblems.length).toBeLessThanOrEqual(1);
  for (const problem of consoleProblems) expect(problem).toMatch(/frame-ancestors|X-Frame-Options|Refused to (display|frame)/);
  consoleProblems.splice(0, consoleProblems.length);
});
