import type { SearchSettings } from '../search/types';

/**
 * Options of @cmfcmf/docusaurus-search-local. Its build step writes one
 * `search-index-{tag}.json` per docs version tag; src/search reads those files.
 * Values are the specification's (section 9).
 */
/**
 * Word separators of the index: whitespace, hyphens and code punctuation, so that
 * `strapi.db.query('api::article.article')` gives the words strapi, db, query, api, article
 * (searchable, and about half the distinct terms of splitting on spaces only).
 */
export const TOKEN_SEPARATOR = /[\s\-.,;:!?'"`()[\]{}<>/\\|=+*&%$#@^~]+/;

/** The same separators for a query's terms, minus `*`, which is the query's wildcard. */
export const QUERY_TERM_SEPARATOR = /[\s\-.,;:!?'"`()[\]{}<>/\\|=+&%$#@^~]+/;

export const search = {
  indexDocs: true,
  indexBlog: false,
  indexPages: false,
  indexDocSidebarParentCategories: 0,
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

/** The ranking settings the search box, its tests and its benchmark use, read from the options above. */
export const SEARCH_SETTINGS: SearchSettings = {
  titleBoost: search.lunr.titleBoost,
  contentBoost: search.lunr.contentBoost,
  tagsBoost: search.lunr.tagsBoost,
  parentCategoriesBoost: search.lunr.parentCategoriesBoost,
  indexDocSidebarParentCategories: search.indexDocSidebarParentCategories,
  maxSearchResults: search.maxSearchResults,
};
