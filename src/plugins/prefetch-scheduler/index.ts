/**
 * Swaps core's `window.docusaurus` module (`@docusaurus/core/lib/client/docusaurus.js`) for
 * ./client.ts in the browser build: link prefetching done in idle time, once per chunk (why:
 * ./client.ts and docs-dev/performance.md, "How the pages stay light").
 */
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';

const CORE_CLIENT_DIR = path.dirname(require.resolve('@docusaurus/core/lib/client/docusaurus.js'));
const REPLACEMENT = path.join(__dirname, 'client.ts');

interface ResolveData {
  request: string;
  context: string;
}
interface Compiler {
  hooks: {
    normalModuleFactory: {
      tap(
        name: string,
        fn: (factory: { hooks: { beforeResolve: { tap(name: string, fn: (data: ResolveData) => void): void } } }) => void,
      ): void;
    };
  };
}

export default function prefetchSchedulerPlugin(): Plugin {
  return {
    name: 'prefetch-scheduler',
    // Core imports that module with a relative path (`./docusaurus`) from its own client folder, so a
    // resolve alias cannot single it out; the request is rewritten before resolution instead, as
    // webpack's NormalModuleReplacementPlugin does.
    configureWebpack(_config, isServer) {
      if (isServer) return {};
      return {
        plugins: [
          {
            apply(compiler: Compiler) {
              compiler.hooks.normalModuleFactory.tap('prefetch-scheduler', (factory) => {
                factory.hooks.beforeResolve.tap('prefetch-scheduler', (data) => {
                  if (data.context === CORE_CLIENT_DIR && /^\.\/docusaurus(\.js)?$/.test(data.request)) data.request = REPLACEMENT;
                });
              });
            },
          },
        ],
      };
    },
  };
}
