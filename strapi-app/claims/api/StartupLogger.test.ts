import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before } from 'node:test';
import type { Core } from '@strapi/strapi';
import {
  APP_DIR,
  STATE_DIR,
  appVariant,
  bootStrapi,
  captureConsole,
  claim,
  codeBlock,
  exampleToJs,
  requireCore,
  runExample,
  stopStrapi,
  superAdmin,
} from '../../harness';

const { isInitialized } = requireCore<{ isInitialized: (s: Core.Strapi) => Promise<boolean> }>('utils/is-initialized');

/**
 * The application with the admin panel's browser opening and the update check off (neither
 * belongs in a test), the page's production server config as `config/env/production/server.js`,
 * and the page's script as `scripts/print-info.js`, both compiled as `tsc` would.
 */
const variant = appVariant('startup-logger', (dir) => {
  writeFileSync(
    path.join(dir, 'config/admin.js'),
    `const base = require(${JSON.stringify(path.join(APP_DIR, 'config/admin.js'))});\nmodule.exports = (ctx) => ({ ...base(ctx), autoOpen: false });\n`,
  );
  writeFileSync(
    path.join(dir, 'config/server.js'),
    `const base = require(${JSON.stringify(path.join(APP_DIR, 'config/server.js'))});\nmodule.exports = (ctx) => ({ ...base(ctx), logger: { updates: { enabled: false } } });\n`,
  );
  mkdirSync(path.join(dir, 'config/env/production'), { recursive: true });
  writeFileSync(path.join(dir, 'config/env/production/server.js'), exampleToJs(codeBlock({ title: 'config/env/production/server.ts' })));
  mkdirSync(path.join(dir, 'scripts'), { recursive: true });
  writeFileSync(path.join(dir, 'scripts/print-info.js'), exampleToJs(codeBlock({ title: 'scripts/print-info.ts' })));
});

let strapi: Core.Strapi;
let bootOutput: string;
/** The text without the colour codes cli-table3 puts around its borders. */
// eslint-disable-next-line no-control-regex -- ANSI escape sequences
const plain = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, '');
before(async () => {
  const output = captureConsole();
  try {
    strapi = await bootStrapi({ name: 'startup-logger', appDir: variant, listen: true });
  } finally {
    output.restore();
  }
  bootOutput = plain(output.text('log'));
});
after(async () => {
  if (strapi) await stopStrapi(strapi);
});

/** What the startup logger prints while `fn` runs. */
function printed(fn: () => void): string {
  const output = captureConsole();
  try {
    fn();
  } finally {
    output.restore();
  }
  return plain(output.text('log'));
}
const row = (output: string, label: string) => output.split('\n').find((line) => line.startsWith(`│ ${label}`));
const cell = (output: string, label: string) =>
  row(output, label)
    ?.split('│')
    .map((c) => c.trim())
    .filter(Boolean)[1];

claim({ id: 'banner-at-listen', says: 'right after the HTTP server starts listening' }, () => {
  assert.match(bootOutput, /^ Project information$/m);
  assert.match(bootOutput, /One more thing\.\.\./);
});

claim({ id: 'first-run-message', says: 'a line asking to create the first administrator, and admin.absoluteUrl in a boxed table' }, () => {
  const lines = bootOutput.split('\n');
  const at = lines.indexOf('One more thing...');
  assert.ok(at > lines.indexOf(' Actions available'));
  assert.match(lines[at + 1], /^Create your first administrator .* by going to the administration panel at:$/);
  const url = strapi.config.get('admin.absoluteUrl') as string;
  const box = lines.slice(at + 2).join('\n');
  assert.match(box, new RegExp(`┌─+┐\\n│ ${url.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} │\\n└─+┘`));
});

claim({ id: 'information-rows', says: 'app.config.info.strapi followed by (node <process.version>)' }, () => {
  assert.equal(cell(bootOutput, 'Environment'), 'development');
  assert.equal(cell(bootOutput, 'Process PID'), String(process.pid));
  assert.equal(cell(bootOutput, 'Version'), `5.54.0 (node ${process.version})`);
  assert.match(cell(bootOutput, 'Launched in') ?? '', /^\d+ ms$/);
  assert.ok(!Number.isNaN(Date.parse(cell(bootOutput, 'Time') ?? '')));
});

