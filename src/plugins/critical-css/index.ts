/**
 * Critical CSS: after the build, each page gets the rules of the site stylesheet that apply to its
 * own markup in a `<style>` of its head, and loads the whole stylesheet without blocking its first
 * paint. Done by beasties (the maintained successor of critters), not by code of ours.
 *
 * Why (docs-dev/performance.md, "Largest contentful paint", has the traces): in Lighthouse's simulated mobile load the
 * render-blocking stylesheet (20 KB gzip) is a second round trip before the first paint, and it is
 * counted in the largest contentful paint whenever it has arrived before that paint. With its
 * rules in the page and the file deferred, the page paints from the HTML alone (LCP render delay
 * 540-720 ms before, 380-410 ms after, three runs each on the doc page under load).
 *
 * How: `beasties/compiler` turns the stylesheet into a plan once; `beasties/runtime` then splices
 * each page's critical rules into it (about 10 ms a page, 2.4 s for the 237 pages; the DOM-based
 * `process()` gave the same rules at 0.2-0.4 s a page). `preload: 'media-script'`: the stylesheet
 * link gets `media="print"` and one inline script at the end of the body, the same text on every
 * page (scripts/csp.ts hashes it like the others), restores its media; a `<noscript>` link keeps it
 * for readers without JavaScript. Rules under `[data-theme=…]` are always kept: the colour mode is
 * set by the head script before the first paint, so the server markup never shows which one
 * applies. Files are replaced by rename, so the search-index plugin, reading the HTML in its own
 * postBuild at the same time, sees a whole file either way.
 *
 * Upgrade risk: beasties' runtime matches selectors without a DOM (its README: not 100 % exact; here
 * it kept one rule more than the DOM-based `process()` on the doc page and none fewer). A rule it
 * missed would show as a layout shift when the full stylesheet applies (Lighthouse CLS, checked by
 * npm run bench, and the browser suites).
 */
import { readFile, readdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';

/** Selectors always inlined: the colour-mode rules, whichever mode the reader uses. */
export const ALWAYS_INLINED = [/\[data-theme[=~|^$*\]]/];

/** Every .html file under dir (the hashed assets hold none). */
async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'assets' ? [] : htmlFiles(full);
      return entry.name.endsWith('.html') ? [full] : [];
    }),
  );
  return nested.flat();
}

export default function criticalCssPlugin(): Plugin {
  return {
    name: 'critical-css',
    async postBuild({ outDir, baseUrl }) {
      const { compileSheet } = await import('beasties/compiler');
      const { createProcessor } = await import('beasties/runtime');
      const cssFolder = path.join(outDir, 'assets', 'css');
      const sheets = (await readdir(cssFolder)).filter((name) => name.endsWith('.css'));
      if (sheets.length !== 1)
        throw new Error(`critical-css: expected one stylesheet in ${cssFolder}, found ${sheets.join(', ') || 'none'}`);
      const href = `${baseUrl}assets/css/${sheets[0]}`;
      const plan = compileSheet(await readFile(path.join(cssFolder, sheets[0]), 'utf8'), { href, allowRules: ALWAYS_INLINED });
      const processor = createProcessor([plan], { preload: 'media-script' });
      for (const file of await htmlFiles(outDir)) {
        const html = await readFile(file, 'utf8');
        const processed = processor.process(html);
        if (processed === html) throw new Error(`critical-css: ${file} does not link ${href}`);
        await writeFile(`${file}.critical`, processed);
        await rename(`${file}.critical`, file);
      }
    },
  };
}
