/**
 * Serves mermaid's own prebuilt, minified ES module build next to the site, so diagrams render without
 * webpack ever compiling mermaid: the stock @docusaurus/theme-mermaid imports mermaid statically, which
 * compiles it into both bundles (most of a cold build) and ships it on every page. src/theme/Mermaid
 * loads the copied files with a native dynamic import, only when a page has a diagram. Measured:
 * docs-dev/performance.md.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { copyFile, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';

const ENTRY = 'mermaid.esm.min.mjs';

/**
 * The module id src/theme/Mermaid imports. In the client production build it is a webpack
 * external of type `import`, so webpack emits a native `import(url)` of the copied file; in
 * the server build it is empty (diagrams render in the browser only); in development the same
 * external points at mermaid's dist folder, served by the dev server.
 */
export const MERMAID_RUNTIME_MODULE = 'docs-mermaid-runtime';

/** Every file the entry reaches through static or dynamic relative imports. */
export async function mermaidClosure(distDir: string, entry = ENTRY): Promise<string[]> {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    // Skip files already seen, and names in mermaid's code that are not files of its
    // dist folder (for example an optional worker it never loads here).
    if (seen.has(file) || !existsSync(path.join(distDir, file))) continue;
    seen.add(file);
    const source = await readFile(path.join(distDir, file), 'utf8');
    for (const match of source.matchAll(/["']\.\/([\w.-]+\.m?js)["']/g)) queue.push(match[1]);
  }
  return [...seen].sort();
}

function mermaidDist(): { dir: string; version: string } {
  const manifest = require.resolve('mermaid/package.json');
  const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
  return { dir: path.join(path.dirname(manifest), 'dist'), version };
}

/**
 * The entry's served name: `.js` (some servers have no MIME type for `.mjs`, and module
 * scripts need one) with a content hash, like every other file under assets/, so the
 * whole folder can be cached as immutable. Mermaid's chunks already carry hashes.
 */
function servedEntryName(distDir: string): string {
  const hash = createHash('sha256')
    .update(readFileSync(path.join(distDir, ENTRY)))
    .digest('hex')
    .slice(0, 10);
  return `mermaid.esm.min.${hash}.js`;
}

export default function mermaidRuntimePlugin(context: LoadContext): Plugin {
  const { dir, version } = mermaidDist();
  const folder = `assets/mermaid-${version}`;
  const entryServedAs = servedEntryName(dir);
  return {
    name: 'mermaid-runtime',
    configureWebpack(_config, isServer) {
      if (isServer) return { resolve: { alias: { [MERMAID_RUNTIME_MODULE]: false } } };
      if (process.env.NODE_ENV !== 'production') {
        // The preview imports mermaid's files straight from its dist folder, which the dev
        // server serves at the same URL folder: compiling mermaid was about a quarter of the
        // preview's first start.
        return {
          externals: { [MERMAID_RUNTIME_MODULE]: `import ${context.baseUrl}${folder}/${ENTRY}` },
          output: { environment: { dynamicImport: true } },
          devServer: { static: [{ directory: dir, publicPath: `${context.baseUrl}${folder}/`, watch: false }] },
        } as ReturnType<NonNullable<Plugin['configureWebpack']>>;
      }
      return {
        externals: { [MERMAID_RUNTIME_MODULE]: `import ${context.baseUrl}${folder}/${entryServedAs}` },
        // Every browser of the production browserslist supports import(); webpack must be
        // told so to emit it for an external.
        output: { environment: { dynamicImport: true } },
      };
    },
    // The files go to `assets/mermaid-<version>/`, so their URLs change with the version and can be
    // cached as immutable. Only the chunks reachable from the entry are copied.
    async postBuild({ outDir }) {
      const target = path.join(outDir, folder);
      await mkdir(target, { recursive: true });
      const files = await mermaidClosure(dir);
      await Promise.all(files.map((file) => copyFile(path.join(dir, file), path.join(target, file === ENTRY ? entryServedAs : file))));
    },
  };
}
