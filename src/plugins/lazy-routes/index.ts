/**
 * How a page's route is loaded in the browser:
 * - `@docusaurus/ComponentCreator` points at ./ComponentCreator.ts, which builds each route's
 *   loadable component on first use instead of all of them when the main bundle starts, and on the
 *   server reports each route's chunks so that the page lists them (why: ./ComponentCreator.ts and
 *   docs-dev/performance.md, "How the pages stay light");
 * - core's `./preload` (its client entry's first call) points at ./preload.ts, which matches the
 *   route in a task of its own after the main bundle's evaluation.
 */
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';
import { swapCoreClientModule } from '../swapCoreClientModule';

export default function lazyRoutesPlugin(): Plugin {
  return {
    name: 'lazy-routes',
    configureWebpack(_config, isServer) {
      const alias = { '@docusaurus/ComponentCreator': path.join(__dirname, 'ComponentCreator.ts') };
      if (isServer) return { resolve: { alias } };
      return { resolve: { alias }, plugins: [swapCoreClientModule('lazy-routes', 'preload', path.join(__dirname, 'preload.ts'))] };
    },
  };
}
