import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before } from 'node:test';
import type { Core } from '@strapi/strapi';
import {
  APP_DIR,
  REPO_ROOT,
  STATE_DIR,
  addLocalPlugin,
  appVariant,
  captureConsole,
  claim,
  clearOutbound,
  codeBlock,
  defect,
  keepingProcessListeners,
  outbound,
  prepareStrapiEnvironment,
  requireCore,
  respondToOutbound,
  runExample,
  settle,
  stopStrapi,
  superAdmin,
} from '../../harness';

interface Log {
  level: string;
  message: string;
}
const g = globalThis as unknown as { __order: string[]; __logs: Log[]; __seen: Record<string, unknown>; strapi?: Core.Strapi };
g.__order = [];
g.__logs = [];
g.__seen = {};

/**
 * The application with: a logger that keeps what it logs (info and up) in `globalThis.__logs`, the
 * two deprecated server keys, no browser opening, a local plugin and an application entry file
 * that record their lifecycles in `globalThis.__order`.
 */
const variant = appVariant('strapi-class', (dir) => {
  writeFileSync(
    path.join(dir, 'config/server.js'),
    `const Transport = require('winston-transport');
const base = require(${JSON.stringify(path.join(APP_DIR, 'config/server.js'))});
class Keep extends Transport {
  log(info, callback) {
    globalThis.__logs.push({ level: info[Symbol.for('level')], message: String(info.message) });
    callback();
  }
}
module.exports = (ctx) => ({
  ...base(ctx),
  globalProxy: 'http://proxy.invalid:3128',
  admin: { autoOpen: false },
  logger: { config: { level: 'info', transports: [new Keep()] } },
});
`,
  );
  writeFileSync(
    path.join(dir, 'config/admin.js'),
    `const base = require(${JSON.stringify(path.join(APP_DIR, 'config/admin.js'))});\nmodule.exports = (ctx) => ({ ...base(ctx), autoOpen: false });\n`,
  );
  const record = (who: string) => `{
  register({ strapi }) { globalThis.__order.push('${who} register'); if ('${who}' === 'plugin') globalThis.__seen.apiAtPluginRegister = Boolean(strapi.api('article')); },
  bootstrap({ strapi }) {
    globalThis.__order.push('${who} bootstrap');
    if ('${who}' === 'plugin') {
      globalThis.__seen.routesAtPluginBootstrap = strapi.server.api('content-api').listRoutes().length;
      globalThis.__seen.cronRunningAtPluginBootstrap = strapi.cron.jobs.length;
    }
  },
  async destroy() { await new Promise((r) => setTimeout(r, 50)); globalThis.__order.push('${who} destroy'); },
}`;
  writeFileSync(path.join(dir, 'src/index.js'), `module.exports = ${record('user')};\n`);
  addLocalPlugin(dir, 'probe', { 'strapi-server.js': `module.exports = ${record('plugin')};\n` });
});

const { createStrapi } = require('@strapi/strapi') as typeof import('@strapi/strapi');
const openBrowserModule = requireCore<{ openBrowser: (config: unknown) => Promise<unknown> }>('utils/open-browser');

/** Creates an instance without loading it, and takes back what createStrapi() gives the process. */
function construct(options: Record<string, unknown>) {
  const previous = g.strapi;
  const signals = { SIGTERM: process.listeners('SIGTERM'), SIGINT: process.listeners('SIGINT') };
  const instance = createStrapi(options);
  const added = {
    SIGTERM: process.listeners('SIGTERM').filter((l) => !signals.SIGTERM.includes(l)),
    SIGINT: process.listeners('SIGINT').filter((l) => !signals.SIGINT.includes(l)),
  };
  for (const [signal, listeners] of Object.entries(added)) for (const l of listeners) process.off(signal, l);
  const assigned = g.strapi === instance;
  g.strapi = previous;
  return { instance, added, assigned };
}

let strapi: Core.Strapi;
let example: { setupStrapi(): Promise<Core.Strapi>; teardownStrapi(): Promise<void> };
before(async () => {
  // The page's test helper creates and loads the instance itself, from the working directory.
  prepareStrapiEnvironment('strapi-class');
  process.chdir(variant);
  example = runExample(codeBlock({ title: 'tests/helpers/strapi.ts' }), { filename: 'tests/helpers/strapi.ts' });
  strapi = await example.setupStrapi();
});
after(async () => {
  process.chdir(REPO_ROOT);
  if (g.strapi) await stopStrapi(strapi);
});

