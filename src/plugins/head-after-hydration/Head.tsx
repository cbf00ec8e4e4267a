/**
 * `@docusaurus/Head` in the browser bundles (./index.ts says why): until the first page load has
 * hydrated every part of the page, it renders nothing, as `Helmet` itself does in the DOM; then all
 * instances mount together, in a task after the last part's, and react-helmet-async takes over the
 * head as upstream (it finds the server's tags equal and leaves them). After that first load, and
 * on every client-side navigation, it is `Helmet` at once.
 */
import React, { useEffect } from 'react';
import { Helmet } from 'react-helmet-async';
import type { Props } from '@docusaurus/Head';
import { afterHydration, postTask } from '../../components/DeferHydration/schedule';
import { createOnceFlag } from '../../components/OnceFlag';

const mounted = createOnceFlag();
let waiting = false;

/** Called once the page has rendered: the deferred parts are queued by then. */
function waitForHydration(): void {
  if (mounted.isSet() || waiting) return;
  waiting = true;
  afterHydration(() => postTask(mounted.set));
}

export default function Head(props: Props): JSX.Element | null {
  const isMounted = mounted.useValue(true);
  useEffect(waitForHydration, []);
  return isMounted ? <Helmet {...props} /> : null;
}
