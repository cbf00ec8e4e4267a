/** What `docs-prism-sync` is in the browser build: nothing (the highlighter loads on demand, see ./index.ts). */
import type { Highlighter } from './highlighter';

export const highlighter: Highlighter | null = null;
