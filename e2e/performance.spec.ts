/**
 * What keeps a page's first load light (issue 9), checked in the browser on the production build:
 * code blocks keep the server's highlighted markup through hydration and Prism is not loaded until
 * a block is rendered in the browser; link prefetching requests each chunk once and never one the
 * page already has; diagrams and mermaid load only when a diagram comes near the viewport.
 * Issue 29: the page is painted before its bundles run, and a doc page's first view stays within
 * its JavaScript budget.
 */
import { gzipSync } from 'node:zlib';
import type { Page, Response } from '@playwright/test';
import { test, expect, visit } from './fixtures';

const CODE_PAGE = '/guides/type-system/cheatsheet';
const DIAGRAM_PAGE = '/docs/core/data-transfer/engine';

/** Collects the JavaScript responses of a page (URL and body). */
function recordScripts(page: Page): Map<string, Promise<string>> {
  const scripts = new Map<string, Promise<string>>();
  page.on('response', (response: Response) => {
    if (response.request().resourceType() === 'script')
      scripts.set(
        new URL(response.url()).pathname,
        response.text().catch(() => ''),
      );
  });
  return scripts;
}

/** True when one of the responses holds Prism's grammars (the word `shebang` is in its Bash grammar). */
async function loadedPrism(scripts: Map<string, Promise<string>>): Promise<boolean> {
  const bodies = await Promise.all(scripts.values());
  return bodies.some((body) => body.includes('shebang'));
}

// Both layouts: at 390 px the navbar and sidebar change after hydration (the mobile menu), and the
// parts that hydrate in turns of their own must still hand each code block its own turn.
for (const width of [1280, 390]) {
  test(`code blocks keep the server-rendered tokens through hydration, and Prism is not loaded (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const scripts = recordScripts(page);
    // Keep every token or line element removed from the document while the page loads and hydrates.
    await page.addInitScript(() => {
      const state = window as unknown as { removedTokens: Element[] };
      state.removedTokens = [];
      new MutationObserver((records) => {
        for (const record of records) {
          for (const node of record.removedNodes) {
            if (node instanceof Element && (node.matches('.token, .token-line') || node.querySelector('.token')))
              state.removedTokens.push(node);
          }
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await visit(page, CODE_PAGE);
    // eslint-disable-next-line playwright/no-networkidle -- the test proves something was NOT loaded: only a settled network shows that
    await page.waitForLoadState('networkidle');
    const tokens = page.locator('article pre.prism-code .token');
    expect(await tokens.count()).toBeGreaterThan(100);
    // A node Preact moves (removed and inserted again) stays connected; a dropped one does not.
    expect(
      await page.evaluate(
        () => (window as unknown as { removedTokens: Element[] }).removedTokens.filter((node) => !node.isConnected).length,
      ),
    ).toBe(0);
    // Highlighted by the stylesheet: several colours among the tokens.
    const colours = await tokens.evaluateAll((nodes) => new Set(nodes.map((node) => getComputedStyle(node).color)).size);
    expect(colours).toBeGreaterThan(2);
    expect(await loadedPrism(scripts)).toBe(false);
    // The copy button still works on the kept markup: it copies the block's text.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const block = page.locator('article pre.prism-code').first();
    await block.hover();
    await page.locator('article button[aria-label="Copy code to clipboard"]').first().click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied.trim()).toBe((await block.locator('code').innerText()).trim());
  });
}

test('a code block rendered after a client-side navigation is highlighted once Prism has loaded', async ({ page }) => {
  const scripts = recordScripts(page);
  await visit(page, '/guides/type-system');
  // eslint-disable-next-line playwright/no-networkidle -- the test proves something was NOT loaded: only a settled network shows that
  await page.waitForLoadState('networkidle');
  expect(await loadedPrism(scripts)).toBe(false);
  // Client-side navigation (no page load) to a page with code.
  await page.evaluate(() => {
    window.addEventListener('beforeunload', () => {
      (window as unknown as { reloaded: boolean }).reloaded = true;
    });
  });
  await page.locator(`article a[href="${CODE_PAGE}"], nav a[href="${CODE_PAGE}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`${CODE_PAGE}$`));
  await expect(page.locator('article h1')).toHaveText('CheatSheet');
  expect(await page.evaluate(() => (window as unknown as { reloaded?: boolean }).reloaded ?? false)).toBe(false);
  await expect.poll(() => page.locator('article pre.prism-code .token.keyword').count()).toBeGreaterThan(10);
  expect(await loadedPrism(scripts)).toBe(true);
  // The blocks are the same tokens as the server-rendered ones of a fresh load.
  const texts = () =>
    page
      .locator('article pre.prism-code code')
      .evaluateAll((nodes) =>
        nodes.map((node) => [...node.querySelectorAll('.token')].map((token) => `${token.className}:${token.textContent}`)),
      );
  const rendered = await texts();
  await visit(page, CODE_PAGE);
  expect(await texts()).toEqual(rendered);
});

test('link prefetching requests each chunk once, in idle time, and none the page already loaded', async ({ page }) => {
  await visit(page, CODE_PAGE);
  // Visible links are prefetched when the browser is idle: wait until some are.
  await expect.poll(() => page.locator('link[rel="prefetch"]').count(), { timeout: 15_000 }).toBeGreaterThan(0);
  // eslint-disable-next-line playwright/no-networkidle -- the test proves something was NOT loaded: only a settled network shows that
  await page.waitForLoadState('networkidle');
  const { prefetched, loaded } = await page.evaluate(() => ({
    prefetched: [...document.querySelectorAll('link[rel="prefetch"]')].map((link) => new URL((link as HTMLLinkElement).href).pathname),
    loaded: performance
      .getEntriesByType('resource')
      .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === 'script')
      .map((entry) => new URL(entry.name).pathname),
  }));
  expect(prefetched).toHaveLength(new Set(prefetched).size);
  expect(prefetched.filter((file) => loaded.includes(file))).toEqual([]);
  // Far fewer than one <link> per chunk per visible link (core 3.1.1 adds about 400 here).
  expect(prefetched.length).toBeLessThan(60);
});