claim({ id: 'plan-community', says: 'Community when app.EE is false' }, () => {
  assert.equal(strapi.EE, false);
  assert.equal(cell(bootOutput, 'Plan'), 'Community');
});

claim({ id: 'database-rows', says: 'getInfo().schema, a row added only when it is set' }, () => {
  const info = strapi.db.getInfo();
  assert.equal(cell(bootOutput, 'Database'), info.client);
  assert.equal(cell(bootOutput, 'Database name'), info.displayName);
  assert.equal(row(bootOutput, 'Database schema') !== undefined, Boolean(info.schema));
});

claim({ id: 'header-width-without-tty', says: "lodash's padEnd then adds no padding, so the header bars shrink to their text." }, () => {
  assert.equal(process.stderr.columns, undefined);
  const lines = bootOutput.split('\n');
  assert.ok(lines.includes(' Project information'));
  assert.ok(lines.includes(' Actions available'));
});

claim({ id: 'log-stats-ignores-the-flag', says: 'Does not check the flag' }, () => {
  strapi.config.set('server.logger.startup.enabled', false);
  try {
    const output = printed(() => strapi.startupLogger.logStats());
    assert.match(output, /^ Project information$/m);
    assert.match(output, /^ Actions available$/m);
    assert.doesNotMatch(output, /Welcome back|One more thing/);
  } finally {
    strapi.config.set('server.logger.startup.enabled', true);
  }
});

claim({ id: 'flag-silences-the-others', says: 'except logStats, return immediately when server.logger.startup.enabled is falsy' }, () => {
  for (const off of [false, 0, '', null]) {
    strapi.config.set('server.logger.startup.enabled', off);
    try {
      const output = printed(() => {
        strapi.startupLogger.logFirstStartupMessage();
        strapi.startupLogger.logDefaultStartupMessage();
        strapi.startupLogger.logStartupMessage({ isInitialized: false });
        strapi.startupLogger.logStartupMessage({ isInitialized: true });
      });
      assert.equal(output, '', `with ${JSON.stringify(off)}`);
    } finally {
      strapi.config.set('server.logger.startup.enabled', true);
    }
  }
});

claim({ id: 'flag-defaults-to-true', says: 'That flag defaults to true through the default server config' }, () => {
  // The variant's config/server.js sets logger.updates only; the startup flag comes from the defaults.
  assert.equal(strapi.config.get('server.logger.startup.enabled'), true);
});

claim(
  {
    id: 'default-message',
    says: 'logStats(), "Welcome back!", admin.absoluteUrl when admin.serveAdminPanel is true, and server.absoluteUrl',
  },
  () => {
    const output = printed(() => strapi.startupLogger.logStartupMessage({ isInitialized: true }));
    const lines = output.split('\n');
    assert.ok(lines.includes(' Project information'));
    assert.ok(lines.indexOf('Welcome back!') > lines.indexOf(' Actions available'));
    // The harness starts Strapi with serveAdminPanel: false: no admin URL, the server URL.
    assert.equal(strapi.config.get('admin.serveAdminPanel'), false);
    assert.ok(!lines.some((l) => l.includes('administration panel')));
    assert.deepEqual(lines.slice(lines.indexOf('Welcome back!') + 1), [
      'To access the server ⚡️, go to:',
      strapi.config.get('server.absoluteUrl') as string,
      '',
    ]);
  },
);

claim({ id: 'admin-url-only-when-true', says: 'The admin URL is printed on later starts only when this is exactly true' }, () => {
  const adminUrl = strapi.config.get('admin.absoluteUrl') as string;
  try {
    for (const [value, shown] of [
      [true, true],
      ['true', false],
      [1, false],
    ] as const) {
      strapi.config.set('admin.serveAdminPanel', value);
      const output = printed(() => strapi.startupLogger.logDefaultStartupMessage());
      assert.equal(output.split('\n').includes(adminUrl), shown, `serveAdminPanel ${JSON.stringify(value)}`);
    }
  } finally {
    strapi.config.set('admin.serveAdminPanel', false);
  }
});

claim({ id: 'dispatch', says: 'Dispatches to the first-run or default message' }, () => {
  assert.match(
    printed(() => strapi.startupLogger.logStartupMessage({ isInitialized: false })),
    /One more thing/,
  );
  assert.match(
    printed(() => strapi.startupLogger.logStartupMessage({ isInitialized: true })),
    /Welcome back!/,
  );
});

