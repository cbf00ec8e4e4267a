/**
 * The version-metadata loader (./loader.js): drops each doc's description and nothing else, on
 * the files the docs plugin writes (by their name), and refuses JSON of another shape.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { docuHash } from '@docusaurus/utils';
import { VERSION_METADATA_FILE } from './index';
// The loader is CommonJS, as webpack requires it.
const { trimVersionMetadata } = require('./loader.js') as { trimVersionMetadata: (source: string) => string };

const sample = {
  pluginId: 'default',
  version: 'current',
  docsSidebars: { guides: [{ type: 'link', label: 'Intro', href: '/intro', docId: 'intro', unlisted: false }] },
  docs: {
    intro: { id: 'intro', title: 'Intro', description: 'What this site is.', sidebar: 'guides' },
    other: { id: 'other', title: 'Other', description: 'Another page.' },
  },
};

test('drops every description and keeps the rest as it was', () => {
  const trimmed = JSON.parse(trimVersionMetadata(JSON.stringify(sample, null, 2)));
  assert.deepEqual(trimmed, {
    ...sample,
    docs: { intro: { id: 'intro', title: 'Intro', sidebar: 'guides' }, other: { id: 'other', title: 'Other' } },
  });
});

test('refuses JSON that is not a version metadata object', () => {
  for (const source of ['[]', 'null', '{"docs":{}}', '{"docsSidebars":{}}']) {
    assert.throws(() => trimVersionMetadata(source), /not a docs version metadata file/, source);
  }
  assert.throws(() => trimVersionMetadata('{'), SyntaxError);
});

test('the file name pattern matches the names the docs plugin gives version metadata, and only those', () => {
  // The docs plugin names the file docuHash(`version-${versionName}-metadata-prop`) + '.json' (routes.js, 3.1.1).
  const folder = path.join('/site/.docusaurus/docusaurus-plugin-content-docs', 'default');
  for (const version of ['current', '5.54.0']) {
    assert.match(path.join(folder, `${docuHash(`version-${version}-metadata-prop`)}.json`), VERSION_METADATA_FILE);
  }
  for (const other of ['tags-list-current-prop', 'tag-/tags/content-manager', 'category/guides-sidebar-category-type-system']) {
    assert.doesNotMatch(path.join(folder, `${docuHash(other)}.json`), VERSION_METADATA_FILE, other);
  }
  assert.doesNotMatch('/site/docs/version-current-metadata-prop-751.json', VERSION_METADATA_FILE);
});

test('the plugin applies the loader, by its absolute path, to the version metadata files only', async () => {
  const { default: versionMetadataPlugin } = await import('./index');
  const { existsSync } = await import('node:fs');
  const plugin = versionMetadataPlugin();
  assert.equal(plugin.name, 'version-metadata');
  const config = (plugin.configureWebpack as () => { module: { rules: Array<{ test: RegExp; use: string[] }> } })();
  assert.equal(config.module.rules.length, 1);
  const [rule] = config.module.rules;
  assert.equal(rule.test, VERSION_METADATA_FILE);
  assert.deepEqual(rule.use, [path.join(__dirname, 'loader.js')]);
  assert.ok(existsSync(rule.use[0]), 'the loader file exists where the rule points');
});
