import type { Config } from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import { ANNOUNCEMENT_ID, SITE_TAGLINE, SITE_TITLE, SITE_URL, STRAPI_VERSION } from './src/config/site';
import { docsOptions } from './src/config/docs';
import { footer } from './src/config/footer';
import { inlineSvg } from './src/config/images';
import { navbar } from './src/config/navbar';
import { codeThemes, prism } from './src/config/prism';
import mermaidRuntime from './src/plugins/mermaid-runtime';
import codeHighlighting from './src/plugins/code-highlighting';
import prefetchScheduler from './src/plugins/prefetch-scheduler';
import lazyRoutes from './src/plugins/lazy-routes';
import markdownExport from './src/plugins/markdown-export';
import searchIndex from './src/plugins/search-index';
import preactClient from './src/plugins/preact-client';
import compileHints from './src/plugins/compile-hints';
import versionMetadata from './src/plugins/version-metadata';
import criticalCss from './src/plugins/critical-css';
import headAfterHydration from './src/plugins/head-after-hydration';
import routeMatching from './src/plugins/route-matching';
import { SSR_TEMPLATE } from './src/config/ssrTemplate';
import remarkSourceFooter from './src/plugins/source-footer';
import remarkExecutedClaims from './src/plugins/executed-claims';
import rehypeCodeBreaks from './src/plugins/code-breaks';
import rehypeHydrationSlices from './src/plugins/hydration-slices';

/*
 * The composition root: it imports the configuration (src/config/*) and the local plugins
 * (src/plugins/*) and wires them together. Configuration never imports a plugin or a theme
 * component (scripts/config-imports.test.ts).
 */

/**
 * DOCS_STOCK_BUILD=1 builds without this site's build optimisations (the benchmark's
 * baseline, see scripts/bench.ts); never set it for a real build.
 */
const STOCK_BUILD = process.env.DOCS_STOCK_BUILD === '1';

/**
 * The preview (`npm start`, where `docusaurus start` sets NODE_ENV to development) compiles the
 * site's TypeScript, JSX and compiled MDX with esbuild instead of Babel: the first start compiles
 * about a third faster, and a saved page recompiles sooner (docs-dev/performance.md, "Preview").
 * Production builds keep Docusaurus's Babel preset and its browser targets, so what ships is what the
 * tests check.
 */
const PREVIEW = process.env.NODE_ENV === 'development';

/**
 * DOCS_SOURCE_MAPS=1 writes source maps next to the browser bundles, for `npm run trace -- --js`
 * (scripts/trace-tasks.ts) to name the source files behind a long task; never set it for a real build.
 * Without webpack's cache: its key does not see the variable, and cached modules came back unmapped.
 */
const SOURCE_MAPS = process.env.DOCS_SOURCE_MAPS === '1';

const config: Config = {
  title: SITE_TITLE,
  tagline: SITE_TAGLINE,
  url: SITE_URL,
  baseUrl: '/',
  trailingSlash: false,
  favicon: inlineSvg('img/favicon.svg'),
  titleDelimiter: '|',
  // The specification asks for warnings only; the test suite fails on any of them
  // (scripts/build-output.test.ts reads the build log).
  onBrokenLinks: 'warn',
  onBrokenMarkdownLinks: 'warn',
  onBrokenAnchors: 'warn',
  onDuplicateRoutes: 'throw',
  i18n: {
    defaultLocale: 'en',
    locales: ['en'],
    localeConfigs: { en: { label: 'English', direction: 'ltr', htmlLang: 'en' } },
  },
  markdown: { mermaid: true },
  // The bundles start after the first contentful paint (src/config/ssrTemplate.ts).
  ...(STOCK_BUILD ? {} : { ssrTemplate: SSR_TEMPLATE }),
  webpack: PREVIEW
    ? {
        jsLoader: (isServer: boolean) => ({
          loader: require.resolve('esbuild-loader'),
          // The preview compiles no server bundle; if one is ever compiled, it must be CommonJS.
          options: { loader: 'tsx', jsx: 'automatic', target: 'es2020', ...(isServer ? { format: 'cjs' } : {}) },
        }),
      }
    : undefined,
  clientModules: [
    // Shows the Retry button when a page chunk fails on the first load (see the module's comment).
    './src/clientModules/routeLoadRecovery.ts',
    // Keeps a malformed URL hash (#%E0%A4%A) from crashing the page (see the module's comment).
    './src/clientModules/malformedHash.ts',
    // Highlights a search result's words on the page it leads to (src/search/highlight.ts).
    './src/clientModules/searchHighlight.ts',
    // Marks tables that scroll sideways, so their edge shows a shadow (custom.css).
    './src/clientModules/tableScroll.ts',
    // Marks the page once every part has hydrated (src/components/DeferHydration).
    './src/clientModules/pageHydrated.ts',
  ],
  themes: ['@docusaurus/theme-mermaid'],
  plugins: [
    // The search index writer and the Markdown export (every page as Markdown, llms.txt and
    // llms-full.txt) are part of the site, not optimisations: the stock build has them too.
    searchIndex,
    markdownExport,
    ...(STOCK_BUILD
      ? []
      : [
          codeHighlighting,
          mermaidRuntime,
          prefetchScheduler,
          lazyRoutes,
          versionMetadata,
          criticalCss,
          compileHints,
          headAfterHydration,
          routeMatching,
        ]),
    // Preact in the browser bundles of the production build; the preview keeps React (and its
    // development warnings).
    ...(STOCK_BUILD || PREVIEW ? [] : [preactClient]),
    ...(SOURCE_MAPS
      ? [
          () => ({
            name: 'source-maps',
            configureWebpack: (_config: unknown, isServer: boolean) => (isServer ? {} : { devtool: 'source-map', cache: false }),
          }),
        ]
      : []),
  ],
  presets: [
    [
      'classic',
      {
        docs: docsOptions({
          sourceFooter: remarkSourceFooter,
          executedClaims: remarkExecutedClaims,
          codeBreaks: rehypeCodeBreaks,
          hydrationSlices: rehypeHydrationSlices,
        }),
        blog: false,
        theme: { customCss: './src/css/custom.css' },
      } satisfies Preset.Options,
    ],
  ],
  themeConfig: {
    image: 'img/social-card.png',
    metadata: [{ name: 'keywords', content: 'strapi, contributor, internals, headless cms' }],
    colorMode: {
      defaultMode: 'light',
      disableSwitch: false,
      respectPrefersColorScheme: true,
    },
    announcementBar: {
      id: ANNOUNCEMENT_ID,
      content: `These pages describe Strapi ${STRAPI_VERSION}. New here? Start with <a href="/guides/contributing">Contributing to Strapi</a>.`,
      isCloseable: true,
    },
    docs: { sidebar: { hideable: true, autoCollapseCategories: false } },
    tableOfContents: { minHeadingLevel: 2, maxHeadingLevel: 3 },
    navbar,
    footer,
    // The stock build colours code the stock way (inline styles from these themes).
    prism: STOCK_BUILD ? { ...prism, theme: codeThemes.light, darkTheme: codeThemes.dark } : prism,
    mermaid: { theme: { light: 'neutral', dark: 'dark' } },
  } satisfies Preset.ThemeConfig,
};

export default config;
