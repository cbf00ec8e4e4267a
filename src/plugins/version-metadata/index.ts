/**
 * Trims the docs plugin's version metadata, the JSON chunk every doc page loads (its sidebars and
 * a `docs` map with each doc's id, title, description and sidebar).
 *
 * Why: the descriptions of all ~240 docs are 9.3 KB of the 14.6 KB gzip of that chunk, about a
 * twelfth of a doc page's first-view JavaScript, and in the classic theme 3.1.1 only `DocCard`
 * reads them (through `useDocById`, for category index pages and `<DocCardList>`), which no page
 * of this site uses (a generated index or a DocCardList would show cards without their text).
 * The descriptions stay where pages use them: each page's own metadata, meta tags and the search
 * index. Measured: docs-dev/performance.md.
 *
 * How: a webpack loader (./loader.js) on the metadata JSON files the docs plugin writes to
 * `.docusaurus/docusaurus-plugin-content-docs/<id>/version-<name>-metadata-prop-<hash>.json`,
 * in the server and the client compilations alike (the same data on both sides).
 *
 * Upgrade risk: the file name and the `docs` map are the docs plugin's (3.1.1); the loader throws
 * if the file is no longer a version metadata object, so an upgrade that changes it fails the build
 * instead of shipping something else. Remove this plugin before using DocCard or a generated index.
 */
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';

/** The docs plugin's version metadata files, by the name it gives them (docuHash of `version-<name>-metadata-prop`). */
export const VERSION_METADATA_FILE = /[\\/]docusaurus-plugin-content-docs[\\/][^\\/]+[\\/]version-[^\\/]+-metadata-prop-[0-9a-f]+\.json$/;

export default function versionMetadataPlugin(): Plugin {
  return {
    name: 'version-metadata',
    configureWebpack() {
      return {
        module: { rules: [{ test: VERSION_METADATA_FILE, use: [path.join(__dirname, 'loader.js')] }] },
      };
    },
  };
}
