/**
 * Hydrates its children in a task of their own, after the rest of the page, on the first page load
 * only; on the server and after hydration it renders them as they are.
 *
 * Why: Preact (src/plugins/preact-client) hydrates the whole page in one synchronous task, where
 * React 18 hydrates in slices; on a long doc page that task was the whole total blocking time of
 * Lighthouse's mobile run (docs-dev/performance-lcp.md). Here the article's content suspends once
 * while the page hydrates: Preact keeps its server-rendered DOM, hydrates the rest of the page, and
 * resumes hydrating the content (same DOM, nothing re-created) when the promise resolves in the next
 * task. The page is already painted and readable in between.
 *
 * Only the first load suspends (`data-has-hydrated="false"`, which Docusaurus sets to true once
 * the app has hydrated): a client-side navigation renders the content at once.
 */
import React, { Suspense, type ReactNode } from 'react';

/** 'waiting' from the content's first render during hydration until the next task. */
let state: 'idle' | 'waiting' | 'done' = 'idle';
let resumed: Promise<void> = Promise.resolve();

function isHydrating(): boolean {
  return typeof document !== 'undefined' && document.documentElement.getAttribute('data-has-hydrated') === 'false';
}

function Gate({ children }: { children: ReactNode }): JSX.Element {
  if (state === 'idle' && isHydrating()) {
    state = 'waiting';
    resumed = new Promise<void>((resolve) => {
      setTimeout(() => {
        state = 'done';
        resolve();
      }, 0);
    });
  }
  // Suspense's contract: a promise thrown while rendering.
  if (state === 'waiting') throw resumed;
  return <>{children}</>;
}

export default function DeferHydration({ children }: { children: ReactNode }): JSX.Element {
  return (
    <Suspense fallback={null}>
      <Gate>{children}</Gate>
    </Suspense>
  );
}
