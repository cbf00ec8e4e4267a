import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before } from 'node:test';
import type { Core } from '@strapi/strapi';
import {
  APP_DIR,
  STATE_DIR,
  addLocalPlugin,
  appVariant,
  bootStrapi,
  captureConsole,
  claim,
  codeBlock,
  defect,
  requireCore,
  runExample,
  stopStrapi,
} from '../../../../harness';

// Before Strapi is first loaded in this process: where dotenv should read from, and NODE_ENV as the runner left it.
const dotenvFile = path.join(STATE_DIR, 'config-dotenv', '.env');
mkdirSync(path.dirname(dotenvFile), { recursive: true });
writeFileSync(dotenvFile, 'CLAIMS_FROM_DOTENV=read by dotenv\n');
process.env.ENV_PATH = dotenvFile;
const nodeEnvBeforeStrapi = process.env.NODE_ENV;

interface Log {
  level: string;
  message: string;
}
const g = globalThis as unknown as { __logs: Log[] };
g.__logs = [];

/** Writes files under a folder: `{ 'a/b.js': '...' }`. */
function writeTree(root: string, files: Record<string, string>) {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
}

const ENV = {
  CLAIMS_STR: 'a string',
  CLAIMS_INT: '42',
  CLAIMS_FLOAT: '3.5',
  CLAIMS_BOOL: 'true',
  CLAIMS_JSON: '{"a":[1,2]}',
  CLAIMS_ARRAY: '[one, two ,three]',
  CLAIMS_DATE: '2026-01-02T03:04:05.000Z',
  CLAIMS_ONEOF: 'c',
};

/** The application with a config folder that exercises every rule of the loader. */
const variant = appVariant('configuration', (dir) => {
  writeTree(path.join(dir, 'config'), {
    'server.js': `const Transport = require('winston-transport');
const base = require(${JSON.stringify(path.join(APP_DIR, 'config/server.js'))});
class Keep extends Transport {
  log(info, callback) { globalThis.__logs.push({ level: info[Symbol.for('level')], message: String(info.message) }); callback(); }
}
module.exports = (ctx) => ({ ...base(ctx), globalProxy: 'http://proxy.invalid:3128', logger: { config: { level: 'warn', transports: [new Keep()] } } });
`,
    'custom.js': `module.exports = ({ env }) => ({
  str: env('CLAIMS_STR'), fallback: env('CLAIMS_MISSING', 'fallback'), int: env.int('CLAIMS_INT'), float: env.float('CLAIMS_FLOAT'),
  bool: env.bool('CLAIMS_BOOL'), json: env.json('CLAIMS_JSON'), array: env.array('CLAIMS_ARRAY'), date: env.date('CLAIMS_DATE'),
  oneOf: env.oneOf('CLAIMS_ONEOF', ['a', 'b'], 'a'), dotenv: env('CLAIMS_FROM_DOTENV'),
  list: [1, 2, 3], nested: { keep: 'base', blank: 'base', undef: 'base' },
});\n`,
    'env/development/custom.js': 'module.exports = { list: [9], nested: { blank: null, undef: undefined }, added: true };\n',
    'json-config.json': '{ "value": "${CLAIMS_STR}", "env": "env(\'CLAIMS_STR\')" }\n',
    'serv.js': "module.exports = { loaded: 'serv' };\n",
    'launched.js': "module.exports = { loaded: 'launched' };\n",
    'launchedAt.js': 'module.exports = 12345;\n',
    'uuid.js': "module.exports = 'not-the-uuid';\n",
    'hosting.js': 'module.exports = { loaded: true };\n',
    'middleware.js': 'module.exports = [];\n',
    'notes.txt': 'not configuration\n',
    'shout.JS': "module.exports = { loaded: 'shout' };\n",
    'Twice.js': "module.exports = { file: 'Twice.js' };\n",
    'twice.js': "module.exports = { file: 'twice.js' };\n",
    'env/development/plugins.js': 'module.exports = { configured: { config: { fromEnv: true } } };\n',
  });
  addLocalPlugin(
    dir,
    'configured',
    {
      'strapi-server.js': `module.exports = {
  config: {
    default: { a: 1, nested: { b: 2, c: 3 } },
    validator(config) { if (config.fail) throw new Error('fail is not allowed'); },
  },
};\n`,
    },
    { nested: { b: 20 } },
  );
});

