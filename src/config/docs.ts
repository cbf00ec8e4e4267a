import type { Options as DocsOptions } from '@docusaurus/plugin-content-docs';
import { DOCS_REPO_BRANCH, DOCS_REPO_URL } from './site';

/** The Markdown plugins the docs are compiled with; `docusaurus.config.ts` passes them in. */
export interface DocsPlugins {
  /** Ends every page with the release it was checked against and the source files it cites. */
  sourceFooter: NonNullable<DocsOptions['remarkPlugins']>[number];
  /** Then the "verified by running Strapi" marks and their count, from the tests in strapi-app/claims/. */
  executedClaims: NonNullable<DocsOptions['remarkPlugins']>[number];
  /** Code breaks only after a path's `/` or between the words of a long chain, never inside a word. */
  codeBreaks: NonNullable<DocsOptions['rehypePlugins']>[number];
  /** Last: each top-level block hydrates in a turn of its own on the first load. */
  hydrationSlices: NonNullable<DocsOptions['rehypePlugins']>[number];
}

/**
 * Options of the single docs plugin instance, served from the site root. The plugins arrive as
 * arguments from `docusaurus.config.ts`, the composition root, so that configuration never imports
 * the code it configures (docs-dev/architecture.md, "Configuration"; scripts/config-imports.test.ts).
 */
export function docsOptions({ sourceFooter, executedClaims, codeBreaks, hydrationSlices }: DocsPlugins) {
  return {
    routeBasePath: '/',
    path: 'docs',
    sidebarPath: './sidebars.ts',
    // "Edit this page" at the foot of every doc (the classic theme's DocItem/Footer), opening the doc's
    // file in GitHub's editor: `…/edit/main/docs/api/Cron.md` (docs-dev/readers-tools.md). A function,
    // because the site config is serialised into the main bundle and a function is left out of it.
    editUrl: ({ versionDocsDirPath, docPath }) => `${DOCS_REPO_URL}/edit/${DOCS_REPO_BRANCH}/${versionDocsDirPath}/${docPath}`,
    remarkPlugins: [sourceFooter, executedClaims],
    rehypePlugins: [codeBreaks, hydrationSlices],
    showLastUpdateTime: false,
    lastVersion: 'current',
    versions: {
      current: { label: 'Next', path: '/' },
    },
  } satisfies DocsOptions;
}
