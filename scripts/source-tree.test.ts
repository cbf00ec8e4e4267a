/**
 * TreeReader on the rebuilt 5.54.0 tree (.cache/strapi-source, `npm run strapi-source`): what exists,
 * the text of a file, a folder, a type-only file and a file known only from its package's code.
 */
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { TreeReader } from './sources/tree';
import { CACHE_DIR, treeDir } from './strapi-source';

const tree = { repo: 'strapi/strapi', version: '5.54.0' };
const reader = new TreeReader(tree);
const onDisk = (path: string) => readFileSync(join(treeDir(tree), path), 'utf8');
const STRAPI = 'packages/core/core/src/Strapi.ts';

test('a tree that was not rebuilt is refused with the command that rebuilds it', () => {
  assert.throws(
    () => new TreeReader({ repo: 'strapi/strapi', version: '0.0.1' }),
    (e: Error) =>
      e.message.startsWith('No rebuilt source for strapi/strapi@v0.0.1 in ') &&
      e.message.endsWith(': run `npm run strapi-source` (STRAPI_VERSION=0.0.1 for another release)'),
  );
  assert.throws(
    () => new TreeReader({ repo: 'strapi/other', version: '0.0.1' }),
    (e: Error) => e.message.endsWith(': run `npm run strapi-source`'),
  );
});

test('files and folders of the manifest, with or without a trailing slash, and nothing else', () => {
  assert.equal(reader.isFile(STRAPI), true);
  assert.equal(reader.isDir(STRAPI), false);
  assert.equal(reader.has(STRAPI), true);
  for (const dir of ['packages', 'packages/core/core', 'packages/core/core/src', 'packages/core/core/src/']) {
    assert.equal(reader.isDir(dir), true, dir);
    assert.equal(reader.isFile(dir), false, dir);
    assert.equal(reader.has(dir), true, dir);
  }
  for (const missing of ['packages/core/core/src/Nope.ts', 'packages/core/cor', 'packages/core/core/src/Strapi']) {
    assert.equal(reader.has(missing), false, missing);
    assert.equal(reader.read(missing), '', missing);
    assert.equal(reader.source(missing), null, missing);
  }
  assert.deepEqual(reader.files(), Object.keys(reader.manifest.files));
  assert.ok(reader.files().includes(STRAPI));
});

test('a file with content reads as it is on disk, and its source gives its lines', () => {
  assert.equal(reader.read(STRAPI), onDisk(STRAPI));
  assert.equal(reader.read(STRAPI), reader.read(STRAPI));
  const source = reader.source(STRAPI)!;
  assert.equal(source.path, STRAPI);
  assert.equal(source.text, onDisk(STRAPI));
  assert.equal(reader.source(STRAPI), source, 'kept once read');
});

test('a folder reads as its files joined, and only those under it (not a sibling sharing its prefix)', () => {
  const dir = 'packages/core/admin/ee/server/src/services/passport';
  const under = reader.files().filter((f) => f.startsWith(`${dir}/`));
  assert.ok(under.length >= 2);
  const text = reader.read(dir);
  assert.equal(text, under.map((f) => reader.read(f)).join('\n'));
  assert.equal(reader.read(`${dir}/`), text);
  assert.equal(reader.source(dir), null);
  const sibling = `${dir}.ts`;
  assert.equal(reader.isFile(sibling), true);
  assert.ok(!text.includes(reader.read(sibling)), 'passport.ts beside the folder is not part of it');
});

test('a type-only file reads as its declaration; its lines are unknown', () => {
  const [path, entry] = Object.entries(reader.manifest.files).find(([, e]) => !e.content && e.declaration)!;
  const pkgDir = join(CACHE_DIR, 'packages', `${entry.package.replace('/', '__')}@5.54.0`);
  assert.equal(reader.read(path), readFileSync(join(pkgDir, entry.declaration!), 'utf8'));
  assert.equal(reader.source(path), null);
});

test("a file known from neither content nor declaration reads as its package's whole compiled code", () => {
  const path = 'packages/core/core/src/ai.ts';
  const entry = reader.manifest.files[path];
  assert.deepEqual(entry, { package: '@strapi/core', content: false });
  const dist = join(CACHE_DIR, 'packages', '@strapi__core@5.54.0', 'dist');
  const walk = (d: string): string[] =>
    readdirSync(d).flatMap((e) => (statSync(join(d, e)).isDirectory() ? walk(join(d, e)) : [join(d, e)]));
  const code = walk(dist).filter((f) => /\.(js|mjs|d\.ts)$/.test(f));
  const text = reader.read(path);
  assert.equal(text, code.map((f) => readFileSync(f, 'utf8')).join('\n'));
  assert.ok(!walk(dist).some((f) => f.endsWith('.map') && text.includes(readFileSync(f, 'utf8').slice(0, 200))), 'no source map');
  assert.equal(reader.read('packages/core/core/src/mcp.ts'), text, "the same package's other such file reads the same");
  assert.equal(reader.source(path), null);
});
