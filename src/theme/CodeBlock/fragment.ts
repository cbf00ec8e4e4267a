/**
 * The fragment marker of a code fence: ```ts fragment="why it does not compile on its own"```.
 * Every TypeScript block of the docs is type-checked (npm run check:examples) unless it carries
 * this marker, and the page shows the reason above the block (Content/String.tsx). The docs lint
 * (scripts/lint-docs.ts) rejects a marker without a reason or on a block that is not TypeScript.
 */

const MARKER = /(?:^|\s)fragment=(?:"([^"]*)"|(\S*))/;

/** Fence languages the examples checker type-checks, so the only ones a fragment marker belongs on. */
export const CHECKED_LANGUAGES: ReadonlySet<string> = new Set(['ts', 'tsx', 'typescript']);

/**
 * The reason a fence's meta gives for being a fragment: the quoted text of `fragment="..."`,
 * trimmed, or `undefined` when the meta has no fragment marker. An unquoted or empty marker gives
 * `''`, which the docs lint reports.
 */
export function fragmentReason(metastring: string | null | undefined): string | undefined {
  const match = MARKER.exec(metastring ?? '');
  if (!match) return undefined;
  return (match[1] ?? '').trim();
}
