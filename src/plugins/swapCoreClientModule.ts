/**
 * A webpack plugin that swaps one module of core's client folder (`@docusaurus/core/lib/client`)
 * for a file of this site, in the compilation it is given to. Core imports its client modules with
 * relative paths (`./docusaurus`, `./preload`) from that folder, so a resolve alias cannot single
 * one out; the request is rewritten before resolution instead, as webpack's
 * NormalModuleReplacementPlugin does. Used by src/plugins/prefetch-scheduler and
 * src/plugins/lazy-routes.
 */
import path from 'node:path';

interface ResolveData {
  request: string;
  context: string;
}
export interface Compiler {
  hooks: {
    normalModuleFactory: {
      tap(
        name: string,
        fn: (factory: { hooks: { beforeResolve: { tap(name: string, fn: (data: ResolveData) => void): void } } }) => void,
      ): void;
    };
  };
}

/** `module` is the file's name in core's client folder without `.js` (`docusaurus`, `preload`). */
export function swapCoreClientModule(pluginName: string, module: string, replacement: string): { apply(compiler: Compiler): void } {
  const coreClientDir = path.dirname(require.resolve(`@docusaurus/core/lib/client/${module}.js`));
  const requests = new Set([`./${module}`, `./${module}.js`]);
  return {
    apply(compiler) {
      compiler.hooks.normalModuleFactory.tap(pluginName, (factory) => {
        factory.hooks.beforeResolve.tap(pluginName, (data) => {
          if (data.context === coreClientDir && requests.has(data.request)) data.request = replacement;
        });
      });
    },
  };
}
