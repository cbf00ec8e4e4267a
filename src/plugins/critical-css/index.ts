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
 * `process()` gave the same rules at 0.2-0.4 s a page). `preload: 'media-script'` writes the
 * stylesheet link with `media="print"`, a script that restores its media, and a `<noscript>` link
 * for readers without JavaScript; `afterPaint()` then moves the link into a
 * `<template data-after-paint>` and drops the script, so that the stylesheet is requested by the
 * page template's loader after the first contentful paint, with the bundles. A stylesheet fetched
 * before the paint, even at the lowest priority, was counted in Lighthouse's simulated LCP (a
 * trace of 2026-11-25: it ended at 147 ms, the paint came at 204 ms, LCP 1.3 s for an FCP of 0.8 s). Rules under `[data-theme=…]` are always kept: the colour mode is
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

/** What beasties' `media-script` strategy writes: the deferred link, and the script that enables it. */
const BEASTIES_SCRIPT =
  "<script>document.querySelectorAll('link[data-beasties-media]').forEach(function(l){l.media=l.getAttribute('data-beasties-media');l.removeAttribute('data-beasties-media')})</script>";

/**
 * Moves the stylesheet beasties deferred into a `<template data-after-paint>`, which the page
 * template's loader (src/config/ssrTemplate.ts) inserts after the first contentful paint, and drops
 * beasties' script. Throws unless the page holds exactly one deferred link and one script, so that a
 * beasties upgrade that writes them otherwise fails the build instead of leaving a page unstyled.
 */
export function afterPaint(html: string, href: string, file = 'page'): string {
  const link = `<link rel="stylesheet" href="${href}" media="print" data-beasties-media="all">`;
  const count = (text: string) => html.split(text).length - 1;
  if (count(link) !== 1 || count(BEASTIES_SCRIPT) !== 1)
    throw new Error(
      `critical-css: ${file} has ${count(link)} deferred links to ${href} and ${count(BEASTIES_SCRIPT)} beasties scripts, not one each`,
    );
  return html.replace(link, `<template data-after-paint><link rel="stylesheet" href="${href}"></template>`).replace(BEASTIES_SCRIPT, '');
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
        const processed = afterPaint(processor.process(html), href, file);
        await writeFile(`${file}.critical`, processed);
        await rename(`${file}.critical`, file);
      }
    },
  };
}
