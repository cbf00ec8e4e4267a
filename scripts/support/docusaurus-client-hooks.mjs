/**
 * Node module hooks that let a unit test import Docusaurus's real client code (theme components
 * and hooks) outside webpack: they resolve the aliases webpack would resolve (`@theme/*`,
 * `@docusaurus/<client export>`, `@generated/*`), compile the JSX the published theme files
 * contain, and load CSS modules as empty objects. Used by scripts/build-errors.test.ts.
 * `@generated/*` files only exist after a build, so they resolve to empty modules here: the
 * tests pass the site data through React context themselves.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { transform } from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const DOCUSAURUS = path.join(ROOT, 'node_modules', '@docusaurus');
const THEME_DIRS = [
  path.join(DOCUSAURUS, 'theme-classic', 'lib', 'theme'),
  path.join(DOCUSAURUS, 'core', 'lib', 'client', 'theme-fallback'),
];
const CLIENT_EXPORTS = path.join(DOCUSAURUS, 'core', 'lib', 'client', 'exports');

function firstFile(candidates) {
  return candidates.find((file) => existsSync(file) && !file.endsWith(path.sep));
}

function themeFile(name) {
  const candidates = THEME_DIRS.flatMap((dir) => [path.join(dir, name, 'index.js'), path.join(dir, `${name}.js`)]);
  return firstFile(candidates);
}

export async function resolve(specifier, context, next) {
  if (specifier.startsWith('@generated/')) {
    const body = specifier === '@generated/routes' || specifier === '@generated/client-modules' ? '[]' : '{}';
    return { url: `data:text/javascript,export default ${body};`, shortCircuit: true };
  }
  if (specifier.startsWith('@theme/') || specifier.startsWith('@theme-original/') || specifier.startsWith('@theme-init/')) {
    const file = themeFile(specifier.slice(specifier.indexOf('/') + 1));
    if (!file) throw new Error(`no theme component for ${specifier}`);
    return { url: pathToFileURL(file).href, shortCircuit: true };
  }
  const client = /^@docusaurus\/([\w]+)$/.exec(specifier);
  if (client && existsSync(path.join(CLIENT_EXPORTS, `${client[1]}.js`))) {
    return { url: pathToFileURL(path.join(CLIENT_EXPORTS, `${client[1]}.js`)).href, shortCircuit: true };
  }
  return next(specifier, context);
}

export async function load(url, context, next) {
  if (url.startsWith('file:') && url.endsWith('.css')) {
    return { format: 'module', source: 'export default {};', shortCircuit: true };
  }
  if (url.startsWith('file:') && url.includes('/node_modules/@docusaurus/') && url.endsWith('.js') && !url.includes('/lib/server/')) {
    const file = fileURLToPath(url);
    const source = readFileSync(file, 'utf8');
    if (/^\s*(import|export)\s/m.test(source)) {
      const { code } = await transform(source, { loader: 'jsx', jsx: 'automatic', format: 'esm', sourcefile: file });
      return { format: 'module', source: code, shortCircuit: true };
    }
    // CommonJS (e.g. @docusaurus/utils-common): Node cannot see the names TypeScript re-exports
    // with getters, so expose every export by name.
    const names = Object.keys(createRequire(file)(file)).filter((name) => /^[A-Za-z_$][\w$]*$/.test(name) && name !== 'default');
    const wrapper = [
      `import { createRequire } from 'node:module';`,
      `const m = createRequire(${JSON.stringify(file)})(${JSON.stringify(file)});`,
      'export default m;',
      ...names.map((name) => `export const ${name} = m.${name};`),
    ].join('\n');
    return { format: 'module', source: wrapper, shortCircuit: true };
  }
  return next(url, context);
}
