/**
 * The live preview (issue 19): `npm start` in a temporary copy of the site (its own docs,
 * node_modules linked to this checkout's), Chromium on it, then a page of the copy is edited.
 * Checks that the edit shows in the open browser without a manual reload, that search answers
 * from the current pages (a word only the edit contains finds the page), that a page added while
 * the preview runs is searchable, and that a missing index is said to be missing, never "No
 * results found.". Prints the two timings docs-dev/performance.md reports ("Preview"): `npm start`
 * to the first page served, and saving a page to the browser showing it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test, expect, type Page } from '@playwright/test';

/** The panel's texts, written out (src/search/strings.ts holds them for the code). */
const NO_RESULTS = 'No results found.';
const INDEX_UNAVAILABLE = 'Search is unavailable: the index could not be loaded.';

const PORT = Number(process.env.PREVIEW_PORT ?? 3317);
const BASE = `http://127.0.0.1:${PORT}`;
const ROOT = path.resolve(__dirname, '..');
const PAGE_FILE = 'docs/docs/core/database/transactions.md';
const PAGE_ROUTE = '/docs/core/database/transactions';
/** Words no page has, so only the edit (and the added page) can match them. */
const EDIT_WORD = 'quokkafrobnication';
const NEW_PAGE_WORD = 'wombatserialization';

let site = '';
let server: ChildProcess | undefined;
let serverLog = '';

async function waitForServer(deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${BASE}/`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    if (server?.exitCode !== null && server?.exitCode !== undefined) throw new Error(`npm start exited:\n${serverLog}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the preview did not answer in time:\n${serverLog}`);
}

const searchButton = (page: Page) => page.locator('.navbar .aa-DetachedSearchButton');
const input = (page: Page) => page.locator('.aa-DetachedOverlay .aa-Input');

/** Opens a preview page and waits until React has mounted it (the preview renders in the browser only). */
async function open(page: Page, route: string): Promise<void> {
  page.on('console', (message) => {
    if (message.type() === 'error') console.log(`browser console: ${message.text().slice(0, 300)}`);
  });
  page.on('pageerror', (error) => console.log(`page error: ${error.message}`));
  await page.goto(`${BASE}${route}`);
  await page.locator('html[data-page-hydrated="true"]').waitFor({ state: 'attached', timeout: 120_000 });
  await expect(page.locator('article h1')).toBeVisible();
}

async function searchFor(page: Page, query: string): Promise<void> {
  await searchButton(page).click();
  await expect(input(page)).toBeFocused();
  await input(page).fill(query);
  await expect(page.locator('.navbar [data-status]')).toHaveAttribute('data-status', 'idle');
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // The copy's node_modules is a link to this one, and `npm start` runs scripts/setup.sh, which
  // runs `npm ci` when the install stamp does not match package-lock.json: through the link, that
  // would empty this repository's node_modules. Refuse instead.
  const stamp = path.join(ROOT, 'node_modules', '.installed-lock.sha');
  const lock = createHash('sha256')
    .update(readFileSync(path.join(ROOT, 'package-lock.json')))
    .digest('hex');
  if (!existsSync(stamp) || readFileSync(stamp, 'utf8').trim() !== lock) {
    throw new Error('node_modules was not installed from this package-lock.json: run `bash scripts/setup.sh` first');
  }
  site = mkdtempSync(path.join(tmpdir(), 'docs-preview-'));
  for (const entry of [
    'docs',
    'src',
    'static',
    'scripts',
    'docusaurus.config.ts',
    'sidebars.ts',
    'package.json',
    'package-lock.json',
    'tsconfig.json',
    'babel.config.js',
  ]) {
    cpSync(path.join(ROOT, entry), path.join(site, entry), { recursive: true });
  }
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(site, 'node_modules'));
  const started = Date.now();
  server = spawn('npm', ['start'], {
    cwd: site,
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', BROWSER: 'none' },
    detached: true,
  });
  server.stdout?.on('data', (chunk) => (serverLog += chunk));
  server.stderr?.on('data', (chunk) => (serverLog += chunk));
  await waitForServer(Date.now() + 180_000);
  console.log(`preview: npm start to first page served ${((Date.now() - started) / 1000).toFixed(1)} s`);
});

test.afterAll(async () => {
  // npm, sh and docusaurus: the process group started above, nothing else.
  if (server?.pid) {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
  if (site) rmSync(site, { recursive: true, force: true });
});

test('a saved page shows in the open browser without a reload, and search finds its new words', async ({ page }) => {
  await open(page, PAGE_ROUTE);
  await searchFor(page, EDIT_WORD);
  await expect(page.locator('.aa-DetachedOverlay')).toContainText(NO_RESULTS);
  await page.keyboard.press('Escape');
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

  const file = path.join(site, PAGE_FILE);
  const saved = Date.now();
  writeFileSync(file, `${readFileSync(file, 'utf8')}\n\nA sentence written in the preview about ${EDIT_WORD}.\n`);
  await expect(page.locator('article')).toContainText(`about ${EDIT_WORD}`, { timeout: 30_000 });
  console.log(`preview: saved page shown in the browser after ${((Date.now() - saved) / 1000).toFixed(2)} s`);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument), 'no full reload').toBe(true);

  await searchFor(page, EDIT_WORD);
  const first = page.locator('.aa-DetachedOverlay .aa-Item').first();
  await expect(first).toHaveAttribute('href', new RegExp(`^${PAGE_ROUTE}[?#]`));
  await expect(first.locator('.search-snippet mark')).toHaveText([EDIT_WORD]);
});

