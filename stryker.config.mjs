// Mutation testing: `npm run test:mutation` (README, "Mutation testing"; docs-dev/mutation.md).
// Each test file runs in its own node process (tsx, node's test runner, TAP output). With perTest
// coverage a mutant is tested only by the test files whose process executed it, and the first
// failing file ends its run (forceBail).
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'tap',
  tap: {
    // Not src/search/property.test.ts: it asserts only that nothing throws and that the two query forms
    // agree (ranking.test.ts checks that on fixed queries), takes 7 s a run against about 1 s for the
    // others, and made the run several times longer (README, "Mutation testing").
    testFiles: [
      'src/search/!(property).test.ts',
      'src/clientModules/*.test.ts',
      'scripts/csp.test.ts',
      'scripts/lint-docs-rules.test.ts',
      // Ground truth (docs-dev/ground-truth-anchors.md): they read .cache/strapi-source of the checkout around the sandbox.
      // The fast ones first: check-sources.test.ts builds a TypeScript program of the admin's declarations.
      'src/plugins/source-footer/*.test.ts',
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
    'scripts/csp.ts',
    'scripts/lint-docs.ts',
    'scripts/check-sources.ts',
    'scripts/sources/*.ts',
    'src/sources/claims.ts',
    'scripts/move-pin.ts',
    'src/plugins/source-footer/index.ts',
  ],
  // Not needed by the unit tests; kept out of the sandbox copy.
  ignorePatterns: ['build', '.docusaurus', '.cache', 'docs', 'static', 'review', 'e2e', 'test-results', 'playwright-report', '*.log'],
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
