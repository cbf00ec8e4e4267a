/**
 * `@docusaurus/Head` in the browser bundles (./index.ts says why): until the first page load has
 * hydrated every part of the page, it renders nothing, as `Helmet` itself does in the DOM; then all
 * instances mount together, in a task after the last part's, and react-helmet-async takes over the
 * head as upstream (it finds the server's tags equal and leaves them). After that first load, and
 * on every client-side navigation, it is `Helmet` at once.
 */
import React, { useEffect, useSyncExternalStore } from 'react';
import { Helmet } from 'react-helmet-async';
import type { Props } from '@docusaurus/Head';
import { afterHydration, postTask } from '../../components/DeferHydration/schedule';

let mounted = false;
let waiting = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function mountAll(): void {
  mounted = true;
  for (const listener of listeners) listener();
}

/** Called once the page has rendered: the deferred parts are queued by then. */
function waitForHydration(): void {
  if (mounted || waiting) return;
  waiting = true;
  afterHydration(() => postTask(mountAll));
}

export default function Head(props: Props): JSX.Element | null {
  const isMounted = useSyncExternalStore(
    subscribe,
    () => mounted,
    () => true,
  );
  useEffect(waitForHydration, []);
  return isMounted ? <Helmet {...props} /> : null;
}
