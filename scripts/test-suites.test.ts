/**
 * Every test file runs in a suite: each `*.test.ts` found on disk is named by a test script of
 * package.json (test:unit, test:sources, test:build) or by scripts/nginx-test.sh, and every file or
 * pattern those scripts name matches a file. A test file dropped from its script, which would then
 * never run, fails here. The claims files under strapi-app/claims/ are run by test:strapi, which reads
 * the whole folder (scripts/test-strapi.ts).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
/** Folders holding no test file of a suite: installs, caches, build output, and the claims files of test:strapi. */
const SKIPPED = new Set(['node_modules', 'build', 'test-results', 'playwright-report', 'strapi-app/claims']);

function testFiles(dir = ''): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return SKIPPED.has(entry.name) || SKIPPED.has(file) || entry.name.startsWith('.') ? [] : testFiles(file);
    return entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

/** A shell pattern of the scripts (`*` within one folder) as a regular expression. */
function pattern(glob: string): RegExp {
  return new RegExp(`^${glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}$`);
}

const scripts = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
const named = [
  ...['test:unit', 'test:sources', 'test:build'].flatMap((name) => scripts[name].split(/\s+/).map((word) => ({ suite: name, word }))),
  // The commands of scripts/nginx-test.sh, not its comments.
  ...readFileSync(path.join(ROOT, 'scripts/nginx-test.sh'), 'utf8')
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('#'))
    .flatMap((line) => line.split(/\s+/))
    .map((word) => ({ suite: 'scripts/nginx-test.sh', word })),
].filter(({ word }) => word.endsWith('.test.ts'));

test('every test file of the repository is run by a suite', () => {
  const files = testFiles();
  assert.ok(files.includes('scripts/csp.test.ts') && files.includes('src/search/ranking.test.ts'), 'test files are found');
  assert.deepEqual(
    files.filter((file) => !named.some(({ word }) => pattern(word).test(file))),
    [],
  );
});

test('every test file or pattern a suite names matches a file', () => {
  const files = testFiles();
  assert.deepEqual(
    named.filter(({ word }) => !files.some((file) => pattern(word).test(file))).map(({ suite, word }) => `${suite}: ${word}`),
    [],
  );
});
