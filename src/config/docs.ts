import type { Options as DocsOptions } from '@docusaurus/plugin-content-docs';

/** The Markdown plugins the docs are compiled with; `docusaurus.config.ts` passes them in. */
export interface DocsPlugins {
  /** Ends every page with the release it was checked against and the source files it cites. */
  sourceFooter: NonNullable<DocsOptions['remarkPlugins']>[number];
  /** Code breaks only after a path's `/` or between the words of a long chain, never inside a word. */
  codeBreaks: NonNullable<DocsOptions['rehypePlugins']>[number];
}

/**
 * Options of the single docs plugin instance, served from the site root. The plugins arrive as
 * arguments from `docusaurus.config.ts`, the composition root, so that configuration never imports
 * the code it configures (docs-dev/architecture.md, "Configuration"; scripts/config-imports.test.ts).
 */
export function docsOptions({ sourceFooter, codeBreaks }: DocsPlugins) {
  return {
    routeBasePath: '/',
    path: 'docs',
    sidebarPath: './sidebars.ts',
    editUrl: undefined,
    remarkPlugins: [sourceFooter],
    rehypePlugins: [codeBreaks],
    showLastUpdateTime: false,
    lastVersion: 'current',
    versions: {
      current: { label: 'Next', path: '/' },
    },
  } satisfies DocsOptions;
}
