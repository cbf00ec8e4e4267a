/**
 * Writes the search index files, `search-index-{tag}.json` (`documents` + a compact lunr index), in
 * place of @cmfcmf/docusaurus-search-local's build step. After a production build the sections come
 * from each doc's rendered HTML (./html.ts), so the index holds what the reader sees; in the preview a
 * dev-server middleware builds the same files from the Markdown (./markdown.ts) on the first request
 * after each content load. How the index is shaped, ranked and loaded: docs-dev/search.md.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import type { LoadedContent } from '@docusaurus/plugin-content-docs';
import { buildIndexFile, type IndexFile, type IndexSection } from '../../search/indexBuilder';
import { htmlSections, type PageSection } from './html';
import { markdownSections, withoutFrontMatter } from './markdown';
import { indexedPages, type IndexedPage } from './pages';

export const INDEX_FILE = /^search-index-(.+)\.json$/;

function toIndexSections(page: IndexedPage, pageTitle: string, sections: readonly PageSection[]): IndexSection[] {
  return sections.map((section) => ({
    pageTitle,
    sectionTitle: section.title,
    sectionRoute: page.route + section.hash,
    content: section.content,
    text: section.text,
    tags: page.tags,
    path: page.path,
  }));
}

/** Index files by tag, from sections grouped by tag. */
function byTag(entries: readonly { tag: string; sections: IndexSection[] }[]): Map<string, IndexFile> {
  const groups = new Map<string, IndexSection[]>();
  for (const { tag, sections } of entries) groups.set(tag, [...(groups.get(tag) ?? []), ...sections]);
  return new Map(Array.from(groups, ([tag, sections]) => [tag, buildIndexFile(sections)]));
}

/** The file of a built page: `route.html` (the site has `trailingSlash: false`). */
function htmlFile(outDir: string, route: string, baseUrl: string): string {
  const relative = route.slice(baseUrl.length);
  return path.join(outDir, relative === '' ? 'index.html' : `${relative}.html`);
}

export async function indexFromHtml(pages: readonly IndexedPage[], outDir: string, baseUrl: string): Promise<Map<string, IndexFile>> {
  const entries = await Promise.all(
    pages.map(async (page) => {
      const { pageTitle, sections, searchTag } = htmlSections(await readFile(htmlFile(outDir, page.route, baseUrl), 'utf8'));
      return { tag: searchTag ?? page.searchTag, sections: toIndexSections(page, pageTitle || page.title, sections) };
    }),
  );
  return byTag(entries);
}

export async function indexFromMarkdown(pages: readonly IndexedPage[], siteDir: string): Promise<Map<string, IndexFile>> {
  const entries = await Promise.all(
    pages.map(async (page) => {
      const file = path.join(siteDir, page.source.replace(/^@site\//, ''));
      const body = withoutFrontMatter(await readFile(file, 'utf8'));
      return { tag: page.searchTag, sections: toIndexSections(page, page.title, markdownSections(body, page.title)) };
    }),
  );
  return byTag(entries);
}

/** What the preview serves, shared across Docusaurus's content reloads (they create a new plugin instance). */
interface PreviewState {
  pages: IndexedPage[] | null;
  files: Promise<Map<string, IndexFile>> | null;
}
const PREVIEW_KEY = Symbol.for('strapi-docs.search-index.preview');
function previewState(): PreviewState {
  const holder = globalThis as unknown as Record<symbol, PreviewState | undefined>;
  holder[PREVIEW_KEY] ??= { pages: null, files: null };
  return holder[PREVIEW_KEY]!;
}

interface Request {
  method?: string;
  url?: string;
}
interface Response {
  statusCode: number;
  setHeader(name: string, value: string): void;
  end(body: string): void;
}

/** The preview's answer to `GET {baseUrl}search-index-{tag}.json`, or `null` for other requests. */
export async function previewAnswer(
  pathname: string,
  baseUrl: string,
  siteDir: string,
  state: PreviewState = previewState(),
): Promise<{ status: number; body: string } | null> {
  if (!pathname.startsWith(baseUrl)) return null;
  const match = INDEX_FILE.exec(pathname.slice(baseUrl.length));
  if (!match) return null;
  const tag = decodeURIComponent(match[1]);
  try {
    if (!state.pages) throw new Error('the docs have not been loaded yet');
    const pages = state.pages;
    state.files ??= indexFromMarkdown(pages, siteDir);
    const file = (await state.files).get(tag);
    if (!file) return { status: 404, body: JSON.stringify({ error: `no search index for "${tag}"` }) };
    return { status: 200, body: JSON.stringify(file) };
  } catch (error) {
    state.files = null;
    return { status: 500, body: JSON.stringify({ error: `the search index could not be built: ${(error as Error).message}` }) };
  }
}

export default function searchIndexPlugin(context: LoadContext): Plugin {
  const { siteDir, baseUrl } = context;
  return {
    name: 'search-index',

    contentLoaded({ allContent }) {
      // Each content load (start, and every saved doc in the preview) resets the preview's files.
      const docs = allContent['docusaurus-plugin-content-docs'] as Record<string, LoadedContent> | undefined;
      const state = previewState();
      state.pages = docs ? Object.entries(docs).flatMap(([id, content]) => indexedPages(content, id)) : [];
      state.files = null;
    },

    // The preview only: answers `/search-index-*.json`, built from the Markdown after each content
    // load, so a saved page is searchable once the browser has reloaded. When the index cannot be
    // built it answers 500 with `{ "error": message }`, which the panel shows (src/search/indexLoader.ts).
    configureWebpack(_config, isServer, _utils) {
      if (isServer || process.env.NODE_ENV === 'production') return {};
      return {
        devServer: {
          // Replaces Docusaurus's own setupMiddlewares (webpack-merge keeps the last function), so
          // its one middleware, the error overlay's source maps, is added here again.
          setupMiddlewares(middlewares: unknown[], devServer: unknown) {
            const coreRequire = createRequire(require.resolve('@docusaurus/core/package.json'));
            const evalSourceMap = coreRequire('react-dev-utils/evalSourceMapMiddleware') as (server: unknown) => unknown;
            middlewares.unshift(evalSourceMap(devServer));
            middlewares.unshift({
              name: 'search-index',
              middleware(request: Request, response: Response, next: () => void) {
                if (request.method !== 'GET' && request.method !== 'HEAD') return next();
                const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
                previewAnswer(pathname, baseUrl, siteDir).then((answer) => {
                  if (!answer) return next();
                  response.statusCode = answer.status;
                  response.setHeader('content-type', 'application/json; charset=utf-8');
                  response.setHeader('cache-control', 'no-store');
                  response.end(request.method === 'HEAD' ? '' : answer.body);
                }, next);
              },
            });
            return middlewares;
          },
        },
      } as ReturnType<NonNullable<Plugin['configureWebpack']>>;
    },

    async postBuild({ outDir, plugins }) {
      const docsPlugins = plugins.filter((plugin) => plugin.name === 'docusaurus-plugin-content-docs');
      const pages = docsPlugins.flatMap((plugin) => indexedPages(plugin.content as LoadedContent, plugin.options.id as string));
      const files = await indexFromHtml(pages, outDir, baseUrl);
      await Promise.all(Array.from(files, ([tag, file]) => writeFile(path.join(outDir, `search-index-${tag}.json`), JSON.stringify(file))));
    },
  };
}
