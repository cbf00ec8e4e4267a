import assert from 'node:assert/strict';
import test from 'node:test';
import { ALWAYS_INLINED, afterPaint } from './index';

const HREF = '/assets/css/styles.0123abcd.css';
const SHEET = 'p{color:red}.unused{color:blue}[data-theme=dark] p{color:pink}';
const PAGE = `<!DOCTYPE html><html><head><title>t</title><link rel="stylesheet" href="${HREF}"></head><body><p>Text</p></body></html>`;

/** The page as beasties 0.5.4 writes it with the plugin's options. */
async function beasties(html: string): Promise<string> {
  const { compileSheet } = await import('beasties/compiler');
  const { createProcessor } = await import('beasties/runtime');
  const plan = compileSheet(SHEET, { href: HREF, allowRules: ALWAYS_INLINED });
  return createProcessor([plan], { preload: 'media-script' }).process(html);
}

test('the stylesheet waits in a template for the loader, its critical rules inlined, a noscript link kept', async () => {
  const out = afterPaint(await beasties(PAGE), HREF);
  assert.match(out, /<style>[^<]*p\{color:red\}[^<]*<\/style>/);
  assert.match(out, /\[data-theme=dark\] p\{color:pink\}/, 'the colour-mode rules are always inlined');
  assert.doesNotMatch(out, /\.unused/);
  assert.ok(out.includes(`<template data-after-paint><link rel="stylesheet" href="${HREF}"></template>`), out);
  assert.ok(out.includes(`<noscript><link rel="stylesheet" href="${HREF}"></noscript>`), out);
  // Nothing else fetches it before the loader: no link outside the template and the noscript, no script.
  const outside = out.replace(/<template[\s\S]*?<\/template>/g, '').replace(/<noscript>[\s\S]*?<\/noscript>/g, '');
  assert.doesNotMatch(outside, /<link[^>]+stylesheet/);
  assert.doesNotMatch(out, /<script/);
});

test('a page beasties did not rewrite, or rewrote twice, fails with its file name', async () => {
  assert.throws(
    () => afterPaint(PAGE, HREF, 'a.html'),
    /critical-css: a\.html has 0 deferred links .* and 0 beasties scripts, not one each/,
  );
  const once = await beasties(PAGE);
  const link = `<link rel="stylesheet" href="${HREF}" media="print" data-beasties-media="all">`;
  assert.throws(() => afterPaint(once.replace(link, link + link), HREF, 'b.html'), /b\.html has 2 deferred links/);
  assert.throws(
    () => afterPaint(once.replace(/<script>[\s\S]*?<\/script>/, ''), HREF, 'c.html'),
    /c\.html has 1 deferred links .* and 0 beasties scripts/,
  );
  assert.throws(() => afterPaint(once, '/other.css', 'd.html'), /d\.html has 0 deferred links to \/other\.css/);
});
