/**
 * Replaces `@docusaurus/core/lib/client/docusaurus.js` 3.1.1, the object core puts on
 * `window.docusaurus` and that `<Link>` calls: `prefetch(path)` when a link scrolls into view,
 * `preload(path)` when it is hovered or touched. Swapped in by ./index.ts.
 *
 * Why: core prefetches synchronously, in the IntersectionObserver callback, for every visible
 * link: for each one it filters all of `routesChunkNames` with a regular expression per route
 * level, and appends a `<link rel="prefetch">` for every chunk of the route, including the
 * chunks every page shares and that the page has already loaded. On a doc page that is about 300
 * `<link>` elements (40 visible links, 7 chunks each) in one long main-thread task right after
 * hydration. Here a prefetch is queued and done when the browser is idle, a chunk is requested
 * once per visit and never when the page already loaded it, and the route-to-chunks table is
 * built once. `preload` is core's, unchanged.
 * Upgrade risk: medium. Mirrors core's `prefetch` and `preload` (same helpers, same skip rules on
 * slow or data-saving connections); re-check this file against core's when upgrading Docusaurus.
 */
import { matchRoutes } from 'react-router-config';
import routes from '@generated/routes';
import routesChunkNames from '@generated/routesChunkNames';
import flat from '@docusaurus/core/lib/client/flat';
import prefetchHelper from '@docusaurus/core/lib/client/prefetch';
import preloadHelper from '@docusaurus/core/lib/client/preload';

declare const __webpack_require__: { gca(chunkName: string): string | undefined };

/** Same rule as core: no prefetching or preloading on 2G or with data saving on. */
function isSlowConnection(): boolean {
  const { connection } = navigator as Navigator & { connection?: { effectiveType?: string; saveData?: boolean } };
  return Boolean(connection?.effectiveType?.includes('2g') || connection?.saveData);
}

let chunksByRoute: Map<string, string[]> | undefined;

/** The chunk names of a route path; keys of routesChunkNames are `<path>-<hash>`. */
function chunkNamesOf(routePath: string): string[] {
  if (!chunksByRoute) {
    chunksByRoute = new Map();
    for (const [key, chunks] of Object.entries(routesChunkNames)) {
      const path = key.replace(/-[^-]+$/, '');
      chunksByRoute.set(path, [...(chunksByRoute.get(path) ?? []), ...Object.values(flat(chunks))]);
    }
  }
  return chunksByRoute.get(routePath) ?? [];
}

const prefetchedRoutes = new Set<string>();
const preloadedRoutes = new Set<string>();
/** Chunk files already requested in this visit (prefetched, or loaded by the page). */
const requestedFiles = new Set<string>();
const queue: string[] = [];

/** How many resource timing entries markLoadedFiles() has already read. */
let entriesRead = 0;

function markLoadedFiles(): void {
  const entries = performance.getEntriesByType('resource');
  for (const entry of entries.slice(entriesRead)) requestedFiles.add(new URL(entry.name).pathname);
  entriesRead = entries.length;
}

/** Chunk name to file, memoized: each call of webpack's `gca` builds its tables of every chunk anew. */
const chunkFiles = new Map<string, string | undefined>();

function chunkFile(chunkName: string): string | undefined {
  if (!chunkFiles.has(chunkName)) chunkFiles.set(chunkName, __webpack_require__.gca(chunkName));
  return chunkFiles.get(chunkName);
}

function prefetchRoute(routePath: string): void {
  for (const match of matchRoutes(routes, routePath)) {
    for (const chunkName of chunkNamesOf(match.route.path)) {
      // Injected by Docusaurus' ChunkAssetPlugin: the URL of a chunk, from its name. Webpack may
      // have merged the chunk into another one, in which case there is nothing to fetch.
      const file = chunkFile(chunkName);
      if (!file || file.includes('undefined') || requestedFiles.has(file)) continue;
      requestedFiles.add(file);
      void prefetchHelper(file);
    }
  }
}

const whenIdle: (callback: (deadline?: IdleDeadline) => void) => void =
  typeof requestIdleCallback === 'function'
    ? (callback) => requestIdleCallback(callback, { timeout: 3000 })
    : (callback) => setTimeout(callback, 50);

/** Longest stretch of prefetching work in one go, in milliseconds. */
const SLICE_MS = 5;

function drain(deadline?: IdleDeadline): void {
  markLoadedFiles();
  // Small slices, however long the idle period, so that prefetching is never a long task.
  const start = performance.now();
  do {
    const next = queue.shift();
    if (next === undefined) return;
    prefetchRoute(next);
  } while (performance.now() - start < SLICE_MS && (!deadline || deadline.timeRemaining() > 1));
  if (queue.length > 0) whenIdle(drain);
}

const docusaurus = {
  prefetch(routePath: string): boolean {
    if (isSlowConnection() || prefetchedRoutes.has(routePath) || preloadedRoutes.has(routePath)) return false;
    prefetchedRoutes.add(routePath);
    queue.push(routePath);
    if (queue.length === 1) whenIdle(drain);
    return true;
  },
  preload(routePath: string): false | Promise<void[]> {
    if (isSlowConnection() || preloadedRoutes.has(routePath)) return false;
    preloadedRoutes.add(routePath);
    return preloadHelper(routePath);
  },
};

export default Object.freeze(docusaurus);