test('a diagram below the fold is drawn, and mermaid loaded, only when it comes near the viewport', async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 823 });
  const scripts = recordScripts(page);
  await visit(page, DIAGRAM_PAGE);
  // eslint-disable-next-line playwright/no-networkidle -- the test proves something was NOT loaded: only a settled network shows that
  await page.waitForLoadState('networkidle');
  const first = page.locator('[data-diagram]').first();
  await expect(first).toHaveAttribute('data-diagram', 'pending');
  expect([...scripts.keys()].some((file) => file.includes('mermaid'))).toBe(false);
  await first.scrollIntoViewIfNeeded();
  await expect(first).toHaveAttribute('data-diagram', 'drawn');
  await expect(first.locator('svg')).toBeVisible();
  expect([...scripts.keys()].some((file) => file.includes('mermaid'))).toBe(true);
});

test('the page is painted before its bundles and stylesheet load, and they then hydrate and style it', async ({ page }) => {
  // The HTML lists its scripts in a data block and neither runs nor preloads any: the inline loader
  // adds them. The stylesheet waits in a template (its critical rules are inline), and images are inline.
  const html = await (await page.request.get(CODE_PAGE)).text();
  expect(html).not.toMatch(/<script[^>]+src=/);
  expect(html).not.toMatch(/<link[^>]+rel="(preload|modulepreload|prefetch)"/);
  expect(html).toMatch(
    /<script type="application\/json" id="__docusaurus-scripts">\["\/assets\/js\/runtime~main\.[0-9a-f]+\.js","\/assets\/js\/main\.[0-9a-f]+\.js",/,
  );
  expect(html).toMatch(/<template data-after-paint><link rel="stylesheet" href="\/assets\/css\/styles\.[0-9a-f]+\.css"><\/template>/);
  const outside = html.replace(/<template[\s\S]*?<\/template>/g, '').replace(/<noscript>[\s\S]*?<\/noscript>/g, '');
  expect(outside).not.toMatch(/<link[^>]+rel="stylesheet"/);
  expect(outside).not.toMatch(/<img[^>]+src="\//);
  const requested: Array<{ url: string; at: number }> = [];
  const start = Date.now();
  page.on('request', (request) => requested.push({ url: request.url(), at: Date.now() - start }));
  await page.addInitScript(() => {
    const state = window as unknown as { fcp?: number; mainAdded?: number; sheetAdded?: number };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntriesByName('first-contentful-paint')) state.fcp = entry.startTime;
    }).observe({ type: 'paint', buffered: true });
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes) {
          if (node instanceof HTMLScriptElement && /\/assets\/js\/main\./.test(node.src)) state.mainAdded ??= performance.now();
          if (node instanceof HTMLLinkElement && node.rel === 'stylesheet' && /\/assets\/css\/styles\./.test(node.href))
            state.sheetAdded ??= performance.now();
        }
    }).observe(document, { childList: true, subtree: true });
  });
  await visit(page, CODE_PAGE);
  const { fcp, mainAdded, sheetAdded } = await page.evaluate(() => {
    const state = window as unknown as { fcp?: number; mainAdded?: number; sheetAdded?: number };
    return { fcp: state.fcp, mainAdded: state.mainAdded, sheetAdded: state.sheetAdded };
  });
  expect(fcp).toBeGreaterThan(0);
  expect(mainAdded).toBeGreaterThanOrEqual(fcp!);
  expect(sheetAdded).toBeGreaterThanOrEqual(fcp!);
  expect(sheetAdded).toBeLessThanOrEqual(mainAdded!);
  // No script or stylesheet was even requested before the first paint.
  const early = await page.evaluate(
    (paint) =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => /\/assets\//.test(entry.name) && entry.startTime < paint)
        .map((entry) => entry.name),
    fcp!,
  );
  expect(early).toEqual([]);
  // The page requested the stylesheet once, and it is in the document's style sheets.
  expect(requested.filter((r) => /\/assets\/css\/styles\./.test(r.url))).toHaveLength(1);
  await expect
    .poll(() => page.evaluate(() => [...document.styleSheets].some((sheet) => /\/assets\/css\/styles\./.test(sheet.href ?? ''))))
    .toBe(true);
});

