/**
 * The browser bundles run on Preact (`preact/compat`) instead of React DOM; the server render
 * (the HTML of every page) stays React 18's.
 *
 * Why: React DOM 18.2 is 41 KB gzip of the 108 KB gzip main bundle, the largest single module of
 * every page's first view. `preact/compat` implements the React API the site, the classic theme,
 * react-router 5, react-helmet-async and react-loadable use (hooks, class components, context,
 * `hydrateRoot`, `startTransition`, `useSyncExternalStore`) in about 11 KB gzip, and hydrates the
 * HTML that React rendered on the server. Measured: docs-dev/performance.md; why: docs-dev/decisions.md.
 *
 * How: webpack aliases for the client compilation only (`isServer` is false), exact module names
 * (`react$`), so `react-dom/server` and anything else keeps resolving normally. Preact is already a
 * dependency of the site (the search panel renders with it).
 *
 * Upgrade risk: a new React API used by a future Docusaurus or theme version must exist in
 * `preact/compat` (it covers React 18's); the browser suites (npm run test:e2e) exercise every
 * component of the site after hydration. To go back to React, remove this plugin from
 * docusaurus.config.ts.
 */
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';

export const PREACT_ALIASES: Record<string, string> = {
  react$: path.join(__dirname, 'react.ts'),
  'react-dom$': 'preact/compat',
  'react-dom/client$': 'preact/compat/client',
  'react/jsx-runtime$': 'preact/jsx-runtime',
  'react/jsx-dev-runtime$': 'preact/jsx-runtime',
};

export default function preactClientPlugin(): Plugin {
  return {
    name: 'preact-client',
    configureWebpack(_config, isServer) {
      return isServer ? {} : { resolve: { alias: PREACT_ALIASES } };
    },
  };
}
