/**
 * No retry turns a failure into a pass: both Playwright configurations run each test once, and a
 * test that passed only on a retry (asked for with --retries) fails the run. Read from the
 * configurations themselves, with and without CI set.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { test } from 'node:test';

const ROOT = path.resolve(__dirname, '..');

/** The configuration as Playwright would load it, in a process of its own (CI set or not). */
function loadConfig(file: string, ci: boolean): { retries?: number; failOnFlakyTests?: boolean } {
  const script = `import(${JSON.stringify(path.join(ROOT, file))}).then((m) => { const c = m.default.default ?? m.default; process.stdout.write(JSON.stringify({ retries: c.retries, failOnFlakyTests: c.failOnFlakyTests })); });`;
  const env: NodeJS.ProcessEnv = { ...process.env, CI: ci ? '1' : undefined };
  return JSON.parse(execFileSync(process.execPath, ['--import', 'tsx', '-e', script], { cwd: ROOT, env, encoding: 'utf8' }));
}

for (const file of ['playwright.config.ts', 'playwright.preview.config.ts'])
  for (const ci of [true, false])
    test(`${file}${ci ? ' with CI set' : ''}: no retries, and a test that passes on a retry fails the run`, () => {
      assert.deepEqual(loadConfig(file, ci), { retries: 0, failOnFlakyTests: true });
    });