test('on a slow network the first paint waits for the whole page, so the bundles never start before its largest paint', async ({
  page,
}) => {
  // About 100 KB/s: the HTML of the long doc arrives in pieces over a second or more. Without
  // the head's render-blocking `expect` link (src/config/ssrTemplate.ts) Chromium painted the part
  // parsed so far (the navbar and the sidebar), the loader took that paint for its signal, and the
  // bundles ran before the article was painted: Lighthouse then counted them in the LCP.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: 100 * 1024,
    uploadThroughput: 100 * 1024,
  });
  await page.addInitScript(() => {
    const state = window as unknown as { fcp?: number };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntriesByName('first-contentful-paint')) state.fcp = entry.startTime;
    }).observe({ type: 'paint', buffered: true });
  });
  await visit(page, DIAGRAM_PAGE);
  const { fcp, parsed } = await page.evaluate(() => ({
    fcp: (window as unknown as { fcp?: number }).fcp,
    parsed: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).domInteractive,
  }));
  expect(fcp).toBeGreaterThan(0);
  expect(fcp).toBeGreaterThanOrEqual(parsed);
});

test('a doc page without a diagram loads at most 110 KB of gzip JavaScript on its first view', async ({ page }) => {
  const scripts = recordScripts(page);
  // Hydrated: the runtime, main bundle and every chunk of the route have loaded and run.
  await visit(page, CODE_PAGE);
  const bodies = await Promise.all(scripts.values());
  const gzip = bodies.reduce((sum, body) => sum + gzipSync(Buffer.from(body), { level: 9 }).length, 0);
  // The figure `npm run bench` prints for this page (docs-dev/performance.md, "Figures").
  expect(bodies.length).toBeGreaterThan(2);
  expect(gzip / 1024).toBeLessThanOrEqual(110);
});

