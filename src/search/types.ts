/**
 * Shapes shared by the search modules. The index files are written at build time by
 * src/plugins/search-index (one `search-index-{tag}.json` per docs version tag), through
 * src/search/indexBuilder.ts.
 */
import type { QueryableIndex } from './compactIndex';

/** A document of an index file: one section of a page (spec section 3, "Search document"). */
export interface SearchDocument {
  id: number;
  pageTitle: string;
  sectionTitle: string;
  sectionRoute: string;
  type: 'docs' | 'blog' | 'page';
  /** Where the page sits: sidebar label, category labels, page label. Absent in older files. */
  path?: string[];
  /** The section's plain text, for the result's snippet. Absent in older files. */
  text?: string;
}

/** An index file as loaded: its documents and the deserialized lunr index. */
export interface LoadedIndex {
  documents: SearchDocument[];
  /** `null` for an empty index (missing, failed or malformed file). */
  index: QueryableIndex | null;
  /**
   * Why the index is missing, when the loader was asked to tell (the preview): a failed request,
   * an answer that is not an index (the app's HTML), or the preview's own error message.
   */
  unavailable?: string;
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
  /** The index terms (stemmed) the query matched in this document, for the snippet. */
  matched?: string[];
}

export const EMPTY_INDEX: LoadedIndex = Object.freeze({ documents: [], index: null }) as LoadedIndex;
