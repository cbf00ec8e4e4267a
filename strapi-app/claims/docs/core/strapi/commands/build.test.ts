/**
 * `strapi build` on a copy of the application, twice. Bundling the admin takes minutes, so the
 * runs stop before it: the first as the application is (its package.json declares none of the
 * admin's peer dependencies, so the check fails), the second with the check skipped and a project
 * Vite config (src/admin/vite.config.js) that records the configuration it receives and throws,
 * which ends the run in the command's error handler after the build context and the static files
 * were made. Vite's own build and the webpack path are not run (see the page's test note).
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { before } from 'node:test';
import type { Command } from 'commander';
import { APP_DIR, STATE_DIR, appVariant, claim, runStrapiCli, type CliResult } from '../../../../../harness';

const plain = (s: string) => s.replace(/\x1b\[[0-9;]*m/g, ''); // eslint-disable-line no-control-regex -- colour codes of chalk
const recorded = path.join(STATE_DIR, 'build-vite-config.json');
let dir: string;
let failedCheck: CliResult;
let stopped: CliResult;
let config: {
  mode: string;
  logLevel: string;
  base: string;
  publicDir: boolean;
  envPrefix: string;
  define: Record<string, string>;
  build: { outDir: string; emptyOutDir: boolean; minify: boolean; sourcemap: boolean; rollupOptions: { input: Record<string, string> } };
};
let bundleEnv: Record<string, string>;

before(async () => {
  const project = (variant: string) => {
    mkdirSync(path.join(variant, 'src/admin'), { recursive: true });
    writeFileSync(
      path.join(variant, 'src/admin/vite.config.js'),
      `const fs = require('node:fs');
module.exports = (config) => {
  fs.writeFileSync(process.env.RECORD_VITE_CONFIG, JSON.stringify(config));
  throw new Error('stop before bundling');
};
`,
    );
    // Later in the lookup order: never loaded while vite.config.js exists.
    writeFileSync(
      path.join(variant, 'src/admin/vite.config.ts'),
      `export default () => { throw new Error('the .ts file was loaded'); };\n`,
    );
    mkdirSync(path.join(variant, 'build'), { recursive: true });
    writeFileSync(path.join(variant, 'build/keep.txt'), 'an old build');
    writeFileSync(path.join(variant, '.env'), 'STRAPI_ADMIN_FROM_DOTENV=from-dotenv\n');
    // A local plugin with an admin part, enabled in config/plugins.js.
    const plugin = path.join(variant, 'src/plugins/notes');
    mkdirSync(plugin, { recursive: true });
    writeFileSync(path.join(plugin, 'package.json'), JSON.stringify({ name: 'notes', strapi: { kind: 'plugin', name: 'notes' } }));
    writeFileSync(path.join(plugin, 'strapi-admin.js'), 'export default { register() {} };\n');
    writeFileSync(path.join(plugin, 'strapi-server.js'), 'module.exports = {};\n');
    writeFileSync(
      path.join(variant, 'config/plugins.js'),
      "module.exports = { notes: { enabled: true, resolve: './src/plugins/notes' } };\n",
    );
  };
  // Outside this repository: the CLI would otherwise find the documentation site's tsconfig.json above the copy.
  const checked = appVariant('cli-build-check', project, { outsideRepository: true });
  dir = appVariant('cli-build-stopped', project, { outsideRepository: true });
  rmSync(recorded, { force: true });
  const env = { XDG_CONFIG_HOME: path.join(STATE_DIR, 'cli-build-xdg') };
  [failedCheck, stopped] = await Promise.all([
    runStrapiCli(['build', '--bundler', 'webpack'], { appDir: checked, env }),
    runStrapiCli(['build', '--sourcemap'], {
      appDir: dir,
      env: {
        ...env,
        USE_EXPERIMENTAL_DEPENDENCIES: 'true',
        RECORD_VITE_CONFIG: recorded,
        STRAPI_ADMIN_SHOWN: 'shown',
        strapi_admin_lower: 'lower',
        NOT_STRAPI_ADMIN: 'hidden',
        STRAPI_ADMIN_AUTH_COOKIE_NAME: 'ambient',
      },
    }),
  ]);
  assert.ok(existsSync(recorded), plain(stopped.stdout + stopped.stderr));
  config = JSON.parse(readFileSync(recorded, 'utf8'));
  bundleEnv = JSON.parse(config.define['process.env']);
});

claim(
  {
    id: 'missing-peer-deps',
    says: 'either fails the command (an error listing them and the npm/yarn/pnpm command to run, then exit 1)',
  },
  async () => {
    const out = plain(failedCheck.stdout + failedCheck.stderr);
    assert.equal(failedCheck.code, 1);
    assert.match(out, /The Strapi admin is missing required dependencies:/);
    assert.match(out, /Please install them manually before re-running this command:\s+\S+ (add|install)/);
    assert.doesNotMatch(out, /Building build context/, 'nothing after the check ran');
  },
);

claim(
  {
    id: 'admin-peer-deps',
    says: 'checks that the project declares react (^18.0.0), react-dom (^18.0.0), react-router-dom (^6.0.0) and styled-components (^6.0.0), the ADMIN_PEER_DEPS',
  },
  async () => {
    const out = plain(failedCheck.stdout + failedCheck.stderr);
    for (const dep of ['react@^18.0.0', 'react-dom@^18.0.0', 'react-router-dom@^6.0.0', 'styled-components@^6.0.0'])
      assert.ok(out.includes(`- ${dep}`), dep);
    // Installed in node_modules does not count: the check reads package.json.
    assert.ok(existsSync(path.join(APP_DIR, 'node_modules/react/package.json')));
  },
);

claim(
  {
    id: 'webpack-deprecated',
    says: 'warns [@strapi/strapi]: Using webpack as a bundler is deprecated. You should migrate to vite. when bundler is webpack',
  },
  async () => {
    assert.match(
      plain(failedCheck.stdout + failedCheck.stderr),
      /\[@strapi\/strapi\]: Using webpack as a bundler is deprecated\. You should migrate to vite\./,
    );
    assert.doesNotMatch(plain(stopped.stdout + stopped.stderr), /Using webpack/);
  },
);

claim(
  {
    id: 'experimental-skips-check',
    says: 'It is skipped entirely when USE_EXPERIMENTAL_DEPENDENCIES=true (a warning is logged)',
  },
  async () => {
    const out = plain(stopped.stdout + stopped.stderr);
    assert.match(out, /\[WARN\] You are using experimental dependencies that may not be compatible with Strapi\./);
    assert.doesNotMatch(out, /missing required dependencies/);
  },
);

claim(
  {
    id: 'unexpected-error',
    says: 'Any error thrown ends in handleUnexpectedError, which prints the error box and exits with code 1.',
  },
  async () => {
    assert.equal(stopped.code, 1);
    const out = plain(stopped.stdout + stopped.stderr);
    assert.match(out, /\[ERROR\]\s+There seems to be an unexpected error, try again with --debug for more information/);
    assert.match(out, /[│|]\s+Error: stop before bundling/, 'the stack in a box');
  },
);

claim(
  {
    id: 'output-folder-removed',
    says: 'createBuildContext removes distPath (<outDir>/build for TypeScript projects, build/ at the project root otherwise)',
  },
  async () => {
    assert.equal(existsSync(path.join(dir, 'build/keep.txt')), false);
    assert.equal(existsSync(path.join(dir, 'build')), false);
  },
);

claim(
  {
    id: 'static-files',
    says: "with Vite it passes entryPath: '/.strapi/client/app.js' so the page loads the entry",
  },
  async () => {
    const html = readFileSync(path.join(dir, '.strapi/client/index.html'), 'utf8');
    assert.match(html, /<script type="module" src="\/\.strapi\/client\/app\.js"><\/script>/);
    assert.match(html, /<div id="strapi">/);
  },
);

claim(
  {
    id: 'entry-file',
    says: 'That entry imports the admin module of each plugin in ctx.plugins, the project\'s customisations file when there is one, and calls renderAdmin(document.getElementById("strapi"), { customisations, features, plugins }) from @strapi/strapi/admin',
  },
  async () => {
    const app = readFileSync(path.join(dir, '.strapi/client/app.js'), 'utf8');
    assert.match(app, /import \{ renderAdmin \} from "@strapi\/strapi\/admin";/);
    // The local plugin, and no core plugin: @strapi/strapi/admin imports those itself.
    assert.match(app, /import notes from "\.\.\/\.\.\/src\/plugins\/notes\/strapi-admin";/);
    assert.match(app, /renderAdmin\(document\.getElementById\("strapi"\), \{\s*plugins: \{\s*notes: notes,?\s*\},?\s*\}\);/);
    assert.doesNotMatch(app, /@strapi\/(content-releases|review-workflows|i18n|content-manager)/);
    // This application has no src/admin/app.* and no future flags: neither key is written.
    assert.doesNotMatch(app, /customisations|features/);
  },
);

claim(
  {
    id: 'generated-comment',
    says: 'Both files are formatted with prettier and start with the comment "This file was automatically generated by Strapi. Any modifications made will be discarded."',
  },
  async () => {
    for (const file of ['index.html', 'app.js']) {
      const text = readFileSync(path.join(dir, '.strapi/client', file), 'utf8');
      assert.match(
        text,
        /^(<!DOCTYPE html>\s*<html lang="en">\s*)?(<!--|\/\*\*)\s*\n(\s\*\s)?This file was automatically generated by Strapi\.\n(\s\*\s)?Any modifications made will be discarded\./,
        file,
      );
    }
  },
);

claim(
  {
    id: 'production-config',
    says: "builds a production config with resolveProductionConfig(ctx) (mode: 'production', logLevel: 'silent', outDir: ctx.distDir, emptyOutDir: false, publicDir: false, minify and sourcemap from the options, ctx.entry as the single Rollup input)",
  },
  async () => {
    assert.equal(config.mode, 'production');
    assert.equal(config.logLevel, 'silent');
    assert.equal(config.publicDir, false);
    assert.equal(config.build.outDir, 'build');
    assert.equal(config.build.emptyOutDir, false);
    assert.equal(config.build.minify, true);
    assert.equal(config.build.sourcemap, true, '--sourcemap');
    assert.deepEqual(config.build.rollupOptions.input, { strapi: '.strapi/client/app.js' });
    assert.equal(config.base, '/admin');
  },
);

claim(
  {
    id: 'user-config-lookup',
    says: 'The project file is the first of vite.config.js, .mjs, .ts, .mts found in src/admin/ and must export a function that receives the config and returns the final one.',
  },
  async () => {
    assert.ok(existsSync(recorded), 'vite.config.js received the config');
    assert.doesNotMatch(plain(stopped.stdout + stopped.stderr), /the \.ts file was loaded/);
  },
);

claim(
  {
    id: 'env-start',
    says: "env starts from ADMIN_PATH (the path of admin.absoluteUrl), STRAPI_ADMIN_BACKEND_URL (the server's path when admin and server share an origin, otherwise the full server.absoluteUrl), STRAPI_TELEMETRY_DISABLED, STRAPI_AI_URL and STRAPI_ANALYTICS_URL",
  },
  async () => {
    assert.equal(bundleEnv.ADMIN_PATH, '/admin');
    assert.equal(bundleEnv.STRAPI_ADMIN_BACKEND_URL, '/');
    assert.equal(bundleEnv.STRAPI_TELEMETRY_DISABLED, 'true');
    assert.equal(bundleEnv.STRAPI_AI_URL, 'https://strapi-ai.apps.strapi.io');
    assert.equal(bundleEnv.STRAPI_ANALYTICS_URL, 'https://analytics.strapi.io');
  },
);

claim(
  {
    id: 'admin-env-variables',
    says: 'getStrapiAdminEnvVars adds every process.env key whose upper-cased name starts with STRAPI_ADMIN_',
  },
  async () => {
    assert.equal(bundleEnv.STRAPI_ADMIN_SHOWN, 'shown');
    assert.equal(bundleEnv.strapi_admin_lower, 'lower');
    assert.equal(bundleEnv.NOT_STRAPI_ADMIN, undefined);
    // Set from admin.auth.cookie.* whatever the environment says.
    assert.equal(bundleEnv.STRAPI_ADMIN_AUTH_COOKIE_NAME, '');
    assert.equal(bundleEnv.STRAPI_ADMIN_AUTH_COOKIE_PATH, '');
    assert.equal(bundleEnv.STRAPI_ADMIN_AUTH_COOKIE_DOMAIN, '');
  },
);

claim({ id: 'dotenv', says: '.env is loaded with dotenv from cwd before this step.' }, async () => {
  assert.equal(bundleEnv.STRAPI_ADMIN_FROM_DOTENV, 'from-dotenv');
});

claim(
  {
    id: 'env-is-public',
    says: "The Vite config defines process.env as JSON.stringify(ctx.env) and sets envPrefix: 'STRAPI_ADMIN_'",
  },
  async () => {
    assert.equal(config.envPrefix, 'STRAPI_ADMIN_');
    assert.equal(typeof config.define['process.env'], 'string');
    assert.equal(bundleEnv.STRAPI_ADMIN_SHOWN, 'shown');
  },
);

claim(
  {
    id: 'no-no-minify',
    says: 'Minify the output; there is no --no-minify, so from the CLI it is always on',
  },
  async () => {
    const { createCLI } = require(path.join(APP_DIR, 'node_modules/@strapi/strapi/dist/cli.js')) as {
      createCLI: (argv: string[]) => Promise<Command>;
    };
    const saved = process.env.XDG_CONFIG_HOME;
    process.env.XDG_CONFIG_HOME = path.join(STATE_DIR, 'cli-build-xdg');
    try {
      const program = await createCLI(['node', 'strapi']);
      const build = program.commands.find((c) => c.name() === 'build')!;
      build.exitOverride().configureOutput({ writeErr: () => {} });
      await assert.rejects(program.parseAsync(['node', 'strapi', 'build', '--no-minify']), { code: 'commander.unknownOption' });
      assert.equal(
        (build as unknown as { options: Array<{ long: string; defaultValue: unknown }> }).options.find((o) => o.long === '--minify')
          ?.defaultValue,
        true,
      );
      assert.equal(config.build.minify, true, 'the run above did not pass --minify');
    } finally {
      process.env.XDG_CONFIG_HOME = saved;
    }
  },
);