let strapi: Core.Strapi;
let loaderOutput: { warn: string[]; log: string[] };
let nodeEnvAfterStrapi: string | undefined;
before(async () => {
  Object.assign(process.env, ENV);
  const output = captureConsole();
  try {
    strapi = await bootStrapi({ name: 'configuration', appDir: variant });
  } finally {
    output.restore();
  }
  nodeEnvAfterStrapi = process.env.NODE_ENV;
  loaderOutput = {
    warn: output.lines.filter((l) => l.method === 'warn').map((l) => l.text),
    log: output.lines.filter((l) => l.method === 'log').map((l) => l.text),
  };
});
after(async () => {
  if (strapi) await stopStrapi(strapi);
});

type LoadConfiguration = (opts: {
  appDir: string;
  distDir: string;
  autoReload?: boolean;
  serveAdminPanel?: boolean;
}) => Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- the configuration tree is free-form
const loadConfiguration = (opts: Parameters<LoadConfiguration>[0]) =>
  requireCore<{ loadConfiguration: LoadConfiguration }>('configuration/index').loadConfiguration(opts);
const loadConfigFile = (file: string) =>
  requireCore<{ loadConfigFile: (f: string) => unknown }>('utils/load-config-file').loadConfigFile(file);
/** A bare project folder (package.json and the given files), for the loader alone. */
function project(
  name: string,
  files: Record<string, string>,
  pkg: Record<string, unknown> = { name: name, version: '1.0.0', strapi: { uuid: 'a-uuid', installId: 'an-install-id', other: 'x' } },
) {
  const dir = path.join(STATE_DIR, 'config-projects', name);
  rmSync(dir, { recursive: true, force: true });
  writeTree(dir, { 'package.json': JSON.stringify(pkg), ...files });
  return dir;
}

claim({ id: 'dotenv-and-node-env', says: 'Importing the module runs dotenv.config({ path: process.env.ENV_PATH })' }, () => {
  assert.equal(process.env.CLAIMS_FROM_DOTENV, 'read by dotenv');
  assert.equal(strapi.config.get('custom.dotenv'), 'read by dotenv');
  assert.equal(nodeEnvBeforeStrapi, undefined);
  assert.equal(nodeEnvAfterStrapi, 'development');
});

claim({ id: 'env-helper', says: 'if the export is a function it is called with { env }' }, () => {
  assert.deepEqual(
    { ...(strapi.config.get('custom') as object), list: undefined, nested: undefined, added: undefined },
    {
      str: 'a string',
      fallback: 'fallback',
      int: 42,
      float: 3.5,
      bool: true,
      json: { a: [1, 2] },
      array: ['one', 'two', 'three'],
      date: new Date('2026-01-02T03:04:05.000Z'),
      oneOf: 'a',
      dotenv: 'read by dotenv',
      list: undefined,
      nested: undefined,
      added: undefined,
    },
  );
});

claim({ id: 'merge-order', says: 'later sources win, plain objects are merged deeply, arrays are merged by index (not replaced)' }, () => {
  assert.deepEqual(strapi.config.get('custom.list'), [9, 2, 3]);
  assert.equal(strapi.config.get('custom.nested.keep'), 'base');
  assert.equal(strapi.config.get('custom.added'), true);
});

claim({ id: 'override-merged', says: 'Omitting a key keeps the base value, and so does setting it to undefined' }, () => {
  assert.equal(strapi.config.get('custom.nested.undef'), 'base');
  assert.equal(strapi.config.get('custom.nested.blank'), null);
});

claim(
  { id: 'custom-namespace', says: "Any other file name becomes a custom namespace, readable with strapi.config.get('<name>')." },
  () => {
    assert.equal(strapi.config.get('custom.str'), 'a string');
    assert.deepEqual(strapi.config.get('serv'), { loaded: 'serv' });
  },
);

