import type { SearchSettings } from '../search/types';

/**
 * Word separators of the index: whitespace, hyphens and code punctuation, so that
 * `strapi.db.query('api::article.article')` gives the words strapi, db, query, api, article
 * (searchable, and about half the distinct terms of splitting on spaces only).
 */
export const TOKEN_SEPARATOR = /[\s\-.,;:!?'"`()[\]{}<>/\\|=+*&%$#@^~]+/;

/** The same separators for a query's terms, minus `*`, which is the query's wildcard. */
export const QUERY_TERM_SEPARATOR = /[\s\-.,;:!?'"`()[\]{}<>/\\|=+&%$#@^~]+/;

/**
 * Search options. src/plugins/search-index writes one `search-index-{tag}.json` per docs version
 * tag with these settings; src/search reads those files. Values are the specification's
 * (section 9), except `indexDocSidebarParentCategories` (see INDEX_FIELDS).
 */
export const search = {
  indexDocs: true,
  indexBlog: false,
  indexPages: false,
  /**
   * How many levels of the sidebar path are indexed: all of them. The spec's default is 0 (none);
   * every page shares section titles such as "Pitfalls", so the path and the page title are what
   * tell those sections apart (docs-dev/search.md, "The index files").
   */
  indexDocSidebarParentCategories: 10,
  language: 'en',
  maxSearchResults: 8,
  lunr: {
    tokenizerSeparator: TOKEN_SEPARATOR,
    b: 0.75,
    k1: 1.2,
    titleBoost: 5,
    contentBoost: 1,
    tagsBoost: 3,
    parentCategoriesBoost: 2,
  },
} as const;

/**
 * The most characters of a section's text an index file keeps for its snippet (src/search/indexBuilder.ts).
 * Three sections in a hundred are longer; a match past the limit shows the start of the section.
 * Together with leaving code blocks out of the snippet text, this keeps the index file within its
 * 400 KB gzip budget (docs-dev/search.md, "Figures").
 */
export const SNIPPET_TEXT_LIMIT = 1800;

/** The ranking settings the search box, its tests and its benchmark use, read from the options above. */
export const SEARCH_SETTINGS: SearchSettings = {
  titleBoost: search.lunr.titleBoost,
  contentBoost: search.lunr.contentBoost,
  tagsBoost: search.lunr.tagsBoost,
  parentCategoriesBoost: search.lunr.parentCategoriesBoost,
  indexDocSidebarParentCategories: search.indexDocSidebarParentCategories,
  maxSearchResults: search.maxSearchResults,
};

/**
 * The index's fields and their weights, applied when the index is built (src/search/indexBuilder.ts),
 * where lunr lets them change the score. `sidebarParentCategories` holds the page's sidebar path and
 * its title.
 */
export const INDEX_FIELDS: readonly (readonly ['title' | 'content' | 'tags' | 'sidebarParentCategories', number])[] = [
  ['title', search.lunr.titleBoost],
  ['content', search.lunr.contentBoost],
  ['tags', search.lunr.tagsBoost],
  ['sidebarParentCategories', search.lunr.parentCategoriesBoost],
];
