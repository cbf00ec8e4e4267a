/**
 * The first-load chunk failure guard (./routeLoadRecovery.ts) on a made-up route tree. The module
 * imports `@generated/routes`, which only webpack resolves: the test answers that import with
 * its own tree.
 */
import { after, before, describe, it, mock } from 'node:test';
import assert from 'node:assert/strict';
import Module from 'node:module';
import path from 'node:path';
import type { ClientModule } from '@docusaurus/types';

interface Component {
  name: string;
  preload?: () => Promise<unknown>;
}
const failure = new Error('Loading chunk 42 failed.');
const calls: string[] = [];
/** A component whose preload records what it was called on and answers `answer`. */
function component(name: string, answer: () => Promise<unknown>): Component {
  const made: Component = {
    name,
    preload(this: Component) {
      calls.push(this.name);
      return answer();
    },
  };
  return made;
}
const failing = component('failing', () => Promise.reject(failure));
const nested = component('nested', () => Promise.resolve('nested module'));
const nestedFailing = component('nestedFailing', () => Promise.reject(failure));
const plain: Component = { name: 'plain' };
const ROUTES = [
  { component: failing, routes: [{ component: nested }, { component: plain }, { routes: [{ component: nestedFailing }] }] },
  { path: '/no-component' },
];

const moduleApi = Module as unknown as { _resolveFilename: (request: string, ...rest: unknown[]) => string };
const resolve = moduleApi._resolveFilename;
const generatedRoutes = path.join(__dirname, 'generated-routes.virtual.js');
const globals = globalThis as unknown as { window?: unknown };
let clientModule: ClientModule;

before(async () => {
  const routesModule = new Module(generatedRoutes);
  routesModule.filename = generatedRoutes;
  routesModule.loaded = true;
  routesModule.exports = ROUTES;
  require.cache[generatedRoutes] = routesModule;
  moduleApi._resolveFilename = function (request: string, ...rest: unknown[]) {
    return request === '@generated/routes' ? generatedRoutes : resolve.call(this, request, ...rest);
  };
  globals.window = {};
  clientModule = (await import('./routeLoadRecovery')).default;
});
after(() => {
  moduleApi._resolveFilename = resolve;
  delete require.cache[generatedRoutes];
  delete globals.window;
});

describe('route preloads', () => {
  it('while the build renders pages (no window), the routes are left alone', () => {
    const untouched = component('untouched', () => Promise.reject(failure));
    const original = untouched.preload;
    const modulePath = require.resolve('./routeLoadRecovery');
    const cached = require.cache[modulePath];
    require.cache[generatedRoutes]!.exports = [{ component: untouched }];
    delete require.cache[modulePath];
    delete globals.window;
    try {
      require(modulePath);
      assert.equal(untouched.preload, original);
    } finally {
      globals.window = {};
      require.cache[generatedRoutes]!.exports = ROUTES;
      require.cache[modulePath] = cached;
    }
  });

  it('on the first load, a failed preload resolves after a warning, so the route can show its error and Retry', async () => {
    const warn = mock.method(console, 'warn', () => undefined);
    assert.equal(await failing.preload?.(), undefined);
    assert.equal(await nestedFailing.preload?.(), undefined, 'routes nested at any depth too');
    assert.deepEqual(
      warn.mock.calls.map((call) => call.arguments),
      [
        ['A page chunk failed to load; the page shows the error and a Retry button.', failure],
        ['A page chunk failed to load; the page shows the error and a Retry button.', failure],
      ],
    );
    warn.mock.restore();
  });

  it('nested routes are wrapped too; a successful preload keeps its value; components without preload are left alone', async () => {
    assert.equal(await nested.preload?.(), 'nested module');
    assert.equal(plain.preload, undefined);
    assert.deepEqual(calls, ['failing', 'nestedFailing', 'nested'], 'the original preload runs, on its component');
  });

  it('once the first route has rendered, a failed preload rejects again (the navigation reloads the page)', async () => {
    clientModule.onRouteDidUpdate?.({ location: { pathname: '/', search: '', hash: '', state: undefined }, previousLocation: null });
    const warn = mock.method(console, 'warn', () => undefined);
    await assert.rejects(failing.preload!(), failure);
    assert.equal(await nested.preload?.(), 'nested module');
    assert.equal(warn.mock.callCount(), 0);
    warn.mock.restore();
  });
});
