import assert from 'node:assert/strict';
import test from 'node:test';
import fc from 'fast-check';
import realPathToRegexp from 'path-to-regexp';
import pathToRegexp, { isLiteralPath, literalMatcher } from './literal';
import routeMatchingPlugin, { ROUTE_MATCHING_ALIAS } from './index';

/** What react-router's matchPath reads of a match: the matched text, or no match. */
function realExec(path: string, options: { end: boolean; strict: boolean; sensitive: boolean }, pathname: string): string | null {
  return realPathToRegexp(path, [], options).exec(pathname)?.[0] ?? null;
}

// Characters that occur in routes and URLs, case pairs and the letters whose case folding is odd
// (the Kelvin sign folds to ASCII `k` under toLowerCase but not under the regexp rules; `ß` and the
// dotless `ı` upper-case to something else or longer).
const unit = fc.constantFrom(
  '/',
  '/',
  'a',
  'A',
  'b',
  'B',
  'z',
  '-',
  '_',
  '.',
  '0',
  '9',
  '%',
  '?',
  '+',
  'é',
  'É',
  '\u212A',
  'K',
  'k',
  'ß',
  'ı',
  'I',
  'ſ',
  'S',
);
const text = fc.array(unit, { maxLength: 12 }).map((units) => units.join(''));
const options = fc.record({ end: fc.boolean(), strict: fc.boolean(), sensitive: fc.boolean() });
/** Letters that look alike to one case folding and not to another. */
const KELVIN = '\u212A';
const PARTNERS: Record<string, string[]> = {
  k: ['K', KELVIN],
  K: ['k', KELVIN],
  [KELVIN]: ['k', 'K'],
  s: ['S', 'ſ'],
  S: ['s', 'ſ'],
  ſ: ['s', 'S'],
  i: ['I', 'ı'],
  I: ['i', 'ı'],
  ı: ['i', 'I'],
  ß: ['ẞ', 'SS'],
  é: ['É'],
  É: ['é'],
};

/** The path with some characters swapped for another case or a look-alike, by the choices given. */
function variant(path: string, choices: number[]): string {
  return [...path]
    .map((c, i) => [c, c.toUpperCase(), c.toLowerCase(), ...(PARTNERS[c] ?? [])][(choices[i] ?? 0) % (3 + (PARTNERS[c]?.length ?? 0))])
    .join('');
}

test('a literal path matches exactly what path-to-regexp 1.9 matches, with every option', () => {
  fc.assert(
    fc.property(text, options, text, fc.array(fc.nat(), { maxLength: 12 }), (path, opts, tail, choices) => {
      // Pathnames near the path: itself, a prefix, with more after it, in another case or with look-alikes.
      const alike = variant(path, choices);
      for (const pathname of [path, path + tail, tail, path.slice(0, -1), path + '/', alike, alike + tail, alike + '/']) {
        assert.equal(
          literalMatcher(path, opts).exec(pathname)?.[0] ?? null,
          realExec(path, opts, pathname),
          `${JSON.stringify(path)} ${JSON.stringify(opts)} ${JSON.stringify(pathname)}`,
        );
      }
    }),
    { numRuns: 3000 },
  );
});

test('the routes of react-router: exact and prefix matches, the root, trailing slashes, case', () => {
  const cases: Array<[string, boolean, string, string | null]> = [
    ['/guides/type-system/cheatsheet', true, '/guides/type-system/cheatsheet', '/guides/type-system/cheatsheet'],
    ['/guides/type-system/cheatsheet', true, '/guides/type-system/cheatsheet/', '/guides/type-system/cheatsheet/'],
    ['/guides/type-system/cheatsheet', true, '/Guides/Type-System/CheatSheet', '/Guides/Type-System/CheatSheet'],
    ['/guides/type-system/cheatsheet', true, '/guides/type-system/cheatsheets', null],
    ['/guides', false, '/guides/type-system', '/guides'],
    ['/guides', false, '/guidesx', null],
    ['/', false, '/guides', ''],
    ['/', false, '/', '/'],
    ['/', true, '/guides', null],
    [
      '/exports/interfaces/Filters.ValueInputProps',
      true,
      '/exports/interfaces/filters.valueinputprops',
      '/exports/interfaces/filters.valueinputprops',
    ],
  ];
  for (const [path, exact, pathname, expected] of cases) {
    const options = { end: exact, strict: false, sensitive: false };
    assert.equal(realExec(path, options, pathname), expected, `path-to-regexp itself: ${path} ${pathname}`);
    assert.equal(pathToRegexp(path, [], options).exec(pathname)?.[0] ?? null, expected, `${path} ${pathname}`);
  }
});

test('paths with parameters, groups, wildcards or escapes get path-to-regexp own expression', () => {
  for (const path of ['/docs/:id', '/a/(b|c)', '/files/*', '/a\\:b', '/:lang?/docs']) {
    assert.equal(isLiteralPath(path), false, path);
    const keys: unknown[] = [];
    const regexp = pathToRegexp(path, keys as never[], { end: false });
    assert.ok(regexp instanceof RegExp, path);
    assert.equal(regexp.source, realPathToRegexp(path, [], { end: false }).source, path);
  }
  assert.equal(isLiteralPath('/exports/interfaces/Filters.ValueInputProps'), true);
  // The other exports are path-to-regexp's own.
  assert.equal(pathToRegexp.compile, realPathToRegexp.compile);
  assert.equal(pathToRegexp.parse, realPathToRegexp.parse);
});

test('the alias applies to the browser bundles only, and names the module by its exact request', () => {
  const plugin = routeMatchingPlugin();
  const configure = plugin.configureWebpack as (config: object, isServer: boolean) => { resolve?: { alias?: object } };
  assert.deepEqual(configure({}, true), {});
  assert.deepEqual(configure({}, false).resolve?.alias, ROUTE_MATCHING_ALIAS);
  assert.deepEqual(Object.keys(ROUTE_MATCHING_ALIAS), ['path-to-regexp$']);
});
