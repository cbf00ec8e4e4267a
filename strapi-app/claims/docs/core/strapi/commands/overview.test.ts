/**
 * The strapi CLI of the test application: `createCLI` run in this process (its commands array
 * is the module the binary uses, so a factory pushed into it is registered like the others), and
 * the `strapi` binary itself for what only a real invocation shows (what it loads, the files it
 * writes, exit codes). No Strapi instance boots here. The Cloud CLI's config file goes to a
 * private XDG_CONFIG_HOME.
 */
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before } from 'node:test';
import type { Command } from 'commander';
import { APP_DIR, STATE_DIR, appVariant, claim, codeBlock, defect, runExample, runStrapiCli } from '../../../../../harness';

const DIST = path.join(APP_DIR, 'node_modules/@strapi/strapi/dist');
const xdg = path.join(STATE_DIR, 'cli-overview-xdg');
// xdg-app-paths drops the last dot-suffix of 'com.strapi.cli', the Cloud CLI's app name.
const cloudConfig = path.join(xdg, 'com.strapi', 'config.json');

type Factory = (params: { command: Command; argv: string[]; ctx: Record<string, unknown> }) => unknown;
const { createCLI } = require(path.join(DIST, 'cli.js')) as { createCLI: (argv: string[], command?: Command) => Promise<Command> };
const { commands } = require(path.join(DIST, 'src/cli/commands/index.js')) as { commands: Factory[] };
const { createLogger } = require(path.join(DIST, 'src/cli/utils/logger.js')) as {
  createLogger: (o?: { debug?: boolean; silent?: boolean; timestamp?: boolean }) => Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- the logger's members are checked one by one
};

/** Runs `fn` with console methods recorded (and silenced); returns what each printed. */
async function capture<T>(fn: () => Promise<T> | T): Promise<{ result: T; out: Record<'log' | 'info' | 'warn' | 'error', string[]> }> {
  const out = { log: [] as string[], info: [] as string[], warn: [] as string[], error: [] as string[] };
  const saved = { log: console.log, info: console.info, warn: console.warn, error: console.error };
  for (const level of Object.keys(out) as Array<keyof typeof out>) {
    console[level] = (...args: unknown[]) => void out[level].push(args.map((a) => (a instanceof Error ? a.message : String(a))).join(' '));
  }
  try {
    return { result: await fn(), out };
  } finally {
    Object.assign(console, saved);
  }
}

/** `createCLI` with extra factories appended to the commands array for the time of the call. */
async function cliWith(argv: string[], ...extra: Factory[]) {
  commands.push(...extra);
  try {
    return await createCLI(argv);
  } finally {
    commands.splice(commands.length - extra.length, extra.length);
  }
}

