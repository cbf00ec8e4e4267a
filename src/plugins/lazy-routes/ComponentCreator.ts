/**
 * Replaces `@docusaurus/ComponentCreator` (core 3.1.1) for `.docusaurus/routes.js`, which calls it
 * once per route when the main bundle starts: about 240 calls here, each flattening the route's
 * chunk names and building a react-loadable component, before the page can hydrate. This version
 * returns a light component at once and calls core's ComponentCreator only when the route is
 * rendered or preloaded, which on a page load is the three routes that match the URL.
 *
 * On the server it also reports the route's chunk names to react-loadable's `Capture`, which is
 * how the page template learns which scripts the page needs. Core reports the routes' module paths
 * (`@site/docs/…md`, `@theme/DocItem`), but the client manifest it looks them up in is keyed by
 * chunk name, so in 3.1.1 every page listed the runtime and main bundles only, and the main bundle
 * requested the route's chunks itself when it ran: a script element inserted for each, in the
 * longest task of the page load (docs-dev/performance.md, "The route's chunks in the page"). With
 * the chunk names reported, each page's HTML lists its chunks (src/config/ssrTemplate.ts) and the
 * page template's loader starts them after the bundles; webpack finds their script elements and
 * inserts none.
 *
 * Upgrade risk: low. The returned component keeps the interface core and react-router-config use
 * (a React component with a static `preload()`), and the report uses react-loadable's legacy
 * context as its own `Loadable` components do; re-check when upgrading Docusaurus (a version whose
 * pages already list their chunks needs no report).
 */
import React from 'react';
import routesChunkNames from '@generated/routesChunkNames';
import flat from '@docusaurus/core/lib/client/flat';
// Core's own module, by file path: the `@docusaurus/ComponentCreator` alias points here.
import CoreComponentCreator from '@docusaurus/core/lib/client/exports/ComponentCreator';

type RouteComponent = ReturnType<typeof CoreComponentCreator>;
type Props = Record<string, unknown>;
/** react-loadable's `Capture` context, present during the server render only. */
type CaptureContext = { loadable?: { report: (name: string) => void } } | undefined;

/** The chunk names of a route, as `routesChunkNames` holds them (nested for some props). */
export function routeChunkNames(path: string, hash: string): string[] {
  const names = routesChunkNames[`${path}-${hash}`];
  return names ? Object.values(flat(names)).filter((name): name is string => typeof name === 'string') : [];
}

export default function ComponentCreator(path: string, hash: string): RouteComponent {
  let loadable: RouteComponent | undefined;
  const get = (): RouteComponent => {
    loadable ??= CoreComponentCreator(path, hash);
    return loadable;
  };
  function LazyRoute(props: Props, context?: CaptureContext): JSX.Element {
    if (typeof window === 'undefined') for (const name of routeChunkNames(path, hash)) context?.loadable?.report(name);
    return React.createElement(get() as React.ComponentType<Props>, props);
  }
  LazyRoute.displayName = `Route(${path})`;
  LazyRoute.preload = () => get().preload();
  // React passes a legacy context to function components that declare it (the key is what counts).
  if (typeof window === 'undefined') Object.assign(LazyRoute, { contextTypes: { loadable: () => null } });
  return LazyRoute as unknown as RouteComponent;
}
