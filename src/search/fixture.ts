/** A small index built like the plugin builds its files (same fields, b and k1), for the unit tests. */
import lunr from 'lunr';
import { SEARCH_SETTINGS, search as searchConfig } from '../config/search';
import { toLoadedIndex } from './indexLoader';
import type { LoadedIndex, SearchDocument } from './types';

export interface FixtureSection {
  id: number;
  pageTitle: string;
  sectionTitle: string;
  sectionRoute: string;
  content: string;
  tags?: string;
}

export const SETTINGS = SEARCH_SETTINGS;

/** Serializes and reloads through `toLoadedIndex`, as the browser does with the JSON file. */
export function buildIndex(sections: FixtureSection[]): LoadedIndex {
  // As the plugin does with the `tokenizerSeparator` option.
  lunr.tokenizer.separator = searchConfig.lunr.tokenizerSeparator;
  const index = lunr(function build() {
    this.k1(searchConfig.lunr.k1);
    this.b(searchConfig.lunr.b);
    this.ref('id');
    this.field('title');
    this.field('content');
    this.field('tags');
    for (const section of sections) {
      this.add({ id: String(section.id), title: section.sectionTitle, content: section.content, tags: section.tags ?? '' });
    }
  });
  const documents: SearchDocument[] = sections.map(({ id, pageTitle, sectionTitle, sectionRoute }) => ({
    id,
    pageTitle,
    sectionTitle,
    sectionRoute,
    type: 'docs',
  }));
  return toLoadedIndex(JSON.parse(JSON.stringify({ documents, index })));
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
