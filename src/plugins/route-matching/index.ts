/**
 * Points `path-to-regexp` at ./literal.ts in the browser bundles: react-router 5 matches a URL
 * against a route by compiling the route's path into a regular expression (`matchPath`), and every
 * route of this site is a literal path, which ./literal.ts matches by comparing strings.
 *
 * Why: on a page load the URL is matched against the route table before the page can hydrate
 * (core's `preload`), trying the routes in order: about two hundred paths on a doc page, each parsed,
 * turned into a `RegExp` and compiled by V8 on its first `exec`. That was 8 to 12 ms of a 15 to 19 ms
 * task in Chromium traces of the cheat sheet on the 2-core machine (2026-11-27), over the 12.5 ms a
 * task may take before Lighthouse's mobile run counts it as blocking (docs-dev/performance.md,
 * "The route's chunks in the page").
 *
 * Upgrade risk: low. Paths with parameters, groups, wildcards or escapes still get path-to-regexp's
 * own expression, and ./index.test.ts holds the literal matcher to the real one on generated paths
 * and pathnames. A react-router that stops using path-to-regexp 1.x makes the alias dead: remove it.
 */
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';

export const ROUTE_MATCHING_ALIAS: Record<string, string> = { 'path-to-regexp$': path.join(__dirname, 'literal.ts') };

export default function routeMatchingPlugin(): Plugin {
  return {
    name: 'route-matching',
    configureWebpack(_config, isServer) {
      return isServer ? {} : { resolve: { alias: ROUTE_MATCHING_ALIAS } };
    },
  };
}
