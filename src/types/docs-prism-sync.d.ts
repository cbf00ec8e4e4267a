/** The module src/plugins/code-highlighting maps to src/prism/highlighter.ts (server) or src/prism/noHighlighter.ts (browser). */
declare module 'docs-prism-sync' {
  import type { Highlighter } from '@site/src/prism/highlighter';

  export const highlighter: Highlighter | null;
}
