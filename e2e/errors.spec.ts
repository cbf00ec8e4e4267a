/**
 * Error catalogue (spec section 8) and route-loading states (section 4) in the browser.
 * Failures are injected by the test with request routing (block, delay or rewrite a page chunk);
 * no broken page is shipped.
 */
import { createServer, type Server } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Page, Route } from '@playwright/test';
import { test, expect, visit, NOT_FOUND_RESPONSE, waitForHydration } from './fixtures';
import { BUILD_DIR, PAGE_A, PAGE_B, contentChunkOf, expectConsole, ignoreConsole } from './behaviour';
import { listedScripts } from '../src/config/ssrTemplate';

const chunkB = contentChunkOf(PAGE_B.file);

/** Rewrites the body of page B's content chunk on its way to the browser. */
async function rewriteChunkB(page: Page, rewrite: (body: string) => string): Promise<void> {
  await page.route(`**${chunkB}`, async (route: Route) => {
    const response = await route.fetch();
    const body = await response.text();
    const rewritten = rewrite(body);
    expect(rewritten, 'the rewrite changed the chunk').not.toBe(body);
    await route.fulfill({ response, body: rewritten });
  });
}

async function clickSidebarLinkToB(page: Page): Promise<void> {
  await page.locator('nav[aria-label="Docs sidebar"]').getByRole('link', { name: PAGE_B.label, exact: true }).click();
}

