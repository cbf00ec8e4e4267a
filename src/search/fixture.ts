/** A small index built as the site builds its files (same builder, fields, weights, b and k1), for the unit tests. */
import { SEARCH_SETTINGS } from '../config/search';
import { buildIndexFile, type IndexFile } from './indexBuilder';
import { toLoadedIndex } from './indexLoader';
import type { LoadedIndex } from './types';

export interface FixtureSection {
  id: number;
  pageTitle: string;
  sectionTitle: string;
  sectionRoute: string;
  content: string;
  tags?: string;
  path?: string[];
}

export const SETTINGS = SEARCH_SETTINGS;

/**
 * Builds through the site's own index builder (src/search/indexBuilder.ts: field weights, b, k1,
 * compact file), serializes and reloads through `toLoadedIndex`, as the browser does with the file.
 * Document ids are the sections' positions (1, 2, ...), as in the built files.
 */
export function buildIndex(sections: FixtureSection[]): LoadedIndex {
  return toLoadedIndex(JSON.parse(JSON.stringify(buildFile(sections))));
}

/** The file content (`documents` + `index`) for fixture sections, as the build writes it. */
export function buildFile(sections: FixtureSection[]): IndexFile {
  return buildIndexFile(
    sections.map((section) => ({
      pageTitle: section.pageTitle,
      sectionTitle: section.sectionTitle,
      sectionRoute: section.sectionRoute,
      content: section.content,
      tags: section.tags ? [section.tags] : [],
      path: section.path ?? [],
    })),
  );
}

export const SECTIONS: FixtureSection[] = [
  {
    id: 1,
    pageTitle: 'Hooks',
    sectionTitle: 'Hooks',
    sectionRoute: '/docs/hooks',
    content: 'Register lifecycle handlers in the server.',
    tags: 'server',
  },
  {
    id: 2,
    pageTitle: 'Hooks',
    sectionTitle: 'Async hooks',
    sectionRoute: '/docs/hooks#async-hooks',
    content: 'Handlers may return a promise.',
    tags: 'server',
  },
  {
    id: 3,
    pageTitle: 'Database',
    sectionTitle: 'Transactions',
    sectionRoute: '/docs/database#transactions',
    content: 'Nested transactions reuse the connection. Hooks run after commit.',
    tags: 'database',
  },
  {
    id: 4,
    pageTitle: 'Configuration',
    sectionTitle: 'Configuration',
    sectionRoute: '/docs/configuration',
    content: 'The server reads its config from files at startup.',
    tags: 'config',
  },
  {
    id: 5,
    pageTitle: 'Admin panel',
    sectionTitle: 'Injection zones',
    sectionRoute: '/admin/injection-zones',
    content: 'Plugins inject React components into zones of the admin panel.',
    tags: 'admin plugins',
  },
  {
    id: 6,
    pageTitle: 'Permissions',
    sectionTitle: 'Permissions',
    sectionRoute: '/permissions',
    content: 'Conditions restrict what a role may do. Lifecycle of a permission check.',
    tags: 'admin',
  },
];
