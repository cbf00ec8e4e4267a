/**
 * The search panel's decisions, as plain functions (src/theme/SearchBar/controller.ts does the DOM
 * and autocomplete's wiring): which clicks on a result the panel handles itself, what a query
 * shows (results grouped by page, an error, the unavailable-index message), the recent entry a
 * chosen result leaves, and when Escape clears the query. Tested without a browser in
 * ./panel.test.ts; e2e/search.spec.ts checks the same in the browser.
 */
import { groupResults, placeOf, type ResultGroup } from './group';
import { highlightUrl } from './highlight';
import { search, type SearchOutcome } from './ranking';
import type { RecentSearch } from './recent';
import { INDEX_UNAVAILABLE, MAX_QUERY_LENGTH } from './strings';
import type { LoadedIndex, SearchResult, SearchSettings } from './types';

/** The parts of a click that decide who handles it. */
export interface ClickLike {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

/**
 * A plain primary click: the panel navigates client-side. Any other click (middle button,
 * Ctrl or Cmd for a new tab, Shift for a new window, Alt to download) is the browser's own link
 * behaviour, left alone.
 */
export function isPlainClick(event: ClickLike): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/** What a query shows: its result groups (page by page) and the message above them, if any. */
export interface QueryView {
  groups: ResultGroup[];
  /** A grammar error, or the unavailable-index message when no index could be loaded. */
  error: string | undefined;
}

/** Why every index is missing (the first one's reason), or undefined when one loaded (or none was asked for). */
export function unavailableReason(indexes: readonly LoadedIndex[]): string | undefined {
  return indexes.length > 0 && indexes.every((index) => index.unavailable) ? indexes[0].unavailable : undefined;
}

/** Runs a query on the loaded indexes: at most MAX_QUERY_LENGTH characters, and a search that throws shows nothing. */
export function queryView(indexes: readonly LoadedIndex[], input: string, settings: SearchSettings): QueryView {
  let outcome: SearchOutcome;
  try {
    outcome = search(indexes as LoadedIndex[], input.slice(0, MAX_QUERY_LENGTH), settings);
  } catch {
    outcome = { kind: 'results', results: [], terms: [] };
  }
  const unavailable = unavailableReason(indexes);
  return {
    groups: outcome.kind === 'results' ? groupResults(outcome.results) : [],
    error: outcome.kind === 'error' ? outcome.message : unavailable ? `${INDEX_UNAVAILABLE} ${unavailable}` : undefined,
  };
}

/** A result's link: its section with the highlight parameter. */
export function resultUrl(result: SearchResult): string {
  return highlightUrl(result.document.sectionRoute, result.terms);
}

/** The recent entry a chosen result leaves. */
export function recentOf(result: SearchResult, url: string): RecentSearch {
  return {
    url,
    sectionTitle: result.document.sectionTitle,
    pageTitle: result.document.pageTitle,
    place: placeOf(result.document.path, result.document.pageTitle),
  };
}

/**
 * Escape on the search button (the panel is closed, focus came back there) with a query left in
 * it clears the query: the first Escape closes the panel, a second one clears (spec section 4).
 */
export function escapeClears(key: string, query: string, onSearchButton: boolean): boolean {
  return key === 'Escape' && query !== '' && onSearchButton;
}
