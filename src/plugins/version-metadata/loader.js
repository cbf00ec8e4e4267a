/**
 * Webpack loader for the docs plugin's version metadata (`version-<name>-metadata-prop-<hash>.json`,
 * loaded by every doc page): drops `description` from each entry of its `docs` map.
 * See ./index.ts for why. Pure function `trimVersionMetadata` exported for the unit test.
 */
'use strict';

/**
 * @param {string} source the JSON text written by @docusaurus/plugin-content-docs
 * @returns {string} the same JSON without `docs[*].description`
 */
function trimVersionMetadata(source) {
  const metadata = JSON.parse(source);
  if (!metadata || typeof metadata.docs !== 'object' || metadata.docs === null || !metadata.docsSidebars) {
    throw new Error('version-metadata loader: not a docs version metadata file (no docs or docsSidebars)');
  }
  for (const doc of Object.values(metadata.docs)) delete doc.description;
  return JSON.stringify(metadata);
}

module.exports = function versionMetadataLoader(source) {
  return trimVersionMetadata(source);
};
module.exports.trimVersionMetadata = trimVersionMetadata;
