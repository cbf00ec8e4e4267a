/**
 * Readers' tools, build side: after the build, writes every doc as plain Markdown next to its page
 * (`build/api/Cron.md` for `/api/Cron`, `build/index.md` for `/`), and `llms.txt` and `llms-full.txt`
 * at the site root. The pages come from the docs plugin's own loaded content, each source is parsed as
 * Docusaurus parses it and gets the same "Checked against" footer (src/plugins/source-footer), and
 * ./convert.ts turns it into Markdown, naming the page's file in the site's repository. How it fits
 * with the page head, the "Copy page" button and the "Edit this page" link: docs-dev/readers-tools.md.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import type { LoadedContent, DocMetadata } from '@docusaurus/plugin-content-docs';
import { DOCS_REPO_BRANCH, DOCS_REPO_URL, SIDEBARS, SITE_TAGLINE, SITE_TITLE, SITE_URL, STRAPI_VERSION } from '../../config/site';
import remarkSourceFooter from '../source-footer';
import remarkExecutedClaims from '../executed-claims';
import { pageMarkdown, type TreeTransform } from './convert';
import { llmsFullTxt, llmsTxt, type LlmsPage } from './llms';
import { markdownPath } from './paths';

interface SidebarItem {
  type: string;
  id?: string;
  link?: { type: string; id?: string };
  items?: SidebarItem[];
}

/** The doc ids of a sidebar in reading order: a category's own page comes before its items. */
export function sidebarDocIds(items: readonly SidebarItem[]): string[] {
  return items.flatMap((item) => {
    if ((item.type === 'doc' || item.type === 'ref') && item.id) return [item.id];
    if (item.type === 'category') {
      const own = item.link?.type === 'doc' && item.link.id ? [item.link.id] : [];
      return [...own, ...sidebarDocIds(item.items ?? [])];
    }
    return [];
  });
}

/** The doc's source file relative to the site folder (`@site/docs/api/Cron.md` → `docs/api/Cron.md`). */
const sourceFile = (doc: DocMetadata) => doc.source.replace(/^@site\//, '');

/**
 * The doc's route as served: a folder's index doc has the permalink `/guides/type-system/`, but the
 * site is built with `trailingSlash: false`, so its page is `/guides/type-system`.
 */
const routeOf = (doc: DocMetadata) => (doc.permalink === '/' ? '/' : doc.permalink.replace(/\/+$/, ''));

export default function markdownExportPlugin(context: LoadContext): Plugin {
  return {
    name: 'markdown-export',
    async postBuild({ outDir, plugins }) {
      const docsPlugin = plugins.find((plugin) => plugin.name === 'docusaurus-plugin-content-docs');
      const content = docsPlugin?.content as LoadedContent | undefined;
      if (!content || content.loadedVersions.length !== 1) throw new Error('markdown-export expects the docs plugin with one version');
      const [version] = content.loadedVersions;
      const permalinks = new Map(version.docs.map((doc) => [sourceFile(doc), routeOf(doc)]));
      const site = { siteUrl: SITE_URL, permalinkOf: (file: string) => permalinks.get(file) };

      const pages = new Map<string, LlmsPage>();
      await Promise.all(
        version.docs.map(async (doc) => {
          const file = sourceFile(doc);
          const source = await readFile(path.join(context.siteDir, file), 'utf8');
          // The same footer the page ends with: the release and the source files it cites.
          const footer: TreeTransform = (tree) =>
            (remarkSourceFooter() as unknown as (tree: unknown, file: unknown) => void)(tree, { data: { frontMatter: doc.frontMatter } });
          // The executed claims' count in that footer, and the home page's table of known defects.
          const claims: TreeTransform = (tree) =>
            (remarkExecutedClaims() as unknown as (tree: unknown, file: unknown) => void)(tree, { path: path.join(context.siteDir, file) });
          // The file in the site's repository, as GitHub shows it (the page's edit link opens it in the editor).
          const sourceUrl = `${DOCS_REPO_URL}/blob/${DOCS_REPO_BRANCH}/${file}`;
          const markdown = pageMarkdown(
            { source, file, title: doc.title, description: doc.description, permalink: routeOf(doc), sourceUrl },
            site,
            [footer, claims],
          );
          const target = path.join(outDir, markdownPath(routeOf(doc)));
          await mkdir(path.dirname(target), { recursive: true });
          await writeFile(target, markdown);
          pages.set(doc.id, {
            title: doc.title,
            description: doc.description,
            url: `${SITE_URL}${routeOf(doc)}`,
            markdownUrl: `${SITE_URL}${markdownPath(routeOf(doc))}`,
            markdown,
          });
        }),
      );

      const page = (id: string) => {
        const found = pages.get(id);
        if (!found) throw new Error(`markdown-export: the sidebar lists ${id}, which is no doc`);
        return found;
      };
      const sections = SIDEBARS.map(({ id, label }) => ({ label, pages: sidebarDocIds(version.sidebars[id] ?? []).map(page) }));
      const inSidebars = new Set(SIDEBARS.flatMap(({ id }) => sidebarDocIds(version.sidebars[id] ?? [])));
      const unsectioned = version.docs.filter((doc) => !inSidebars.has(doc.id)).map((doc) => page(doc.id));
      const llms = { title: SITE_TITLE, tagline: SITE_TAGLINE, strapiVersion: STRAPI_VERSION, unsectioned, sections };
      await writeFile(path.join(outDir, 'llms.txt'), llmsTxt(llms));
      await writeFile(path.join(outDir, 'llms-full.txt'), llmsFullTxt(llms));
    },
  };
}
