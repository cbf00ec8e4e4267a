/**
 * Recent searches: the results the reader chose, newest first, at most `MAX_RECENT`, kept in
 * local storage under `RECENT_STORAGE_KEY`. Reading tolerates anything in storage (not JSON, not
 * a list, wrong fields, an off-site or `javascript:` URL): what is not a valid entry is dropped.
 */

export const RECENT_STORAGE_KEY = 'docs-search-recent';
export const MAX_RECENT = 5;

export interface RecentSearch {
  /** Site-relative URL of the chosen result (`/route?highlight=…#anchor`). */
  url: string;
  sectionTitle: string;
  pageTitle: string;
  /** Where the page sits (`Docs › Database › Relations`). */
  place: string[];
}

const MAX_TEXT = 300;

/** A same-site path: starts with one `/`, no backslash, no control character. */
export function isSitePath(url: unknown): url is string {
  // eslint-disable-next-line no-control-regex
  return typeof url === 'string' && url.length <= 2048 && /^\/(?![/\\])/.test(url) && !/[\\\u0000-\u001f]/.test(url);
}

const isText = (value: unknown): value is string => typeof value === 'string' && value.length <= MAX_TEXT;

function toEntry(value: unknown): RecentSearch | null {
  if (typeof value !== 'object' || value === null) return null;
  const entry = value as Record<string, unknown>;
  if (!isSitePath(entry.url) || !isText(entry.sectionTitle) || !isText(entry.pageTitle)) return null;
  const place = Array.isArray(entry.place) && entry.place.every(isText) ? (entry.place as string[]).slice(0, 8) : [];
  return { url: entry.url, sectionTitle: entry.sectionTitle, pageTitle: entry.pageTitle, place };
}

/** The valid entries of a stored value, at most `MAX_RECENT`, each URL once. */
export function parseRecent(stored: string | null | undefined): RecentSearch[] {
  if (!stored) return [];
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const seen = new Set<string>();
  const entries: RecentSearch[] = [];
  for (const item of value) {
    const entry = toEntry(item);
    if (entry && !seen.has(entry.url)) {
      seen.add(entry.url);
      entries.push(entry);
    }
    if (entries.length === MAX_RECENT) break;
  }
  return entries;
}

/** The list after choosing `entry`: it comes first, an older copy of it goes. */
export function addRecent(list: readonly RecentSearch[], entry: RecentSearch): RecentSearch[] {
  if (!toEntry(entry)) return [...list];
  return [entry, ...list.filter((item) => item.url !== entry.url)].slice(0, MAX_RECENT);
}