claim({ id: 'loads-every-accepted-file', says: 'loadConfigDir(configDir) loads every accepted file' }, () => {
  const keys = Object.keys((strapi as unknown as { internal_config: Record<string, unknown> }).internal_config);
  for (const key of ['admin', 'server', 'database', 'logger', 'custom', 'json-config', 'serv', 'launched', 'launchedAt', 'shout'])
    assert.ok(keys.includes(key), key);
  assert.equal(keys.filter((k) => k.toLowerCase() === 'twice').length, 1);
  for (const key of ['hosting', 'middleware', 'notes']) assert.ok(!keys.includes(key), key);
});

claim(
  {
    id: 'env-plugins-kept',
    says: 'Its plugins key is not dropped, so it ends up in strapi.config.plugins, but the plugin loader does not read it from there.',
  },
  () => {
    // Only the env folder's plugins.js is in the tree; the base one was dropped.
    assert.deepEqual(strapi.config.get('plugins'), { configured: { config: { fromEnv: true } } });
  },
);

claim(
  { id: 'plugin-config', says: "the plugin loader merges each plugin's config.default under the user's values with defaultsDeep" },
  () => {
    assert.deepEqual(strapi.config.get('plugin::configured'), { a: 1, nested: { b: 20, c: 3 }, fromEnv: true });
  },
);

claim({ id: 'plugin-validator', says: 'throwing Error regarding <plugin> config: <message> on failure' }, async () => {
  const failing = appVariant('configuration-invalid-plugin', (dir) =>
    addLocalPlugin(
      dir,
      'configured',
      {
        'strapi-server.js':
          "module.exports = { config: { default: {}, validator(config) { if (config.fail) throw new Error('fail is not allowed'); } } };\n",
      },
      { fail: true },
    ),
  );
  const { createStrapi } = require('@strapi/strapi') as typeof import('@strapi/strapi');
  const previous = (globalThis as unknown as { strapi: unknown }).strapi;
  const signals = process.listeners('SIGTERM');
  const output = captureConsole();
  try {
    const instance = createStrapi({ appDir: failing, distDir: failing });
    await assert.rejects(instance.register(), { message: 'Error regarding configured config: fail is not allowed' });
  } finally {
    output.restore();
    (globalThis as unknown as { strapi: unknown }).strapi = previous;
    for (const l of process.listeners('SIGTERM')) if (!signals.includes(l)) process.off('SIGTERM', l);
    for (const l of process.listeners('SIGINT')) if (!signals.includes(l)) process.off('SIGINT', l);
  }
});

claim(
  {
    id: 'plugins-js-only',
    says: 'getUserPluginsConfig reads only <dist>/config/plugins.js and <dist>/config/env/<NODE_ENV>/plugins.js (a plugins.json is not read there)',
  },
  () => {
    // The variant declares its local plugin in config/plugins.js (with `nested.b: 20`), which was applied.
    assert.equal(strapi.config.get('plugin::configured.nested.b'), 20);
    // A plugins.json: dropped from the tree at the base, kept (but not applied) in the env folder.
    const dir = project('plugins-json', {
      'config/plugins.json': '{ "configured": { "config": { "fromJson": "base" } } }',
      'config/env/development/plugins.json': '{ "configured": { "config": { "fromJson": "env" } } }',
    });
    const config = loadConfiguration({ appDir: dir, distDir: dir });
    assert.deepEqual(config.plugins, { configured: { config: { fromJson: 'env' } } });
  },
);

claim(
  {
    id: 'plugins-json-pitfall',
    says: 'a plugins.json in the base folder is dropped with the plugins key, and one in env/<NODE_ENV> is loaded into the config tree; neither is applied to plugins',
  },
  () => {
    const dir = project('plugins-json-base', { 'config/plugins.json': '{ "i18n": { "config": { "x": 1 } } }' });
    assert.equal(loadConfiguration({ appDir: dir, distDir: dir }).plugins, undefined);
    const envDir = project('plugins-json-env', { 'config/env/development/plugins.json': '{ "i18n": { "config": { "x": 1 } } }' });
    assert.deepEqual(loadConfiguration({ appDir: envDir, distDir: envDir }).plugins, { i18n: { config: { x: 1 } } });
  },
);

