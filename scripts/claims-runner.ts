/**
 * Runs node:test files, each under a runner of its own (`node --test <file>`, the spec reporter), a
 * few at a time, and guarantees that a file cannot hold the run: the file's runner and process are
 * killed (SIGKILL) when they pass the file's time limit, and every process the file started (a second
 * Strapi, a `strapi` CLI, a `strapi develop` cluster, a PostgreSQL server) is killed when the runner
 * exits or is killed.
 *
 * Why not one `node --test a b c --test-timeout=...`: node cancels a file that passes the timeout with
 * SIGTERM, which Strapi's own SIGTERM handler in the file's process catches (it destroys the instance
 * first, and a destroy waiting on a stalled transaction never ends); and node's runner waits for the
 * file's output pipes to close, which a grandchild that inherited them keeps open for as long as it
 * lives (measured on Node 20.20.2: a hook that spawned `sleep 100` held the runner 100 s after the
 * file was cancelled at 3 s).
 *
 * Why a runner per file rather than `node <file>`: run directly, a file's summary and exit code come
 * from node:test's process listeners, which `strapi.destroy()` removes (`process.removeAllListeners()`):
 * a failure could end with exit code 0. The runner reads the file's events instead.
 *
 * Every process of a file carries `CLAIMS_RUN_MARK=<mark>` in its environment (children inherit it);
 * the cleanup kills the file's process group and every process whose environment has the mark
 * (Linux: /proc/<pid>/environ).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { childrenOf } from '../strapi-app/harness/processes';

export const MARK_VARIABLE = 'CLAIMS_RUN_MARK';

export interface FileResult {
  file: string;
  /** The runner's exit code, 1 when it was killed for passing its limit. */
  code: number;
  ms: number;
  output: string;
  counts: Record<'tests' | 'pass' | 'fail' | 'cancelled', number>;
  /** Why the file was stopped from outside: its time limit or the run's. */
  stopped?: string;
  /** Processes still alive when the file ended, killed by the cleanup. */
  leftovers: number;
  /** Every test passed, and the file failed only because of how its process ended (processEnd). */
  onlyEndFailed: boolean;
  /** How the file's process ended when it failed as a whole (processEnd), also printed in `output`. */
  end?: string;
  /** The first run of a file run twice (see endedBadlyOnly). */
  firstRun?: FileResult;
}

/**
 * Whether a file failed only as a whole: every test in it passed, and its process then ended badly
 * (an exit code or a signal, processEnd). Such a file runs once more, and both runs are reported;
 * a failing test is never run again (scripts/test-strapi.test.ts asserts the verdicts).
 */
export function endedBadlyOnly(r: FileResult): boolean {
  return r.code !== 0 && !r.stopped && r.onlyEndFailed;
}

/** The totals of node's spec reporter (`ℹ tests 6`, `ℹ pass 5`...); 0 for a total it did not print. */
export function parseCounts(output: string): FileResult['counts'] {
  const count = (name: string) => {
    const all = [...output.matchAll(new RegExp(`^ℹ ${name} (\\d+)$`, 'gm'))];
    return all.length ? Number(all[all.length - 1][1]) : 0;
  };
  return { tests: count('tests'), pass: count('pass'), fail: count('fail'), cancelled: count('cancelled') };
}

/**
 * How a file's process ended when it failed as a whole (its tests may all have passed): node's TAP
 * report gives the exit code and the signal of a file's process, which its spec report leaves out.
 */
export function processEnd(tapFile: string): { end: string; only: boolean } | null {
  let text: string;
  try {
    text = readFileSync(tapFile, 'utf8');
  } catch {
    return null;
  }
  const m = /^not ok \d+ - .*\n {2}---\n(?:(?! {2}\.\.\.\n).*\n)*? {2}exitCode: (.*)\n {2}signal: (.*)\n/m.exec(text);
  if (!m) return null;
  const shown = (value: string) => (value === '~' ? 'none' : value.replace(/'/g, ''));
  // `only`: no test failed; the file's own entry is the report's one failure.
  return {
    end: `the file's process ended with exit code ${shown(m[1])}, signal ${shown(m[2])}`,
    only: (text.match(/^\s*not ok /gm) ?? []).length === 1,
  };
}

/** Pids (other than this process) whose environment holds `CLAIMS_RUN_MARK=<mark>`. */
export function markedProcesses(mark: string): number[] {
  const needle = `\0${MARK_VARIABLE}=${mark}\0`;
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      if (`\0${readFileSync(`/proc/${entry}/environ`, 'latin1')}`.includes(needle)) pids.push(Number(entry));
    } catch {
      // gone, or not ours to read
    }
  }
  return pids;
}

/** Kills the process group of `group` and every process with the mark; returns how many marked ones were alive. */
export function killMarked(group: number | undefined, mark: string): number {
  if (group) {
    try {
      process.kill(-group, 'SIGKILL');
    } catch {
      // the group is gone
    }
  }
  const marked = markedProcesses(mark);
  killEach(marked);
  return marked.length;
}

/** SIGKILL to each pid; returns how many were still there to receive it. */
function killEach(pids: number[]): number {
  let killed = 0;
  for (const p of pids) {
    try {
      process.kill(p, 'SIGKILL');
      killed += 1;
    } catch {
      // exited meanwhile
    }
  }
  return killed;
}