let program: Command;
let versionRun: { code: number | null; stdout: string; stderr: string; typescriptLoaded: boolean };
const plain = (s: string) => s.replace(/\x1b\[[0-9;]*m/g, ''); // eslint-disable-line no-control-regex -- colour codes of chalk

before(async () => {
  rmSync(xdg, { recursive: true, force: true });
  mkdirSync(xdg, { recursive: true });
  process.env.XDG_CONFIG_HOME = xdg;
  program = (await capture(() => createCLI(['node', 'strapi']))).result;
  // One real invocation, with a probe that reports whether the TypeScript compiler was loaded.
  const probe = path.join(STATE_DIR, 'cli-overview-probe.js');
  const report = path.join(STATE_DIR, 'cli-overview-probe.json');
  writeFileSync(
    probe,
    `process.on('exit', () => require('fs').writeFileSync(${JSON.stringify(report)}, JSON.stringify(Object.keys(require.cache).some((f) => f.includes('/node_modules/typescript/')))));\n`,
  );
  rmSync(cloudConfig, { force: true });
  const run = await runStrapiCli(['version'], { env: { XDG_CONFIG_HOME: xdg, NODE_OPTIONS: `--require ${probe}` } });
  versionRun = { ...run, typescriptLoaded: JSON.parse(readFileSync(report, 'utf8')) };
});
after(() => {
  delete process.env.XDG_CONFIG_HOME;
});

claim(
  {
    id: 'registered-commands',
    says: 'The commands array in commands/index.ts holds these factories, grouped here by purpose (the array has its own order, with the Cloud factory last; aliases come from .alias() in each file):',
  },
  async () => {
    const visible = program.commands.filter((c) => !(c as unknown as { _hidden: boolean })._hidden);
    const table = Object.fromEntries(visible.map((c) => [c.name(), c.aliases()]));
    const expected: Record<string, string[]> = {
      'admin:create-user': ['admin:create'],
      'admin:delete-user': ['admin:delete'],
      'admin:active-user': ['admin:active'],
      'admin:block-user': ['admin:block'],
      'admin:list-users': ['admin:list'],
      'admin:reset-user-password': ['admin:reset-password'],
      'components:list': [],
      'content-types:list': [],
      'controllers:list': [],
      'hooks:list': [],
      'middlewares:list': [],
      'policies:list': [],
      'routes:list': [],
      'services:list': [],
      'configuration:dump': ['config:dump'],
      'configuration:restore': ['config:restore'],
      console: [],
      generate: [],
      report: [],
      start: [],
      'telemetry:disable': [],
      'telemetry:enable': [],
      'templates:generate <directory>': [],
      'ts:generate-types': [],
      version: [],
      build: [],
      develop: ['dev'],
      export: [],
      import: [],
      transfer: [],
      openapi: [],
    };
    for (const [name, aliases] of Object.entries(expected)) assert.deepEqual(table[name], aliases, name);
    // What is left is the Cloud factory's, registered last.
    const cloud = visible.map((c) => c.name()).filter((n) => !(n in expected));
    assert.deepEqual(cloud, ['cloud:deploy', 'cloud:link', 'cloud:login', 'cloud:logout', 'cloud', 'cloud:projects']);
    assert.equal(
      visible.findIndex((c) => c.name().startsWith('cloud')),
      Object.keys(expected).length,
    );
    assert.deepEqual(
      program.commands.find((c) => c.name() === 'openapi')!.commands.map((c) => c.name()),
      ['generate'],
    );
    assert.match(program.commands.find((c) => c.name() === 'templates:generate <directory>')!.description(), /deprecated/i);
  },
);

claim(
  {
    id: 'cloud-config-every-run',
    says: 'so this file I/O happens on every strapi invocation, whatever the command',
  },
  async () => {
    // The version run above started without the file: it created one with an installId.
    const first = JSON.parse(readFileSync(cloudConfig, 'utf8'));
    assert.match(first.installId, /^[0-9a-f-]{36}$/);
    const before = statSync(cloudConfig).mtimeMs;
    await new Promise((resolve) => setTimeout(resolve, 20));
    const run = await runStrapiCli(['plugin:verify'], { env: { XDG_CONFIG_HOME: xdg } });
    assert.equal(run.code, 0);
    assert.ok(statSync(cloudConfig).mtimeMs > before, 'written again');
    assert.equal(JSON.parse(readFileSync(cloudConfig, 'utf8')).installId, first.installId, 'the same id, read back');
  },
);

claim({ id: 'version', says: 'Prints the @strapi/strapi version' }, async () => {
  const { version } = JSON.parse(readFileSync(path.join(APP_DIR, 'node_modules/@strapi/strapi/package.json'), 'utf8'));
  assert.equal(version, '5.54.0');
  assert.equal(versionRun.code, 0);
  assert.equal(versionRun.stdout, `${version}\n`);
  assert.equal((program as unknown as { _version: string })._version, version);
});

defect(
  {
    id: 'compiler-always-loaded',
    says: 'So strapi version loads the TypeScript compiler too, and so does every other command, whether it reads ctx.tsconfig or not.',
    summary:
      'The CLI defers `loadTsConfig` so as not to load `typescript`, but the build command module imports `@strapi/typescript-utils` up front: every `strapi` invocation loads the compiler',
  },
  async () => {
    // The version run above, with the probe reading require.cache at exit.
    assert.equal(versionRun.code, 0);
    assert.equal(versionRun.typescriptLoaded, true);
    const build = readFileSync(path.join(DIST, 'src/node/build.js'), 'utf8');
    assert.match(build, /^var tsUtils = require\('@strapi\/typescript-utils'\);$/m);
  },
);

claim(
  {
    id: 'factory-failure-skipped',
    says: 'A factory that throws is reported on console.error with Failed to load command and skipped; the other commands still load.',
  },
  async () => {
    const { result, out } = await capture(() =>
      cliWith(['node', 'strapi'], () => {
        throw new Error('broken factory');
      }),
    );
    assert.ok(
      out.error.some((line) => line.startsWith('Failed to load command') && line.includes('broken factory')),
      out.error.join('\n'),
    );
    assert.ok(result.commands.some((c) => c.name() === 'version'));
    assert.ok(result.commands.some((c) => c.name() === 'plugin:build'));
  },
);

claim(
  {
    id: 'raw-debug-flag',
    says: 'the short -d reaches commander but does not switch the shared logger to debug',
  },
  async () => {
    const debugLines = async (argv: string[]) => {
      let logger: { debug: (...a: unknown[]) => void } | undefined;
      await capture(() => cliWith(argv, ({ ctx }) => void (logger = ctx.logger as typeof logger)));
      return (await capture(() => logger!.debug('probe'))).out.log;
    };
    assert.equal((await debugLines(['node', 'strapi', 'build', '--debug'])).length, 1);
    assert.equal((await debugLines(['node', 'strapi', 'build', '-d'])).length, 0);
    assert.equal((await debugLines(['node', 'strapi', 'build', '--debug', '--silent'])).length, 0);
  },
);

claim(
  {
    id: 'deprecated-plugin-commands',
    says: 'Finally it adds five hidden commands: plugin:init, plugin:verify, plugin:watch, plugin:watch:link and plugin:build.',
  },
  async () => {
    const hidden = program.commands.filter((c) => (c as unknown as { _hidden: boolean })._hidden).map((c) => c.name());
    assert.deepEqual(hidden, ['plugin:init', 'plugin:verify', 'plugin:watch', 'plugin:watch:link', 'plugin:build']);
    const fresh = (await capture(() => createCLI(['node', 'strapi', 'plugin:init']))).result;
    const { out } = await capture(() => fresh.parseAsync(['node', 'strapi', 'plugin:init']));
    assert.deepEqual(out.warn, [
      'The command plugin:init has been deprecated. See the Strapi 5 migration guide for more information.',
      'Please use `npx @strapi/sdk-plugin init` instead.',
    ]);
    const watch = (await capture(() => createCLI(['node', 'strapi']))).result;
    const { out: watchOut } = await capture(() => watch.parseAsync(['node', 'strapi', 'plugin:watch:link']));
    assert.equal(watchOut.warn[1], 'After migrating your plugin to v5, use `strapi-plugin watch:link`');
  },
);

claim(
  {
    id: 'tsconfig-getter',
    says: "The first read calls loadTsConfig({ cwd, path: 'tsconfig.json', logger }) and caches the result; later reads return the cache.",
  },
  async () => {
    const dir = appVariant('cli-overview-ts', (variant) =>
      writeFileSync(
        path.join(variant, 'tsconfig.json'),
        JSON.stringify({ compilerOptions: { outDir: 'dist', allowJs: true }, include: ['src'] }),
      ),
    );
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      let ctx: Record<string, unknown> = {};
      await capture(() => cliWith(['node', 'strapi'], (p) => void (ctx = p.ctx)));
      const descriptor = Object.getOwnPropertyDescriptor(ctx, 'tsconfig')!;
      assert.equal(typeof descriptor.get, 'function');
      assert.equal(descriptor.enumerable, true);
      const first = ctx.tsconfig as { path: string; config: { options: { outDir: string } } };
      assert.equal(first.path, path.join(dir, 'tsconfig.json'));
      assert.equal(first.config.options.outDir, path.join(dir, 'dist'));
      assert.equal(ctx.tsconfig, first, 'the same object on the second read');
      assert.equal({ ...ctx }.tsconfig, first, 'spreading the context reads it');
    } finally {
      process.chdir(cwd);
    }
  },
);