claim({ id: 'config-folder', says: "The config folder is path.resolve(distDir || process.cwd(), 'config')." }, () => {
  const app = project('dirs-app', { 'config/marker.js': "module.exports = 'app';\n" });
  const dist = project('dirs-dist', { 'config/marker.js': "module.exports = 'dist';\n" });
  assert.equal(loadConfiguration({ appDir: app, distDir: dist }).marker, 'dist');
});

claim({ id: 'defaults', says: 'HOST env, else os.hostname(), else localhost' }, () => {
  // A project without config/server: the defaults as computed when @strapi/core was loaded (PORT and HOST unset then).
  const dir = project('defaults', {});
  const config = loadConfiguration({ appDir: dir, distDir: dir });
  assert.equal(config.server.host, os.hostname());
  assert.equal(config.server.port, 1337);
  assert.equal(config.server.proxy, false);
  assert.deepEqual(config.server.cron, { enabled: false });
  assert.deepEqual(config.server.dirs, { public: './public' });
  assert.deepEqual(config.server.transfer, { remote: { enabled: true } });
  assert.deepEqual(config.server.logger, { updates: { enabled: true }, startup: { enabled: true } });
  assert.deepEqual(config.api, { rest: { prefix: '/api' } });
});

claim(
  {
    id: 'openapi-defaults',
    says: "for both content-api and admin: access: 'disabled', route path /openapi.json, cache enabled for 60,000 ms in .strapi/openapi/<name>.json",
  },
  () => {
    const dir = project('defaults-openapi', {});
    const { openapi } = loadConfiguration({ appDir: dir, distDir: dir }).server;
    for (const name of ['content-api', 'admin'])
      assert.deepEqual(openapi[name], {
        access: 'disabled',
        route: { path: '/openapi.json' },
        cache: { enabled: true, maxAgeMs: 60_000, filePath: `.strapi/openapi/${name}.json` },
      });
  },
);

claim(
  {
    id: 'root-values',
    says: "packageJsonStrapi (the strapi field without uuid), info (the app's package.json with strapi replaced by the Strapi version), admin.serveAdminPanel",
  },
  () => {
    const dir = project('root-values', {});
    const config = loadConfiguration({ appDir: dir, distDir: dir });
    assert.equal(typeof config.launchedAt, 'number');
    assert.equal(config.autoReload, false);
    assert.equal(config.environment, 'development');
    assert.equal(config.uuid, 'a-uuid');
    assert.equal(config.installId, 'an-install-id');
    assert.deepEqual(config.packageJsonStrapi, { installId: 'an-install-id', other: 'x' });
    assert.deepEqual(config.info, { name: 'root-values', version: '1.0.0', strapi: '5.54.0' });
    // The admin object holds the option and the derived values, nothing else.
    assert.deepEqual(Object.keys(config.admin).sort(), ['absoluteUrl', 'path', 'serveAdminPanel', 'url']);
    assert.equal(config.admin.serveAdminPanel, true);
  },
);

claim(
  {
    id: 'derived-values',
    says: 'Derived values are set: server.url, server.absoluteUrl, admin.url, admin.path, admin.absoluteUrl, and dirs.',
  },
  () => {
    assert.equal(strapi.config.get('server.url'), '');
    assert.equal(strapi.config.get('server.absoluteUrl'), `http://localhost:${strapi.config.get('server.port')}`);
    assert.equal(strapi.config.get('admin.url'), '/admin');
    assert.equal(strapi.config.get('admin.path'), '/admin');
    assert.equal(strapi.config.get('admin.absoluteUrl'), `http://localhost:${strapi.config.get('server.port')}/admin`);
    assert.equal(strapi.config.get('dirs.app.root'), variant);
  },
);

