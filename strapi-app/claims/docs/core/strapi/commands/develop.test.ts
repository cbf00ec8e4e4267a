/**
 * `strapi develop` on a copy of the application, without the admin panel (`--no-watch-admin
 * --no-build-admin`: the Vite dev server needs minutes and a browser) and with the admin's peer
 * dependency check skipped (the application does not declare React; develop would install it).
 * One run is followed through a restart; a second one finds its port taken. The copy's
 * config/admin.js is the page's example config/admin.ts, compiled at test time.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, readlinkSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { after, before } from 'node:test';
import ts from 'typescript';
import { APP_DIR, STATE_DIR, appVariant, claim, codeBlock, defect, freePort, waitFor } from '../../../../../harness';
import { childrenOf } from '../../../../../harness/processes';
import { freshDatabase } from '../../../../../harness/database';

const BIN = path.join(APP_DIR, 'node_modules/@strapi/strapi/bin/strapi.js');
const plain = (s: string) => s.replace(/\x1b\[[0-9;]*m/g, ''); // eslint-disable-line no-control-regex -- colour codes

interface Run {
  child: ChildProcess;
  output: () => string;
  exit: Promise<number | null>;
}

function develop(dir: string, name: string, port: number, args: string[] = []): Run {
  let out = '';
  const child = spawn(process.execPath, [BIN, 'develop', '--no-watch-admin', '--no-build-admin', ...args], {
    cwd: dir,
    detached: true,
    env: {
      ...process.env,
      ...freshDatabase(name),
      USE_EXPERIMENTAL_DEPENDENCIES: 'true',
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_JWT_SECRET: 'test-admin-jwt-secret',
      STRAPI_TEST_LOG_LEVEL: 'info',
      STRAPI_TEST_PUBLIC_DIR: path.join(dir, 'public'),
      STRAPI_TELEMETRY_DISABLED: 'true',
      STRAPI_DISABLE_UPDATE_NOTIFICATION: 'true',
      XDG_CONFIG_HOME: path.join(STATE_DIR, 'cli-develop-xdg'),
      FORCE_COLOR: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => plain(out), exit };
}

/**
 * Whether a worker of the develop primary `primary` holds an inotify watch on `folder` (Linux /proc).
 * The watcher starts before the server but scans the project asynchronously: a change written before
 * its watch on the folder exists goes unseen, so the changes below wait for it.
 */
function workerWatches(primary: number, folder: string): boolean {
  const inode = statSync(folder).ino.toString(16);
  const workers = childrenOf(primary);
  return workers.some((pid) => {
    try {
      return readdirSync(`/proc/${pid}/fd`).some(
        (fd) =>
          readlinkSync(`/proc/${pid}/fd/${fd}`) === 'anon_inode:inotify' &&
          new RegExp(`inotify wd:[0-9a-f]+ ino:${inode} `).test(readFileSync(`/proc/${pid}/fdinfo/${fd}`, 'utf8')),
      );
    } catch {
      return false;
    }
  });
}

const health = async (port: number) => {
  try {
    return (await fetch(`http://127.0.0.1:${port}/_health`)).status;
  } catch {
    return 0;
  }
};

let dir: string;
let tmpDir: string;
let port: number;
let run: Run;
let underTmp: Run;
let busy: Run;
let blocker: net.Server;
let busyPort: number;
let typesAtStart = false;

/** A copy with the page's config/admin.ts (compiled) over the application's own admin config. */
function project(example: string) {
  return (variant: string) => {
    writeFileSync(path.join(variant, 'admin-example.js'), example);
    writeFileSync(path.join(variant, 'admin-original.js'), readFileSync(path.join(APP_DIR, 'config/admin.js')));
    writeFileSync(
      path.join(variant, 'config/admin.js'),
      `const example = require('../admin-example.js').default;\nconst original = require('../admin-original.js');\nmodule.exports = (ctx) => ({ ...original(ctx), ...example(ctx) });\n`,
    );
    mkdirSync(path.join(variant, 'src/generated'), { recursive: true });
    mkdirSync(path.join(variant, 'public/uploads'), { recursive: true });
  };
}

before(async () => {
  const example = ts.transpileModule(codeBlock({ title: 'config/admin.ts' }).code, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
  }).outputText;
  // Outside this repository (the CLI would take the documentation site's tsconfig.json as this project's),
  // and outside any path that contains "tmp" (see the known defect): /dev/shm.
  dir = appVariant('cli-develop', project(example), { parent: '/dev/shm/strapi-claims-apps' });
  // The same project under the system's temporary folder.
  tmpDir = appVariant('cli-develop-tmp', project(example), { outsideRepository: true });
  port = await freePort();
  const tmpPort = await freePort();
  busyPort = await freePort();
  blocker = net.createServer().listen(busyPort, '127.0.0.1');
  run = develop(dir, 'cli-develop', port, ['--debug']);
  underTmp = develop(tmpDir, 'cli-develop-tmp', tmpPort, ['--debug']);
  const busyDir = appVariant('cli-develop-busy', (variant) => mkdirSync(path.join(variant, 'public/uploads'), { recursive: true }), {
    outsideRepository: true,
  });
  busy = develop(busyDir, 'cli-develop-busy', busyPort);
  await waitFor(
    () => health(port),
    (s) => s === 204,
    'the develop server to answer',
    120_000,
  );
  await waitFor(
    () => health(tmpPort),
    (s) => s === 204,
    'the develop server under /tmp to answer',
    120_000,
  );
  typesAtStart = existsSync(path.join(dir, 'types/generated/contentTypes.d.ts'));
  await waitFor(
    () => workerWatches(run.child.pid!, path.join(dir, 'src')),
    (w) => w,
    'the worker to watch src/',
    60_000,
  );
});

