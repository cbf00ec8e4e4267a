/** The build log check (scripts/build-log.ts) on log lines written out here. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { logWarnings } from './build-log';

const CLEAN = [
  '> strapi-contributor-docs@1.0.0 build',
  '> docusaurus build',
  '[INFO] [en] Creating an optimized production build...',
  '[SUCCESS] Generated static files in "build".',
  // A word that contains "warn" is not a warning: inside it, at its end, at its start.
  '[INFO] Forewarned docs: 0',
  '[INFO] Forewarn docs: 0',
  '[INFO] Warnock docs: 0',
].join('\n');

test('a clean log, and the allowed npm notice, give no warning', () => {
  assert.deepEqual(logWarnings(CLEAN), []);
  assert.deepEqual(
    logWarnings(
      `${CLEAN}\n  npm warn Unknown user config "nodedir". This will stop working in the next major version of npm. See \`npm help npmrc\` for supported config options.`,
    ),
    [],
  );
});

test('each kind of warning is reported with its whole line', () => {
  const lines = [
    '[WARNING] Docusaurus found broken links!',
    '(node:4242) [DEP0040] DeprecationWarning: The `punycode` module is deprecated.',
    'Warning: React.createFactory() is deprecated',
    'Warning: a library says something else',
    'compiled with 1 warning',
    'Browserslist: caniuse-lite is outdated. Please run:',
    'npm WARN config production Use `--omit=dev` instead.',
    'webpack: 2 warnings',
    'npm warn Unknown user config "nodedir".',
  ];
  assert.deepEqual(logWarnings([CLEAN, ...lines].join('\n')), lines);
});
