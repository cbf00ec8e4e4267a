/**
 * The docs reader shared by the lint and the tests (./docs.ts): frontmatter and body, where the
 * body starts, the route Docusaurus gives a doc, and the tag permalink it builds from a label.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseDoc, routeOfDoc, tagSlug } from './docs';

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