after(async () => {
  for (const r of [run, underTmp, busy]) {
    if (r && r.child.exitCode === null && r.child.pid) {
      try {
        process.kill(-r.child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
  blocker?.close();
});

claim(
  {
    id: 'types-generated',
    says: 'Generates types when the project is TypeScript or when typescript.autogenerate is not false',
  },
  async () => {
    assert.equal(typesAtStart, true);
    assert.match(readFileSync(path.join(dir, 'types/generated/contentTypes.d.ts'), 'utf8'), /'api::article\.article': ApiArticleArticle;/);
    assert.equal(existsSync(path.join(dir, 'tsconfig.json')), false, 'a JavaScript project');
  },
);

claim(
  {
    id: 'restart-cycle',
    says: 'the primary logs at debug level when it receives reload and killed, and the worker when it receives kill',
  },
  async () => {
    // Ignored paths first, then one that is watched: only the last one restarts the server.
    writeFileSync(path.join(dir, 'src/generated/cache.json'), '{}');
    writeFileSync(path.join(dir, 'public/robots.txt'), 'User-agent: *');
    writeFileSync(path.join(dir, 'notes.log'), 'a log file');
    mkdirSync(path.join(dir, 'src/admin'), { recursive: true });
    writeFileSync(path.join(dir, 'src/admin/app.js'), 'export default {};');
    const index = path.join(dir, 'src/index.js');
    writeFileSync(index, `${readFileSync(index, 'utf8')}\n// changed by the claims\n`);
    // The same change in the copy under /tmp, at the same moment.
    const tmpIndex = path.join(tmpDir, 'src/index.js');
    writeFileSync(tmpIndex, `${readFileSync(tmpIndex, 'utf8')}\n// changed by the claims\n`);
    await waitFor(
      () => run.output(),
      (o) => o.includes('cluster has the killed message, forking the cluster'),
      'the worker to be replaced',
      60_000,
    );
    const out = run.output();
    const order = [
      `File changed: ${index}`,
      'cluster has the reload message, sending the worker kill message',
      'child process has the kill message, destroying the strapi instance and sending the killed process message',
      'cluster has the killed message, forking the cluster',
    ].map((line) => out.indexOf(line));
    assert.ok(
      order.every((i) => i >= 0),
      out.slice(-3000),
    );
    assert.deepEqual(
      [...order].sort((a, b) => a - b),
      order,
      'in this order',
    );
    await waitFor(
      () => health(port),
      (s) => s === 204,
      'the new worker to answer',
      120_000,
    );
  },
);

claim(
  {
    id: 'watch-ignore-files',
    says: 'Projects do that with admin.watchIgnoreFiles',
  },
  async () => {
    const out = run.output();
    assert.doesNotMatch(out, /File (created|changed): .*src\/generated\/cache\.json/);
  },
);

claim(
  {
    id: 'ignored-paths',
    says: "Admin source files are excluded on purpose: the bundler's HMR handles them, not a server restart.",
  },
  async () => {
    const out = run.output();
    for (const ignored of ['public/robots.txt', 'notes.log', 'src/admin/app.js'])
      assert.doesNotMatch(out, new RegExp(`File (created|changed): .*${ignored.replace(/[./]/g, '\\$&')}`), ignored);
    assert.equal((out.match(/cluster has the reload message/g) ?? []).length, 1, 'one restart for five writes');
  },
);

claim(
  {
    id: 'start-failure-exits',
    says: 'If strapi.start() itself fails (for example the port is already in use), stopWithError destroys the instance and sends stop, and the primary exits with code 1.',
  },
  async () => {
    let timer: NodeJS.Timeout | undefined;
    const code = await Promise.race([
      busy.exit,
      new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), 120_000))),
    ]);
    clearTimeout(timer);
    assert.equal(code, 1, busy.output().slice(-2000));
    assert.match(busy.output(), new RegExp(`The port ${busyPort} is already used by another application\\.`));
  },
);

defect(
  {
    id: 'tmp-in-path-ignores-everything',
    says: 'so in a project under /tmp, or under any folder whose path contains tmp, saving a file restarts nothing',
    summary:
      'The develop watcher ignores the regular expression `/tmp/`, which chokidar tests against absolute paths: a project whose path contains `tmp` (such as one under `/tmp`) never restarts on a change',
  },
  async () => {
    // The copy under /tmp had its src/index.js changed with the other one, which has restarted since (claim above).
    assert.match(run.output(), /cluster has the killed message, forking the cluster/);
    const out = underTmp.output();
    assert.match(out, /Strapi started successfully/);
    assert.doesNotMatch(out, /File (created|changed|deleted):/);
    assert.doesNotMatch(out, /cluster has the reload message/);
    assert.match(tmpDir, /\/tmp\//);
    assert.equal(workerWatches(underTmp.child.pid!, path.join(tmpDir, 'src')), false, 'nothing watches its src/ folder');
  },
);
