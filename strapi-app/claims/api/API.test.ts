import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before } from 'node:test';
import type { Core } from '@strapi/strapi';
import {
  APP_DIR,
  STATE_DIR,
  appVariant,
  bootStrapi,
  claim,
  codeBlock,
  jestGlobals,
  requireCore,
  runExample,
  stopStrapi,
} from '../../harness';

const g = globalThis as unknown as { __apiProbe: Record<string, unknown> };
g.__apiProbe = { lifecycles: [] };

/** Writes files under a folder: `{ 'a/b.js': '...' }`. */
function writeTree(root: string, files: Record<string, string>) {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
}

/**
 * The application with more API modules: `probe` (a router file that asks for the admin API, a
 * controller, a service, a policy, a middleware, a config file, an index.js recording its
 * lifecycles, and an index.ts that throws if anything loads it), `no-routes` (an index.js only),
 * `myThing` (a camel-cased folder) and `.hidden` (a dot-folder).
 */
const variant = appVariant('api-modules', (dir) => {
  // No browser opening when it listens.
  writeFileSync(
    path.join(dir, 'config/admin.js'),
    `const base = require(${JSON.stringify(path.join(APP_DIR, 'config/admin.js'))});\nmodule.exports = (ctx) => ({ ...base(ctx), autoOpen: false });\n`,
  );
  writeTree(path.join(dir, 'src/api'), {
    'probe/index.js': `module.exports = {
  register({ strapi }) { globalThis.__apiProbe.lifecycles.push('register'); globalThis.__apiProbe.routesAtRegister = strapi.api('no-routes').routes; },
  bootstrap() { globalThis.__apiProbe.lifecycles.push('bootstrap'); },
  destroy() { globalThis.__apiProbe.lifecycles.push('destroy'); },
};\n`,
    'probe/index.ts': "throw new Error('index.ts was loaded');\n",
    'probe/routes/probe.js': `module.exports = {
  type: 'admin',
  routes: [
    { method: 'GET', path: '/probe', handler: 'probe.find', config: { auth: false } },
    { method: 'GET', path: '/probe-scoped', handler: 'probe.find' },
  ],
};\n`,
    'probe/controllers/probe.js': 'module.exports = { find(ctx) { ctx.body = { probe: true, type: ctx.state.route.info.type }; } };\n',
    'probe/services/probe-service.js': "module.exports = () => ({ ping: () => 'pong' });\n",
    'probe/policies/is-ok.js': 'module.exports = () => true;\n',
    'probe/middlewares/noop.js': 'module.exports = () => async (ctx, next) => next();\n',
    'probe/config/settings.js': "module.exports = { greeting: 'hello' };\n",
    'no-routes/index.js': 'module.exports = {};\n',
    'myThing/index.js': 'module.exports = {};\n',
    '.hidden/index.js': "throw new Error('a dot-folder was loaded');\n",
  });
});

let strapi: Core.Strapi;
let base: string;
before(async () => {
  strapi = await bootStrapi({ name: 'api-modules', appDir: variant, listen: true });
  base = `http://127.0.0.1:${strapi.config.get('server.port')}`;
});
after(async () => {
  if (strapi) await stopStrapi(strapi);
});

/** An API module as the registry holds it (the types leave out some of its members). */
type ApiModule = {
  register(): Promise<void>;
  bootstrap(): Promise<void>;
  routes: Record<string, Core.Router> | unknown[];
  config(path: string, fallback?: unknown): unknown;
  contentType(name: string): unknown;
  contentTypes: Record<string, unknown>;
  services: Record<string, unknown>;
  policies: Record<string, unknown>;
  middlewares: Record<string, unknown>;
  controllers: Record<string, unknown>;
  controller(name: string): unknown;
};
const api = (name: string) => strapi.api(name) as unknown as ApiModule;
const loadAPIs = requireCore<(s: Core.Strapi) => Promise<void>>('loaders/apis');
/** Runs the real loader over a folder of APIs, with the real instance for everything but the folder and the registry. */
async function loadFolder(name: string, files: Record<string, string>) {
  const dir = path.join(STATE_DIR, 'api-loader', name);
  rmSync(dir, { recursive: true, force: true });
  writeTree(dir, files);
  const added: string[] = [];
  const fake = Object.create(strapi, {
    dirs: { value: { ...strapi.dirs, dist: { ...strapi.dirs.dist, api: dir } } },
    get: { value: (key: string) => (key === 'apis' ? { add: (apiName: string) => added.push(apiName) } : strapi.get(key)) },
  });
  await loadAPIs(fake);
  return { dir, added };
}
const schema = (singularName: string, pluralName: string) =>
  JSON.stringify({
    kind: 'collectionType',
    collectionName: pluralName,
    info: { singularName, pluralName, displayName: singularName },
    attributes: {},
  });

