/**
 * Strapi in another process: a second instance listening on loopback (the remote end of a
 * transfer, a second node of a cluster), and the `strapi` CLI. Both run with this process's
 * environment plus what the caller adds, so they use the same database a `bootStrapi()` of this
 * process prepared when given `process.env` (stop the in-process instance first for SQLite).
 */
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { freshDatabase } from './database';
import { APP_DIR, REPO_ROOT } from './paths';

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The `strapi` binary of the application, run in `appDir` (default strapi-app/). */
export function runStrapiCli(
  args: string[],
  options: { appDir?: string; env?: Record<string, string>; input?: string; timeoutMs?: number } = {},
): Promise<CliResult> {
  const appDir = options.appDir ?? APP_DIR;
  const bin = path.join(APP_DIR, 'node_modules/@strapi/strapi/bin/strapi.js');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], {
      cwd: appDir,
      env: {
        ...process.env,
        STRAPI_TELEMETRY_DISABLED: 'true',
        STRAPI_DISABLE_UPDATE_NOTIFICATION: 'true',
        FORCE_COLOR: '0',
        ...options.env,
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`strapi ${args.join(' ')} did not finish in ${options.timeoutMs ?? 120_000} ms\n${stdout}\n${stderr}`));
    }, options.timeoutMs ?? 120_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    child.stdin.end(options.input ?? '');
  });
}

export interface StrapiProcess {
  port: number;
  url: string;
  /** What the setup module returned (JSON). */
  data: unknown;
  /** The environment the child runs with (its database, its public folder). */
  env: Record<string, string>;
  stop(): Promise<void>;
}

export interface ProcessOptions {
  /** Database and public folder name of the child (a fresh database unless `keepDatabase`). */
  name: string;
  keepDatabase?: boolean;
  ee?: boolean;
  appDir?: string;
  /** A module (path from the repository root or absolute) whose default export `(strapi) => data` runs after boot. */
  setup?: string;
  env?: Record<string, string>;
}

/** Boots the application in a child process, listening on a free loopback port. */
export function startStrapiProcess(options: ProcessOptions): Promise<StrapiProcess> {
  const dbEnv = options.keepDatabase ? {} : freshDatabase(options.name);
  const env: Record<string, string> = {
    ...dbEnv,
    ...options.env,
    STRAPI_CHILD_OPTIONS: JSON.stringify({
      name: options.name,
      ee: options.ee,
      appDir: options.appDir,
      setup: options.setup && path.resolve(REPO_ROOT, options.setup),
    }),
  };
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'child.ts')], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise((resolve, reject) => {
    let buffer = '';
    const onData = (chunk: Buffer) => {
      buffer += chunk;
      const line = buffer.split('\n').find((l) => l.startsWith('STRAPI_CHILD_READY '));
      if (!line) return;
      child.stdout.off('data', onData);
      const ready = JSON.parse(line.slice('STRAPI_CHILD_READY '.length)) as { port: number; data: unknown };
      resolve({
        port: ready.port,
        url: `http://127.0.0.1:${ready.port}`,
        data: ready.data,
        env,
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    };
    child.stdout.on('data', onData);
    child.on('exit', (code) => reject(new Error(`the Strapi child process exited (${code}) before it was ready:\n${stderr}`)));
  });
}

/** The live (not zombie) processes whose parent is `pid` (Linux: /proc/<pid>/stat). */
export function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const [, rest] = readFileSync(`/proc/${entry}/stat`, 'latin1').split(') ');
      const [state, ppid] = rest.split(' ');
      if (Number(ppid) === pid && state !== 'Z') children.push(Number(entry));
    } catch {
      // gone
    }
  }
  return children;
}
