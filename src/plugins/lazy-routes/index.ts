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

const CORE_CLIENT_DIR = path.dirname(require.resolve('@docusaurus/core/lib/client/preload.js'));
const PRELOAD = path.join(__dirname, 'preload.ts');

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

export default function lazyRoutesPlugin(): Plugin {
  return {
    name: 'lazy-routes',
    configureWebpack(_config, isServer) {
      const alias = { '@docusaurus/ComponentCreator': path.join(__dirname, 'ComponentCreator.ts') };
      if (isServer) return { resolve: { alias } };
      return {
        resolve: { alias },
        plugins: [
          {
            // Core imports it with a relative path (`./preload`) from its own client folder, so a
            // resolve alias cannot single it out; the request is rewritten before resolution, as
            // src/plugins/prefetch-scheduler does for `./docusaurus`.
            apply(compiler: Compiler) {
              compiler.hooks.normalModuleFactory.tap('lazy-routes', (factory) => {
                factory.hooks.beforeResolve.tap('lazy-routes', (data) => {
                  if (data.context === CORE_CLIENT_DIR && /^\.\/preload(\.js)?$/.test(data.request)) data.request = PRELOAD;
                });
              });
            },
          },
        ],
      };
    },
  };
}