claim({ id: 'load-js-file', says: 'A failure is rethrown as Could not load js config file <path>: <message>.' }, () => {
  const dir = project('load-files', {
    'broken.js': "throw new Error('syntax of the project');\n",
    'broken.json': '{ not json',
    'notes.yaml': 'a: 1\n',
    'fn.js': 'module.exports = (arg) => Object.keys(arg);\n',
  });
  assert.throws(() => loadConfigFile(path.join(dir, 'broken.js')), {
    message: `Could not load js config file ${path.join(dir, 'broken.js')}: syntax of the project`,
  });
  assert.deepEqual(loadConfigFile(path.join(dir, 'fn.js')), ['env']);
});

claim(
  {
    id: 'load-json-file',
    says: 'A .json file is read and JSON.parsed as is; a failure is rethrown as Could not load json config file <path>: <message>.',
  },
  () => {
    const dir = project('load-json', { 'broken.json': '{ not json', 'notes.yaml': 'a: 1\n' });
    assert.throws(
      () => loadConfigFile(path.join(dir, 'broken.json')),
      (error: Error) => error.message.startsWith(`Could not load json config file ${path.join(dir, 'broken.json')}: `),
    );
    assert.deepEqual(loadConfigFile(path.join(dir, 'notes.yaml')), {});
  },
);

claim(
  {
    id: 'json-reads-no-env',
    says: 'JSON files are parsed as is: no env() helper and no ${...} interpolation, so a JSON config cannot read the environment.',
  },
  () => {
    assert.deepEqual(strapi.config.get('json-config'), { value: '${CLAIMS_STR}', env: "env('CLAIMS_STR')" });
  },
);

claim({ id: 'warnings-on-console', says: 'Files are filtered in this order.' }, () => {
  const warned = loaderOutput.warn;
  assert.ok(warned.includes('Config file not loaded, extension must be one of .js,.json): notes.txt'), JSON.stringify(warned));
  assert.ok(warned.includes('Config file not loaded, restricted filename: uuid.js'));
  assert.ok(warned.includes('Config file not loaded, restricted filename: hosting.js'));
  assert.ok(warned.includes('Config file not loaded, restricted filename: middleware.js'));
  assert.ok(warned.some((w) => /^Config file not loaded, case-insensitive name matches other config file: (Twice|twice)\.js$/.test(w)));
  assert.equal(strapi.config.get('uuid'), '00000000-0000-4000-8000-00000000d0c5');
});

claim({ id: 'folders-ignored', says: 'Ignored silently; env/<NODE_ENV> is read by a separate call' }, () => {
  assert.ok(!loaderOutput.warn.some((w) => w.includes('env')));
  assert.equal(strapi.config.get('env'), undefined);
  assert.equal(strapi.config.get('custom.added'), true);
});

claim({ id: 'did-you-mean-on-log', says: 'the Did you mean hint goes to console.log instead' }, () => {
  assert.ok(loaderOutput.log.some((l) => l.startsWith('Did you mean middlewares')));
  assert.ok(!loaderOutput.warn.some((l) => l.startsWith('Did you mean')));
});

claim(
  {
    id: 'base-namespaces-unchecked',
    says: 'The loader does not validate the base namespaces; a wrong value surfaces when the code that reads it fails.',
  },
  () => {
    const dir = project('wrong-values', {
      'config/server.js': "module.exports = { cron: 'yes', transfer: 42 };\n",
      'config/api.js': 'module.exports = { rest: 42 };\n',
    });
    const config = loadConfiguration({ appDir: dir, distDir: dir });
    assert.equal(config.server.cron, 'yes');
    assert.equal(config.api.rest, 42);
    // A port that is not a number fails where the loader itself reads it, to build the absolute URLs.
    const badPort = project('wrong-port', { 'config/server.js': "module.exports = { port: 'not a port' };\n" });
    assert.throws(() => loadConfiguration({ appDir: badPort, distDir: badPort }), { name: 'TypeError', message: 'Invalid URL' });
  },
);

claim(
  {
    id: 'deprecated-warnings',
    says: 'which warns that server.globalProxy and server.admin.autoOpen are ignored (use server.proxy.global and admin.autoOpen)',
  },
  () => {
    assert.ok(
      g.__logs.some(
        (l) =>
          l.level === 'warn' &&
          l.message === 'server.globalProxy is deprecated and ignored. Use server.proxy.global in config/server instead.',
      ),
    );
    assert.equal(strapi.config.get('server.proxy.global'), undefined);
  },
);

