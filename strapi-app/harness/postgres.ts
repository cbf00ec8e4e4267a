/**
 * A private PostgreSQL cluster for the one claims file that needs it whatever `STRAPI_TEST_DB`
 * says: a behaviour SQLite cannot show (a row lock taken with `SELECT ... FOR UPDATE`, which SQLite
 * does not have). `usePostgres()` starts a cluster on a free loopback port (unless
 * `npm run test:strapi` already runs on one), points this process's later `bootStrapi()` and
 * `startStrapiProcess()` calls at it, and returns a function that stops what it started.
 * The cluster lives in .cache/strapi-claims/pg-<name>/ and belongs to the `postgres` user when
 * the tests run as root, as in scripts/test-strapi.ts.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { freePort } from './boot';
import { STATE_DIR } from './paths';

function postgresBin(): string {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base) ? readdirSync(base).filter((v) => existsSync(path.join(base, v, 'bin/initdb'))) : [];
  versions.sort((a, b) => Number(b) - Number(a));
  if (!versions[0]) throw new Error("usePostgres() needs Debian's postgresql package (apt-get install postgresql)");
  return path.join(base, versions[0], 'bin');
}

function run(cmd: string, args: string[], user?: string): void {
  const argv = user ? ['runuser', '-u', user, '--', cmd, ...args] : [cmd, ...args];
  execFileSync(argv[0], argv.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Runs this process's Strapi instances on PostgreSQL; returns the function that stops the cluster it started. */
export async function usePostgres(name: string): Promise<() => void> {
  if (process.env.STRAPI_TEST_DB === 'postgres' && process.env.PGPORT) return () => {};
  const bin = postgresBin();
  const dir = path.join(STATE_DIR, `pg-${name.replace(/[^a-zA-Z0-9_-]+/g, '_')}`);
  const data = path.join(dir, 'data');
  const user = process.getuid?.() === 0 ? 'postgres' : undefined;
  const pgCtl = path.join(bin, 'pg_ctl');
  if (existsSync(path.join(data, 'postmaster.pid'))) {
    try {
      run(pgCtl, ['-D', data, '-m', 'immediate', '-w', 'stop'], user);
    } catch {
      // a cluster left by a killed run that is not running any more
    }
  }
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  if (user) execFileSync('chown', ['-R', user, dir]);
  const port = await freePort();
  run(path.join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8'], user);
  run(
    pgCtl,
    [
      '-D',
      data,
      '-l',
      path.join(dir, 'server.log'),
      '-w',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`,
      'start',
    ],
    user,
  );
  Object.assign(process.env, { STRAPI_TEST_DB: 'postgres', PGHOST: '127.0.0.1', PGPORT: String(port) });
  return () => {
    try {
      run(pgCtl, ['-D', data, '-m', 'fast', '-w', 'stop'], user);
    } catch (error) {
      console.error(`could not stop the PostgreSQL cluster of ${name}:`, error);
    }
  };
}