claim({ id: 'content-api-prefix', says: 'the Content API (prefix api.rest.prefix, default /api)' }, async () => {
  assert.equal(strapi.config.get('api.rest.prefix'), '/api');
  // Route layers (a sub-router also leaves a method-less middleware layer, `/api([^/]*)`).
  const paths = strapi.server
    .api('content-api')
    .listRoutes()
    .filter((l) => l.methods.length > 0)
    .map((l) => l.path);
  assert.ok(paths.length > 0);
  assert.deepEqual(
    paths.filter((p) => !p.startsWith('/api/')),
    [],
  );
  const res = await fetch(`${base}/api/probe`);
  assert.equal(res.status, 200);
});

claim({ id: 'loader-folders', says: 'kebab-cases each name unless it already is kebab-case' }, () => {
  assert.ok(strapi.api('my-thing'));
  assert.equal(strapi.api('myThing'), undefined);
  assert.ok(strapi.api('no-routes'));
  assert.deepEqual(
    Object.keys(strapi.apis).filter((n) => n.includes('hidden')),
    [],
  );
});

claim({ id: 'loader-returns-without-folder', says: 'loadAPIs returns at once if strapi.dirs.dist.api does not exist' }, async () => {
  const added: string[] = [];
  const fake = Object.create(strapi, {
    dirs: { value: { ...strapi.dirs, dist: { ...strapi.dirs.dist, api: path.join(STATE_DIR, 'api-loader', 'does-not-exist') } } },
    get: { value: () => ({ add: (n: string) => added.push(n) }) },
  });
  assert.equal(await loadAPIs(fake), undefined);
  assert.deepEqual(added, []);
});

claim(
  { id: 'content-type-without-schema', says: 'a content type folder without a schema throws Could not load content type found at <dir>' },
  async () => {
    await assert.rejects(
      loadFolder('no-schema', { 'thing/content-types/thing/lifecycles.js': 'module.exports = {};\n' }),
      (error: Error) => {
        assert.equal(
          error.message,
          `Could not load content type found at ${path.join(STATE_DIR, 'api-loader', 'no-schema', 'thing', 'content-types')}`,
        );
        return true;
      },
    );
  },
);

claim(
  {
    id: 'names-unique-across-apis',
    says: 'It then checks that every kebab-cased singularName and pluralName appears only once across all APIs',
  },
  async () => {
    await assert.rejects(
      loadFolder('same-singular', {
        'one/content-types/item/schema.json': schema('item', 'items'),
        'two/content-types/item/schema.json': schema('item', 'item-list'),
      }),
      { message: 'The singular name "item" should be unique' },
    );
    // Singular and plural names share one list: a plural that is another type's singular is refused too.
    await assert.rejects(
      loadFolder('shared-list', {
        'one/content-types/news/schema.json': schema('news', 'news-items'),
        'two/content-types/brief/schema.json': schema('brief', 'news'),
      }),
      { message: 'The plural name "news" should be unique' },
    );
    // Compared kebab-cased.
    await assert.rejects(
      loadFolder('kebab', {
        'one/content-types/blog-post/schema.json': schema('blog-post', 'blog-posts'),
        'two/content-types/blogpost/schema.json': schema('blogpost', 'blogPosts'),
      }),
      { message: 'The plural name "blogPosts" should be unique' },
    );
    const { added } = await loadFolder('distinct', {
      'one/content-types/a/schema.json': schema('a', 'as'),
      'two/content-types/b/schema.json': schema('b', 'bs'),
    });
    assert.deepEqual(added.sort(), ['one', 'two']);
  },
);

