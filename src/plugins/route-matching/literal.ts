/**
 * `path-to-regexp` (1.9, react-router 5's) in the browser bundles (./index.ts says why): the same
 * module, except that a path without parameters, groups, wildcards or escapes (every route of this
 * site) becomes a matcher that compares strings instead of a regular expression. Its `exec` returns
 * what the regular expression's would: the matched part of the pathname, or null.
 */
// The real module, by file path: the alias that points `path-to-regexp` here is exact.
import original from 'path-to-regexp/index.js';

interface Options {
  end?: boolean;
  strict?: boolean;
  sensitive?: boolean;
  delimiter?: string;
}

/** What react-router reads of a compiled path: `exec`, and the keys path-to-regexp attaches. */
export interface LiteralMatcher {
  readonly source: string;
  readonly flags: string;
  readonly keys: never[];
  exec(pathname: string): [string] | null;
  test(pathname: string): boolean;
}

/** A path whose every character path-to-regexp would escape and match as it is. */
export function isLiteralPath(path: unknown): path is string {
  return typeof path === 'string' && !/[\\:(*]/.test(path);
}

/** The regular expressions' case folding without the `u` flag (ECMAScript's Canonicalize). */
function canonicalize(unit: string): string {
  const upper = unit.toUpperCase();
  if (upper.length !== 1) return unit;
  if (unit.charCodeAt(0) >= 128 && upper.charCodeAt(0) < 128) return unit;
  return upper;
}

function sameText(a: string, b: string, sensitive: boolean): boolean {
  if (a === b) return true;
  if (sensitive || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // Two ASCII characters: equal only as the same letter in another case.
    if (x < 128 && y < 128) {
      const lower = x | 32;
      if (lower !== (y | 32) || lower < 97 || lower > 122) return false;
    } else if (canonicalize(a[i]) !== canonicalize(b[i])) return false;
  }
  return true;
}

/**
 * The matcher of a literal path, with path-to-regexp 1.9's semantics (`tokensToRegExp`): anchored
 * at the start; unless `strict`, a trailing slash of the path is optional and one more slash at
 * the end of the pathname is allowed; with `end`, nothing may follow, otherwise what follows
 * starts a new segment.
 */
export function literalMatcher(path: string, { end = true, strict = false, sensitive = false }: Options = {}): LiteralMatcher {
  const endsWithSlash = path.endsWith('/');
  const base = !strict && endsWithSlash ? path.slice(0, -1) : path;
  const exec = (pathname: string): [string] | null => {
    if (pathname.length < base.length || !sameText(pathname.slice(0, base.length), base, sensitive)) return null;
    const rest = pathname.slice(base.length);
    if (!strict && rest === '/') return [pathname];
    if (end) return rest === '' ? [pathname] : null;
    if (strict && endsWithSlash) return [pathname.slice(0, base.length)];
    return rest === '' || rest.startsWith('/') ? [pathname.slice(0, base.length)] : null;
  };
  return {
    source: path,
    flags: sensitive ? '' : 'i',
    keys: [],
    exec,
    test: (pathname) => exec(pathname) !== null,
  };
}

type PathToRegexp = typeof original;

function pathToRegexp(path: Parameters<PathToRegexp>[0], keys?: unknown, options?: unknown): RegExp {
  const opts = (Array.isArray(keys) ? options : keys) as Options | undefined;
  if (isLiteralPath(path) && (opts?.delimiter ?? '/') === '/') return literalMatcher(path, opts) as unknown as RegExp;
  return (original as (...args: unknown[]) => RegExp)(path, keys, options);
}

export default Object.assign(pathToRegexp, {
  parse: original.parse,
  compile: original.compile,
  tokensToFunction: original.tokensToFunction,
  tokensToRegExp: original.tokensToRegExp,
});
