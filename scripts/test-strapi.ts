/**
 * `npm run test:strapi [-- <page> ...]`: runs the executed claims (strapi-app/claims/) on a real
 * Strapi 5.54.0, every claims file in its own node process, two at a time (scripts/claims-runner.ts:
 * a file that hangs is killed with every process it started; each file's output is printed whole as
 * it ends, then the totals and the slowest files).
 * A page is named by its file (`docs/api/Cron.md`), its key (`api/Cron`) or its claims file.
 *
 * - Installs the test application first when its lockfile changed (scripts/setup-strapi.sh).
 * - `STRAPI_TEST_DB=postgres` runs on PostgreSQL instead of SQLite: a private cluster in
 *   .cache/strapi-claims/pg-<pid>, on a free loopback port, started here, stopped and removed at the end
 *   (Debian's `postgresql` package is installed when its binaries are missing).
 * - Each test's outcome lands in .cache/strapi-claims/results/, which the build checks read.
 * - The verdict: the exit code is 1 when a file's process failed (a failing test, a process that
 *   ended badly twice, a file killed at its limit) or a file was not started; scripts/test-strapi.test.ts
 *   runs this command on planted files and asserts its summary lines and exit code. For that test,
 *   STRAPI_CLAIMS_DIR and STRAPI_CLAIMS_STATE move the claims folder and the state folder, and
 *   STRAPI_CLAIMS_SKIP_SETUP=1 skips the test application's install.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '../strapi-app/harness/boot';
import { runFiles, type FileResult } from './claims-runner';

const ROOT = path.resolve(__dirname, '..');
/** The claims folder and the state folder of a run (STRAPI_CLAIMS_DIR, STRAPI_CLAIMS_STATE). */
function foldersOf(env: NodeJS.ProcessEnv): { claims: string; state: string } {
  return {
    claims: path.resolve(ROOT, env.STRAPI_CLAIMS_DIR ?? 'strapi-app/claims'),
    state: path.resolve(ROOT, env.STRAPI_CLAIMS_STATE ?? '.cache/strapi-claims'),
  };
}

function claimsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? claimsFiles(full) : e.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** `docs/api/Cron.md`, `api/Cron`, `strapi-app/claims/api/Cron.test.ts` → the claims file. */
export function claimsFileOf(arg: string, claimsDir = foldersOf(process.env).claims): string {
  const bare = arg
    .replace(/^\.?\//, '')
    .replace(/^strapi-app\/claims\//, '')
    .replace(/\.test\.ts$/, '')
    .replace(/\.mdx?$/, '');
  // A key (`docs/core/database/intro`) or a page file under docs/ (`docs/docs/core/database/intro.md`).
  for (const key of [bare, bare.replace(/^docs\//, '')]) {
    const file = path.join(claimsDir, `${key}.test.ts`);
    if (existsSync(file)) return file;
  }
  throw new Error(`no claims file for "${arg}" under strapi-app/claims/`);
}

function run(cmd: string, args: string[], opts: { user?: string } = {}): void {
  const asUser = opts.user && process.getuid?.() === 0 ? ['runuser', '-u', opts.user, '--', cmd, ...args] : [cmd, ...args];
  execFileSync(asUser[0], asUser.slice(1), { stdio: ['ignore', 'pipe', 'inherit'] });
}

function postgresBin(): string {
  const find = () => {
    const base = '/usr/lib/postgresql';
    if (!existsSync(base)) return undefined;
    const versions = readdirSync(base).filter((v) => existsSync(path.join(base, v, 'bin/initdb')));
    versions.sort((a, b) => Number(b) - Number(a));
    return versions[0] ? path.join(base, versions[0], 'bin') : undefined;
  };
  let bin = find();
  if (!bin) {
    console.log("== installing Debian's postgresql (STRAPI_TEST_DB=postgres)");
    const apt = (...args: string[]) => {
      const cmd = process.getuid?.() === 0 ? ['apt-get', ...args] : ['sudo', 'apt-get', ...args];
      execFileSync(cmd[0], cmd.slice(1), { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    };
    apt('update', '-qq');
    apt('install', '-y', '-qq', 'postgresql');
    bin = find();
  }
  if (!bin) throw new Error('PostgreSQL binaries not found under /usr/lib/postgresql after installing');
  return bin;
}

/** Starts a private cluster; returns its port and a stop function. */
async function startPostgres(stateDir: string): Promise<{ port: number; stop: () => void }> {
  const bin = postgresBin();
  // One cluster per run, so that a page's run beside a whole run does not remove the other's cluster.
  const dir = path.join(stateDir, `pg-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  // PostgreSQL refuses to run as root: the cluster belongs to the `postgres` user Debian's package creates.
  const user = process.getuid?.() === 0 ? 'postgres' : undefined;
  if (user) execFileSync('chown', ['-R', user, dir]);
  const data = path.join(dir, 'data');
  const port = await freePort();
  run(path.join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8'], { user });
  run(
    path.join(bin, 'pg_ctl'),
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
    { user },
  );
  return {
    port,
    stop: () => {
      try {
        run(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop'], { user });
        rmSync(dir, { recursive: true, force: true });
      } catch (error) {
        console.error('could not stop the PostgreSQL cluster:', error);
      }
    },
  };
}

/**
 * The command: runs the claims files named in `args` (all of them without), prints each file's
 * output, then the summary (printSummary), and returns the exit code. `log` prints one line.
 */
export async function main(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
  log: (line: string) => void = console.log,
): Promise<number> {
  const { claims: CLAIMS, state: STATE } = foldersOf(env);
  const files = (args.length ? args.map((a) => claimsFileOf(a, CLAIMS)) : claimsFiles(CLAIMS)).sort();
  if (files.length === 0) throw new Error(`no claims files under ${path.relative(ROOT, CLAIMS)}`);

  if (env.STRAPI_CLAIMS_SKIP_SETUP !== '1') {
    const setup = spawnSync('bash', [path.join(ROOT, 'scripts/setup-strapi.sh')], { stdio: 'inherit' });
    if (setup.status !== 0) return setup.status ?? 1;
  }

  // A whole run starts from no results (a deleted claims file leaves none behind); a page's run replaces its own.
  if (args.length === 0) rmSync(path.join(STATE, 'results'), { recursive: true, force: true });
  for (const f of files) rmSync(path.join(STATE, 'results', path.relative(CLAIMS, f).replace(/\.test\.ts$/, '.json')), { force: true });
  env = { ...env };
  let stop = () => {};
  const started = Date.now();
  if ((env.STRAPI_TEST_DB ?? 'sqlite') === 'postgres') {
    const pg = await startPostgres(STATE);
    stop = pg.stop;
    Object.assign(env, { PGHOST: '127.0.0.1', PGPORT: String(pg.port) });
    log(`== PostgreSQL cluster on 127.0.0.1:${pg.port} (${((Date.now() - started) / 1000).toFixed(1)} s to start)`);
  }
  const db = env.STRAPI_TEST_DB ?? 'sqlite';
  log(`== executed claims: ${files.length} claims files on Strapi 5.54.0 (${db})`);
  const concurrency = Number(env.STRAPI_TEST_CONCURRENCY ?? 2);
  // A test that hangs fails after STRAPI_TEST_TIMEOUT (harness/claims.ts); a file that hangs outside its
  // tests (a hook, a handle that keeps its process alive) is killed with what it started after the
  // file limit; the run stops starting files once its budget is spent. On the idle machine the longest
  // file takes about 20 s and the whole run about 5 minutes.
  const fileLimitMs = Number(env.STRAPI_TEST_FILE_LIMIT ?? 480_000);
  const budgetMs = Number(env.STRAPI_TEST_BUDGET ?? 45 * 60_000);
  const rel = (f: string) => path.relative(ROOT, f);
  const { results, notStarted } = await runFiles(
    files.map(rel),
    { cwd: ROOT, env, nodeArgs: ['--import', 'tsx'], fileLimitMs, concurrency, budgetMs },
    (r) => {
      const verdict = r.code === 0 ? 'ok' : 'FAILED';
      log(`\n── ${r.file}: ${verdict} in ${(r.ms / 1000).toFixed(1)} s (${r.counts.pass}/${r.counts.tests} passed)`);
      log(r.output.endsWith('\n') ? r.output.slice(0, -1) : r.output);
      if (r.stopped) log(`!! ${r.file}: ${r.stopped}`);
      if (r.leftovers) log(`!! ${r.file}: ${r.leftovers} process(es) it started were still running at its end, killed`);
      if (r.firstRun) {
        const end = r.firstRun.end ?? "the file's process ended badly";
        log(`!! ${r.file}: ran twice: in its first run every test passed but ${end}`);
      }
    },
  );
  const code = printSummary(results, notStarted, budgetMs, log);
  stop();
  log(`== executed claims finished in ${((Date.now() - started) / 1000).toFixed(1)} s (exit ${code})`);
  return code;
}

/**
 * The run's totals, slowest files and failures; returns the exit code. A file fails by how its runner
 * ended (`code`), not by its failed-test count: a file whose tests all passed and whose process then
 * ended badly, twice, fails, and so does a file killed at its limit before it printed any count.
 */
export function printSummary(
  results: FileResult[],
  notStarted: string[],
  budgetMs: number,
  log: (line: string) => void = console.log,
): number {
  const failed = results.filter((r) => r.code !== 0);
  const sum = (k: keyof FileResult['counts']) => results.reduce((n, r) => n + r.counts[k], 0);
  log(`\n== ${results.length} files, ${sum('tests')} tests: ${sum('pass')} passed, ${sum('fail')} failed, ${sum('cancelled')} cancelled`);
  log('== slowest files:');
  for (const r of [...results].sort((a, b) => b.ms - a.ms).slice(0, 8)) log(`   ${(r.ms / 1000).toFixed(1).padStart(6)} s  ${r.file}`);
  for (const r of failed) log(`✖ ${r.file}${r.stopped ? ` (${r.stopped})` : ''}`);
  for (const r of results.filter((x) => x.firstRun))
    log(`!! ${r.file}: ran twice (its process ended badly the first time), ${r.code === 0 ? 'passed' : 'failed'} the second`);
  for (const f of notStarted) log(`✖ ${f}: not started, the run's budget of ${budgetMs / 1000} s was spent`);
  return failed.length || notStarted.length ? 1 : 0;
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
