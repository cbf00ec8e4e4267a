module.exports = {
  presets: [require.resolve('@docusaurus/core/lib/babel/preset')],
  // Browser bundles are compiled for browsers with ES2020 (the versions are Vite's default build
  // targets), not Babel's ES5 default: classes, arrow functions, spread, destructuring, optional
  // chaining and async functions ship as written, a smaller first view (docs-dev/performance.md).
  // Explicit versions, so no Browserslist query (and no "caniuse-lite is outdated" notice in the
  // build log). The server bundle keeps the preset's own target, the running Node.
  targets: { chrome: '87', edge: '88', firefox: '78', safari: '14' },
};
