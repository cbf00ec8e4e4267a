/**
 * The mermaid runtime plugin (./index.ts): the files copied are exactly those the entry reaches
 * (a small dist folder written here), and the module id is external in the browser builds and
 * empty in the server build.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LoadContext } from '@docusaurus/types';
import mermaidRuntimePlugin, { MERMAID_RUNTIME_MODULE, mermaidClosure } from './index';

const ROOT = mkdtempSync(path.join(tmpdir(), 'mermaid-runtime-'));
after(() => rmSync(ROOT, { recursive: true, force: true }));

test('the closure: every file reached by static or dynamic relative imports, once, sorted; missing names skipped', async () => {
  const dist = path.join(ROOT, 'dist');
  mkdirSync(dist);
  const files: Record<string, string> = {
    'entry.mjs': `import a from "./a-1.mjs"; const b = () => import('./b.js'); import("./missing.mjs"); "../up.mjs"; './not-js.css';`,
    'a-1.mjs': `import "./c.mjs"; import "./entry.mjs";`,
    'b.js': `export default 1; import("./c.mjs")`,
    'c.mjs': 'export {}',
    'unreached.mjs': 'export {}',
    'up.mjs': 'export {}',
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dist, name), text);
  assert.deepEqual(await mermaidClosure(dist, 'entry.mjs'), ['a-1.mjs', 'b.js', 'c.mjs', 'entry.mjs']);
  assert.deepEqual(await mermaidClosure(dist, 'none.mjs'), []);
});

test('browser builds import the copied entry by URL, the server build gets nothing; postBuild copies the closure', async () => {
  const plugin = mermaidRuntimePlugin({ baseUrl: '/base/' } as LoadContext);
  assert.equal(plugin.name, 'mermaid-runtime');
  const configure = (isServer: boolean) =>
    plugin.configureWebpack!({} as never, isServer, {} as never, {} as never) as Record<string, unknown>;
  assert.deepEqual(configure(true), { resolve: { alias: { [MERMAID_RUNTIME_MODULE]: false } } });
  const version = (JSON.parse(readFileSync(require.resolve('mermaid/package.json'), 'utf8')) as { version: string }).version;
  const previous = process.env.NODE_ENV;
  try {
    process.env.NODE_ENV = 'production';
    const production = configure(false) as { externals: Record<string, string>; output: unknown };
    assert.match(
      production.externals[MERMAID_RUNTIME_MODULE],
      new RegExp(`^import /base/assets/mermaid-${version.replace(/\./g, '\\.')}/mermaid\\.esm\\.min\\.[0-9a-f]{10}\\.js$`),
    );
    assert.deepEqual(production.output, { environment: { dynamicImport: true } });
    process.env.NODE_ENV = 'development';
    const preview = configure(false) as {
      externals: Record<string, string>;
      devServer: { static: Array<{ publicPath: string; watch: boolean }> };
    };
    assert.equal(preview.externals[MERMAID_RUNTIME_MODULE], `import /base/assets/mermaid-${version}/mermaid.esm.min.mjs`);
    assert.equal(preview.devServer.static[0].publicPath, `/base/assets/mermaid-${version}/`);
    assert.equal(preview.devServer.static[0].watch, false);
  } finally {
    process.env.NODE_ENV = previous;
  }
  const out = path.join(ROOT, 'build');
  await plugin.postBuild!({ outDir: out } as never);
  const copied = readdirSync(path.join(out, `assets/mermaid-${version}`));
  const served = copied.find((name) => /^mermaid\.esm\.min\.[0-9a-f]{10}\.js$/.test(name));
  assert.ok(served, 'the entry, renamed with its hash');
  assert.ok(!copied.includes('mermaid.esm.min.mjs'));
  assert.ok(copied.length > 5, 'its chunks');
});
