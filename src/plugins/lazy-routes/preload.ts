/**
 * Replaces `@docusaurus/core/lib/client/preload.js` 3.1.1 where core's client imports it (its entry
 * and its navigation): the same function, but on the page's first load the route is matched and
 * its chunks requested in a task after the main bundle's evaluation instead of during it, and the
 * promise settles in a task after that one, so that the hydration the entry starts on it is a task
 * of its own too.
 *
 * Why: the client entry calls `preload(location.pathname)` as the main bundle is evaluated, then
 * hydrates the page when it settles. Matching the URL against the route table was a third of the
 * main bundle's evaluation, the longest task after the first paint in Lighthouse's mobile traces;
 * once the route's chunks are started by the page template's loader they have often run by the
 * time the route is matched, and the hydration then followed in the same task
 * (docs-dev/performance.md, "The tasks after the first paint"). Split, none of the three is long.
 *
 * Upgrade risk: low. Core's preload is called as it is, one task later; remove the rewrite in
 * ./index.ts to go back.
 */
import corePreload from '@docusaurus/core/lib/client/preload';
import { postTask } from '../../components/DeferHydration/schedule';

let firstLoad = typeof document !== 'undefined';

const nextTask = (): Promise<void> => new Promise((resolve) => postTask(resolve));

export default async function preload(pathname: string): Promise<unknown> {
  if (!firstLoad) return corePreload(pathname);
  firstLoad = false;
  await nextTask();
  const loaded = await corePreload(pathname);
  await nextTask();
  return loaded;
}
