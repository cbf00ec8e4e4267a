/**
 * Prism grammars this site adds to the ones prism-react-renderer bundles (markup, JavaScript,
 * JSX, TypeScript, TSX, JSON, YAML and others). Read by src/config/prism.ts and src/prism/highlighter.ts;
 * scripts/lint-docs.test.ts checks that every code fence names a language the highlighter knows.
 */
export const ADDITIONAL_LANGUAGES = ['bash', 'json', 'diff', 'sql', 'yaml'] as const;
