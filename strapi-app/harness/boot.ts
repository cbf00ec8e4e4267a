/**
 * Boots the test application in the current process, the way `strapi start` does minus the admin
 * panel build: `createStrapi({ appDir, distDir }).load()` (register, then bootstrap), and
 * `listen()` only when a test needs HTTP. Each instance gets a fresh database and its own public
 * folder. `stopStrapi()` destroys it and gives back the process listeners `strapi.destroy()`
 * removes (it calls `process.removeAllListeners()`, which would also remove the test runner's).
 */
import { cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Core } from '@strapi/strapi';
import { freshDatabase } from './database';
import { installTestLicense, type TestLicense } from './license';
import { installNetworkGuard } from './network';
import { APP_DIR, STATE_DIR, callerClaimsFile, pageKeyOfClaimsFile } from './paths';

export interface BootOptions {
  /** Database and public folder name; a fresh one unless `keepDatabase`. Default: `app<n>-<page key>`. */
  name?: string;
  /** Reuse the database and public folder a previous instance of the same name left. */
  keepDatabase?: boolean;
  /** Enterprise features under the run's test license (harness/license.ts). Must be the process's first boot. */
  ee?: boolean;
  /** With `ee`: fields of the test license to change (`features` replaces the plan's default feature list); read on the process's first boot only. */
  license?: Partial<TestLicense>;
  /** Start the HTTP server on a free loopback port (`strapi.config.get('server.port')` tells which). */
  listen?: boolean;
  /** Leave telemetry on (requests are recorded by the network guard, none leaves the machine). */
  telemetry?: boolean;
  /** Log level of Strapi's logger (default `error`). */
  logLevel?: string;
  /** More environment variables for the config files. */
  env?: Record<string, string>;
  /** Boot another copy of the application (from `appVariant()`) instead of strapi-app/ itself. */
  appDir?: string;
}

let strapiRequired = false;
let licenseInstalled = false;
let counter = 0;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function loadStrapiModule(ee: boolean, license?: Partial<TestLicense>): typeof import('@strapi/strapi') {
  if (license && !ee) throw new Error('bootStrapi({ license }) needs ee: true');
  if (ee && !licenseInstalled) {
    if (strapiRequired) throw new Error('bootStrapi({ ee: true }) must be the first boot of the process');
    installTestLicense(license);
    licenseInstalled = true;
  }
  if (!ee && !strapiRequired) process.env.STRAPI_DISABLE_EE = 'true';
  strapiRequired = true;
  installNetworkGuard();
  return require('@strapi/strapi');
}

/**
 * `app<n>-<page key>`: the claims file's key keeps two files that run at the same time (two
 * processes, each counting from 1) off each other's database and public folder.
 */
function defaultName(): string {
  let key = 'app';
  try {
    key = pageKeyOfClaimsFile(callerClaimsFile());
  } catch {
    // Not called from a claims file (the child process of startStrapiProcess passes a name).
  }
  return `app${++counter}-${key}`;
}

export async function bootStrapi(options: BootOptions = {}): Promise<Core.Strapi> {
  const name = options.name ?? defaultName();
  const publicDir = path.join(STATE_DIR, 'public', name.replace(/[^a-zA-Z0-9_-]+/g, '_'));
  if (!options.keepDatabase) rmSync(publicDir, { recursive: true, force: true });
  mkdirSync(path.join(publicDir, 'uploads'), { recursive: true });

  const env: Record<string, string> = {
    ...(options.keepDatabase ? {} : freshDatabase(name)),
    STRAPI_TEST_PUBLIC_DIR: publicDir,
    STRAPI_TEST_LOG_LEVEL: options.logLevel ?? 'error',
    ...(options.telemetry ? {} : { STRAPI_TELEMETRY_DISABLED: 'true' }),
    ...(options.listen ? { PORT: String(await freePort()), HOST: '127.0.0.1' } : {}),
    ...options.env,
  };
  if (options.keepDatabase && !process.env.DATABASE_FILENAME && !process.env.DATABASE_NAME) {
    throw new Error('keepDatabase needs an earlier instance in this process');
  }
  Object.assign(process.env, env);
  if (options.telemetry) delete process.env.STRAPI_TELEMETRY_DISABLED;

  const { createStrapi } = loadStrapiModule(Boolean(options.ee), options.license);
  const appDir = options.appDir ?? APP_DIR;
  const strapi = createStrapi({ appDir, distDir: appDir, autoReload: false, serveAdminPanel: false });
  await strapi.load();
  if (options.listen) await strapi.listen();
  return strapi;
}

