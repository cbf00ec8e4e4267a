/**
 * Shapes shared by the search modules. The index files are written at build time by
 * @cmfcmf/docusaurus-search-local (one `search-index-{tag}.json` per docs version tag).
 */
import type lunr from 'lunr';

/** A document of an index file: one section of a page (spec section 3, "Search document"). */
export interface SearchDocument {
  id: number;
  pageTitle: string;
  sectionTitle: string;
  sectionRoute: string;
  type: 'docs' | 'blog' | 'page';
}

/** An index file as loaded: its documents and the deserialized lunr index. */
export interface LoadedIndex {
  documents: SearchDocument[];
  /** `null` for an empty index (missing, failed or malformed file). */
  index: lunr.Index | null;
}

/** Spec section 3, "Search settings"; values live in src/config/search.ts. */
export interface SearchSettings {
  titleBoost: number;
  contentBoost: number;
  tagsBoost: number;
  parentCategoriesBoost: number;
  indexDocSidebarParentCategories: number;
  maxSearchResults: number;
}

/** Spec section 3, "Search result". */
export interface SearchResult {
  document: SearchDocument;
  score: number;
  /** The words to highlight on the target page. */
  terms: string[];
}

export const EMPTY_INDEX: LoadedIndex = Object.freeze({ documents: [], index: null }) as LoadedIndex;
