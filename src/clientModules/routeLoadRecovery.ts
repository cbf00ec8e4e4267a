/**
 * Route loading errors on the first page load (spec sections 4 and 8: "Page chunk fails to load:
 * the error text and a Retry button").
 *
 * Why: Docusaurus 3.1.1 renders the app only after `preload(location.pathname)` resolves
 * (`@docusaurus/core/lib/client/clientEntry.js`). When one of the page's chunks fails to load on
 * the first visit, that promise rejects, the app never renders and the route's `Loading`
 * component, which holds the error text and the Retry button, is never shown: the visitor is
 * left with a static page that never becomes interactive. During the first load only, this
 * module lets a failed route preload resolve (after logging a warning), so the app renders and
 * the failed route shows its `Loading` error with Retry; Retry loads the chunk again.
 * Once the first route has rendered, preloads are left untouched, so a route that fails to
 * preload during a navigation still logs a warning and reloads the page (PendingNavigation).
 *
 * How: wraps the static `preload` of every route component of `@generated/routes` (the same
 * objects core's preload helper uses). Upgrade risk: relies on route components being
 * react-loadable components with a static `preload()` returning a promise, as in core 3.x;
 * if a later version handles this failure itself, delete this module and its `clientModules`
 * entry in docusaurus.config.ts.
 */
import routes from '@generated/routes';
import type { ClientModule } from '@docusaurus/types';

type RouteNode = { component?: unknown; routes?: RouteNode[] };
type Preloadable = { preload?: () => Promise<unknown> };

/** True until the first route has rendered. */
let firstLoad = true;

function tolerateFirstLoadFailures(list: RouteNode[]): void {
  for (const route of list) {
    const component = route.component as Preloadable | undefined;
    const original = component?.preload;
    if (component && typeof original === 'function') {
      component.preload = () => {
        const promise = original.call(component);
        if (!firstLoad) return promise;
        return promise.catch((error: unknown) => {
          console.warn('A page chunk failed to load; the page shows the error and a Retry button.', error);
        });
      };
    }
    if (route.routes) tolerateFirstLoadFailures(route.routes);
  }
}

if (typeof window !== 'undefined') tolerateFirstLoadFailures(routes as RouteNode[]);

const routeLoadRecovery: ClientModule = {
  onRouteDidUpdate() {
    firstLoad = false;
  },
};

export default routeLoadRecovery;
