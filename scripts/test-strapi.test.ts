/**
 * The verdict of `npm run test:strapi` (scripts/test-strapi.ts): the command's main(), on claims files
 * planted in a temporary folder (STRAPI_CLAIMS_DIR), with the test application's install skipped, and
 * the command run as a process for its exit code. Each case asserts the lines a reader of the run's log relies on and the exit code
 * that decides whether `npm test` goes on.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import type { FileResult } from './claims-runner';
import { claimsFileOf, main, printSummary } from './test-strapi';

const ROOT = path.resolve(__dirname, '..');
const dir = mkdtempSync(path.join(os.tmpdir(), 'claims-verdict-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** Writes a claims file into the scenario's folder; returns its path as the command prints it. */
function plant(scenario: string, name: string, body: string): string {
  const folder = path.join(dir, scenario, 'claims');
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, `${name}.test.ts`);
  writeFileSync(
    file,
    `import { test, before, after } from 'node:test';\nimport { appendFileSync, readFileSync } from 'node:fs';\n${body}\n`,
  );
  return path.relative(ROOT, file);
}

/** The claims folder, state folder and skipped install of a scenario. */
const envOf = (scenario: string, env: Record<string, string> = {}): NodeJS.ProcessEnv => ({
  ...process.env,
  NODE_TEST_CONTEXT: undefined,
  STRAPI_CLAIMS_DIR: path.join(dir, scenario, 'claims'),
  STRAPI_CLAIMS_STATE: path.join(dir, scenario, 'state'),
  STRAPI_CLAIMS_SKIP_SETUP: '1',
  ...env,
});

/** Runs the command's main() in this process on a scenario's claims folder: its exit code and output. */
async function runCommand(scenario: string, env: Record<string, string> = {}, args: string[] = []): Promise<{ code: number; out: string }> {
  const lines: string[] = [];
  const code = await main(args, envOf(scenario, env), (line) => lines.push(line));
  return { code, out: lines.join('\n') };
}

/** Runs the command as `npm run test:strapi` does, in a process of its own: its exit code and output. */
function runProcess(scenario: string): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/test-strapi.ts')], {
      cwd: ROOT,
      env: envOf(scenario),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out }));
  });
}

/**
 * The lines that start with `prefix` (✖ or !!) in the command's own lines: the claims files' output
 * (their own ✖ lines among it) is left out, as it is printed between a file's ── line and the next.
 */
const linesStarting = (out: string, prefix: string) => {
  let inFile = false;
  return out.split('\n').filter((l) => {
    if (l.startsWith('── ')) inFile = true;
    else if (/^== \d+ files, /.test(l) || l.startsWith('!! ')) inFile = false;
    return !inFile && l.startsWith(prefix);
  });
};

