/**
 * The pages the search indexes, read from the docs plugin's loaded content: route, title, tags,
 * source file, the docs tag of its index file, and its place in the sidebars
 * (`Docs › Database › Relations`).
 */
import type { LoadedContent, LoadedVersion } from '@docusaurus/plugin-content-docs';
import { SIDEBARS } from '../../config/site';

export interface IndexedPage {
  route: string;
  title: string;
  tags: string[];
  /** `@site/docs/...` as the docs plugin gives it. */
  source: string;
  /** The index file's tag: `docs-{plugin id}-{version name}`. */
  searchTag: string;
  /** Sidebar label, category labels, page label; empty for a page outside every sidebar. */
  path: string[];
}

type SidebarItem = LoadedVersion['sidebars'][string][number];

/** Doc id → labels from the sidebar's root down to the doc (categories and the doc's own label). */
function sidebarPaths(version: LoadedVersion): Map<string, string[]> {
  const paths = new Map<string, string[]>();
  const labelOf = (id: string, label: string | undefined): string => {
    const doc = version.docs.find((d) => d.id === id);
    return label ?? (doc?.frontMatter.sidebar_label as string | undefined) ?? doc?.title ?? id;
  };
  const walk = (items: readonly SidebarItem[], above: string[]): void => {
    for (const item of items) {
      if (item.type === 'category') {
        const here = [...above, item.label];
        if (item.link?.type === 'doc') paths.set(item.link.id, here);
        walk(item.items, here);
      } else if (item.type === 'doc' || item.type === 'ref') {
        if (!paths.has(item.id)) paths.set(item.id, [...above, labelOf(item.id, item.label)]);
      }
    }
  };
  for (const [sidebarId, items] of Object.entries(version.sidebars)) {
    const sidebarLabel = SIDEBARS.find((sidebar) => sidebar.id === sidebarId)?.label ?? sidebarId;
    walk(items, [sidebarLabel]);
  }
  return paths;
}

export function indexedPages(content: LoadedContent, pluginId = 'default'): IndexedPage[] {
  return content.loadedVersions.flatMap((version) => {
    const paths = sidebarPaths(version);
    return version.docs.map((doc) => ({
      // A category index's permalink may end in `/`; the site (`trailingSlash: false`) serves it without.
      route: doc.permalink.length > 1 ? doc.permalink.replace(/\/+$/, '') : doc.permalink,
      title: doc.title,
      tags: doc.tags.map((tag) => tag.label),
      source: doc.source,
      searchTag: `docs-${pluginId}-${version.versionName}`,
      path: paths.get(doc.id) ?? [],
    }));
  });
}