claim(
  {
    id: 'tsconfig-from-parent',
    says: 'so a JavaScript project without a tsconfig.json of its own, inside a folder that has one, gets that file as its ctx.tsconfig',
  },
  async () => {
    // A copy of this JavaScript application inside the documentation repository, which has a tsconfig.json.
    const dir = appVariant('cli-overview-js', () => {});
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      let ctx: Record<string, unknown> = {};
      await capture(() => cliWith(['node', 'strapi'], (p) => void (ctx = p.ctx)));
      assert.equal((ctx.tsconfig as { path: string }).path, path.join(path.dirname(APP_DIR), 'tsconfig.json'));
    } finally {
      process.chdir(cwd);
    }
  },
);

claim(
  {
    id: 'paths-command-example',
    says: 'The factory receives the context once at registration; the action reads it when it runs, so the TypeScript configuration is only loaded for this command.',
  },
  async () => {
    const { command } = runExample<{ command: Factory }>(codeBlock({ title: 'packages/core/strapi/src/cli/commands/paths.ts' }), {
      filename: 'src/cli/commands/paths.ts',
    });
    const dir = path.join(STATE_DIR, 'apps', 'cli-overview-ts');
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      let ctx: Record<string, unknown> = {};
      const built = (await capture(() => cliWith(['node', 'strapi', 'paths', '--json'], command, (p) => void (ctx = p.ctx)))).result;
      // Registered, and the context not read yet: its getter has not run.
      assert.ok(built.commands.some((c) => c.name() === 'paths'));
      const writes: string[] = [];
      const write = process.stdout.write.bind(process.stdout);
      process.stdout.write = ((chunk: string) => writes.push(String(chunk)) > 0) as unknown as typeof process.stdout.write;
      try {
        await built.parseAsync(['node', 'strapi', 'paths', '--json']);
      } finally {
        process.stdout.write = write;
      }
      assert.deepEqual(JSON.parse(writes.join('')), { cwd: dir, outDir: path.join(dir, 'dist') });
      assert.ok(ctx.tsconfig);
    } finally {
      process.chdir(cwd);
    }
  },
);

