/**
 * The pages the search indexes (./pages.ts), from loaded docs content written here: each page's
 * route, title, tags, index tag and place in the sidebars.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { LoadedContent } from '@docusaurus/plugin-content-docs';
import { indexedPages } from './pages';

function doc(id: string, permalink: string, title: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    permalink,
    title,
    tags: [{ label: 'database', permalink: '/tags/database' }],
    source: `@site/docs/${id}.md`,
    frontMatter: {},
    ...extra,
  };
}

const CONTENT = {
  loadedVersions: [
    {
      versionName: 'current',
      docs: [
        doc('index', '/', 'Home', { tags: [] }),
        doc('docs/intro', '/docs/intro', 'Introduction'),
        doc('docs/database/intro', '/docs/database/', 'Database', { frontMatter: { sidebar_label: 'Overview' } }),
        doc('docs/database/transactions', '/docs/database/transactions', 'Transactions', {
          tags: [
            { label: 'database', permalink: '/tags/database' },
            { label: 'RBAC', permalink: '/tags/rbac' },
          ],
        }),
        doc('docs/database/relations', '/docs/database/relations', 'Relations', { frontMatter: { sidebar_label: 'Relations (label)' } }),
        doc('rfcs/x', '/rfcs/x', 'X'),
      ],
      sidebars: {
        docs: [
          { type: 'doc', id: 'docs/intro' },
          {
            type: 'category',
            label: 'Database',
            link: { type: 'doc', id: 'docs/database/intro' },
            items: [
              { type: 'doc', id: 'docs/database/transactions', label: 'Nested transactions' },
              { type: 'ref', id: 'docs/database/relations' },
              { type: 'link', href: 'https://x.example', label: 'Out' },
            ],
          },
          // A doc listed twice keeps its first place.
          { type: 'doc', id: 'docs/database/transactions' },
          { type: 'doc', id: 'docs/missing' },
        ],
        custom: [{ type: 'category', label: 'Plain', items: [{ type: 'doc', id: 'rfcs/x' }] }],
      },
    },
  ],
} as unknown as LoadedContent;

test('each doc with its route (no trailing slash), title, tags, index tag and place', () => {
  assert.deepEqual(indexedPages(CONTENT), [
    { route: '/', title: 'Home', tags: [], source: '@site/docs/index.md', searchTag: 'docs-default-current', path: [] },
    {
      route: '/docs/intro',
      title: 'Introduction',
      tags: ['database'],
      source: '@site/docs/docs/intro.md',
      searchTag: 'docs-default-current',
      path: ['Docs', 'Introduction'],
    },
    {
      route: '/docs/database',
      title: 'Database',
      tags: ['database'],
      source: '@site/docs/docs/database/intro.md',
      searchTag: 'docs-default-current',
      path: ['Docs', 'Database'],
    },
    {
      route: '/docs/database/transactions',
      title: 'Transactions',
      tags: ['database', 'RBAC'],
      source: '@site/docs/docs/database/transactions.md',
      searchTag: 'docs-default-current',
      path: ['Docs', 'Database', 'Nested transactions'],
    },
    {
      route: '/docs/database/relations',
      title: 'Relations',
      tags: ['database'],
      source: '@site/docs/docs/database/relations.md',
      searchTag: 'docs-default-current',
      path: ['Docs', 'Database', 'Relations (label)'],
    },
    // A sidebar that is not one of the site's five is named by its id.
    {
      route: '/rfcs/x',
      title: 'X',
      tags: ['database'],
      source: '@site/docs/rfcs/x.md',
      searchTag: 'docs-default-current',
      path: ['custom', 'Plain', 'X'],
    },
  ]);
});

test('the index tag names the plugin and the version', () => {
  assert.deepEqual(
    indexedPages(CONTENT, 'community').map((page) => page.searchTag),
    Array(6).fill('docs-community-current'),
  );
});

test('a sidebar doc without a doc of its own is labelled by its id; a title is the fallback label', () => {
  const content = {
    loadedVersions: [
      {
        versionName: 'next',
        docs: [doc('a', '/a//', 'A title')],
        sidebars: {
          api: [
            { type: 'doc', id: 'a' },
            { type: 'doc', id: 'ghost' },
          ],
        },
      },
    ],
  } as unknown as LoadedContent;
  assert.deepEqual(indexedPages(content), [
    {
      route: '/a',
      title: 'A title',
      tags: ['database'],
      source: '@site/docs/a.md',
      searchTag: 'docs-default-next',
      path: ['API Reference', 'A title'],
    },
  ]);
});
