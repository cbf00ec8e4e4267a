/**
 * The lazy routes plugin's webpack wiring (./index.ts): `@docusaurus/ComponentCreator` points at the
 * lazy version in both compilations; core's client `./preload` is swapped for ./preload.ts in the
 * browser build only, and nothing else is touched. (What they do in a page is tested in the
 * browser: e2e/performance.spec.ts.)
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import lazyRoutesPlugin from './index';

const ALIAS = { '@docusaurus/ComponentCreator': path.join(__dirname, 'ComponentCreator.ts') };

type Hook = (data: { request: string; context: string }) => void;

test('@docusaurus/ComponentCreator is the lazy one, on the server and in the browser', () => {
  const plugin = lazyRoutesPlugin();
  assert.equal(plugin.name, 'lazy-routes');
  assert.deepEqual(plugin.configureWebpack!({} as never, true, {} as never, {} as never), { resolve: { alias: ALIAS } });
  const client = plugin.configureWebpack!({} as never, false, {} as never, {} as never) as { resolve: unknown; plugins: unknown[] };
  assert.deepEqual(client.resolve, { alias: ALIAS });
  assert.equal(client.plugins.length, 1);
});

test('core’s ./preload request from its client folder is replaced in the browser build; other requests are not', () => {
  const { plugins } = lazyRoutesPlugin().configureWebpack!({} as never, false, {} as never, {} as never) as {
    plugins: Array<{ apply(compiler: unknown): void }>;
  };
  let hook: Hook | undefined;
  plugins[0].apply({
    hooks: {
      normalModuleFactory: {
        tap: (_name: string, fn: (factory: unknown) => void) =>
          fn({ hooks: { beforeResolve: { tap: (_inner: string, f: Hook) => (hook = f) } } }),
      },
    },
  });
  const coreClient = path.dirname(require.resolve('@docusaurus/core/lib/client/preload.js'));
  const replacement = path.join(__dirname, 'preload.ts');
  const resolve = (request: string, context = coreClient) => {
    const data = { request, context };
    hook!(data);
    return data.request;
  };
  assert.equal(resolve('./preload'), replacement);
  assert.equal(resolve('./preload.js'), replacement);
  assert.equal(resolve('./preloadX'), './preloadX');
  assert.equal(resolve('./prefetch'), './prefetch');
  assert.equal(resolve('@docusaurus/core/lib/client/preload'), '@docusaurus/core/lib/client/preload');
  assert.equal(resolve('./preload', '/elsewhere'), './preload');
});