claim(
  {
    id: 'reexports-core',
    says: "@strapi/strapi re-exports everything @strapi/core exports (export * from '@strapi/core' in its dist/index.d.ts)",
  },
  () => {
    const core = requireCore<Record<string, unknown>>('index');
    const strapiPackage = require('@strapi/strapi') as Record<string, unknown>;
    assert.ok(Object.keys(core).length > 0);
    for (const key of Object.keys(core)) assert.equal(strapiPackage[key], core[key], key);
  },
);

claim(
  {
    id: 'update-notifier',
    says: 'asks the npm registry (through package-json) for the latest version at most once a day and remembers the result in <app root>/.strapi-updater.json',
  },
  async () => {
    const app = appVariant('strapi-class-updates', () => {});
    const file = path.join(app, '.strapi-updater.json');
    rmSync(file, { force: true });
    await new Promise((resolve) => setTimeout(resolve, 200));
    clearOutbound();
    const isRegistry = (url: string) => /@strapi(%2[Ff]|\/)core/.test(url);
    respondToOutbound((request) =>
      isRegistry(request.url)
        ? new Response(
            JSON.stringify({
              name: '@strapi/core',
              'dist-tags': { latest: '5.99.0' },
              versions: { '5.99.0': { name: '@strapi/core', version: '5.99.0' } },
            }),
            {
              headers: { 'content-type': 'application/json' },
            },
          )
        : new Response('', { status: 404 }),
    );
    try {
      construct({ appDir: app });
      const deadline = Date.now() + 5000;
      while (!existsSync(file) || !JSON.parse(readFileSync(file, 'utf8')).latest) {
        if (Date.now() > deadline) throw new Error(`no update check recorded: ${JSON.stringify(outbound())}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const registry = outbound().filter((r) => isRegistry(r.url));
      assert.equal(registry.length, 1, JSON.stringify(outbound().map((r) => r.url)));
      const saved = JSON.parse(readFileSync(file, 'utf8'));
      assert.equal(saved.latest, '5.99.0');
      assert.ok(Date.now() - saved.lastUpdateCheck < 60_000);
      // A second instance the same day does not ask again.
      construct({ appDir: app });
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.equal(outbound().filter((r) => isRegistry(r.url)).length, 1);
    } finally {
      respondToOutbound(undefined);
    }
  },
);

claim(
  {
    id: 'resolve-working-dirs',
    says: 'resolves appDir (default process.cwd()) and distDir (default appDir) to absolute paths with resolveWorkingDirectories',
  },
  () => {
    // From the variant's folder, a relative appDir and no distDir.
    assert.equal(process.cwd(), variant);
    const { instance } = construct({ appDir: '.' });
    assert.equal(instance.dirs.app.root, variant);
    assert.equal(instance.dirs.dist.root, variant);
    const { instance: none } = construct({});
    assert.equal(none.dirs.app.root, variant);
  },
);

claim({ id: 'app-and-dist-dirs', says: 'Where the config folder is loaded from and where compiled code is read (dirs.dist.*)' }, () => {
  const dist = appVariant('strapi-class-dist', (dir, json) => {
    writeFileSync(path.join(dir, 'config/marker.js'), 'module.exports = { from: "dist" };\n');
    json('package.json', (pkg) => void (pkg.name = 'the-dist-copy'));
  });
  const { instance } = construct({ appDir: variant, distDir: dist });
  assert.deepEqual(instance.config.get('marker'), { from: 'dist' });
  assert.equal(instance.dirs.dist.api, path.join(dist, 'src/api'));
  assert.equal(instance.dirs.app.root, variant);
  assert.equal((instance.config.get('info') as { name: string }).name, 'strapi-contributor-docs-test-app');
});

claim({ id: 'option-defaults', says: 'false (applied by loadConfiguration)' }, () => {
  const { instance } = construct({ appDir: variant });
  assert.equal(instance.config.get('autoReload'), false);
  assert.equal(instance.config.get('admin.serveAdminPanel'), true);
  // The page's helper passes only appDir and distDir: the instance runs with the defaults.
  assert.equal(strapi.config.get('autoReload'), false);
  assert.equal(strapi.config.get('admin.serveAdminPanel'), true);
});

claim({ id: 'global-and-signals', says: 'assigns the instance to global.strapi.' }, () => {
  const { added, assigned } = construct({ appDir: variant });
  assert.equal(assigned, true);
  assert.equal(added.SIGTERM.length, 1);
  assert.equal(added.SIGINT.length, 1);
});

claim(
  { id: 'destroy-on-signal', says: 'on the first signal awaits strapi.destroy() then calls process.exit() (later signals are ignored)' },
  async () => {
    const { instance, added } = construct({ appDir: variant });
    const events: string[] = [];
    instance.destroy = async () => {
      events.push('destroy starts');
      await new Promise((resolve) => setTimeout(resolve, 30));
      events.push('destroy ends');
    };
    const exit = process.exit;
    process.exit = ((code?: number) => void events.push(`exit ${code}`)) as typeof process.exit;
    try {
      const onSignal = added.SIGTERM[0] as () => Promise<void>;
      assert.equal(added.SIGINT[0], onSignal);
      await Promise.all([onSignal(), onSignal()]);
      await (added.SIGINT[0] as () => Promise<void>)();
    } finally {
      process.exit = exit;
    }
    assert.deepEqual(events, ['destroy starts', 'destroy ends', 'exit undefined']);
  },
);

claim({ id: 'internal-config', says: 'calls loadConfiguration(opts) and stores the result in internal_config' }, () => {
  const internal = (strapi as unknown as { internal_config: Record<string, unknown> }).internal_config;
  assert.equal(typeof internal.launchedAt, 'number');
  assert.equal(strapi.config.get('launchedAt'), internal.launchedAt);
  assert.equal((internal.dirs as { app: { root: string } }).app.root, variant);
});

claim(
  {
    id: 'logger-levels',
    says: 'first builds the config provider and the logger (level http, overridden by the deprecated top-level logger config and then by server.logger.config)',
  },
  () => {
    // The variant: config/logger.js says `error` (deprecated top-level), server.logger.config says `info`.
    assert.equal(strapi.log.level, 'info');
    const bare = appVariant('strapi-class-logger', (dir) => rmSync(path.join(dir, 'config/logger.js')));
    assert.equal(construct({ appDir: bare }).instance.log.level, 'http');
    const topLevel = appVariant('strapi-class-logger-top', () => {});
    assert.equal(construct({ appDir: topLevel }).instance.log.level, 'error');
  },
);

claim({ id: 'deprecated-server-options', says: 'warns about deprecated server options' }, () => {
  const warnings = g.__logs.filter((l) => l.level === 'warn').map((l) => l.message);
  assert.ok(
    warnings.includes('server.globalProxy is deprecated and ignored. Use server.proxy.global in config/server instead.'),
    JSON.stringify(warnings),
  );
  assert.ok(warnings.includes('server.admin.autoOpen is deprecated and ignored. Use admin.autoOpen in config/admin instead.'));
  // Ignored indeed: no global proxy agent was installed.
  assert.equal((globalThis as unknown as { GLOBAL_AGENT?: unknown }).GLOBAL_AGENT, undefined);
});

claim(
  {
    id: 'factories-and-migrations',
    says: 'the db factory points migrations at <app root>/database/migrations (or the TypeScript out dir when database.settings.useTypescriptMigrations is true)',
  },
  () => {
    const { instance } = construct({ appDir: variant });
    const maps = instance as unknown as { serviceMap: Map<string, unknown>; registerMap: Map<string, unknown> };
    assert.equal(typeof maps.registerMap.get('reload'), 'function');
    assert.equal(maps.serviceMap.has('reload'), false);
    instance.get('reload');
    assert.equal(maps.serviceMap.has('reload'), true);
    const settings = (strapi.db as unknown as { config: { settings: { migrations: { dir: string } } } }).config.settings;
    assert.equal(settings.migrations.dir, path.join(variant, 'database/migrations'));
  },
);

claim({ id: 'provider-order', says: 'telemetry, cron and mcp.' }, () => {
  const { providers } = requireCore<{ providers: unknown[] }>('providers/index');
  const names = ['registries', 'admin', 'ai', 'coreStore', 'session-manager', 'webhooks', 'telemetry', 'cron', 'mcp'];
  assert.deepEqual(
    providers,
    names.map((n) => requireCore(`providers/${n}`)),
  );
  const keys = [...(strapi as unknown as { registerMap: Map<string, unknown> }).registerMap.keys()];
  const at = (k: string) => keys.indexOf(k);
  assert.ok(
    at('validators') < at('admin') && at('admin') < at('ai') && at('ai') < at('coreStore') && at('coreStore') < at('sessionManager'),
  );
  assert.ok(
    at('sessionManager') < at('webhookStore') &&
      at('webhookRunner') < at('telemetry') &&
      at('telemetry') < at('cron') &&
      at('cron') < at('ai.mcp'),
  );
});

claim(
  {
    id: 'register-order',
    says: "then every module's register, then the user's register; finally swaps custom field types for their underlying types",
  },
  () => {
    assert.deepEqual(
      g.__order.filter((e) => e.endsWith('register')),
      ['plugin register', 'user register'],
    );
    // The registries provider ran first: the application's APIs were loaded when the plugin registered.
    assert.equal(g.__seen.apiAtPluginRegister, true);
  },
);

claim({ id: 'bootstrap-sequence', says: 'then module bootstrap, provider bootstrap and user bootstrap' }, async () => {
  assert.deepEqual(
    g.__order.filter((e) => e.endsWith('bootstrap')),
    ['plugin bootstrap', 'user bootstrap'],
  );
  // Routing was initialised before the modules' bootstrap.
  assert.ok((g.__seen.routesAtPluginBootstrap as number) > 0);
  const schema = (await strapi.store.get({ type: 'strapi', name: 'content_types', key: 'schema' })) as Record<string, unknown>;
  assert.ok(schema['api::article.article']);
  assert.equal(await strapi.store.get({ type: 'strapi', key: 'unidirectional-join-table-repair-ran' }), true);
});

claim({ id: 'load-sets-is-loaded', says: 'register() then bootstrap(), then sets isLoaded = true' }, () => {
  assert.equal(strapi.isLoaded, true);
  assert.equal(construct({ appDir: variant }).instance.isLoaded, false);
});

claim(
  { id: 'lifecycles-run-once', says: "Each module's register, bootstrap and destroy throws ... has already been called on a second call." },
  async () => {
    const modules = strapi.get('modules');
    await assert.rejects(modules.get('plugin::probe').register(), { message: 'Register for plugin::probe has already been called' });
    await assert.rejects(modules.get('plugin::probe').bootstrap(), { message: 'Bootstrap for plugin::probe has already been called' });
    await assert.rejects(modules.get('api::article').bootstrap(), { message: 'Bootstrap for api::article has already been called' });
  },
);

claim({ id: 'mount-for-supertest', says: 'server.mount() makes instance.server.app.callback() usable with supertest' }, async () => {
  // No port was opened by the helper; the Koa callback answers through any HTTP server.
  assert.equal(strapi.server.httpServer.listening, false);
  const server = http.createServer(strapi.server.app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/articles`);
    // Routed through the content API's authentication: no token, 401.
    assert.equal(res.status, 401);
    const health = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/_health`);
    assert.equal(health.status, 204);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});

claim({ id: 'each-getter', says: 'Each getter resolves a container entry with this.get(...).' }, () => {
  const pairs: Array<[string, string]> = [
    ['config', 'config'],
    ['log', 'logger'],
    ['db', 'db'],
    ['documents', 'documents'],
    ['entityService', 'entityService'],
    ['server', 'server'],
    ['fs', 'fs'],
    ['eventHub', 'eventHub'],
    ['cron', 'cron'],
    ['telemetry', 'telemetry'],
    ['startupLogger', 'startupLogger'],
    ['store', 'coreStore'],
    ['admin', 'admin'],
    ['requestContext', 'requestContext'],
    ['customFields', 'customFields'],
    ['entityValidator', 'entityValidator'],
    ['features', 'features'],
    ['fetch', 'fetch'],
    ['reload', 'reload'],
    ['sessionManager', 'sessionManager'],
    ['ai', 'ai'],
    ['auth', 'auth'],
    ['contentAPI', 'content-api'],
    ['sanitizers', 'sanitizers'],
    ['validators', 'validators'],
    ['contentAPISchemaRegistry', 'content-api-schema-registry'],
  ];
  const s = strapi as unknown as Record<string, unknown>;
  for (const [getter, key] of pairs) assert.equal(s[getter], strapi.get(key), getter);
  assert.equal(strapi.dirs, strapi.config.get('dirs'));
});

claim({ id: 'ee-getters', says: 'Whether EE is enabled / the EE helper object' }, () => {
  assert.equal(strapi.EE, false);
  assert.equal(typeof strapi.ee, 'object');
  assert.equal((strapi.ee as unknown as { isEE: boolean }).isEE, false);
  assert.equal(strapi.has('EE') || strapi.has('ee'), false);
});

claim({ id: 'registry-getters', says: 'apis (see API)' }, () => {
  assert.ok(Object.keys(strapi.services).includes('api::article.article'));
  assert.equal(strapi.service('api::article.article'), strapi.get('services').get('api::article.article'));
  assert.equal(strapi.controller('api::article.article'), strapi.get('controllers').get('api::article.article'));
  assert.equal(strapi.plugin('i18n'), strapi.get('plugins').get('i18n'));
  assert.equal(strapi.api('article'), strapi.get('apis').get('article'));
  assert.equal(strapi.apis, strapi.get('apis').getAll());
  assert.equal((strapi as unknown as Record<string, unknown>).component, undefined);
});

claim({ id: 'get-model', says: 'it asks the content-types registry first and falls back to the components registry' }, () => {
  assert.equal(strapi.getModel('api::article.article'), strapi.get('content-types').get('api::article.article'));
  assert.equal(strapi.getModel('shared.seo'), strapi.get('components').get('shared.seo'));
  assert.equal(strapi.getModel('api::nothing.nothing' as never), undefined);
});

claim(
  {
    id: 'getters-build-a-map',
    says: "which builds a new object holding every content type on each call; the components getter returns the registry's own object",
  },
  () => {
    // A new map on each call, holding the registry's own schema objects (not copies of them).
    assert.notEqual(strapi.contentTypes, strapi.contentTypes);
    assert.equal(strapi.contentTypes['api::tag.tag'], strapi.get('content-types').get('api::tag.tag'));
    assert.equal(Object.keys(strapi.contentTypes).length, strapi.get('content-types').keys().length);
    // The components registry hands out its own object.
    assert.equal(strapi.components, strapi.components);
    assert.equal(strapi.components, strapi.get('components').getAll());
    assert.equal(strapi.components['shared.seo'], strapi.get('components').get('shared.seo'));
  },
);

claim(
  { id: 'listen-on-socket', says: 'Calls server.listen on server.socket if set, else on server.port and server.host; then postListen()' },
  async () => {
    const socket = path.join(STATE_DIR, 'strapi-class.sock');
    rmSync(socket, { force: true });
    strapi.config.set('server.socket', socket);
    let postListened = false;
    const postListen = strapi.postListen.bind(strapi);
    strapi.postListen = async () => {
      postListened = true;
      const output = captureConsole();
      try {
        await postListen();
      } finally {
        output.restore();
      }
    };
    try {
      await strapi.listen();
      assert.equal(postListened, true);
      assert.equal(strapi.server.httpServer.address(), socket);
      const status = await new Promise<number | undefined>((resolve, reject) =>
        http.get({ socketPath: socket, path: '/_health' }, (res) => resolve(res.statusCode)).on('error', reject),
      );
      assert.equal(status, 204);
    } finally {
      strapi.postListen = postListen;
    }
  },
);

claim({ id: 'post-listen', says: 'sends the didStartServer telemetry event without awaiting it' }, async () => {
  const sent: string[] = [];
  const send = strapi.telemetry.send;
  strapi.telemetry.send = (event: string) => {
    sent.push(event);
    return new Promise(() => {}); // never settles
  };
  const openBrowser = openBrowserModule.openBrowser;
  const opened: unknown[] = [];
  openBrowserModule.openBrowser = async (config) => void opened.push((config as Core.Strapi['config']).get('admin.absoluteUrl'));
  const output = captureConsole();
  try {
    // No admin user, development, autoOpen false: no browser.
    await strapi.postListen();
    assert.deepEqual(sent, ['didStartServer']);
    assert.deepEqual(opened, []);
    // autoOpen no longer false: the browser is opened, then didOpenTab.
    strapi.config.set('admin.autoOpen', true);
    await strapi.postListen();
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.deepEqual(opened, [strapi.config.get('admin.absoluteUrl')]);
    assert.deepEqual(sent, ['didStartServer', 'didStartServer', 'didOpenTab']);
    // Opening fails: didNotOpenTab.
    openBrowserModule.openBrowser = async () => Promise.reject(new Error('no browser'));
    await strapi.postListen();
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.deepEqual(sent.slice(-2), ['didStartServer', 'didNotOpenTab']);
    // Once an admin exists, nothing is opened.
    await superAdmin(strapi, 'strapi-class@example.com');
    const before = opened.length;
    await strapi.postListen();
    assert.equal(opened.length, before);
  } finally {
    output.restore();
    strapi.config.set('admin.autoOpen', false);
    openBrowserModule.openBrowser = openBrowser;
    strapi.telemetry.send = send;
  }
});

claim({ id: 'start-catches', says: 'load() if not loaded, then listen(); any error goes to stopWithError' }, async () => {
  const calls: unknown[] = [];
  const { load, listen, stopWithError } = strapi;
  strapi.load = async () => void calls.push('load') as never;
  strapi.listen = async () => {
    calls.push('listen');
    throw new Error('cannot listen');
  };
  strapi.stopWithError = ((error: Error) => void calls.push(`stopWithError: ${error.message}`)) as never;
  try {
    await strapi.start();
  } finally {
    Object.assign(strapi, { load, listen, stopWithError });
  }
  assert.deepEqual(calls, ['listen', 'stopWithError: cannot listen']);
});

claim({ id: 'stop-with-error', says: 'Logs the message and the error, then stop()' }, () => {
  const { instance } = construct({ appDir: variant });
  const events: unknown[] = [];
  instance.log.error = ((value: unknown) => void events.push(['error', value])) as never;
  instance.stop = ((code?: number) => void events.push(['stop', code])) as never;
  const error = new Error('boom');
  instance.stopWithError(error, 'Custom message');
  assert.deepEqual(events, [
    ['error', 'Custom message'],
    ['error', error],
    ['stop', undefined],
  ]);
});

claim({ id: 'stop-sends-stop', says: "when true, stop() sends 'stop' to the parent process" }, () => {
  const { instance } = construct({ appDir: variant, autoReload: true });
  const events: unknown[] = [];
  instance.destroy = async () => void events.push('destroy');
  const { exit, send } = process;
  process.exit = ((code?: number) => void events.push(`exit ${code}`)) as typeof process.exit;
  process.send = ((message: unknown) => events.push(`send ${message}`) > 0) as typeof process.send;
  try {
    instance.stop();
    instance.stop(0);
  } finally {
    process.exit = exit;
    process.send = send;
  }
  assert.deepEqual(events, ['destroy', 'send stop', 'exit 1', 'destroy', 'send stop', 'exit 0']);
});

defect(
  {
    id: 'stop-does-not-await-destroy',
    says: 'process.exit() runs while destroy() is still at its first await',
    summary: '`strapi.stop()` calls `destroy()` without awaiting it and exits at once, cutting asynchronous destroy hooks short',
  },
  () => {
    const { instance } = construct({ appDir: variant });
    const events: string[] = [];
    instance.destroy = async () => {
      events.push('destroy starts');
      await new Promise((resolve) => setTimeout(resolve, 10));
      events.push('destroy ends');
    };
    const exit = process.exit;
    process.exit = ((code?: number) => void events.push(`exit ${code}`)) as typeof process.exit;
    try {
      instance.stop();
    } finally {
      process.exit = exit;
    }
    assert.deepEqual(events, ['destroy starts', 'exit 1']);
  },
);

claim(
  { id: 'destroy-sequence', says: 'removes all process listeners, deletes global.strapi and logs Strapi has been shut down' },
  async () => {
    const wrap = (target: Record<string, unknown>, method: string, label: string) => {
      const original = target[method] as (...args: unknown[]) => unknown;
      target[method] = function (this: unknown, ...args: unknown[]) {
        g.__order.push(label);
        return original.apply(this, args);
      };
    };
    g.__order.length = 0;
    wrap(strapi.server as unknown as Record<string, unknown>, 'destroy', 'server destroy');
    wrap(strapi.eventHub as unknown as Record<string, unknown>, 'destroy', 'eventHub destroy');
    wrap(strapi.db as unknown as Record<string, unknown>, 'destroy', 'db destroy');
    wrap(strapi.get('cron') as Record<string, unknown>, 'destroy', 'cron provider destroy');
    const logsBefore = g.__logs.length;
    const marker = () => {};
    process.on('beforeExit', marker);
    let listenersLeft = -1;
    await settle(strapi);
    await keepingProcessListeners(async () => {
      // The page's teardown helper.
      await example.teardownStrapi();
      listenersLeft = process.listenerCount('beforeExit');
    });
    process.off('beforeExit', marker);
    const messages = g.__logs.slice(logsBefore).map((l) => l.message);
    assert.equal(messages[0], 'Shutting down Strapi');
    assert.equal(messages.at(-1), 'Strapi has been shut down');
    assert.deepEqual(g.__order, [
      'plugin destroy',
      'cron provider destroy',
      'user destroy',
      'server destroy',
      'eventHub destroy',
      'db destroy',
    ]);
    assert.equal(listenersLeft, 0);
    assert.equal('strapi' in globalThis, false);
  },
);
