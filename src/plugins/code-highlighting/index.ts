/**
 * Wires this site's code highlighting (src/prism, src/theme/CodeBlock) into the build.
 *
 * - Writes the stylesheet that colours code tokens (prismTokenCss in src/config/prism.ts) into
 *   the generated files folder and adds it as a client module, so it is part of the site's CSS.
 *   Code blocks carry Prism's class names only, never inline colours, so the server's markup is
 *   right in both colour modes and hydration has nothing to recolour.
 * - Maps the module id `docs-prism-sync` to the highlighter in the server build (code is
 *   highlighted into the HTML) and to nothing in the browser build, where src/prism loads the
 *   highlighter as its own chunk when a code block is rendered after hydration.
 * - Drops the classic theme's `prism-include-languages` client module, which would put Prism and
 *   its grammars in the main bundle of every page; src/prism/highlighter.ts adds the grammars.
 * - Adds src/prism/preload.ts, which starts loading the highlighter when a navigation starts.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { codeThemes, prismTokenCss } from '../../config/prism';

export const PRISM_SYNC_MODULE = 'docs-prism-sync';

/** The classic theme's client module, as .docusaurus/client-modules.js requires it (absolute, no extension). */
const THEME_PRISM_CLIENT_MODULE = require.resolve('@docusaurus/theme-classic/lib/prism-include-languages').replace(/\.js$/, '');

export default function codeHighlightingPlugin(context: LoadContext): Plugin {
  const file = path.join(context.generatedFilesDir, 'code-highlighting', 'tokens.css');
  mkdirSync(path.dirname(file), { recursive: true });
  // Written only when it changes: the preview reloads the plugins on every saved page, and a
  // rewritten file, even the same bytes, makes webpack recompile and reload all CSS.
  const css = prismTokenCss(codeThemes);
  if (!existsSync(file) || readFileSync(file, 'utf8') !== css) writeFileSync(file, css);
  const prismDir = path.join(context.siteDir, 'src/prism');
  return {
    name: 'code-highlighting',
    getClientModules: () => [file, path.join(prismDir, 'preload.ts')],
    configureWebpack(_config, isServer) {
      return {
        resolve: {
          alias: {
            [PRISM_SYNC_MODULE]: path.join(prismDir, isServer ? 'highlighter.ts' : 'noHighlighter.ts'),
            [THEME_PRISM_CLIENT_MODULE]: false,
          },
        },
      };
    },
  };
}