claim(
  {
    id: 'unknown-option-on-commands',
    says: "strapi build --sourcemaps fails with commander's unknown-option error instead of being ignored",
  },
  async () => {
    const run = await runStrapiCli(['build', '--sourcemaps'], { env: { XDG_CONFIG_HOME: xdg } });
    assert.equal(run.code, 1);
    assert.match(run.stderr, /error: unknown option '--sourcemaps'/);
    assert.doesNotMatch(run.stdout + run.stderr, /dependencies/, 'the action never ran');
  },
);

claim(
  {
    id: 'run-action-outside-project',
    says: 'Commands built with runAction from helpers.ts instead first call assertCwdContainsStrapiProject',
  },
  async () => {
    const empty = path.join(os.tmpdir(), `not-a-strapi-project-${process.pid}`);
    mkdirSync(empty, { recursive: true });
    writeFileSync(path.join(empty, 'package.json'), JSON.stringify({ name: 'not-strapi', dependencies: {} }));
    try {
      const run = await runStrapiCli(['routes:list'], { appDir: empty, env: { XDG_CONFIG_HOME: xdg } });
      assert.equal(run.code, 1);
      assert.match(
        plain(run.stdout),
        /You need to run strapi routes:list in a Strapi project\. Make sure you are in the right directory\./,
      );
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  },
);

claim({ id: 'logger-warn-counted', says: 'Yellow [WARN]; increments warnings even when silent' }, async () => {
  const silent = createLogger({ silent: true });
  const { out } = await capture(() => {
    silent.warn('w');
    silent.error('e');
    silent.info('i');
    silent.log('l');
    silent.success('s');
  });
  assert.deepEqual(out, { log: [], info: [], warn: [], error: [] });
  assert.equal(silent.warnings, 1);
  assert.equal(silent.errors, 1);
  const loud = createLogger({ timestamp: false });
  const { out: printed } = await capture(() => loud.warn('careful'));
  assert.equal(plain(printed.warn[0]), '[WARN] careful');
});

claim(
  {
    id: 'logger-debug',
    says: 'Cyan [DEBUG] prefix, printed only when debug is on and silent is off',
  },
  async () => {
    const lines = async (o: { debug?: boolean; silent?: boolean }) =>
      (await capture(() => createLogger({ ...o, timestamp: false }).debug('d'))).out.log.map(plain);
    assert.deepEqual(await lines({ debug: true }), ['[DEBUG] d']);
    assert.deepEqual(await lines({}), []);
    assert.deepEqual(await lines({ debug: true, silent: true }), []);
  },
);

claim(
  {
    id: 'logger-silent-spinner',
    says: 'An ora spinner (not started), or a no-op object when silent',
  },
  async () => {
    const spinner = createLogger({ timestamp: false }).spinner('working');
    assert.equal(spinner.isSpinning, false);
    assert.equal(spinner.text, 'working');
    const quiet = createLogger({ silent: true }).spinner('working');
    assert.equal(quiet.start(), quiet);
    assert.equal(quiet.text, '');
    assert.equal(quiet.isSpinning, false);
  },
);

claim(
  {
    id: 'logger-timestamp',
    says: 'With timestamp: true (the default of createLogger, but not what the CLI passes) every prefix is followed by an ISO timestamp.',
  },
  async () => {
    const { out } = await capture(() => {
      const logger = createLogger({ debug: true });
      logger.info('i');
      logger.debug('d');
      logger.error('e');
    });
    const iso = '\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z';
    assert.match(plain(out.info[0]), new RegExp(`^\\[INFO\\]\\t\\[${iso}\\] i$`));
    assert.match(plain(out.log[0]), new RegExp(`^\\[DEBUG\\]\\t\\[${iso}\\] d$`));
    assert.match(plain(out.error[0]), new RegExp(`^\\[ERROR\\]\\t\\[${iso}\\] e$`));
  },
);
