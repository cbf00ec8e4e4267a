/**
 * Helpers for the behaviour specs (loading, errors, state): find a route's chunk in the build,
 * and account for console messages a test provokes on purpose.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { ROUTES } from '../scripts/docs';

export const BUILD_DIR = path.resolve(__dirname, '..', process.env.BUILD_DIR ?? 'build');

/** Two pages of the guides sidebar: A links to B in its sidebar. */
export const PAGE_A = ROUTES.find((route) => route.route === '/guides/contributing')!;
export const PAGE_B = ROUTES.find((route) => route.route === '/guides/code-of-conduct')!;

/**
 * The URL path of the webpack chunk holding a doc's compiled MDX module: the only chunk that
 * has both the MDX exports (`contentTitle`) and the doc's own `source` in its metadata.
 */
export function contentChunkOf(file: string): string {
  const dir = path.join(BUILD_DIR, 'assets', 'js');
  const matches = readdirSync(dir).filter((name) => {
    if (!name.endsWith('.js')) return false;
    const text = readFileSync(path.join(dir, name), 'utf8');
    return text.includes('contentTitle:()=>') && text.includes(`source:"@site/${file}"`);
  });
  if (matches.length !== 1) throw new Error(`expected one content chunk for ${file}, found ${matches.length}`);
  return `/assets/js/${matches[0]}`;
}

/**
 * Asserts that each expected console message was logged (the behaviour under test logs it) and
 * removes it from the fixture's list of console problems, so only unexpected messages fail.
 */
export function expectConsole(problems: string[], patterns: RegExp[]): void {
  for (const pattern of patterns) {
    expect(
      problems.some((text) => pattern.test(text)),
      `console message ${pattern}`,
    ).toBe(true);
  }
  const unexpected = problems.filter((text) => !patterns.some((pattern) => pattern.test(text)));
  problems.splice(0, problems.length, ...unexpected);
}

/** Drops console messages matching the patterns without requiring them (e.g. network noise). */
export function ignoreConsole(problems: string[], patterns: RegExp[]): void {
  const kept = problems.filter((text) => !patterns.some((pattern) => pattern.test(text)));
  problems.splice(0, problems.length, ...kept);
}
