/**
 * Temporary folders for a test file, removed when its tests end. Import it from test files only: the
 * import registers that removal as an `after` hook of node:test.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after } from 'node:test';

const made: string[] = [];

after(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A new folder in the OS temp folder (`<prefix>XXXXXX`), removed after the file's tests. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}