test('a page chunk that fails on first load shows the error and Retry; Retry shows the spinner, then the page', async ({
  page,
  consoleProblems,
}) => {
  let network: 'down' | 'slow' = 'down';
  await page.route(`**${chunkB}`, async (route) => {
    if (network === 'down') return route.abort('internetdisconnected');
    // Back, but slow: long enough for the loading spinner to show (react-loadable's 200 ms delay).
    await new Promise((resolve) => setTimeout(resolve, 1500));
    return route.continue();
  });
  await visit(page, PAGE_B.route);
  const failure = page.locator('main').getByText(/Loading chunk \d+ failed/);
  await expect(failure).toBeVisible();
  const retry = page.getByRole('button', { name: 'Retry', exact: true });
  await expect(retry).toBeVisible();
  await expect(page.locator('article h1')).toHaveCount(0);

  network = 'slow';
  await retry.click();
  await expect(page.locator('svg#loader')).toBeVisible();
  await expect(page.locator('article h1')).toHaveText(PAGE_B.title);
  await expect(page.locator('svg#loader')).toHaveCount(0);
  await expect(retry).toHaveCount(0);

  expectConsole(consoleProblems, [
    // src/clientModules/routeLoadRecovery.ts logs the failed first load as a warning.
    /warning: A page chunk failed to load/,
    // Chromium reports the aborted request.
    /Failed to load resource: net::ERR_INTERNET_DISCONNECTED/,
  ]);
  // The server HTML holds the page while the client renders the error instead: React reports
  // the hydration mismatch as a recoverable error before rendering on the client.
  ignoreConsole(consoleProblems, [/onRecoverableError/, /Minified React error #4(18|23)/]);
});

test('on the home page a route chunk that fails on first load shows the route’s error and Retry, not the base-URL banner', async ({
  page,
  consoleProblems,
}) => {
  // The home page is the one page whose HTML carries core's base-URL banner script; the page
  // template's loader inserts that banner only when a bundle fails, not a route chunk.
  const html = await (await page.request.get('/')).text();
  const scripts = listedScripts(html);
  const chunk = scripts.at(-1)!;
  expect(chunk).not.toMatch(/\/(runtime~)?main\./);
  expect(html).toContain('insertBanner');
  await page.route(`**${chunk}`, (route) => route.abort('internetdisconnected'));
  await visit(page, '/');
  await expect(page.locator('main').getByText(/Loading chunk \d+ failed/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry', exact: true })).toBeVisible();
  await expect(page.locator('#__docusaurus-base-url-issue-banner')).toHaveCount(0);
  expectConsole(consoleProblems, [/warning: A page chunk failed to load/, /Failed to load resource: net::ERR_INTERNET_DISCONNECTED/]);
  ignoreConsole(consoleProblems, [/onRecoverableError/, /Minified React error #4(18|23)/]);
});

test('a route that fails to preload during navigation logs a warning and reloads the page', async ({ page, consoleProblems }) => {
  let failures = 0;
  await page.route(`**${chunkB}`, (route) => {
    // The network fails for the first load of the chunk's script, then is back. (Prefetch
    // hints for visible links ask for the same file; they are let through.)
    if (route.request().resourceType() === 'script' && failures++ === 0) return route.abort('internetdisconnected');
    return route.continue();
  });
  await visit(page, PAGE_A.route);
  const loads: string[] = [];
  page.on('load', () => loads.push(page.url()));
  await page.evaluate(() => ((window as unknown as { beforeReload: boolean }).beforeReload = true));
  await clickSidebarLinkToB(page);
  await expect.poll(() => loads.length).toBe(1);
  await waitForHydration(page);
  expect(new URL(loads[0]).pathname).toBe(PAGE_B.route);
  await expect(page.locator('article h1')).toHaveText(PAGE_B.title);
  // A full reload: the window object is new.
  expect(await page.evaluate(() => (window as unknown as { beforeReload?: boolean }).beforeReload)).toBeUndefined();
  expectConsole(consoleProblems, [
    /warning: ChunkLoadError: Loading chunk \d+ failed/,
    /Failed to load resource: net::ERR_INTERNET_DISCONNECTED/,
  ]);
  // The click's hover preload (core's Link calls window.docusaurus.preload on mouseenter and does
  // not catch it) fails too: Chromium reports that promise as an unhandled rejection.
  ignoreConsole(consoleProblems, [/^pageerror: Loading chunk \d+ failed\./]);
});

test("a render crash shows 'This page crashed.' with the message and its cause chain; 'Try again' renders the page", async ({
  page,
  consoleProblems,
}) => {
  // Page B's MDX component throws, with an error that has a cause, until the test lets it render.
  await rewriteChunkB(page, (body) =>
    body.replace(
      /default:\(\)=>([\w$]+)/,
      'default:()=>(window.__crashing??=function(props){if(!window.__healed)' +
        'throw new Error("Injected render failure",{cause:new Error("Injected root cause")});return $1(props)})',
    ),
  );
  await visit(page, PAGE_A.route);
  await clickSidebarLinkToB(page);
  const main = page.locator('main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('This page crashed.');
  await expect(main).toContainText('Injected render failure');
  await expect(main).toContainText(/Cause:\s*Injected root cause/);
  // While the failure lasts, Try again crashes again; once it is gone, Try again renders the page.
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('This page crashed.');
  await page.evaluate(() => ((window as unknown as { __healed: boolean }).__healed = true));
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.locator('article h1')).toHaveText(PAGE_B.title);
  await expect(page.getByText('This page crashed.')).toHaveCount(0);
  // React logs the error its boundary caught (and first reports it as recoverable: a
  // concurrent render is retried once before the boundary takes over).
  expectConsole(consoleProblems, [/Injected render failure/]);
});

test('a page module without a default export fails with an error naming the route', async ({ page, consoleProblems }) => {
  await rewriteChunkB(page, (body) => body.replace(/default:\(\)=>/, 'notDefault:()=>'));
  await visit(page, PAGE_A.route);
  await clickSidebarLinkToB(page);
  await expect(page.locator('main h1')).toHaveText('This page crashed.');
  await expect(page.locator('main')).toContainText(`The page component at ${PAGE_B.route} doesn't have a default export`);
  expectConsole(consoleProblems, [/doesn't have a default export/]);
});

test.describe('base URL misconfigured', () => {
  // The page asks for its scripts and styles at /assets/..., which this server does not have.
  test.use({ allowedConsole: [NOT_FOUND_RESPONSE] });
  let server: Server;
  let origin = '';
  const PREFIX = '/wrong-prefix/';

  test.beforeAll(async () => {
    // The build (baseUrl '/') served under another path: only files under PREFIX exist.
    server = createServer(async (request, response) => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      if (!url.pathname.startsWith(PREFIX)) {
        response.writeHead(404).end('not found');
        return;
      }
      let file = path.join(BUILD_DIR, decodeURIComponent(url.pathname.slice(PREFIX.length)));
      if (!file.startsWith(BUILD_DIR)) return void response.writeHead(403).end();
      try {
        if ((await stat(file)).isDirectory()) file = path.join(file, 'index.html');
        const type = file.endsWith('.html') ? 'text/html' : file.endsWith('.js') ? 'text/javascript' : 'application/octet-stream';
        response.writeHead(200, { 'content-type': type }).end(await readFile(file));
      } catch {
        response.writeHead(404).end('not found');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('no server address');
    origin = `http://127.0.0.1:${address.port}`;
  });

  test.afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  test("shows the generator's banner suggesting the base URL the site is served at", async ({ page }) => {
    // The page cannot load its scripts and styles (they are asked for at /assets/...), so it
    // never hydrates: no visit() here. The 404s it logs are allowed above.
    await page.goto(`${origin}${PREFIX}`);
    const banner = page.locator('#__docusaurus-base-url-issue-banner');
    await expect(banner).toBeVisible();
    await expect(banner).toContainText(/Your (Docusaurus )?site did not load properly\./);
    await expect(banner).toContainText('Current configured baseUrl = /');
    await expect(page.locator('#__docusaurus-base-url-issue-banner-suggestion-container')).toHaveText(PREFIX);
  });
});
