import type { Options as DocsOptions } from '@docusaurus/plugin-content-docs';
import remarkSourceFooter from '../plugins/source-footer';

/** Options of the single docs plugin instance, served from the site root. */
export const docs = {
  routeBasePath: '/',
  path: 'docs',
  sidebarPath: './sidebars.ts',
  editUrl: undefined,
  // Ends every page with the release it was checked against and the source files it cites.
  remarkPlugins: [remarkSourceFooter],
  showLastUpdateTime: false,
  lastVersion: 'current',
  versions: {
    current: { label: 'Next', path: '/' },
  },
} satisfies DocsOptions;
