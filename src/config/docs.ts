import type { Options as DocsOptions } from '@docusaurus/plugin-content-docs';

/** Options of the single docs plugin instance, served from the site root. */
export const docs = {
  routeBasePath: '/',
  path: 'docs',
  sidebarPath: './sidebars.ts',
  editUrl: undefined,
  showLastUpdateTime: false,
  lastVersion: 'current',
  versions: {
    current: { label: 'Next', path: '/' },
  },
} satisfies DocsOptions;
