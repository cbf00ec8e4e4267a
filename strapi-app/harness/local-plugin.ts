/**
 * A local plugin in a copy of the application (from `appVariant()`): `src/plugins/<name>/` with a
 * `package.json` that declares it a Strapi plugin and the given `strapi-server.js`, declared in
 * `config/plugins.js` with `resolve`, the way a project declares a plugin it develops in place.
 * Pages whose examples live in `my-plugin` or register `plugin::<name>.*` uids run against it.
 */
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export function addPluginWithServer(appDir: string, name: string, strapiServer: string): void {
  const dir = path.join(appDir, 'src', 'plugins', name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({ name: `strapi-plugin-${name}`, version: '0.0.0', private: true, strapi: { kind: 'plugin', name } }, null, 2),
  );
  writeFileSync(path.join(dir, 'strapi-server.js'), strapiServer);
  const plugins = path.join(appDir, 'src', 'plugins');
  const declared = Object.fromEntries(
    readdirSync(plugins, { withFileTypes: true })
      .filter((e) => e.isDirectory() && existsSync(path.join(plugins, e.name, 'strapi-server.js')))
      .map((e) => [e.name, { enabled: true, resolve: `./src/plugins/${e.name}` }]),
  );
  writeFileSync(path.join(appDir, 'config', 'plugins.js'), `module.exports = () => (${JSON.stringify(declared, null, 2)});\n`);
}
