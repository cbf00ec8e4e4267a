/**
 * Access to the syntax highlighter (./highlighter.ts) from components.
 *
 * On the server it is there from the start (`docs-prism-sync` is the highlighter itself in the
 * server build). In the browser it is loaded on demand with loadHighlighter(): when a code block
 * is rendered after hydration, and as soon as a client-side navigation starts
 * (src/clientModules/prismPreload.ts), so that the next page's blocks rarely wait for it.
 */
import { highlighter as syncHighlighter } from 'docs-prism-sync';
import type { Highlighter } from './highlighter';

export type { Highlighter } from './highlighter';

let current: Highlighter | null = syncHighlighter;
let pending: Promise<Highlighter> | null = null;

/** The highlighter if it is loaded, else null. */
export function getHighlighter(): Highlighter | null {
  return current;
}

/** Loads the highlighter once; later calls return the same promise. */
export function loadHighlighter(): Promise<Highlighter> {
  if (current) return Promise.resolve(current);
  pending ??= import(/* webpackChunkName: "prism" */ './highlighter').then(
    (module) => {
      current = module.highlighter;
      return current;
    },
    (error: unknown) => {
      // Let a later call try again (for example once the network is back).
      pending = null;
      throw error;
    },
  );
  return pending;
}
