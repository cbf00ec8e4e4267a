/**
 * The prefetch scheduler plugin's webpack wiring (./index.ts): core's client `./docusaurus` module
 * is swapped for ./client.ts in the browser build only, and nothing else is touched.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import prefetchSchedulerPlugin from './index';

test('core’s ./docusaurus request from its client folder is replaced; other requests are not', () => {
  const plugin = prefetchSchedulerPlugin();
  assert.equal(plugin.name, 'prefetch-scheduler');
  assert.deepEqual(plugin.configureWebpack!({} as never, true, {} as never, {} as never), {});
  const { plugins } = plugin.configureWebpack!({} as never, false, {} as never, {} as never) as {
    plugins: Array<{ apply(compiler: unknown): void }>;
  };
  let hook: ((data: { request: string; context: string }) => void) | undefined;
  const names: string[] = [];
  plugins[0].apply({
    hooks: {
      normalModuleFactory: {
        tap: (name: string, fn: (factory: unknown) => void) => {
          names.push(name);
          fn({ hooks: { beforeResolve: { tap: (inner: string, f: typeof hook) => ((hook = f), names.push(inner)) } } });
        },
      },
    },
  });
  assert.deepEqual(names, ['prefetch-scheduler', 'prefetch-scheduler']);
  const coreClient = path.dirname(require.resolve('@docusaurus/core/lib/client/docusaurus.js'));
  const replacement = path.join(__dirname, 'client.ts');
  const resolve = (request: string, context = coreClient) => {
    const data = { request, context };
    hook!(data);
    return data.request;
  };
  assert.equal(resolve('./docusaurus'), replacement);
  assert.equal(resolve('./docusaurus.js'), replacement);
  assert.equal(resolve('./docusaurus.jsx'), './docusaurus.jsx');
  assert.equal(resolve('./docusaurusX'), './docusaurusX');
  assert.equal(resolve('x./docusaurus'), 'x./docusaurus');
  assert.equal(resolve('./prefetch'), './prefetch');
  assert.equal(resolve('./docusaurus', '/elsewhere'), './docusaurus');
});
