import assert from 'node:assert/strict';
import test from 'node:test';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import criticalCssPlugin, { ALWAYS_INLINED, afterPaint } from './index';

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

test('the rules always inlined are those under [data-theme], bare or with any attribute operator', () => {
  const kept = (selector: string) => ALWAYS_INLINED.some((pattern) => pattern.test(selector));
  // The site's stylesheet has [data-theme], [data-theme=dark] and [data-theme=light]; the other
  // operators of CSS attribute selectors are kept too.
  for (const selector of [
    '[data-theme]',
    '[data-theme=dark] p',
    '[data-theme~=dark]',
    '[data-theme|=dark]',
    '[data-theme^=d]',
    '[data-theme$=k]',
    '[data-theme*=ar]',
  ]) {
    assert.ok(kept(selector), selector);
  }
  for (const selector of ['[data-themes]', '[data-theme-x=dark]', '.data-theme', 'p']) assert.ok(!kept(selector), selector);
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

/** A build folder with the site stylesheet and pages at several depths, as Docusaurus writes it. */
function plantBuild(sheets: Record<string, string>, baseUrl = '/'): string {
  const out = mkdtempSync(path.join(os.tmpdir(), 'critical-'));
  mkdirSync(path.join(out, 'assets/css'), { recursive: true });
  mkdirSync(path.join(out, 'assets/js'), { recursive: true });
  mkdirSync(path.join(out, 'docs/deep'), { recursive: true });
  for (const [name, css] of Object.entries(sheets)) writeFileSync(path.join(out, 'assets/css', name), css);
  const page = (body: string) =>
    `<!DOCTYPE html><html><head><link rel="stylesheet" href="${baseUrl}assets/css/styles.0123abcd.css"></head><body>${body}</body></html>`;
  writeFileSync(path.join(out, 'index.html'), page('<p>Home</p>'));
  writeFileSync(path.join(out, 'docs/deep/page.html'), page('<p>Deep</p><span class="unused">x</span>'));
  // Not a page: left as it is.
  writeFileSync(path.join(out, 'assets/js/fixture.html'), '<p>asset</p>');
  writeFileSync(path.join(out, 'docs/notes.txt'), 'not html');
  return out;
}

async function postBuild(outDir: string, baseUrl = '/'): Promise<void> {
  const plugin = criticalCssPlugin();
  await (plugin.postBuild as (props: { outDir: string; baseUrl: string }) => Promise<void>)({ outDir, baseUrl });
}

test('after the build, every page (nested ones too) inlines its own rules and defers the one stylesheet; assets are left alone', async () => {
  const out = plantBuild({ 'styles.0123abcd.css': SHEET, 'styles.0123abcd.css.map': '{}' });
  try {
    await postBuild(out);
    for (const file of ['index.html', 'docs/deep/page.html']) {
      const html = readFileSync(path.join(out, file), 'utf8');
      assert.ok(html.includes(`<template data-after-paint><link rel="stylesheet" href="${HREF}"></template>`), file);
      assert.match(html, /<style>[^<]*p\{color:red\}/, file);
    }
    assert.match(readFileSync(path.join(out, 'docs/deep/page.html'), 'utf8'), /<style>[^<]*\.unused\{color:blue\}/);
    assert.doesNotMatch(readFileSync(path.join(out, 'index.html'), 'utf8'), /\.unused/);
    assert.equal(readFileSync(path.join(out, 'assets/js/fixture.html'), 'utf8'), '<p>asset</p>');
    assert.equal(readFileSync(path.join(out, 'docs/notes.txt'), 'utf8'), 'not html');
    assert.deepEqual(readdirSync(path.join(out, 'docs/deep')), ['page.html'], 'no temporary file is left');
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});

test('the stylesheet is linked under the base URL', async () => {
  const out = plantBuild({ 'styles.0123abcd.css': SHEET }, '/base/');
  try {
    await postBuild(out, '/base/');
    assert.ok(
      readFileSync(path.join(out, 'index.html'), 'utf8').includes(
        '<template data-after-paint><link rel="stylesheet" href="/base/assets/css/styles.0123abcd.css"></template>',
      ),
    );
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});

test('a build with no stylesheet, or two, fails and names them', async () => {
  for (const [sheets, message] of [
    [{}, /expected one stylesheet in .*assets\/css, found none/],
    [{ 'a.css': SHEET, 'b.css': SHEET }, /expected one stylesheet in .*assets\/css, found a\.css, b\.css/],
  ] as const) {
    const out = plantBuild(sheets);
    try {
      await assert.rejects(postBuild(out), message);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }
});
