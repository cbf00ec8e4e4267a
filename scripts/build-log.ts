/**
 * The build log's warnings: the lines of `npm run build`'s output (build.log, written by
 * scripts/test.sh) that scripts/build-output.test.ts refuses. Broken links, markdown links and
 * anchors only warn in the config (`[WARNING]`), and the tool chain warns in its own words: Node
 * deprecations (`DeprecationWarning`), libraries' `Warning:` lines, Browserslist's outdated-data
 * notice. Any of them fails the build check.
 */

/** Lines allowed by their exact text, each with its reason. */
export const ALLOWED_LOG_LINES: ReadonlyMap<string, string> = new Map([
  [
    'npm warn Unknown user config "nodedir". This will stop working in the next major version of npm. See `npm help npmrc` for supported config options.',
    "npm's notice about this machine's own npm configuration (a `nodedir` key in the global npmrc), printed by `npm run` before the build starts",
  ],
]);

const WARNING = /\[WARNING\]|\bwarn(ings?)?\b|deprecat|browserslist/i;

/** The lines of a build log that warn, apart from the allowed ones. */
export function logWarnings(log: string): string[] {
  return log.split('\n').filter((line) => WARNING.test(line) && !ALLOWED_LOG_LINES.has(line.trim()));
}
