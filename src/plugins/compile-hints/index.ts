/**
 * Starts every JavaScript file of the browser build with V8's explicit compile hint,
 * `//# allFunctionsCalledOnLoad` (Chrome 136 and later; other engines read it as a comment).
 *
 * Why: V8 compiles a function lazily, on the main thread, the first time it is called, unless it
 * was compiled eagerly while the file streamed in, on a background thread. Nearly every function of
 * the site's bundles runs while a page loads and hydrates, so the lazy compiles were part of the
 * long tasks of the first load. With the hint the main bundle's evaluation went from about 22 to
 * about 14 ms on this project's machine (docs-dev/performance.md, "Hydrating in slices").
 *
 * How: a webpack plugin for the client compilation adds the line at the top of each `.js` asset
 * after minification (stage DEV_TOOLING, after terser, before the real content hashes are
 * computed, so file names follow the new content).
 * Upgrade risk: none for Docusaurus; the comment is inert where unsupported.
 */
import type { Plugin } from '@docusaurus/types';
import type { Compiler } from 'webpack';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

export class CompileHintsPlugin {
  apply(compiler: Compiler): void {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('CompileHintsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'CompileHintsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_DEV_TOOLING }, (assets) => {
        for (const name of Object.keys(assets)) {
          if (!name.endsWith('.js')) continue;
          compilation.updateAsset(name, (source) => new sources.ConcatSource(`${COMPILE_HINT}\n`, source));
        }
      });
    });
  }
}

export default function compileHintsPlugin(): Plugin {
  return {
    name: 'compile-hints',
    configureWebpack(_config, isServer) {
      return isServer ? {} : { plugins: [new CompileHintsPlugin()] };
    },
  };
}
