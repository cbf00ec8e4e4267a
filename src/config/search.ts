/**
 * Options of @cmfcmf/docusaurus-search-local. Its build step writes one
 * `search-index-{tag}.json` per docs version tag; src/search reads those files.
 * Values are the specification's (section 9).
 */
export const search = {
  indexDocs: true,
  indexBlog: false,
  indexPages: false,
  indexDocSidebarParentCategories: 0,
  language: 'en',
  maxSearchResults: 8,
  lunr: {
    b: 0.75,
    k1: 1.2,
    titleBoost: 5,
    contentBoost: 1,
    tagsBoost: 3,
    parentCategoriesBoost: 2,
  },
} as const;