test('the parts of a page that hydrate in turns of their own keep every server-rendered element, and all hydrate', async ({ page }) => {
  // Desktop width: nothing of the layout changes with the window size after hydration. The list
  // of exceptions below was measured on the build before the parts were deferred.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.addInitScript(() => {
    const state = window as unknown as { removed: Element[] };
    state.removed = [];
    new MutationObserver((records) => {
      if (document.documentElement.dataset.pageHydrated === 'true') return;
      for (const record of records) for (const node of record.removedNodes) if (node instanceof Element) state.removed.push(node);
    }).observe(document, { childList: true, subtree: true });
  });
  // Elements of the body removed while the page hydrated and not put back (a node Preact moves is
  // removed and inserted again: it is still connected). Not counted: webpack's chunk scripts, which
  // it removes once loaded, and a diagram's placeholder, replaced when the diagram is drawn.
  const dropped = () =>
    page.evaluate(() =>
      (window as unknown as { removed: Element[] }).removed
        .filter((node) => !node.isConnected && node.tagName !== 'SCRIPT' && !node.matches('[data-diagram], [data-diagram] *'))
        // Remounted after hydration on purpose, before this change as after: the head's tags
        // (react-helmet-async), the navbar's version and locale dropdowns (src/theme/README.md),
        // the themed logos (one image per colour mode) and a sidebar category's link.
        .filter((node) => !node.matches('meta, link, title, .navbar__item.dropdown, img, a.menu__link--sublist'))
        .map((node) => node.outerHTML.slice(0, 80)),
    );
  // Elements removed and inserted again while the page hydrated: none. React's server renderer
  // wraps a Suspense boundary in comments, and Preact took the closing one for the place of the
  // next sibling, which it then moved with its subtree (src/components/DeferHydration).
  const moved = () =>
    page.evaluate(() =>
      (window as unknown as { removed: Element[] }).removed.filter((node) => node.isConnected).map((node) => node.outerHTML.slice(0, 80)),
    );
  for (const route of [CODE_PAGE, DIAGRAM_PAGE, '/exports/interfaces/FormProps', '/']) {
    await visit(page, route);
    expect(await dropped(), route).toEqual([]);
    expect(await moved(), route).toEqual([]);
    // Every deferred part hydrated: a sidebar category, the table of contents and a code block's
    // copy button (all inside parts) respond.
    const copy = page.locator('article pre.prism-code').first().locator('xpath=..').locator('button[title="Copy"]');
    if (await copy.count()) {
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      await copy.first().click();
      await expect(copy.first()).toHaveAccessibleName(/copied/i);
    }
    const toc = page.locator('.theme-doc-toc-desktop a.table-of-contents__link').first();
    if (await toc.count()) {
      const hash = new URL((await toc.getAttribute('href')) ?? '', page.url()).hash;
      await toc.click();
      await expect(page).toHaveURL(new RegExp(`${hash}$`));
    }
  }
});

test('at 390 px the mobile menu is rendered only once the hamburger is reached for, and opens on the doc sidebar', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await visit(page, '/exports/interfaces/FormProps');
  const menu = page.locator('.navbar-sidebar');
  const toggle = page.getByRole('button', { name: 'Toggle navigation bar' });
  // Hydrated and narrow, but nobody asked for the menu: neither it nor the doc's sidebar in it exists.
  await expect(menu).toHaveCount(0);
  // Focusing the hamburger (or pressing it) renders the menu, still closed, before the click opens it...
  await toggle.focus();
  await expect(menu).toHaveCount(1);
  await expect(page.locator('.navbar-sidebar--show')).toHaveCount(0);
  await menu.evaluate((element) => {
    const state = window as unknown as { slides: number };
    state.slides = 0;
    element.addEventListener('transitionrun', () => state.slides++);
  });
  // ...so that it slides in, on the doc's sidebar with this page marked.
  await page.keyboard.press('Enter');
  await expect(page.locator('.navbar-sidebar--show')).toHaveCount(1);
  await expect.poll(() => page.evaluate(() => (window as unknown as { slides: number }).slides)).toBeGreaterThan(0);
  const current = menu.locator('.theme-doc-sidebar-menu a[aria-current="page"]');
  await expect(current).toBeVisible();
  await expect(current).toHaveAttribute('href', '/exports/interfaces/FormProps');
  await expect(page.getByRole('button', { name: '← Back to main menu' })).toBeVisible();

  // A press alone, without the focus a mouse press also gives, renders it as well: on a touch screen
  // the button may not take the focus.
  await visit(page, CODE_PAGE);
  await expect(menu).toHaveCount(0);
  await toggle.dispatchEvent('pointerdown');
  await expect(menu).toHaveCount(1);
  await expect(page.locator('.navbar-sidebar--show')).toHaveCount(0);
  await expect(toggle).not.toBeFocused();

  // A script's click, with no press or focus before it, opens the menu too, on the doc's sidebar.
  await visit(page, CODE_PAGE);
  await expect(menu).toHaveCount(0);
  await toggle.evaluate((button: HTMLElement) => button.click());
  await expect(page.locator('.navbar-sidebar--show')).toHaveCount(1);
  await expect(current).toBeVisible();
  await expect(current).toHaveAttribute('href', CODE_PAGE);
});

