/**
 * The claims runner on real processes: test files written to a temporary folder, run by node.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { parseCounts, runFile, runFiles } from './claims-runner';

const dir = mkdtempSync(path.join(os.tmpdir(), 'claims-runner-'));
after(() => rmSync(dir, { recursive: true, force: true }));

function fixture(name: string, body: string): string {
  const file = path.join(dir, name);
  writeFileSync(
    file,
    `import { test, before, after } from 'node:test';\nimport { spawn } from 'node:child_process';\nimport { writeFileSync } from 'node:fs';\n${body}\n`,
  );
  return file;
}

/** Running, not a zombie (a killed orphan may stay unreaped here: pid 1 does not always reap). */
const alive = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1][0] !== 'Z';
  } catch {
    return false;
  }
};

const options = { cwd: dir, env: process.env, fileLimitMs: 60_000 };

test('a process the file left behind is killed, and the file still counts as passed', async () => {
  const pids = path.join(dir, 'pids-leftover');
  const file = fixture(
    'leftover.test.mjs',
    `test('starts servers and forgets them', () => {
  const own = spawn('sleep', ['300'], { detached: true, stdio: 'ignore' });
  const inherited = spawn('sleep', ['301'], { stdio: 'inherit' });
  own.unref();
  inherited.unref();
  writeFileSync(${JSON.stringify(pids)}, own.pid + ' ' + inherited.pid);
});`,
  );
  const result = await runFile(file, options);
  const [own, inherited] = readFileSync(pids, 'utf8').split(' ').map(Number);
  assert.equal(result.code, 0, result.output);
  assert.deepEqual(result.counts, { tests: 1, pass: 1, fail: 0, cancelled: 0 });
  assert.ok(result.leftovers >= 2, `leftovers: ${result.leftovers}`);
  assert.equal(alive(own), false, 'the detached sleep (its own process group) is gone');
  assert.equal(alive(inherited), false, 'the sleep holding the output pipe is gone');
  assert.equal(result.stopped, undefined);
});

test('a file that hangs in a hook and ignores SIGTERM is killed at its limit, with what it started', async () => {
  const pids = path.join(dir, 'pids-hang');
  const file = fixture(
    'hang.test.mjs',
    `process.on('SIGTERM', () => {});
before(async () => {
  writeFileSync(${JSON.stringify(pids)}, String(spawn('sleep', ['302'], { stdio: 'pipe' }).pid));
  await new Promise((resolve) => setTimeout(resolve, 3_600_000));
});
test('never runs', () => {});`,
  );
  const result = await runFile(file, { ...options, fileLimitMs: 1500 });
  assert.equal(result.code, 1);
  assert.match(result.stopped ?? '', /killed after 1\.5 s/);
  assert.ok(result.ms < 60_000, `${result.ms} ms`);
  assert.equal(alive(Number(readFileSync(pids, 'utf8'))), false);
});

test("a process without the mark that holds the file's output holds that file until its limit, no longer", async () => {
  const pids = path.join(dir, 'pids-unmarked');
  const file = fixture(
    'unmarked.test.mjs',
    `test('starts a server with an environment of its own', () => {
  const server = spawn('sleep', ['304'], { detached: true, stdio: 'inherit', env: {} });
  server.unref();
  writeFileSync(${JSON.stringify(pids)}, String(server.pid));
});`,
  );
  const result = await runFile(file, { ...options, fileLimitMs: 1500 });
  const server = Number(readFileSync(pids, 'utf8'));
  try {
    assert.equal(result.code, 1, 'its runner waited for the pipe until the limit');
    assert.match(result.stopped ?? '', /killed after 1\.5 s/);
    assert.ok(result.ms < 30_000, `${result.ms} ms`);
    assert.match(result.output, /starts a server with an environment of its own/);
  } finally {
    process.kill(server, 'SIGKILL');
  }
});

test('a failing test makes the file fail and is counted', async () => {
  const file = fixture('fails.test.mjs', `test('one', () => {});\ntest('two', () => { throw new Error('planted'); });`);
  const result = await runFile(file, options);
  assert.equal(result.code, 1);
  assert.deepEqual(result.counts, { tests: 2, pass: 1, fail: 1, cancelled: 0 });
  assert.match(result.output, /planted/);
});

test('files not started when the budget is spent are listed', async () => {
  const slow = fixture('slow.test.mjs', `test('slow', () => new Promise((resolve) => setTimeout(resolve, 30_000)));`);
  const quick = fixture('quick.test.mjs', `test('quick', () => {});`);
  const seen: string[] = [];
  const { results, notStarted } = await runFiles([slow, quick], { ...options, concurrency: 1, budgetMs: 1000 }, (r) => seen.push(r.file));
  assert.deepEqual(seen, [slow]);
  assert.equal(results[0].code, 1);
  assert.match(results[0].stopped ?? '', /budget of 1 s/);
  assert.deepEqual(notStarted, [quick]);
});

test("parseCounts reads the spec reporter's last totals", () => {
  assert.deepEqual(parseCounts('ℹ tests 3\nℹ pass 2\nℹ fail 1\nℹ cancelled 0\n'), { tests: 3, pass: 2, fail: 1, cancelled: 0 });
  assert.deepEqual(parseCounts('✔ a\n'), { tests: 0, pass: 0, fail: 0, cancelled: 0 });
});

test('a file whose tests all pass but whose process ends badly fails, and says how it ended', async () => {
  const exitCode = fixture('exit-code.test.mjs', `test('one', () => {});\nafter(() => { process.exitCode = 3; });`);
  const byCode = await runFile(exitCode, options);
  assert.equal(byCode.code, 1);
  assert.deepEqual(byCode.counts, { tests: 2, pass: 1, fail: 1, cancelled: 0 });
  assert.match(byCode.output, /the file's process ended with exit code 3, signal none/);
  const killed = fixture('killed.test.mjs', `test('one', () => {});\nafter(() => { process.kill(process.pid, 'SIGKILL'); });`);
  assert.match((await runFile(killed, options)).output, /the file's process ended with exit code none, signal SIGKILL/);
  // A file that passes says nothing of the kind.
  const fine = fixture('fine.test.mjs', `test('one', () => {});`);
  const ok = await runFile(fine, options);
  assert.equal(ok.code, 0);
  assert.doesNotMatch(ok.output, /ended with/);
});

test('a file that failed only as a whole runs once more; a file with a failing test does not', async () => {
  const state = path.join(dir, 'runs.txt');
  writeFileSync(state, '');
  // Its first process ends with a bad exit code after its test passed; the second ends well.
  const once = fixture(
    'bad-once.test.mjs',
    `import { appendFileSync, readFileSync } from 'node:fs';\ntest('one', () => {});\nafter(() => { appendFileSync(${JSON.stringify(state)}, 'x'); if (readFileSync(${JSON.stringify(state)}, 'utf8').length === 1) process.exitCode = 1; });`,
  );
  const { results } = await runFiles([once], { ...options, concurrency: 1, budgetMs: 60_000 }, () => {});
  assert.equal(results[0].code, 0);
  assert.equal(results[0].firstRun?.code, 1);
  assert.match(results[0].firstRun?.output ?? '', /exit code 1/);
  assert.equal(readFileSync(state, 'utf8'), 'xx');
  const failing = fixture('fails-once.test.mjs', `test('one', () => { throw new Error('planted'); });`);
  const again = await runFiles([failing], { ...options, concurrency: 1, budgetMs: 60_000 }, () => {});
  assert.equal(again.results[0].code, 1);
  assert.equal(again.results[0].firstRun, undefined);
});
