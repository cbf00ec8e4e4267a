/**
 * Points `@docusaurus/Head` at ./Head.tsx in the browser bundles: on the first page load, the
 * page's `<Head>` elements mount once every part of the page has hydrated, in a task of their own,
 * instead of during the hydration. The server render keeps core's `Head`, so every page's HTML has
 * its title, meta and link tags as before.
 *
 * Why: core's `Head` (3.1.1, `lib/client/exports/Head.js`) renders react-helmet-async's `Helmet`,
 * and each `Helmet` that mounts reduces the props of every mounted one (`emitChange`): 18 instances
 * on a doc page, a quarter of the diff time of the root's hydration task, which Lighthouse's mobile
 * runs counted as blocking (Preact's render hooks, cheat sheet, 2026-11-27; docs-dev/performance.md,
 * "The head after hydration"). On the first load the head already holds what they would write.
 *
 * Upgrade risk: low. The module is four lines upstream (a `Helmet` with the same props); if a
 * Docusaurus upgrade gives it more, ./Head.tsx must follow. Remove this plugin from
 * docusaurus.config.ts to go back.
 */
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';

// The same key as core's own alias, so that it replaces it (an exact `$` key would come after core's and lose).
export const HEAD_ALIAS: Record<string, string> = { '@docusaurus/Head': path.join(__dirname, 'Head.tsx') };

export default function headAfterHydrationPlugin(): Plugin {
  return {
    name: 'head-after-hydration',
    configureWebpack(_config, isServer) {
      return isServer ? {} : { resolve: { alias: HEAD_ALIAS } };
    },
  };
}