test('the page lists its route’s chunks and the loader starts them after the bundles: webpack inserts no script, none is fetched twice', async ({
  page,
}) => {
  const requested: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') requested.push(new URL(request.url()).pathname);
  });
  // Every script element with a source that enters the document, in order, whoever inserts it.
  await page.addInitScript(() => {
    const state = window as unknown as { inserted: string[] };
    state.inserted = [];
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes)
          if (node instanceof HTMLScriptElement && node.getAttribute('src')) state.inserted.push(node.getAttribute('src')!);
    }).observe(document, { childList: true, subtree: true });
  });
  await visit(page, CODE_PAGE);
  const listed = JSON.parse((await page.locator('script#__docusaurus-scripts').textContent()) ?? '[]') as string[];
  const [bundles, chunks] = [listed.slice(0, 2), listed.slice(2)];
  expect(bundles).toEqual([
    expect.stringMatching(/^\/assets\/js\/runtime~main\.[0-9a-f]+\.js$/),
    expect.stringMatching(/^\/assets\/js\/main\.[0-9a-f]+\.js$/),
  ]);
  // The doc's content, its component and the shared chunks of the docs plugin's routes.
  expect(chunks.length).toBeGreaterThanOrEqual(5);
  // Only the loader inserted scripts: webpack found each chunk's element by its src and added none.
  expect(await page.evaluate(() => (window as unknown as { inserted: string[] }).inserted)).toEqual([...bundles, ...chunks]);
  expect(requested.filter((file, index) => requested.indexOf(file) !== index)).toEqual([]);
  expect(requested).toEqual(expect.arrayContaining([...bundles, ...chunks]));
});

test('the head is left as the server wrote it while the page hydrates; a client-side navigation then sets the new page’s title, description and canonical URL', async ({
  page,
}) => {
  // Changes to the head's tags before the page is marked hydrated, apart from the stylesheet and
  // prefetch links the loader and the prefetch scheduler add.
  await page.addInitScript(() => {
    const state = window as unknown as { headChanges: string[]; marks: string[] };
    state.headChanges = [];
    // The order in which the page is marked hydrated and Helmet marks <html> (data-has-hydrated).
    state.marks = [];
    new MutationObserver((records) => {
      for (const record of records)
        if (record.target === document.documentElement && document.documentElement.getAttribute(record.attributeName!) === 'true')
          state.marks.push(record.attributeName!);
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-page-hydrated', 'data-has-hydrated'] });
    const show = (node: Node) => (node instanceof Element ? node.outerHTML.slice(0, 100) : String(node.textContent));
    const ignored = (node: Node) => node instanceof HTMLLinkElement && ['stylesheet', 'prefetch'].includes(node.rel);
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      new MutationObserver((records) => {
        if (document.documentElement.hasAttribute('data-page-hydrated')) return;
        for (const record of records) {
          if (record.type === 'attributes') state.headChanges.push(`${record.attributeName} of ${show(record.target)}`);
          else if (record.type === 'characterData') state.headChanges.push(`text ${show(record.target)}`);
          else for (const node of [...record.addedNodes, ...record.removedNodes]) if (!ignored(node)) state.headChanges.push(show(node));
        }
      }).observe(document.head, { childList: true, subtree: true, attributes: true, characterData: true });
    });
  });
  const headOf = () =>
    page.evaluate(() => ({
      title: document.title,
      description:
        document.querySelectorAll('meta[name="description"]').length === 1
          ? document.querySelector('meta[name="description"]')!.getAttribute('content')
          : 'not one',
      canonical:
        document.querySelectorAll('link[rel="canonical"]').length === 1
          ? document.querySelector('link[rel="canonical"]')!.getAttribute('href')
          : 'not one',
    }));
  const served = async (path: string) => {
    const html = await (await page.request.get(path)).text();
    return {
      title: html.match(/<title[^>]*>([^<]*)<\/title>/)![1],
      description: html.match(/<meta[^>]*name="description"[^>]*content="([^"]*)"/)![1],
      canonical: html.match(/<link[^>]*rel="canonical"[^>]*href="([^"]*)"/)![1],
    };
  };
  await visit(page, CODE_PAGE);
  expect(await page.evaluate(() => (window as unknown as { headChanges: string[] }).headChanges)).toEqual([]);
  // Once the page has hydrated, and only then, react-helmet-async takes the head over (its first
  // commit sets data-has-hydrated): nothing doubled, nothing lost.
  await expect(page.locator('html[data-has-hydrated="true"]')).toHaveCount(1);
  expect(await page.evaluate(() => (window as unknown as { marks: string[] }).marks)).toEqual(['data-page-hydrated', 'data-has-hydrated']);
  expect(await headOf()).toEqual(await served(CODE_PAGE));

  const next = page.locator('nav.menu a.menu__link[href^="/guides/"]:not([aria-current])').first();
  const target = (await next.getAttribute('href'))!;
  await next.click();
  await expect(page).toHaveURL(target);
  const expected = await served(target);
  expect(expected.title).not.toEqual((await served(CODE_PAGE)).title);
  await expect.poll(headOf).toEqual(expected);
});

