/**
 * Replaces `@docusaurus/core/lib/client/preload.js` 3.1.1 where core's client imports it (its entry
 * and its navigation): the same function, but on the page's first load the route is matched and
 * its chunks requested in a task after the main bundle's evaluation instead of during it.
 *
 * Why: the client entry calls `preload(location.pathname)` as the main bundle is evaluated, and
 * matching the URL against the route table compiles a regular expression per route tried
 * (react-router's `matchPath`, about a hundred on a doc page): a third of the main bundle's
 * evaluation, the longest task after the first paint in Lighthouse's mobile traces
 * (docs-dev/performance.md, "The route's chunks in the page"). Split, neither task is long.
 *
 * Upgrade risk: low. Core's preload is called as it is, one task later; remove the rewrite in
 * ./index.ts to go back.
 */
import corePreload from '@docusaurus/core/lib/client/preload';
import { postTask } from '../../components/DeferHydration/schedule';

let firstLoad = typeof document !== 'undefined';

export default function preload(pathname: string): Promise<unknown> {
  if (!firstLoad) return corePreload(pathname);
  firstLoad = false;
  return new Promise<void>((resolve) => postTask(resolve)).then(() => corePreload(pathname));
}
