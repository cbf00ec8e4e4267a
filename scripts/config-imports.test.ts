/**
 * Dependencies run one way: configuration is imported, and never imports. No module under
 * src/config/ may import (statically, dynamically, with require or a re-export, type-only included)
 * from src/plugins/ or src/theme/, by a relative path, the `@site/` alias or the `@theme*` aliases;
 * docusaurus.config.ts, the composition root, wires plugins and configuration together
 * (docs-dev/architecture.md, "Configuration").
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(__dirname, '..');
const CONFIG_DIR = path.join(ROOT, 'src/config');
const FORBIDDEN_DIRS = ['src/plugins', 'src/theme'].map((d) => path.join(ROOT, d));

/** The specifiers of a module that lead into src/plugins/ or src/theme/. */
export function forbiddenImports(file: string, source: string): string[] {
  const { importedFiles } = ts.preProcessFile(source, true, true);
  return importedFiles
    .map((f) => f.fileName)
    .filter((spec) => {
      if (/^@theme(-original|-init)?\//.test(spec)) return true;
      let target: string;
      if (spec.startsWith('@site/')) target = path.join(ROOT, spec.slice('@site/'.length));
      else if (spec.startsWith('.')) target = path.resolve(path.dirname(file), spec);
      else return false;
      return FORBIDDEN_DIRS.some((dir) => target === dir || target.startsWith(dir + path.sep));
    });
}

function configModules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return configModules(full);
    return /\.(m?[jt]sx?|cjs)$/.test(entry.name) ? [full] : [];
  });
}

test('no module under src/config/ imports from src/plugins/ or src/theme/', () => {
  const modules = configModules(CONFIG_DIR);
  assert.ok(
    modules.some((m) => m.endsWith('docs.ts')),
    'src/config/docs.ts is among the modules checked',
  );
  const found = modules.flatMap((m) => forbiddenImports(m, readFileSync(m, 'utf8')).map((spec) => `${path.relative(ROOT, m)}: ${spec}`));
  assert.deepEqual(found, []);
});

test('every way of importing a plugin or a theme component from configuration is caught', () => {
  const file = path.join(CONFIG_DIR, 'planted.ts');
  const planted = [
    "import remarkSourceFooter from '../plugins/source-footer';",
    "import type { Controller } from '../theme/SearchBar/controller';",
    "export { default as codeBreaks } from '../plugins/code-breaks';",
    "const lazy = require('../plugins/lazy-routes');",
    "const later = () => import('@site/src/plugins/search-index');",
    "import Mermaid from '@theme/Mermaid';",
    "import Original from '@theme-original/CodeBlock';",
    "import * as all from '../plugins';",
  ];
  assert.deepEqual(forbiddenImports(file, planted.join('\n')), [
    '../plugins/source-footer',
    '../theme/SearchBar/controller',
    '../plugins/code-breaks',
    '../plugins/lazy-routes',
    '@site/src/plugins/search-index',
    '@theme/Mermaid',
    '@theme-original/CodeBlock',
    '../plugins',
  ]);
});

test('configuration may import other configuration, data, types and packages', () => {
  const file = path.join(CONFIG_DIR, 'planted.ts');
  const allowed = [
    "import { STRAPI_VERSION } from './site';",
    "import type { SearchSettings } from '../search/types';",
    "import { ADDITIONAL_LANGUAGES } from '../prism/languages';",
    "import routes from '@site/src/data/routes.json';",
    "import type { Options } from '@docusaurus/plugin-content-docs';",
    "import { themes } from 'prism-react-renderer';",
    "import x from '../plugins-list';",
  ];
  assert.deepEqual(forbiddenImports(file, allowed.join('\n')), []);
});
