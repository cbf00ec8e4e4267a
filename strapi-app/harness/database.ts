/**
 * The database each claims file runs on. `STRAPI_TEST_DB` picks it:
 * - `sqlite` (default): a fresh file per Strapi instance under .cache/strapi-claims/db/, Strapi's
 *   own default client for new projects (better-sqlite3);
 * - `postgres`: a fresh database per instance on a private PostgreSQL cluster that
 *   scripts/test-strapi.ts starts on 127.0.0.1 (`PGHOST`/`PGPORT` given to the test processes).
 *
 * docs-dev/executed-claims.md says why SQLite is the default, with the figures.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { STATE_DIR } from './paths';

export type DatabaseKind = 'sqlite' | 'postgres';

export function databaseKind(): DatabaseKind {
  const kind = process.env.STRAPI_TEST_DB ?? 'sqlite';
  if (kind !== 'sqlite' && kind !== 'postgres') throw new Error(`STRAPI_TEST_DB must be sqlite or postgres, not ${kind}`);
  return kind;
}

/**
 * Names must stay valid as file names and as unquoted PostgreSQL identifiers (at most 63 bytes,
 * `claims_` included), and two names must not meet: a long name keeps its first 41 characters and
 * gains 8 of its hash (the four remote-strapi pages' default names once shared their first 50
 * characters, so two files running at once dropped each other's database).
 */
export function safeName(name: string): string {
  const id = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (id.length <= 50) return id;
  return `${id.slice(0, 41)}_${createHash('sha256').update(name).digest('hex').slice(0, 8)}`;
}

/**
 * Prepares an empty database named after `name` and returns the environment variables that point
 * config/database.js at it.
 */
export function freshDatabase(name: string): Record<string, string> {
  const id = safeName(name);
  if (databaseKind() === 'sqlite') {
    const dir = path.join(STATE_DIR, 'db');
    mkdirSync(dir, { recursive: true });
    const filename = path.join(dir, `${id}.db`);
    for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(filename + suffix, { force: true });
    return { STRAPI_TEST_DB: 'sqlite', DATABASE_FILENAME: filename };
  }
  const host = process.env.PGHOST ?? '127.0.0.1';
  const port = process.env.PGPORT;
  if (!port) throw new Error('STRAPI_TEST_DB=postgres needs PGPORT: run the claims with npm run test:strapi, which starts the cluster');
  const database = `claims_${id}`;
  const psql = (sql: string) =>
    execFileSync('psql', ['-h', host, '-p', port, '-U', 'postgres', '-d', 'postgres', '-v', 'ON_ERROR_STOP=1', '-qc', sql], {
      stdio: 'pipe',
    });
  psql(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  psql(`CREATE DATABASE ${database}`);
  return {
    STRAPI_TEST_DB: 'postgres',
    DATABASE_HOST: host,
    DATABASE_PORT: port,
    DATABASE_NAME: database,
    DATABASE_USERNAME: 'postgres',
  };
}