describe('the verdict of npm run test:strapi', { concurrency: true }, () => {
  test('all files pass: exit 0, the totals line, no failure line', async () => {
    const one = plant('pass', 'one', `test('a', () => {});\ntest('b', () => {});`);
    const two = plant('pass', 'two', `test('c', () => {});`);
    const { code, out } = await runCommand('pass');
    assert.equal(code, 0, out);
    assert.match(out, /^== executed claims: 2 claims files on Strapi 5\.54\.0 \(sqlite\)$/m);
    assert.match(out, /^== 2 files, 3 tests: 3 passed, 0 failed, 0 cancelled$/m);
    for (const f of [one, two]) assert.ok(out.includes(`── ${f}: ok in `), `${f} reported ok\n${out}`);
    assert.deepEqual(linesStarting(out, '✖'), []);
    assert.deepEqual(linesStarting(out, '!!'), []);
    assert.match(out, /^== executed claims finished in [\d.]+ s \(exit 0\)$/m);
  });

  test('a file with a failing test: exit 1 and a failure line for that file only', async () => {
    plant('failing-test', 'fine', `test('a', () => {});`);
    const bad = plant('failing-test', 'bad', `test('a', () => {});\ntest('b', () => { throw new Error('planted'); });`);
    const { code, out } = await runCommand('failing-test');
    assert.equal(code, 1, out);
    assert.match(out, /^== 2 files, 3 tests: 2 passed, 1 failed, 0 cancelled$/m);
    assert.deepEqual(linesStarting(out, '✖'), [`✖ ${bad}`]);
    assert.match(out, /^== executed claims finished in [\d.]+ s \(exit 1\)$/m);
  });

  test('a file killed at its limit, before it printed any count: exit 1, the limit named twice', async () => {
    const hang = plant(
      'killed',
      'hang',
      `process.on('SIGTERM', () => {});\nbefore(() => new Promise((resolve) => setTimeout(resolve, 3_600_000)));\ntest('never runs', () => {});`,
    );
    const { code, out } = await runCommand('killed', { STRAPI_TEST_FILE_LIMIT: '1500' });
    assert.equal(code, 1, out);
    assert.ok(out.includes(`── ${hang}: FAILED in `), out);
    const limit = "killed after 1.5 s (the file's limit)";
    assert.deepEqual(linesStarting(out, '!!'), [`!! ${hang}: ${limit}`]);
    assert.deepEqual(linesStarting(out, '✖'), [`✖ ${hang} (${limit})`]);
    // No test of the killed file counts as failed: the verdict comes from how its process ended.
    assert.match(out, /^== 1 files, 0 tests: 0 passed, 0 failed, 0 cancelled$/m);
  });

  test('a file whose tests pass but whose process ends badly twice: run twice, exit 1', async () => {
    const runs = path.join(dir, 'runs-twice.txt');
    writeFileSync(runs, '');
    const file = plant(
      'ends-badly',
      'ends-badly',
      `test('a', () => {});\nafter(() => { appendFileSync(${JSON.stringify(runs)}, 'x'); process.exitCode = 3; });`,
    );
    const { code, out } = await runCommand('ends-badly');
    assert.equal(code, 1, out);
    assert.equal(readFileSync(runs, 'utf8'), 'xx', 'the file ran twice');
    assert.deepEqual(linesStarting(out, '!!'), [
      `!! ${file}: ran twice: in its first run every test passed but the file's process ended with exit code 3, signal none`,
      `!! ${file}: ran twice (its process ended badly the first time), failed the second`,
    ]);
    assert.deepEqual(linesStarting(out, '✖'), [`✖ ${file}`]);
    assert.ok(out.includes(`── ${file}: FAILED in `), out);
    assert.match(out, /^== executed claims finished in [\d.]+ s \(exit 1\)$/m);
  });

  test('a file whose process ended badly once and well on its second run: exit 0, both runs reported', async () => {
    const runs = path.join(dir, 'runs-once.txt');
    writeFileSync(runs, '');
    plant('second-run', 'fine', `test('a', () => {});`);
    const file = plant(
      'second-run',
      'once',
      `test('a', () => {});\nafter(() => { appendFileSync(${JSON.stringify(runs)}, 'x'); if (readFileSync(${JSON.stringify(runs)}, 'utf8').length === 1) process.exitCode = 1; });`,
    );
    const { code, out } = await runCommand('second-run');
    assert.equal(code, 0, out);
    assert.equal(readFileSync(runs, 'utf8'), 'xx', 'the file ran twice');
    assert.deepEqual(linesStarting(out, '!!'), [
      `!! ${file}: ran twice: in its first run every test passed but the file's process ended with exit code 1, signal none`,
      `!! ${file}: ran twice (its process ended badly the first time), passed the second`,
    ]);
    assert.deepEqual(linesStarting(out, '✖'), []);
    assert.ok(out.includes(`── ${file}: ok in `), out);
  });

  test('a file left unstarted when the budget is spent: exit 1 and a line naming it; a page named by its key', async () => {
    const slow = plant('budget', 'a-slow', `test('slow', () => new Promise((resolve) => setTimeout(resolve, 30_000)));`);
    const quick = plant('budget', 'b-quick', `test('quick', () => {});`);
    const { code, out } = await runCommand('budget', { STRAPI_TEST_BUDGET: '1000', STRAPI_TEST_CONCURRENCY: '1' }, ['a-slow', 'b-quick']);
    assert.equal(code, 1, out);
    assert.deepEqual(linesStarting(out, '✖'), [
      `✖ ${slow} (killed: the run's budget of 1 s was spent)`,
      `✖ ${quick}: not started, the run's budget of 1 s was spent`,
    ]);
  });

  test('run as a process, the command exits with the verdict: 0 when every file passed, 1 when one failed', async () => {
    plant('process-pass', 'one', `test('a', () => {});`);
    const bad = plant('process-fail', 'bad', `test('a', () => { throw new Error('planted'); });`);
    const [pass, fail] = await Promise.all([runProcess('process-pass'), runProcess('process-fail')]);
    assert.equal(pass.code, 0, pass.out);
    assert.match(pass.out, /^== 1 files, 1 tests: 1 passed, 0 failed, 0 cancelled$/m);
    assert.equal(fail.code, 1, fail.out);
    assert.deepEqual(linesStarting(fail.out, '✖'), [`✖ ${bad}`]);
  });
});

test('a page is named by its file under docs/, its key or its claims file', () => {
  const claims = path.join(dir, 'names', 'claims');
  mkdirSync(path.join(claims, 'api'), { recursive: true });
  const file = path.join(claims, 'api', 'Cron.test.ts');
  writeFileSync(file, '');
  for (const arg of [
    'docs/api/Cron.md',
    'api/Cron',
    './api/Cron',
    'api/Cron.test.ts',
    'strapi-app/claims/api/Cron.test.ts',
    'docs/api/Cron.mdx',
  ])
    assert.equal(claimsFileOf(arg, claims), file, arg);
  assert.throws(() => claimsFileOf('api/Nope', claims), /no claims file for "api\/Nope" under strapi-app\/claims\//);
});

test('printSummary: a file left unstarted fails the run even when every file that ran passed', () => {
  const passed: FileResult = {
    file: 'a.test.ts',
    code: 0,
    ms: 1200,
    output: '',
    counts: { tests: 2, pass: 2, fail: 0, cancelled: 0 },
    leftovers: 0,
    onlyEndFailed: false,
  };
  const lines: string[] = [];
  assert.equal(
    printSummary([passed], ['b.test.ts'], 60_000, (l) => lines.push(l)),
    1,
  );
  assert.deepEqual(lines, [
    '\n== 1 files, 2 tests: 2 passed, 0 failed, 0 cancelled',
    '== slowest files:',
    '      1.2 s  a.test.ts',
    "✖ b.test.ts: not started, the run's budget of 60 s was spent",
  ]);
  assert.equal(
    printSummary([passed], [], 60_000, () => {}),
    0,
  );
});
