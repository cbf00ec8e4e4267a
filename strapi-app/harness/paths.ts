/**
 * Where things are: the test application, the repository around it, and the page a claims file
 * backs. A claims file's path mirrors its page's: `claims/api/EventHub.test.ts` backs
 * `docs/api/EventHub.md`, `claims/docs/core/database/transactions.test.ts` backs
 * `docs/docs/core/database/transactions.md`.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

/** The Strapi application's folder (`strapi-app/`). */
export const APP_DIR = path.resolve(__dirname, '..');
/** The documentation repository's root. */
export const REPO_ROOT = path.resolve(APP_DIR, '..');
export const CLAIMS_DIR = path.join(APP_DIR, 'claims');
/** Per-run state: databases, results, archives (git-ignored). */
export const STATE_DIR = path.join(REPO_ROOT, '.cache', 'strapi-claims');

/** `claims/api/EventHub.test.ts` → `api/EventHub`. */
export function pageKeyOfClaimsFile(file: string): string {
  const rel = path.relative(CLAIMS_DIR, path.resolve(file)).split(path.sep).join('/');
  if (rel.startsWith('..') || !rel.endsWith('.test.ts')) throw new Error(`${file} is not a claims file under ${CLAIMS_DIR}`);
  return rel.slice(0, -'.test.ts'.length);
}

/** `api/EventHub` → `docs/api/EventHub.md` (or `.mdx`), relative to the repository root. */
export function docFileOfPageKey(key: string): string {
  for (const ext of ['.md', '.mdx']) {
    const rel = `docs/${key}${ext}`;
    if (existsSync(path.join(REPO_ROOT, rel))) return rel;
  }
  throw new Error(`no page docs/${key}.md for claims file claims/${key}.test.ts`);
}

/** The claims file that called into the harness, read from the call stack. */
export function callerClaimsFile(): string {
  const stack = new Error().stack ?? '';
  for (const line of stack.split('\n')) {
    const m = /\(?((?:file:\/\/)?\/[^():]+\.test\.ts):\d+:\d+\)?$/.exec(line.trim());
    if (m) {
      const file = m[1].replace(/^file:\/\//, '');
      if (file.startsWith(CLAIMS_DIR + path.sep)) return file;
    }
  }
  throw new Error('claim() and defect() must be called from a claims file under strapi-app/claims/');
}