claim(
  {
    id: 'module-load',
    says: 'load() pushes its content types, services, policies, middlewares and controllers into the global registries under the api::<name> namespace',
  },
  () => {
    assert.equal((strapi.service('api::probe.probe-service' as never) as { ping(): string }).ping(), 'pong');
    assert.ok(strapi.policy('api::probe.is-ok'));
    assert.ok(strapi.middleware('api::probe.noop'));
    assert.ok(strapi.controller('api::probe.probe' as never));
    assert.ok(strapi.contentType('api::article.article'));
    assert.deepEqual(strapi.config.get('api::probe.settings'), { greeting: 'hello' });
  },
);

claim(
  { id: 'lifecycles-once', says: 'calls register, bootstrap and destroy of every module, API modules included; each can run only once.' },
  async () => {
    assert.deepEqual(g.__apiProbe.lifecycles, ['register', 'bootstrap']);
    await assert.rejects(api('probe').register(), { message: 'Register for api::probe has already been called' });
    await assert.rejects(api('probe').bootstrap(), { message: 'Bootstrap for api::probe has already been called' });
  },
);

claim(
  {
    id: 'register-api-routes',
    says: "each router in api.routes is forced to type: 'content-api', every string handler gets a default auth scope such as api::article.article.find",
  },
  () => {
    const routers = Object.values(strapi.api('article').routes) as Core.Router[];
    const find = routers.flatMap((r) => r.routes).find((r) => r.handler === 'api::article.article.find')!;
    assert.equal(routers[0].type, 'content-api');
    assert.deepEqual((find.config as { auth: { scope: string[] } }).auth.scope, ['api::article.article.find']);
    assert.deepEqual(find.info, { apiName: 'article', type: 'content-api' });
    // A short handler gets the API's namespace in front.
    const scoped = (Object.values(strapi.api('probe').routes) as Core.Router[])[0].routes.find((r) => r.path === '/probe-scoped')!;
    assert.deepEqual((scoped.config as { auth: { scope: string[] } }).auth.scope, ['api::probe.probe.find']);
  },
);

claim(
  { id: 'type-forced', says: 'registerAPIRoutes overwrites router.type with content-api for every router of an API module.' },
  async () => {
    const router = (Object.values(strapi.api('probe').routes) as Core.Router[])[0];
    assert.equal(router.type, 'content-api');
    assert.deepEqual(await (await fetch(`${base}/api/probe`)).json(), { probe: true, type: 'content-api' });
  },
);

claim({ id: 'no-admin-routes-from-apis', says: "Routes in src/api cannot be put on the admin API by setting type: 'admin'" }, async () => {
  const adminPaths = strapi.server
    .api('admin')
    .listRoutes()
    .map((l) => l.path);
  assert.ok(!adminPaths.some((p) => p.endsWith('/probe')));
  assert.equal((await fetch(`${base}/probe`)).status, 404);
  assert.equal((await fetch(`${base}/admin/probe`)).status, 404);
});

claim({ id: 'prefix-row', says: 'Prefix of the internal @koa/router' }, () => {
  const { createAPI } = requireCore<{
    createAPI: (s: Core.Strapi, o?: { prefix?: string; type?: string }) => ReturnType<Core.Strapi['server']['api']>;
  }>('services/server/api');
  const unprefixed = createAPI(strapi);
  unprefixed.routes([{ method: 'GET', path: '/plain', handler: () => {} }] as never);
  assert.deepEqual(
    unprefixed.listRoutes().map((l) => l.path),
    ['/plain'],
  );
  const prefixed = createAPI(strapi, { prefix: '/v2' });
  prefixed.routes([{ method: 'GET', path: '/plain', handler: () => {} }] as never);
  assert.deepEqual(
    prefixed.listRoutes().map((l) => l.path),
    ['/v2/plain'],
  );
});

