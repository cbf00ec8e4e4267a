/**
 * Replaces `@docusaurus/ComponentCreator` (core 3.1.1) for `.docusaurus/routes.js`, which calls it
 * once per route when the main bundle starts: about 240 calls here, each flattening the route's
 * chunk names and building a react-loadable component, before the page can hydrate. This version
 * returns a light component at once and calls core's ComponentCreator only when the route is
 * rendered or preloaded, which on a page load is the three routes that match the URL.
 * Upgrade risk: low. The returned component keeps the interface core and react-router-config use
 * (a React component with a static `preload()`); re-check when upgrading Docusaurus.
 */
import React from 'react';
// Core's own module, by file path: the `@docusaurus/ComponentCreator` alias points here.
import CoreComponentCreator from '@docusaurus/core/lib/client/exports/ComponentCreator';

type RouteComponent = ReturnType<typeof CoreComponentCreator>;
type Props = Record<string, unknown>;

export default function ComponentCreator(path: string, hash: string): RouteComponent {
  let loadable: RouteComponent | undefined;
  const get = (): RouteComponent => {
    loadable ??= CoreComponentCreator(path, hash);
    return loadable;
  };
  function LazyRoute(props: Props): JSX.Element {
    return React.createElement(get() as React.ComponentType<Props>, props);
  }
  LazyRoute.displayName = `Route(${path})`;
  LazyRoute.preload = () => get().preload();
  return LazyRoute as unknown as RouteComponent;
}