claim({ id: 'read-site-default-example', says: 'A default at the read site, as above, is our advice over adding to defaultConfig' }, () => {
  const { getMyFeatureConfig } = runExample<{ getMyFeatureConfig: (s: Core.Strapi) => { enabled: boolean; batchSize: number } }>(
    codeBlock({ title: 'packages/core/core/src/services/my-feature.ts' }),
  );
  assert.deepEqual(getMyFeatureConfig(strapi), { enabled: false, batchSize: 100 });
  strapi.config.set('server.myFeature', { enabled: true });
  try {
    assert.deepEqual(getMyFeatureConfig(strapi), { enabled: true, batchSize: 100 });
  } finally {
    strapi.config.set('server.myFeature', undefined);
  }
  // The merge copies each default into the project's config, openapi included, though the project never set it.
  assert.equal(strapi.config.get('server.openapi.admin.cache.maxAgeMs'), 60_000);
});

claim(
  {
    id: 'read-once',
    says: 'strapi.config.set at runtime changes only the in-memory provider and is not seen by code that already copied the value.',
  },
  () => {
    const keys = strapi.server.app.keys;
    strapi.config.set('server.app.keys', ['another-key']);
    try {
      assert.deepEqual(strapi.config.get('server.app.keys'), ['another-key']);
      assert.equal(strapi.server.app.keys, keys);
      // The provider's own top-level copy, taken when it was created, does not follow either.
      strapi.config.set('environment', 'staging');
      assert.equal(strapi.config.get('environment'), 'staging');
      assert.equal((strapi.config as unknown as { environment: string }).environment, 'development');
    } finally {
      strapi.config.set('server.app.keys', keys);
      strapi.config.set('environment', 'development');
    }
    // Files are read once: a change on disk is not seen.
    writeFileSync(path.join(variant, 'config/serv.js'), "module.exports = { loaded: 'changed' };\n");
    assert.deepEqual(strapi.config.get('serv'), { loaded: 'serv' });
  },
);

defect(
  {
    id: 'prefix-warning-but-loaded',
    says: 'warns Config file not loaded, filename cannot start with <name>: <file> and then loads the file',
    summary: 'A config file whose name starts a reserved or base name (serv.js) gets a "not loaded" warning and is loaded anyway',
  },
  () => {
    assert.ok(loaderOutput.warn.includes('Config file not loaded, filename cannot start with serveAdminPanel: serv.js'));
    assert.ok(loaderOutput.warn.includes('Config file not loaded, filename cannot start with launchedAt: launched.js'));
    assert.deepEqual(strapi.config.get('serv'), { loaded: 'serv' });
    assert.deepEqual(strapi.config.get('launched'), { loaded: 'launched' });
  },
);

defect(
  {
    id: 'camel-case-restricted-names',
    says: 'a config/launchedAt.js is loaded and, merged after rootConfig, overrides the root value',
    summary:
      'The camel-cased reserved names (launchedAt, serveAdminPanel, autoReload, packageJsonStrapi) never match, so such a config file replaces the root value',
  },
  () => {
    assert.equal(strapi.config.get('launchedAt'), 12345);
    assert.ok(!loaderOutput.warn.some((w) => w.includes('launchedAt.js')));
  },
);

defect(
  {
    id: 'did-you-mean-typo',
    says: 'Did you mean middlewares]} ?',
    summary: 'The hint for a config/middleware or config/plugin file prints a stray "]}": "Did you mean middlewares]} ?"',
  },
  () => {
    assert.ok(loaderOutput.log.includes('Did you mean middlewares]} ?'), JSON.stringify(loaderOutput.log));
  },
);

defect(
  {
    id: 'upper-case-extension-empty',
    says: 'config/shout.JS passes the filter and becomes {}',
    summary:
      "A config file with an upper-case extension (.JS, .JSON) passes the loader's filter but its content is never read: the namespace is {}",
  },
  () => {
    assert.deepEqual(strapi.config.get('shout'), {});
    assert.ok(!loaderOutput.warn.some((w) => w.includes('shout')));
  },
);