claim(
  { id: 'type-row', says: 'Stored in route.info.type of every route added; used by authentication and to tag controller actions' },
  () => {
    const { createAPI } = requireCore<{
      createAPI: (s: Core.Strapi, o?: { prefix?: string; type?: string }) => ReturnType<Core.Strapi['server']['api']>;
    }>('services/server/api');
    const routes = [{ method: 'GET', path: '/a', handler: () => {} }] as unknown as Core.Route[];
    createAPI(strapi).routes(routes);
    assert.equal(routes[0].info.type, 'api');
    const typed = [{ method: 'GET', path: '/b', handler: () => {}, info: { pluginName: 'x' } }] as unknown as Core.Route[];
    createAPI(strapi, { type: 'content-api' }).routes(typed);
    assert.deepEqual(typed[0].info, { pluginName: 'x', type: 'content-api' });
  },
);

claim({ id: 'methods-return-the-object', says: 'Returns an object whose methods (except listRoutes) return the object itself:' }, () => {
  const { createAPI } = requireCore<{ createAPI: (s: Core.Strapi, o?: object) => Record<string, (...a: unknown[]) => unknown> }>(
    'services/server/api',
  );
  const api = createAPI(strapi, { prefix: '/x' });
  const Router = require('@koa/router');
  assert.equal(
    api.use(async (_ctx: unknown, next: () => Promise<void>) => next()),
    api,
  );
  assert.equal(api.routes([{ method: 'GET', path: '/r', handler: () => {} }]), api);
  assert.equal(api.mount(new Router()), api);
  const list = api.listRoutes() as unknown[];
  const count = list.length;
  assert.ok(count > 0);
  // A copy of the stack.
  list.length = 0;
  assert.equal((api.listRoutes() as unknown[]).length, count);
});

claim({ id: 'use-row', says: 'Adds a middleware to this API only' }, async () => {
  // Added to the content API after listen: the router was copied at mount, so it is checked on a fresh API and root router.
  const { createAPI } = requireCore<{ createAPI: (s: Core.Strapi, o?: object) => Record<string, (...a: unknown[]) => unknown> }>(
    'services/server/api',
  );
  const Koa = require('koa');
  const Router = require('@koa/router');
  const http = require('node:http');
  const root = new Router();
  const a = createAPI(strapi, { prefix: '/a' });
  const b = createAPI(strapi, { prefix: '/b' });
  a.use(async (ctx: { set(k: string, v: string): void }, next: () => Promise<void>) => {
    ctx.set('x-api', 'a');
    await next();
  });
  for (const api of [a, b])
    api.routes([
      {
        method: 'GET',
        path: '/r',
        handler: (ctx: { body: unknown }) => {
          ctx.body = 'ok';
        },
        config: { auth: false },
      },
    ]);
  a.mount(root);
  b.mount(root);
  const app = new Koa();
  app.use(root.routes());
  const server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const port = server.address().port;
    assert.equal((await fetch(`http://127.0.0.1:${port}/a/r`)).headers.get('x-api'), 'a');
    assert.equal((await fetch(`http://127.0.0.1:${port}/b/r`)).headers.get('x-api'), null);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});

claim(
  { id: 'routes-row', says: 'a router object gets a sub-router with its prefix, except for routes whose config has its own prefix' },
  () => {
    const { createAPI } = requireCore<{ createAPI: (s: Core.Strapi, o?: object) => Record<string, (...a: unknown[]) => unknown> }>(
      'services/server/api',
    );
    const api = createAPI(strapi, { prefix: '/api2', type: 'content-api' });
    api.routes({
      prefix: '/sub',
      routes: [
        { method: 'GET', path: '/in-sub', handler: () => {}, config: { auth: false } },
        { method: 'GET', path: '/own-prefix', handler: () => {}, config: { auth: false, prefix: '' } },
      ],
    });
    const paths = (api.listRoutes() as Array<{ path: string; methods: string[] }>)
      .filter((l) => l.methods.length > 0)
      .map((l) => l.path)
      .sort();
    assert.deepEqual(paths, ['/api2/own-prefix', '/api2/sub/in-sub']);
    assert.throws(() => api.routes([{ method: 'FETCH', path: '/bad', handler: () => {} }]), /^Error: Invalid route config/);
  },
);

