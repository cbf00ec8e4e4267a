/**
 * Hydrates its children after the rest of the page, in their own turn (./schedule.ts), on the first
 * page load only. On the server, and in any render after the first load, it renders them as they are.
 *
 * Why: Preact (src/plugins/preact-client) hydrates a page in one synchronous task, where React 18
 * hydrates in slices of about 5 ms; that one task was most of the total blocking time of
 * Lighthouse's mobile runs (docs-dev/performance.md, "Hydrating in slices"). Wrapped in this
 * component, a part of the page suspends once while the page hydrates: Preact keeps its
 * server-rendered DOM as it is, hydrates the rest, and resumes hydrating the part (the same DOM
 * nodes, nothing re-created) when its turn comes.
 *
 * Contract: the children render exactly one DOM element (Preact keeps one node for a suspended
 * part). While a part hydrates, `useIsBrowser()` inside it is false, as it is for the rest of the
 * page during its hydration, so it renders what the server rendered; it turns true in an effect
 * afterwards. Code that needs the whole page hydrated (the search highlighting) waits with
 * `afterHydration`.
 */
import React, { Suspense, useContext, useEffect, useLayoutEffect, useState, type ComponentType, type ReactNode } from 'react';
import { Context as BrowserContext } from '@docusaurus/core/lib/client/browserContext';
import { schedule, type Turn } from './schedule';

export { afterHydration } from './schedule';

/** Provides `useIsBrowser() === false` to its part until the part has hydrated, then tells the schedule. */
function Part({ turn, children }: { turn: Turn | undefined; children: ReactNode }): JSX.Element {
  const outer = useContext(BrowserContext);
  const [hydrated, setHydrated] = useState(!turn || turn.done);
  useLayoutEffect(() => {
    if (turn && !turn.done) schedule.hydrated(turn);
  }, [turn]);
  useEffect(() => {
    if (!hydrated) setHydrated(true);
  }, [hydrated]);
  return <BrowserContext.Provider value={outer && hydrated}>{children}</BrowserContext.Provider>;
}

/** Throws (suspends) until the part's turn has come; then renders the part. */
function Gate({ turn, children }: { turn: Turn | undefined; children: ReactNode }): JSX.Element {
  if (turn && !turn.ready) throw turn.promise;
  return <Part turn={turn && !turn.done ? turn : undefined}>{children}</Part>;
}

export default function DeferHydration({ children }: { children: ReactNode }): JSX.Element {
  // False while the page (or an enclosing part) hydrates: this render must match the server's HTML.
  const isBrowser = useContext(BrowserContext);
  // The turn lives in this component, above the Suspense boundary: Preact keeps this instance while
  // the gate below suspends (it may make the gate a new instance). Not keyed by useId: Preact's ids
  // are a counter that starts again for a subtree rendered after the root, so nested parts got the
  // ids of earlier ones and took their turns (a code block then hydrated as if the page had
  // finished, and dropped its server markup).
  const [turn] = useState(() => (!isBrowser && typeof document !== 'undefined' ? schedule.enqueue() : undefined));
  // No Suspense on the server: React's server renderer wraps a boundary in <!--$--> and <!--/$-->
  // comments, and Preact, after keeping a suspended part's node, takes the closing comment for the
  // place of the next sibling, so it moved that sibling and its subtree (the page's main wrapper
  // after the navbar) in front of the comment. Preact needs no markers to hydrate a boundary.
  if (typeof document === 'undefined') return <>{children}</>;
  return (
    <Suspense fallback={null}>
      <Gate turn={turn}>{children}</Gate>
    </Suspense>
  );
}

/** `Component` wrapped in DeferHydration: what each theme wrapper of a deferred part exports. */
export function deferred<P extends object>(Component: ComponentType<P>): (props: P) => JSX.Element {
  return function Deferred(props: P): JSX.Element {
    return (
      <DeferHydration>
        <Component {...props} />
      </DeferHydration>
    );
  };
}
