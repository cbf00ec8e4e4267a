/**
 * Swaps core's `window.docusaurus` module (`@docusaurus/core/lib/client/docusaurus.js`) for
 * ./client.ts in the browser build: link prefetching done in idle time, once per chunk (why:
 * ./client.ts and docs-dev/performance.md, "How the pages stay light").
 */
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';
import { swapCoreClientModule } from '../swapCoreClientModule';

export default function prefetchSchedulerPlugin(): Plugin {
  return {
    name: 'prefetch-scheduler',
    configureWebpack(_config, isServer) {
      if (isServer) return {};
      return { plugins: [swapCoreClientModule('prefetch-scheduler', 'docusaurus', path.join(__dirname, 'client.ts'))] };
    },
  };
}