test('a code block offers word wrap while a line is too long for it (390 px), wraps and unwraps, and drops the offer once it fits (1280 px)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await visit(page, CODE_PAGE);
  const blocks = page.locator('article div.theme-code-block');
  const overflowing = () =>
    blocks.evaluateAll((elements) =>
      elements.map((element) => {
        const pre = element.querySelector('pre')!;
        return pre.scrollWidth > pre.clientWidth;
      }),
    );
  const button = (index: number) => blocks.nth(index).getByRole('button', { name: 'Toggle word wrap' });
  const wide = (await overflowing()).indexOf(true);
  expect(wide).toBeGreaterThanOrEqual(0);
  // A block is measured once rendered, near the viewport (content-visibility: auto), as a reader sees it.
  await blocks.nth(wide).scrollIntoViewIfNeeded();
  await expect(button(wide)).toHaveCount(1);
  const pre = blocks.nth(wide).locator('pre');
  const scrolls = () => pre.evaluate((element) => element.scrollWidth > element.clientWidth);
  await button(wide).click();
  await expect.poll(scrolls).toBe(false);
  await expect(pre.locator('code')).toHaveCSS('white-space', 'pre-wrap');
  // Still offered while wrapping, and a second press brings the sideways scroll back.
  await button(wide).click();
  await expect.poll(scrolls).toBe(true);
  await expect(button(wide)).toHaveCount(1);

  // Wider, a block whose lines now fit no longer offers it; one that still scrolls does.
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect.poll(async () => (await overflowing()).includes(false)).toBe(true);
  const now = await overflowing();
  for (const [index, scrolling] of now.entries()) {
    await blocks.nth(index).scrollIntoViewIfNeeded();
    await expect(button(index), `block ${index}`).toHaveCount(scrolling ? 1 : 0);
  }
});

/** For each code block: whether its content is rendered now, its height now and its height rendered. */
function codeBlockHeights(): Array<{ rendered: boolean; height: number; renderedHeight: number }> {
  const bodies = Array.from(document.querySelectorAll<HTMLElement>('article .code-block-body'));
  const now = bodies.map((body) => ({
    rendered: body.querySelector('pre')!.checkVisibility({ contentVisibilityAuto: true } as CheckVisibilityOptions),
    height: body.getBoundingClientRect().height,
  }));
  const all = document.createElement('style');
  all.textContent = '.code-block-body { content-visibility: visible !important }';
  document.head.append(all);
  const rendered = bodies.map((body) => body.getBoundingClientRect().height);
  all.remove();
  return now.map((block, index) => ({ ...block, renderedHeight: rendered[index] }));
}

for (const width of [1280, 390]) {
  test(`a code block away from the viewport is rendered only when it comes near, holding its rendered height until then (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    let skipped = 0;
    for (const route of [CODE_PAGE, '/exports/namespaces/Table', '/exports/modules', DIAGRAM_PAGE]) {
      await visit(page, route);
      const blocks = await page.evaluate(codeBlockHeights);
      // The first block of the cheat sheet is in the first screen: rendered from the start.
      if (route === CODE_PAGE) expect(blocks[0].rendered).toBe(true);
      for (const [index, block] of blocks.entries()) {
        if (block.rendered) continue;
        skipped += 1;
        // Its height comes from its line count (custom.css): the page below it does not move when it renders.
        expect(
          Math.abs(block.height - block.renderedHeight),
          `${route} block ${index}: ${block.height} for ${block.renderedHeight}`,
        ).toBeLessThanOrEqual(2);
      }
      const last = page.locator('article .code-block-body').last();
      await last.scrollIntoViewIfNeeded();
      await expect
        .poll(() => last.locator('pre').evaluate((pre) => pre.checkVisibility({ contentVisibilityAuto: true } as CheckVisibilityOptions)))
        .toBe(true);
    }
    expect(skipped).toBeGreaterThan(10);

    // Its content is clipped to its box: a scrollable block's focus ring is drawn inside.
    const pre = page.locator('article .code-block-body pre').last();
    await pre.focus();
    await expect(pre).toHaveCSS('outline-offset', '-2px');
  });
}
