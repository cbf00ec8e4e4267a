/**
 * The docs reader shared by the lint and the tests (./docs.ts): frontmatter and body, where the
 * body starts, the route Docusaurus gives a doc, and the tag permalink it builds from a label.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, parseDoc, readDocs, routeOfDoc, tagSlug } from './docs';

// Inside the repository (its ignored .cache/), as docs/ is, so that file names are relative to it.
mkdirSync(path.join(ROOT, '.cache'), { recursive: true });
const TREE = mkdtempSync(path.join(ROOT, '.cache', 'docs-test-'));
after(() => rmSync(TREE, { recursive: true, force: true }));

test('every .md and .mdx doc, in path order; _ files and folders and other files are left out', () => {
  const files = ['b.md', 'a/z.mdx', 'a/y.md', '_partial.md', '_parts/x.md', 'a/_hidden.md', 'notes.txt', 'img.md.png'];
  for (const file of files) {
    mkdirSync(path.dirname(path.join(TREE, file)), { recursive: true });
    writeFileSync(path.join(TREE, file), `---\ntitle: ${file}\n---\nBody.\n`);
  }
  const docs = readDocs(TREE);
  const base = path.relative(ROOT, TREE);
  assert.deepEqual(
    docs.map((doc) => doc.file),
    [`${base}/a/y.md`, `${base}/a/z.mdx`, `${base}/b.md`],
  );
  assert.deepEqual(docs[0], { file: `${base}/a/y.md`, data: { title: 'a/y.md' }, body: 'Body.\n', offset: 3 });
});

test('a doc: its frontmatter, its body, and the number of file lines before the body', () => {
  const doc = parseDoc('docs/api/Cron.md', '---\ntitle: Cron\ntags:\n  - a\n---\n\nBody.\n');
  assert.deepEqual(doc, { file: 'docs/api/Cron.md', data: { title: 'Cron', tags: ['a'] }, body: '\nBody.\n', offset: 5 });
  assert.deepEqual(parseDoc('docs/a.md', 'Body only.'), { file: 'docs/a.md', data: {}, body: 'Body only.', offset: 0 });
  assert.equal(parseDoc('docs/a.md', '---\r\ntitle: A\r\n---\r\nBody').offset, 3);
});

test('the route: the slug when set, else the path without extension; index and a file named like its folder stand for the folder', () => {
  const route = (file: string, data: Record<string, unknown> = {}) => routeOfDoc({ file, data, body: '', offset: 0 });
  assert.equal(route('docs/api/Cron.md'), '/api/Cron');
  assert.equal(route('docs/api/Cron.md', { slug: '/cron' }), '/cron');
  assert.equal(route('docs/guides/type-system/index.md'), '/guides/type-system');
  assert.equal(route('docs/guides/Type-System/type-system.mdx'), '/guides/Type-System');
  assert.equal(route('docs/index.mdx'), '/');
  assert.equal(route('docs/intro.md'), '/intro', 'a page at the top has no folder');
  assert.equal(route('docs/a/b/c.md'), '/a/b/c');
  assert.equal(route('docs/api/Cron.md', { slug: 7 }), '/api/Cron', 'a slug that is not a string is ignored');
});

test('tag permalinks as Docusaurus 3.1.1 builds them (lodash kebabCase)', () => {
  assert.equal(tagSlug('content-manager'), 'content-manager');
  assert.equal(tagSlug('RBAC'), 'rbac');
  assert.equal(tagSlug('tech design'), 'tech-design');
  assert.equal(tagSlug('e2e'), 'e-2-e');
  assert.equal(tagSlug('reviewWorkflows'), 'review-workflows');
  assert.equal(tagSlug('v5Beta'), 'v-5-beta');
  assert.equal(tagSlug('  Mixed__Case  label!'), 'mixed-case-label');
});
