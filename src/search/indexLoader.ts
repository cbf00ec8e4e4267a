/**
 * Loads `search-index-{tag}.json` files: once per tag, on first need, cached for the life of
 * the page. Concurrent callers share one request. A failed request, a non-OK answer or a body
 * that is not a valid index counts as an empty index, silently (spec sections 4, 7 and 8).
 * In the preview (`explain: true`) such an index also says why it is missing (`unavailable`), so
 * the panel can tell a missing index from one without results.
 */
import lunr from 'lunr';
import { CompactSearchIndex, isCompactIndex, type QueryableIndex } from './compactIndex';
import { EMPTY_INDEX, type LoadedIndex, type SearchDocument } from './types';

export type Fetcher = (url: string) => Promise<{ ok: boolean; status?: number; json(): Promise<unknown> }>;

/** The URL of a tag's index file: `{baseUrl}search-index-{tag}.json`. */
export function indexUrl(baseUrl: string, tag: string): string {
  return `${baseUrl}search-index-${encodeURIComponent(tag)}.json`;
}

function isDocument(value: unknown): value is SearchDocument {
  if (typeof value !== 'object' || value === null) return false;
  const doc = value as Record<string, unknown>;
  return (
    (typeof doc.id === 'number' || typeof doc.id === 'string') &&
    typeof doc.sectionRoute === 'string' &&
    typeof doc.sectionTitle === 'string' &&
    typeof doc.pageTitle === 'string'
  );
}

/** Turns a parsed JSON body into an index; anything unexpected gives the empty index. */
export function toLoadedIndex(json: unknown): LoadedIndex {
  if (typeof json !== 'object' || json === null) return EMPTY_INDEX;
  const { documents, index } = json as { documents?: unknown; index?: unknown };
  if (!Array.isArray(documents) || typeof index !== 'object' || index === null) return EMPTY_INDEX;
  if (!documents.every(isDocument)) return EMPTY_INDEX;
  // Snippet text and place are optional (older files lack them) but never of another type.
  for (const document of documents as SearchDocument[]) {
    if (document.text !== undefined && typeof document.text !== 'string') delete document.text;
    if (document.path !== undefined && !(Array.isArray(document.path) && document.path.every((part) => typeof part === 'string'))) {
      delete document.path;
    }
  }
  try {
    return {
      documents,
      index: isCompactIndex(index) ? new CompactSearchIndex(index) : (lunr.Index.load(index as object) as unknown as QueryableIndex),
    };
  } catch {
    return EMPTY_INDEX;
  }
}

export interface IndexLoader {
  /** The index of one tag; never rejects. */
  load(tag: string): Promise<LoadedIndex>;
}

/** The message of an error answer from the preview's index server (`{ "error": "..." }`). */
function errorMessage(json: unknown): string | undefined {
  const error = (json as { error?: unknown } | null)?.error;
  return typeof error === 'string' ? error.slice(0, 300) : undefined;
}

export function createIndexLoader(baseUrl: string, fetcher: Fetcher, { explain = false } = {}): IndexLoader {
  const cache = new Map<string, Promise<LoadedIndex>>();
  const missing = (reason: string): LoadedIndex => (explain ? { ...EMPTY_INDEX, unavailable: reason } : EMPTY_INDEX);
  async function fetchIndex(tag: string): Promise<LoadedIndex> {
    const url = indexUrl(baseUrl, tag);
    try {
      const response = await fetcher(url);
      if (!response.ok) {
        const detail = explain ? errorMessage(await response.json().catch(() => null)) : undefined;
        return missing(detail ?? `${url} answered ${response.status ?? 'an error'}`);
      }
      let json: unknown;
      try {
        json = await response.json();
      } catch {
        return missing(`${url} did not answer JSON`);
      }
      const loaded = toLoadedIndex(json);
      return loaded === EMPTY_INDEX ? missing(`${url} did not answer a search index`) : loaded;
    } catch {
      return missing(`${url} could not be fetched`);
    }
  }
  return {
    load(tag) {
      let pending = cache.get(tag);
      if (!pending) {
        pending = fetchIndex(tag);
        cache.set(tag, pending);
      }
      return pending;
    },
  };
}

/**
 * The tags whose index files exist. The plugin writes an index per Docusaurus tag of the
 * pages it indexes: `docs-*` for docs, `blog-*` for the blog, `default` for other pages.
 * Asking for the others would only produce 404s.
 */
export function indexedTags(tags: readonly string[], sources: { indexDocs: boolean; indexBlog: boolean; indexPages: boolean }): string[] {
  // Array.from, not spread: the site's Babel preset compiles spread of a Set loosely.
  return Array.from(new Set(tags)).filter(
    (tag) =>
      (sources.indexDocs && tag.startsWith('docs-')) ||
      (sources.indexBlog && tag.startsWith('blog-')) ||
      (sources.indexPages && tag === 'default'),
  );
}