claim(
  {
    id: 'admin-instance',
    says: "'' (hard-coded; admin routers carry their own prefix, /admin for the admin package and /<plugin> for plugins, set in register-routes.ts)",
  },
  () => {
    const paths = strapi.server
      .api('admin')
      .listRoutes()
      .map((l) => l.path);
    assert.ok(paths.some((p) => p.startsWith('/admin/')));
    assert.ok(paths.some((p) => p.startsWith('/i18n/')));
    assert.ok(paths.some((p) => p.startsWith('/content-manager/')));
    assert.ok(paths.every((p) => !p.startsWith('/api/')));
  },
);

claim({ id: 'apis-add-twice', says: 'Creates the api::<apiName> module; throws API <name> has already been registered.' }, () => {
  assert.throws(() => strapi.get('apis').add('article', {}), { message: 'API article has already been registered.' });
});

claim({ id: 'apis-get-row', says: 'The module, or undefined' }, () => {
  assert.equal(strapi.get('apis').get('nothing-here'), undefined);
  assert.equal(strapi.get('apis').get('article'), strapi.get('modules').get('api::article'));
});

claim({ id: 'apis-get-all-row', says: 'All modules keyed by API name' }, () => {
  const all = strapi.get('apis').getAll();
  assert.deepEqual(Object.keys(all).sort(), ['article', 'author', 'homepage', 'my-thing', 'no-routes', 'probe', 'tag']);
  assert.equal(strapi.apis, all);
  assert.equal(strapi.api('tag'), all.tag);
});

claim(
  {
    id: 'lifecycle-row',
    says: "Run the API's index.js lifecycle once; a second call throws <Lifecycle> for api::<name> has already been called",
  },
  async () => {
    await assert.rejects(api('no-routes').bootstrap(), { message: 'Bootstrap for api::no-routes has already been called' });
  },
);

claim(
  { id: 'routes-row-empty', says: 'an API without a routes/ folder starts with an empty array, which registerAPIRoutes replaces with {}' },
  () => {
    assert.deepEqual(g.__apiProbe.routesAtRegister, []);
    assert.deepEqual(api('no-routes').routes, {});
  },
);

claim({ id: 'config-row', says: 'Reads api::<name>.<path> from the config provider' }, () => {
  assert.equal(api('probe').config('settings.greeting'), 'hello');
  assert.equal(api('probe').config('settings.missing', 'fallback'), 'fallback');
  assert.equal(api('probe').config('settings.greeting'), strapi.config.get('api::probe.settings.greeting'));
});

claim({ id: 'lookups-row', says: 'Content types, keys without the namespace' }, () => {
  assert.deepEqual(Object.keys(api('article').contentTypes), ['article']);
  assert.equal(api('article').contentType('article'), strapi.contentType('api::article.article'));
  assert.deepEqual(Object.keys(api('probe').services), ['probe-service']);
  assert.deepEqual(Object.keys(api('probe').policies), ['is-ok']);
  assert.deepEqual(Object.keys(api('probe').middlewares), ['noop']);
  assert.deepEqual(Object.keys(api('probe').controllers), ['probe']);
});

claim({ id: 'example', says: 'A test that checks how the article API is wired' }, async () => {
  const globals = jestGlobals();
  runExample(codeBlock({ title: 'tests/api/article.test.ts' }), {
    filename: 'tests/api/article.test.ts',
    modules: { '../helpers/strapi': { setupStrapi: async () => strapi, teardownStrapi: async () => {} } },
  });
  assert.deepEqual(await globals.run(), ['wires the article API']);
});

claim({ id: 'short-names', says: "the global equivalents need the full UID: strapi.controller('api::article.article')." }, () => {
  assert.equal(api('article').controller('article'), strapi.controller('api::article.article'));
  assert.equal(strapi.controller('article' as never), undefined);
});

claim({ id: 'index-js-only', says: 'it also loads only index.js, never index.ts' }, () => {
  // The probe API's index.ts throws when loaded; the boot went through, and index.js ran.
  assert.deepEqual(g.__apiProbe.lifecycles, ['register', 'bootstrap']);
});

claim({ id: 'new-folder-not-seen', says: 'the running instance does not pick it up' }, () => {
  writeTree(path.join(variant, 'src/api'), { 'late/index.js': 'module.exports = {};\n' });
  assert.equal(strapi.api('late'), undefined);
});
