/**
 * Claims that `npm run check:sources` may not hold to Strapi's source, each with its reason.
 * `claim` is what the failure line names: an identifier as written in the table, a path, a link
 * URL or an Exports member name. Keep this list short: fix the page instead wherever you can.
 */
export const SOURCE_EXCEPTIONS: Array<{ page: string; claim: string; reason: string }> = [];
