// Mutation testing of the executed claims' machinery: `npm run test:mutation:claims`
// (docs-dev/mutation.md, "The claims machinery"). Apart from stryker.config.mjs because its tests
// read the pages and the claims files (the absolutes lint, the plugin), which that sandbox leaves out,
// and because the runner's tests start real processes: they run on their own, not beside the others.
import base from './stryker.config.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...base,
  tap: {
    ...base.tap,
    testFiles: [
      'scripts/test-strapi.test.ts',
      'scripts/claims-runner.test.ts',
      'scripts/absolutes.test.ts',
      'src/plugins/executed-claims/*.test.ts',
    ],
  },
  mutate: [
    'scripts/test-strapi.ts',
    'scripts/claims-runner.ts',
    'scripts/absolutes.ts',
    'src/plugins/executed-claims/*.ts',
    '!src/plugins/executed-claims/*.test.ts',
  ],
  // Anchored: a bare `e2e` would also leave out docs/guides/e2e/ and its claims.
  ignorePatterns: [
    '/build',
    '/strapi-app/node_modules',
    '/.docusaurus',
    '/.cache',
    '/static',
    '/review',
    '/e2e',
    '/test-results',
    '/playwright-report',
    '*.log',
  ],
  htmlReporter: { fileName: '.cache/stryker-claims/mutation.html' },
  jsonReporter: { fileName: '.cache/stryker-claims/mutation.json' },
  incrementalFile: '.cache/stryker-claims/incremental.json',
  tempDirName: '.cache/stryker-claims/tmp',
};