claim(
  {
    id: 'is-initialized',
    says: 'isInitialized returns true when there is no admin module, or when a query on admin::user finds at least one row.',
  },
  async () => {
    assert.equal(await isInitialized(strapi), false);
    await superAdmin(strapi, 'startup@example.com');
    assert.equal(await isInitialized(strapi), true);
    assert.equal(await isInitialized({ admin: {} } as unknown as Core.Strapi), true);
  },
);

claim({ id: 'is-initialized-error-stops', says: 'If the query throws, Strapi stops with the error.' }, async () => {
  const stops: unknown[] = [];
  const fake = Object.create(strapi, {
    db: { value: { query: () => ({ findOne: async () => Promise.reject(new Error('no such table')) }) } },
    stopWithError: { value: (error: unknown) => void stops.push(error) },
  });
  assert.equal(await isInitialized(fake), undefined);
  assert.equal((stops[0] as Error).message, 'no such table');
});

claim(
  {
    id: 'started-successfully-after-the-banner',
    says: 'After the banner, postListen logs Strapi started successfully through the normal logger.',
  },
  async () => {
    const events: string[] = [];
    const info = strapi.log.info;
    strapi.log.info = ((message: string) => void events.push(`log.info ${message}`)) as unknown as typeof strapi.log.info;
    const output = captureConsole();
    const log = console.log;
    console.log = (...args: unknown[]) => {
      if (String(args[0] ?? '').includes('Welcome back!')) events.push('banner');
      log(...args);
    };
    try {
      await strapi.postListen();
    } finally {
      console.log = log;
      output.restore();
      strapi.log.info = info;
    }
    assert.deepEqual(events, ['banner', 'log.info Strapi started successfully']);
  },
);

claim(
  {
    id: 'global-strapi',
    says: 'but the three message methods read the flag and the URLs with strapi.config.get(...) on the global strapi',
  },
  () => {
    const global = globalThis as unknown as { strapi: unknown };
    const real = global.strapi;
    global.strapi = { config: { get: (key: string) => (key === 'server.logger.startup.enabled' ? false : undefined) } };
    try {
      assert.equal(strapi.config.get('server.logger.startup.enabled'), true);
      assert.equal(
        printed(() => strapi.startupLogger.logStartupMessage({ isInitialized: true })),
        '',
      );
    } finally {
      global.strapi = real;
    }
  },
);

claim(
  {
    id: 'print-info-script',
    says: 'A maintenance script that boots Strapi without listening, but still wants the project table in its output:',
  },
  async () => {
    // The script runs as written in its own process, with the production server config of the page
    // (startup messages off), on a database of its own, with the harness's network guard loaded first.
    const db = path.join(STATE_DIR, 'db', 'startup-print-info.db');
    rmSync(db, { force: true });
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `require(${JSON.stringify(path.join(APP_DIR, 'harness/network.ts'))}).installNetworkGuard(); require('./scripts/print-info.js');`,
      ],
      {
        cwd: variant,
        env: {
          ...process.env,
          NODE_ENV: 'production',
          DATABASE_FILENAME: db,
          STRAPI_TELEMETRY_DISABLED: 'true',
          STRAPI_DISABLE_EE: 'true',
          FORCE_COLOR: '0',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const code = await new Promise((resolve) => child.on('exit', resolve));
    assert.equal(code, 0, stderr);
    stdout = plain(stdout);
    assert.match(stdout, /^ Project information$/m);
    assert.equal(cell(stdout, 'Environment'), 'production');
    assert.match(stdout, /^ Actions available$/m);
    assert.doesNotMatch(stdout, /Welcome back|One more thing/);
  },
);

claim(
  { id: 'production-config-example', says: 'And to silence the messages in an environment where the logs are collected as JSON:' },
  () => {
    const { env } = require('@strapi/utils') as typeof import('@strapi/utils');
    const { default: serverConfig } = runExample<{ default: (ctx: { env: typeof env }) => Record<string, unknown> }>(
      codeBlock({ title: 'config/env/production/server.ts' }),
    );
    assert.deepEqual(serverConfig({ env }).logger, { startup: { enabled: false } });
  },
);