export interface RunOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** node's own options before the file (`--import tsx`). */
  nodeArgs?: string[];
  /** The file's process and everything it started are killed after this long. */
  fileLimitMs: number;
}

let runs = 0;

/** Runs one file in its own process group; resolves once the file and everything it started are gone. */
export function runFile(file: string, options: RunOptions, signal?: AbortSignal): Promise<FileResult> {
  const mark = `${process.pid}-${++runs}-${Date.now()}`;
  const started = Date.now();
  return new Promise((resolve) => {
    // The spec reporter shows a file that failed as a whole only as "test failed"; the TAP report
    // beside it says how its process ended (exit code, signal): see processEnd.
    const tapDir = mkdtempSync(path.join(tmpdir(), 'claims-tap-'));
    const tap = path.join(tapDir, 'report.tap');
    const reporters = [
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
      '--test-reporter=tap',
      `--test-reporter-destination=${tap}`,
    ];
    const child = spawn(process.execPath, [...(options.nodeArgs ?? []), '--test', ...reporters, file], {
      cwd: options.cwd,
      // NODE_TEST_CONTEXT (set when this runs under node's test runner) would make the file's runner
      // report in node's internal format instead of running as a runner of its own.
      env: { ...options.env, NODE_TEST_CONTEXT: undefined, [MARK_VARIABLE]: mark },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    let stopped: string | undefined;
    const stop = (why: string) => {
      stopped ??= why;
      killMarked(child.pid, mark);
    };
    const limit = setTimeout(() => stop(`killed after ${options.fileLimitMs / 1000} s (the file's limit)`), options.fileLimitMs);
    const onAbort = () => stop(`killed: ${String(signal?.reason ?? 'the run was stopped')}`);
    signal?.addEventListener('abort', onAbort, { once: true });
    let code = 1;
    let leftovers = 0;
    // The file's runner waits for the file's output pipes, which a process the file left behind may
    // hold: whenever the runner has no child (before the file's process starts, or after it ended),
    // whatever else carries the mark is left over: kill it, and the runner can finish.
    const sweep = setInterval(() => {
      if (!child.pid || childrenOf(child.pid).length > 0) return;
      const others = markedProcesses(mark).filter((p) => p !== child.pid);
      // Checked again after the scan: the runner may have started the file's process in between.
      if (others.length === 0 || childrenOf(child.pid).length > 0) return;
      leftovers += killEach(others);
    }, 250);
    let exited = false;
    let closed = false;
    const finish = () => {
      if (!exited || !closed) return;
      clearTimeout(limit);
      clearInterval(sweep);
      signal?.removeEventListener('abort', onAbort);
      const end = processEnd(tap);
      rmSync(tapDir, { recursive: true, force: true });
      if (end) output += `\n${end.end}\n`;
      const counts = parseCounts(output);
      resolve({
        file,
        code: stopped ? 1 : code,
        ms: Date.now() - started,
        output,
        counts,
        stopped,
        leftovers,
        onlyEndFailed: end?.only ?? false,
        end: end?.end,
      });
    };
    child.on('exit', (c, sig) => {
      code = c ?? (sig ? 1 : 0);
      exited = true;
      // What the file left running would keep the pipes open (and the ports, the databases): kill it now.
      leftovers += killMarked(child.pid, mark);
      // A process that dropped the mark (started with an environment of its own) may still hold the
      // pipes: stop reading after 10 s rather than wait for it.
      setTimeout(() => {
        child.stdout.destroy();
        child.stderr.destroy();
      }, 10_000).unref();
      finish();
    });
    child.on('close', () => {
      closed = true;
      finish();
    });
    child.on('error', (error) => {
      output += `\n${error.stack ?? error.message}\n`;
      exited = true;
      closed = true;
      finish();
    });
  });
}

/**
 * Runs `files` `concurrency` at a time; `onResult` is called as each one ends. Files not yet started
 * when `budgetMs` has passed are not started, and the running ones are killed: the result lists them.
 */
export async function runFiles(
  files: string[],
  options: RunOptions & { concurrency: number; budgetMs: number },
  onResult: (result: FileResult) => void,
): Promise<{ results: FileResult[]; notStarted: string[] }> {
  const queue = [...files];
  const results: FileResult[] = [];
  const controller = new AbortController();
  const budget = setTimeout(() => controller.abort(`the run's budget of ${options.budgetMs / 1000} s was spent`), options.budgetMs);
  const stopOnSignal = (sig: NodeJS.Signals) => controller.abort(`received ${sig}`);
  process.on('SIGINT', stopOnSignal);
  process.on('SIGTERM', stopOnSignal);
  const worker = async () => {
    while (!controller.signal.aborted && queue.length > 0) {
      const file = queue.shift()!;
      let result = await runFile(file, options, controller.signal);
      if (endedBadlyOnly(result) && !controller.signal.aborted)
        result = { ...(await runFile(file, options, controller.signal)), firstRun: result };
      results.push(result);
      onResult(result);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, worker));
  } finally {
    clearTimeout(budget);
    process.off('SIGINT', stopOnSignal);
    process.off('SIGTERM', stopOnSignal);
  }
  return { results, notStarted: queue };
}
