/**
 * Results grouped under their page, as the panel shows them: groups in the order of their best
 * result, results inside a group by score. The overall limit is applied before grouping, so the
 * panel still shows at most `maxSearchResults` results.
 */
import type { SearchResult } from './types';

export interface ResultGroup {
  /** The page's route (a result's route without its anchor). */
  route: string;
  pageTitle: string;
  /** Where the page sits: sidebar, categories, page label (`Docs › Database › Relations`). */
  place: string[];
  results: SearchResult[];
}

export const PLACE_SEPARATOR = ' › ';

/** The route of the page a section belongs to. */
export function pageRoute(sectionRoute: string): string {
  const hash = sectionRoute.indexOf('#');
  return hash === -1 ? sectionRoute : sectionRoute.slice(0, hash);
}

/** Where a page sits; a page outside every sidebar (the home page) is its own place. */
export function placeOf(path: readonly string[] | undefined, pageTitle: string): string[] {
  return path && path.length > 0 ? [...path] : [pageTitle];
}

export function groupResults(results: readonly SearchResult[]): ResultGroup[] {
  const groups = new Map<string, ResultGroup>();
  for (const result of results) {
    const route = pageRoute(result.document.sectionRoute);
    let group = groups.get(route);
    if (!group) {
      group = {
        route,
        pageTitle: result.document.pageTitle,
        place: placeOf(result.document.path, result.document.pageTitle),
        results: [],
      };
      groups.set(route, group);
    }
    group.results.push(result);
  }
  // Map keeps insertion order: results arrive by score, so groups are in order of their best result.
  return Array.from(groups.values());
}

/** The results in the order the panel shows them (page by page). */
export function groupedOrder(results: readonly SearchResult[]): SearchResult[] {
  return groupResults(results).flatMap((group) => group.results);
}
