/**
 * The code highlighting plugin (./index.ts) with a temporary generated-files folder: the token
 * stylesheet is written once and kept when unchanged, it and the preload module are client
 * modules, and the highlighter is aliased for the server build only.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LoadContext } from '@docusaurus/types';
import codeHighlightingPlugin, { PRISM_SYNC_MODULE } from './index';
import { codeThemes, prismTokenCss } from '../../config/prism';

const ROOT = mkdtempSync(path.join(tmpdir(), 'code-highlighting-'));
after(() => rmSync(ROOT, { recursive: true, force: true }));
const context = { generatedFilesDir: path.join(ROOT, 'generated'), siteDir: '/site' } as LoadContext;
const CSS = path.join(ROOT, 'generated/code-highlighting/tokens.css');

test('writes the token stylesheet, and leaves it alone when it is already right', () => {
  const plugin = codeHighlightingPlugin(context);
  assert.equal(plugin.name, 'code-highlighting');
  assert.equal(readFileSync(CSS, 'utf8'), prismTokenCss(codeThemes));
  const old = new Date('2020-01-01T00:00:00Z');
  utimesSync(CSS, old, old);
  codeHighlightingPlugin(context);
  assert.equal(statSync(CSS).mtimeMs, old.getTime(), 'not rewritten');
  writeFileSync(CSS, 'stale');
  codeHighlightingPlugin(context);
  assert.equal(readFileSync(CSS, 'utf8'), prismTokenCss(codeThemes), 'a stale file is rewritten');
});

test('client modules: the stylesheet and the preload; the highlighter only in the server build', () => {
  const plugin = codeHighlightingPlugin(context);
  assert.deepEqual(plugin.getClientModules!(), [CSS, '/site/src/prism/preload.ts']);
  const aliases = (isServer: boolean) =>
    (plugin.configureWebpack!({} as never, isServer, {} as never, {} as never) as { resolve: { alias: Record<string, string | false> } })
      .resolve.alias;
  const themeModule = require.resolve('@docusaurus/theme-classic/lib/prism-include-languages').replace(/\.js$/, '');
  assert.deepEqual(aliases(true), { [PRISM_SYNC_MODULE]: '/site/src/prism/highlighter.ts', [themeModule]: false });
  assert.deepEqual(aliases(false), { [PRISM_SYNC_MODULE]: '/site/src/prism/noHighlighter.ts', [themeModule]: false });
  assert.equal(PRISM_SYNC_MODULE, 'docs-prism-sync');
});
