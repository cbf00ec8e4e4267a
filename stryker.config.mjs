// Mutation testing: `npm run test:mutation` (docs-dev/testing.md, "Mutation testing"; docs-dev/mutation.md).
// Each test file runs in its own node process (tsx, node's test runner, TAP output). With perTest
// coverage a mutant is tested only by the test files whose process executed it, and the first
// failing file ends its run (forceBail).
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'tap',
  tap: {
    // Not src/search/property.test.ts: it asserts only that nothing throws and that the two query forms
    // agree (ranking.test.ts checks that on fixed queries), takes 7 s a run against about 1 s for the
    // others, and made the run several times longer (docs-dev/mutation.md).
    testFiles: [
      'src/search/!(property).test.ts',
      'src/clientModules/*.test.ts',
      'src/plugins/**/*.test.ts',
      'src/sources/*.test.ts',
      'src/theme/*/*.test.ts',
      'scripts/csp.test.ts',
      'scripts/lint-docs-rules.test.ts',
      'scripts/build-log.test.ts',
      'scripts/docs.test.ts',
      // Ground truth (docs-dev/mutation.md, "What runs"): they read .cache/strapi-source of the checkout around the sandbox.
      // The fast ones first: check-sources.test.ts builds a TypeScript program of the admin's declarations.
      'scripts/source-tree.test.ts',
      'scripts/source-declarations.test.ts',
      'scripts/anchors.test.ts',
      'scripts/move-pin.test.ts',
      'scripts/check-sources.test.ts',
    ],
    nodeArgs: ['--import', 'tsx', '--test-reporter=tap'],
    forceBail: true,
  },
  coverageAnalysis: 'perTest',
  mutate: [
    'src/search/*.ts',
    '!src/search/*.test.ts',
    // Test data, not code: the fixture index's sections.
    '!src/search/fixture.ts',
    'src/clientModules/*.ts',
    '!src/clientModules/*.test.ts',
    // The plugins, except the two modules that exist only inside the webpack bundle
    // (prefetch-scheduler/client.ts, lazy-routes/ComponentCreator.ts): docs-dev/mutation.md.
    'src/plugins/*/*.ts',
    '!src/plugins/*/*.test.ts',
    '!src/plugins/prefetch-scheduler/client.ts',
    '!src/plugins/lazy-routes/ComponentCreator.ts',
    // The diagram view's keys; the search panel's decisions are src/search/panel.ts, above.
    'src/theme/Mermaid/keys.ts',
    'scripts/csp.ts',
    'scripts/lint-docs.ts',
    'scripts/docs.ts',
    'scripts/build-log.ts',
    'scripts/check-sources.ts',
    'scripts/sources/*.ts',
    'src/sources/claims.ts',
    'scripts/move-pin.ts',
    'src/plugins/source-footer/index.ts',
  ],
  // Not needed by the unit tests; kept out of the sandbox copy.
  // Of docs/, only the page scripts/lint-docs-rules.test.ts plants a heading in (gitignore syntax:
  // a file is re-included only when its folders are).
  ignorePatterns: [
    'build',
    // The Strapi test application's install (hundreds of MB); the claims files themselves stay.
    'strapi-app/node_modules',
    '.docusaurus',
    '.cache',
    '/docs/*',
    '!/docs/api',
    '/docs/api/*',
    '!/docs/api/Cron.md',
    'static',
    'review',
    'e2e',
    'test-results',
    'playwright-report',
    '*.log',
  ],
  concurrency: 2,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  clearTextReporter: { reportTests: false, reportMutants: true, logTests: false },
  htmlReporter: { fileName: '.cache/stryker/mutation.html' },
  jsonReporter: { fileName: '.cache/stryker/mutation.json' },
  incrementalFile: '.cache/stryker/incremental.json',
  tempDirName: '.cache/stryker/tmp',
  cleanTempDir: 'always',
  thresholds: { high: 90, low: 85, break: null },
};
