/**
 * Helpers for claims files that reach below the public API or run a page's example in a setting
 * a project would give it: a module of `@strapi/core`'s compiled code by its path (the package's
 * export map only exposes its root), an example compiled to the JavaScript a config folder or a
 * plugin would hold, a local plugin in an application variant, what the console printed, the
 * process listeners `strapi.destroy()` removes, and the few Jest globals and the `supertest` call
 * that the pages' test examples use.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { format } from 'node:util';
import ts from 'typescript';
import { freshDatabase } from './database';
import type { CodeBlock } from './examples';
import { installNetworkGuard } from './network';
import { APP_DIR, STATE_DIR } from './paths';

/**
 * The environment `bootStrapi()` gives an instance (a fresh database, a public folder, quiet logs,
 * telemetry and EE off, the network guard), for a test that runs code creating the instance itself,
 * as a page's example does with `createStrapi()`.
 */
export function prepareStrapiEnvironment(name: string, env: Record<string, string> = {}): void {
  const publicDir = path.join(STATE_DIR, 'public', name.replace(/[^a-zA-Z0-9_-]+/g, '_'));
  rmSync(publicDir, { recursive: true, force: true });
  mkdirSync(path.join(publicDir, 'uploads'), { recursive: true });
  Object.assign(process.env, freshDatabase(name), {
    STRAPI_TEST_PUBLIC_DIR: publicDir,
    STRAPI_TEST_LOG_LEVEL: 'error',
    STRAPI_TELEMETRY_DISABLED: 'true',
    STRAPI_DISABLE_EE: 'true',
    ...env,
  });
  installNetworkGuard();
}

/** A compiled module of `@strapi/core` (`services/event-hub`, `providers/provider`...), the very instance Strapi loaded. */
export function requireCore<T = Record<string, unknown>>(rel: string): T {
  return require(path.join(APP_DIR, 'node_modules/@strapi/core/dist', rel.endsWith('.js') ? rel : `${rel}.js`));
}

/** An example compiled to CommonJS JavaScript, as it would be after `tsc`, to place in an application variant. */
export function exampleToJs(block: CodeBlock | string): string {
  const source = typeof block === 'string' ? block : block.code;
  const { outputText, diagnostics } = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
    reportDiagnostics: true,
  });
  if (diagnostics?.length)
    throw new Error(
      `the example does not compile: ${diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')).join('; ')}`,
    );
  return outputText;
}

/**
 * Adds a local plugin to an application variant (`appVariant()`'s folder): `src/plugins/<name>/`
 * with a `package.json` of kind `plugin`, the given files (`strapi-server.js` at least), and its
 * declaration in `config/plugins.js` (`{ enabled: true, resolve: './src/plugins/<name>', config }`).
 */
export function addLocalPlugin(dir: string, name: string, files: Record<string, string>, config?: unknown): void {
  const pluginDir = path.join(dir, 'src', 'plugins', name);
  mkdirSync(pluginDir, { recursive: true });
  writeFileSync(
    path.join(pluginDir, 'package.json'),
    JSON.stringify({ name, version: '0.0.0', strapi: { kind: 'plugin', name } }, null, 2),
  );
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(pluginDir, file)), { recursive: true });
    writeFileSync(path.join(pluginDir, file), text);
  }
  const pluginsFile = path.join(dir, 'config', 'plugins.js');
  const declarations: string[] = [];
  if (existsSync(pluginsFile)) {
    const current = require(pluginsFile);
    delete require.cache[require.resolve(pluginsFile)];
    const value = typeof current === 'function' ? current({ env: () => undefined }) : current;
    for (const [key, declaration] of Object.entries(value)) declarations.push(`${JSON.stringify(key)}: ${JSON.stringify(declaration)}`);
  }
  declarations.push(
    `${JSON.stringify(name)}: ${JSON.stringify({ enabled: true, resolve: `./src/plugins/${name}`, ...(config ? { config } : {}) })}`,
  );
  writeFileSync(pluginsFile, `module.exports = () => ({\n  ${declarations.join(',\n  ')},\n});\n`);
}

export interface ConsoleLine {
  method: 'log' | 'warn' | 'error' | 'info';
  text: string;
}

/** Records what `console.log`/`warn`/`error`/`info` print (formatted as Node would) until `restore()`; nothing reaches the terminal. */
export function captureConsole(): { lines: ConsoleLine[]; text(method?: ConsoleLine['method']): string; restore(): void } {
  const lines: ConsoleLine[] = [];
  const methods = ['log', 'warn', 'error', 'info'] as const;
  const saved = methods.map((m) => [m, console[m]] as const);
  for (const m of methods) console[m] = (...args: unknown[]) => void lines.push({ method: m, text: format(...args) });
  return {
    lines,
    text: (method) =>
      lines
        .filter((l) => !method || l.method === method)
        .map((l) => l.text)
        .join('\n'),
    restore: () => {
      for (const [m, fn] of saved) console[m] = fn;
    },
  };
}

