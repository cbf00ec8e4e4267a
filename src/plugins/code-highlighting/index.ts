/**
 * Wires this site's code highlighting (src/prism, src/theme/CodeBlock) into the build: code blocks
 * carry Prism's class names only, coloured by a generated stylesheet, so the server's markup is right in
 * both colour modes and hydration has nothing to recolour; Prism and its grammars stay out of the main
 * bundle and load as their own chunk only when a block renders after hydration. Why and what it
 * saves: docs-dev/performance.md, "How the pages stay light".
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
    // The token stylesheet (prismTokenCss in src/config/prism.ts) is a client module, so it is part of
    // the site's CSS; src/prism/preload.ts starts loading the highlighter when a navigation starts.
    getClientModules: () => [file, path.join(prismDir, 'preload.ts')],
    configureWebpack(_config, isServer) {
      return {
        resolve: {
          alias: {
            // The server build highlights code into the HTML; in the browser build the module is
            // empty, and src/prism loads the highlighter as its own chunk when a block renders.
            [PRISM_SYNC_MODULE]: path.join(prismDir, isServer ? 'highlighter.ts' : 'noHighlighter.ts'),
            // The classic theme's prism-include-languages would put Prism and its grammars in every
            // page's main bundle; src/prism/highlighter.ts adds the grammars instead.
            [THEME_PRISM_CLIENT_MODULE]: false,
          },
        },
      };
    },
  };
}
