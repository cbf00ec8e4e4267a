// ESLint flat config: TypeScript and React rules for the site's code, Docusaurus's own rules for
// its components, Playwright's for the browser tests. `npm run lint` runs it with no warning
// allowed; an inline disable must say why (`-- reason`), and file-wide disables are not used.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import docusaurus from '@docusaurus/eslint-plugin';
import playwright from 'eslint-plugin-playwright';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      'build/',
      '.docusaurus/',
      '.cache/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      'deploy/',
      'strapi-app/node_modules/',
      'strapi-app/.strapi/',
      'strapi-app/dist/',
      'strapi-app/types/generated/',
    ],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      // `React` stays imported in components for React.* types and older JSX tooling.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^(_|React$)' }],
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ...react.configs.flat.recommended,
    settings: { react: { version: '18.2' } },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ...react.configs.flat['jsx-runtime'],
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, '@docusaurus': docusaurus },
    rules: {
      // The two classic hook rules. (The plugin's React Compiler rules assume code written for the
      // compiler; this site does not use it.)
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      ...docusaurus.configs.recommended.rules,
      // Props are typed with TypeScript.
      'react/prop-types': 'off',
      // HTML from a string and index keys each need a stated reason where they are used.
      'react/no-danger': 'error',
      'react/no-array-index-key': 'error',
    },
  },
  {
    files: ['e2e/**/*.ts'],
    ...playwright.configs['flat/recommended'],
    rules: {
      ...playwright.configs['flat/recommended'].rules,
      // Route and page loops check what applies to each page (a sidebar only where there is one),
      // so branches inside tests are deliberate.
      'playwright/no-conditional-in-test': 'off',
      'playwright/no-conditional-expect': 'off',
    },
  },
);