/**
 * Takes over unhandled promise rejections until `restore()`: they are recorded instead of failing
 * the running test (node:test's own listener is set aside and put back).
 */
export function catchUnhandledRejections(): { reasons: unknown[]; restore(): void } {
  const reasons: unknown[] = [];
  const saved = process.listeners('unhandledRejection');
  process.removeAllListeners('unhandledRejection');
  const record = (reason: unknown) => void reasons.push(reason);
  process.on('unhandledRejection', record);
  return {
    reasons,
    restore: () => {
      process.off('unhandledRejection', record);
      for (const listener of saved) process.on('unhandledRejection', listener);
    },
  };
}

/** Runs `fn` (which calls `strapi.destroy()` one way or another) and gives back the process listeners it removed. */
export async function keepingProcessListeners<T>(fn: () => Promise<T>): Promise<T> {
  const saved = new Map<string | symbol, Array<(...args: unknown[]) => void>>();
  for (const event of process.eventNames())
    saved.set(event, process.listeners(event as NodeJS.Signals) as Array<(...args: unknown[]) => void>);
  try {
    return await fn();
  } finally {
    for (const [event, listeners] of saved) {
      const now = process.listeners(event as NodeJS.Signals);
      for (const listener of listeners) if (!now.includes(listener)) process.on(event as NodeJS.Signals, listener);
    }
  }
}

type TestFn = () => unknown | Promise<unknown>;

/**
 * The Jest globals a page's test example uses (`describe`, `it`/`test`, `beforeAll`, `afterAll`,
 * `expect` with the matchers the examples call), installed on `globalThis` until `run()` has run
 * the collected tests in order. `run()` rejects with the first failure.
 */
export function jestGlobals(): { run(): Promise<string[]> } {
  const tests: Array<{ name: string; fn: TestFn }> = [];
  const beforeAlls: TestFn[] = [];
  const afterAlls: TestFn[] = [];
  const prefix: string[] = [];
  const g = globalThis as Record<string, unknown>;
  const names = ['describe', 'it', 'test', 'beforeAll', 'afterAll', 'expect'];
  const saved = names.map((n) => [n, g[n]] as const);
  const expect = (actual: unknown) => ({
    toBe: (expected: unknown) => assert.equal(actual, expected),
    toEqual: (expected: unknown) => assert.deepEqual(actual, expected),
    toBeDefined: () => assert.notEqual(actual, undefined),
    toContain: (item: unknown) =>
      assert.ok((actual as unknown[] | string).includes(item as never), `${format(actual)} does not contain ${format(item)}`),
  });
  Object.assign(g, {
    describe: (name: string, body: () => void) => {
      prefix.push(name);
      body();
      prefix.pop();
    },
    it: (name: string, fn: TestFn) => tests.push({ name: [...prefix, name].join(' > '), fn }),
    test: (name: string, fn: TestFn) => tests.push({ name: [...prefix, name].join(' > '), fn }),
    beforeAll: (fn: TestFn) => beforeAlls.push(fn),
    afterAll: (fn: TestFn) => afterAlls.push(fn),
    expect,
  });
  return {
    async run() {
      const ran: string[] = [];
      try {
        for (const fn of beforeAlls) await fn();
        for (const t of tests) {
          try {
            await t.fn();
          } catch (error) {
            throw new Error(`example test "${t.name}" failed: ${error instanceof Error ? error.message : String(error)}`);
          }
          ran.push(t.name);
        }
      } finally {
        for (const fn of afterAlls) await fn();
        for (const [n, v] of saved) g[n] = v;
      }
      return ran;
    },
  };
}

export interface SimpleResponse {
  status: number;
  headers: Record<string, string>;
  text: string;
}

/**
 * The part of `supertest` the pages' examples use: `request(server).get(path)` (and the other
 * methods), awaited for `{ status, headers, text }`. Like supertest, it listens on an ephemeral
 * loopback port when the server is not listening yet, and closes it again afterwards.
 */
export function supertestLike(server: http.Server) {
  const call =
    (method: string) =>
    async (urlPath: string): Promise<SimpleResponse> => {
      const opened = !server.listening;
      if (opened) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        const { port } = server.address() as AddressInfo;
        const res = await fetch(`http://127.0.0.1:${port}${urlPath}`, { method: method.toUpperCase() });
        const headers: Record<string, string> = {};
        res.headers.forEach((v, k) => (headers[k] = v));
        return { status: res.status, headers, text: await res.text() };
      } finally {
        if (opened) await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    };
  return { get: call('get'), post: call('post'), put: call('put'), delete: call('delete'), patch: call('patch') };
}