interface PoolLike {
  numUsed(): number;
  numPendingAcquires(): number;
  numPendingCreates(): number;
}

/**
 * Waits until the database pool has been idle for a few consecutive checks: Strapi starts some work
 * without awaiting it (release statuses, schema-sync hooks), and destroying the instance under it
 * would fail that work after the test ended.
 */
export async function settle(strapi: Core.Strapi, timeoutMs = 15_000): Promise<void> {
  const pool = (strapi.db?.connection as unknown as { client?: { pool?: PoolLike } } | undefined)?.client?.pool;
  if (!pool) return;
  const deadline = Date.now() + timeoutMs;
  let quiet = 0;
  while (quiet < 5) {
    const busy = pool.numUsed() + pool.numPendingAcquires() + pool.numPendingCreates();
    quiet = busy === 0 ? quiet + 1 : 0;
    if (Date.now() > deadline) throw new Error(`the database pool stayed busy for ${timeoutMs} ms (${busy} connections in use or awaited)`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** `strapi.destroy()` once the database is idle, keeping the process listeners that were there before it. */
export async function stopStrapi(strapi: Core.Strapi): Promise<void> {
  await settle(strapi);
  const saved = new Map<string | symbol, Array<(...args: unknown[]) => void>>();
  for (const event of process.eventNames())
    saved.set(event, process.listeners(event as NodeJS.Signals) as Array<(...args: unknown[]) => void>);
  try {
    await strapi.destroy();
  } finally {
    for (const [event, listeners] of saved) {
      const now = process.listeners(event as NodeJS.Signals);
      for (const listener of listeners) if (!now.includes(listener)) process.on(event as NodeJS.Signals, listener);
    }
  }
}

/**
 * A copy of the application (config/, src/, package.json; node_modules linked) under
 * .cache/strapi-claims/apps/<name> (or the system's temporary folder with `outsideRepository`),
 * changed by `edit` before it boots: a schema change between two
 * boots on the same database, a plugin's config... `json(file, fn)` rewrites a JSON file in place.
 */
export function appVariant(
  name: string,
  edit: (dir: string, json: (file: string, fn: (value: any) => unknown) => void) => void, // eslint-disable-line @typescript-eslint/no-explicit-any -- schema files are free-form JSON
  options: { outsideRepository?: boolean; parent?: string } = {},
): string {
  // The CLI looks for a tsconfig.json from the project up (TypeScript's findConfigFile): under this
  // repository it would find the documentation site's. `outsideRepository` puts the copy in the
  // system's temporary folder instead, for the commands that read it (build, develop, ts:generate-types);
  // `parent` names another folder.
  const parent =
    options.parent ?? (options.outsideRepository ? path.join(os.tmpdir(), 'strapi-claims-apps') : path.join(STATE_DIR, 'apps'));
  const dir = path.join(parent, name.replace(/[^a-zA-Z0-9_-]+/g, '_'));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const entry of ['config', 'src', 'package.json']) cpSync(path.join(APP_DIR, entry), path.join(dir, entry), { recursive: true });
  symlinkSync(path.join(APP_DIR, 'node_modules'), path.join(dir, 'node_modules'));
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
  const json = (file: string, fn: (value: any) => unknown) => {
    const full = path.join(dir, file);
    const value = JSON.parse(readFileSync(full, 'utf8'));
    const next = fn(value);
    writeFileSync(full, JSON.stringify(next === undefined ? value : next, null, 2));
  };
  edit(dir, json);
  return dir;
}
