import type { Options as DocsOptions } from '@docusaurus/plugin-content-docs';
import remarkSourceFooter from '../plugins/source-footer';
import remarkExecutedClaims from '../plugins/executed-claims';
import rehypeCodeBreaks from '../plugins/code-breaks';

/** Options of the single docs plugin instance, served from the site root. */
export const docs = {
  routeBasePath: '/',
  path: 'docs',
  sidebarPath: './sidebars.ts',
  editUrl: undefined,
  // Ends every page with the release it was checked against and the source files it cites.
  // Then the "verified by running Strapi" marks, from the tests in strapi-app/claims/.
  remarkPlugins: [remarkSourceFooter, remarkExecutedClaims],
  // Code breaks only after a path's `/` or between the words of a long chain, never inside a word.
  rehypePlugins: [rehypeCodeBreaks],
  showLastUpdateTime: false,
  lastVersion: 'current',
  versions: {
    current: { label: 'Next', path: '/' },
  },
} satisfies DocsOptions;