test('a page added while the preview runs is searchable once it is loaded', async ({ page }) => {
  writeFileSync(
    path.join(site, 'docs/docs/preview-added.md'),
    `---\ntitle: Added in the preview\ndescription: A page written while the preview runs.\ntags: []\n---\n\n## A section\n\nIt explains ${NEW_PAGE_WORD} in one line.\n`,
  );
  await expect(async () => {
    const response = await fetch(`${BASE}/search-index-docs-default-current.json`);
    expect(JSON.stringify(await response.json())).toContain(NEW_PAGE_WORD);
  }).toPass({ timeout: 60_000 });
  await open(page, '/docs/intro');
  await searchFor(page, NEW_PAGE_WORD);
  await expect(page.locator('.aa-DetachedOverlay .aa-Item').first()).toHaveAttribute('href', /^\/docs\/preview-added[?#]/);
  await expect(page.locator('.aa-DetachedOverlay .aa-Source .aa-SourceHeaderTitle').first()).toHaveText('Added in the preview');
});

test('a missing index is said to be missing, never "No results found."', async ({ page }) => {
  // What the preview answered before: the app's HTML, with status 200.
  await page.route(/\/search-index-[^/]+\.json$/, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><div id="__docusaurus"></div>' }),
  );
  await open(page, '/docs/intro');
  await searchFor(page, 'transactions');
  await expect(page.locator('.aa-DetachedOverlay .search-error')).toContainText(INDEX_UNAVAILABLE);
  await expect(page.locator('.aa-DetachedOverlay')).not.toContainText(NO_RESULTS);
  // The preview's own error answer is shown with its reason.
  await page.unroute(/\/search-index-[^/]+\.json$/);
  await page.route(/\/search-index-[^/]+\.json$/, (route) =>
    route.fulfill({ status: 500, json: { error: 'the search index could not be built: disk on fire' } }),
  );
  await page.keyboard.press('Escape');
  await searchFor(page, 'relations');
  await expect(page.locator('.aa-DetachedOverlay .search-error')).toContainText('disk on fire');
});

test("a page's diagram is drawn from mermaid's own files, which the preview serves", async ({ page }) => {
  const mermaidFiles: string[] = [];
  page.on('response', (response) => {
    if (/\/assets\/mermaid-[^/]+\/mermaid\.esm\.min\.mjs$/.test(response.url())) mermaidFiles.push(`${response.status()}`);
  });
  await open(page, '/api/Cron');
  await expect(page.locator('article .docusaurus-mermaid-container svg').first()).toBeVisible({ timeout: 60_000 });
  expect(mermaidFiles).toEqual(['200']);
});
