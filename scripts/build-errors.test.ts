/**
 * The error catalogue's build-time rows (spec section 8): each test runs the real Docusaurus
 * code that raises the error (theme config validation, the docs plugin, the navbar item
 * components and docs hooks rendered with React's server renderer, as a build's static
 * rendering does) and checks the message names the bad value. Components load through
 * scripts/support/docusaurus-client-hooks.mjs, which resolves webpack's aliases.
 * The autocomplete library's errors (duplicate source id, panel placement) need a DOM: they
 * are in e2e/library-errors.spec.ts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { register } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import React from 'react';
import { StaticRouter } from 'react-router-dom';
import { normalizeThemeConfig } from '@docusaurus/utils-validation';

// react-dom ships no types here (@types/react-dom is not installed).
const { renderToString } = require('react-dom/server') as { renderToString: (element: React.ReactElement) => string };

register(pathToFileURL(path.join(__dirname, 'support', 'docusaurus-client-hooks.mjs')));

/* eslint-disable @typescript-eslint/no-explicit-any */
type AnyComponent = React.ComponentType<any>;
const importDefault = async (specifier: string): Promise<AnyComponent> => (await import(specifier)).default as AnyComponent;

/** Global data as the docs plugin publishes it: one version, a sidebar with a link, one without. */
const DOCS_GLOBAL_DATA = {
  path: '/docs',
  versions: [
    {
      name: 'current',
      label: 'Next',
      isLast: true,
      path: '/docs',
      mainDocId: 'intro',
      docs: [
        { id: 'intro', path: '/docs/intro', sidebar: 'guides' },
        { id: 'setup', path: '/docs/setup', sidebar: 'guides' },
      ],
      draftIds: [],
      // `empty` holds only external links: nothing in the site to link to.
      sidebars: { guides: { link: { path: '/docs/intro', label: 'intro' } }, empty: {} },
    },
  ],
  breadcrumbs: true,
};

const SITE_CONFIG = {
  baseUrl: '/',
  trailingSlash: false,
  themeConfig: { docs: { versionPersistence: 'localStorage' }, navbar: { items: [] } },
};

/** Renders an element inside the providers a page has, at `location`; returns the thrown message. */
async function renderError(location: string, element: React.ReactElement): Promise<string> {
  const { Context } = (await import('@docusaurus/core/lib/client/docusaurusContext.js')) as { Context: React.Context<unknown> };
  const { DocsPreferredVersionContextProvider } = (await import('@docusaurus/theme-common/internal')) as unknown as {
    DocsPreferredVersionContextProvider: AnyComponent;
  };
  const value = {
    siteConfig: SITE_CONFIG,
    siteMetadata: {},
    globalData: { 'docusaurus-plugin-content-docs': { default: DOCS_GLOBAL_DATA } },
    i18n: { currentLocale: 'en', defaultLocale: 'en', locales: ['en'], localeConfigs: {} },
    codeTranslations: {},
  };
  const tree = React.createElement(
    Context.Provider,
    { value },
    React.createElement(StaticRouter, { location }, React.createElement(DocsPreferredVersionContextProvider, null, element)),
  );
  try {
    renderToString(tree);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('rendering did not fail');
}

test('a navbar item of unknown type: the config validation names the type', () => {
  assert.throws(
    () =>
      normalizeThemeConfig(require('@docusaurus/theme-classic/lib/options.js').ThemeConfigSchema, {
        navbar: { items: [{ type: 'fancy', label: 'x' }] },
      }),
    /Bad navbar item type fancy/,
  );
});

test("a navbar item of unknown custom type: 'No NavbarItem component found for type'", async () => {
  const NavbarItem = await importDefault('@theme/NavbarItem');
  const message = await renderError('/docs/intro', React.createElement(NavbarItem, { type: 'custom-fancy', label: 'x' }));
  assert.equal(message, 'No NavbarItem component found for type "custom-fancy".');
});

test('a sidebar navbar item whose sidebar has nothing to link to', async () => {
  const DocSidebarNavbarItem = await importDefault('@theme/NavbarItem/DocSidebarNavbarItem');
  const message = await renderError('/docs/intro', React.createElement(DocSidebarNavbarItem, { sidebarId: 'empty', label: 'Empty' }));
  assert.match(message, /Sidebar with ID "empty" doesn't have anything to be linked to/);
});

test('a navbar item with an unknown sidebar id lists the available sidebar ids', async () => {
  const DocSidebarNavbarItem = await importDefault('@theme/NavbarItem/DocSidebarNavbarItem');
  const message = await renderError('/docs/intro', React.createElement(DocSidebarNavbarItem, { sidebarId: 'nope', label: 'Nope' }));
  assert.match(message, /Can't find any sidebar with id "nope"/);
  assert.match(message, /Available sidebar ids are:\n- guides\n- empty/);
});

test('a navbar item with an unknown doc id lists the available doc ids', async () => {
  const DocNavbarItem = await importDefault('@theme/NavbarItem/DocNavbarItem');
  const message = await renderError('/docs/intro', React.createElement(DocNavbarItem, { docId: 'nope', label: 'Nope' }));
  assert.match(message, /Couldn't find any doc with id "nope"/);
  assert.match(message, /Available doc ids are:\n- intro\n- setup/);
});

test('a docs feature used on a path with no active docs plugin', async () => {
  const { useActivePlugin } = (await import('@docusaurus/plugin-content-docs/client')) as unknown as {
    useActivePlugin: (options: { failfast: boolean }) => unknown;
  };
  function UsesDocsFeature(): null {
    useActivePlugin({ failfast: true });
    return null;
  }
  const message = await renderError('/blog/hello', React.createElement(UsesDocsFeature));
  assert.match(message, /Can't find active docs plugin for "\/blog\/hello" pathname/);
  assert.match(message, /docs feature that can only be used on a docs-related page/);
  assert.match(message, /Existing docs plugin paths are: \/docs/);
});

test('a sidebar with an unknown doc id fails loading the site and lists the available doc ids', async () => {
  const siteDir = mkdtempSync(path.join(os.tmpdir(), 'docs-error-site-'));
  try {
    mkdirSync(path.join(siteDir, 'docs'));
    writeFileSync(path.join(siteDir, 'docs', 'intro.md'), '# Intro\n');
    writeFileSync(path.join(siteDir, 'sidebars.js'), "module.exports = { guides: ['intro', 'nope'] };\n");
    writeFileSync(
      path.join(siteDir, 'docusaurus.config.js'),
      `module.exports = ${JSON.stringify({
        title: 'Fixture',
        url: 'https://example.com',
        baseUrl: '/',
        plugins: [[require.resolve('@docusaurus/plugin-content-docs'), { sidebarPath: path.join(siteDir, 'sidebars.js') }]],
      })};\n`,
    );
    const { load } = require('@docusaurus/core/lib/server/index.js') as { load: (options: { siteDir: string }) => Promise<unknown> };
    await assert.rejects(load({ siteDir }), (error: Error) => {
      assert.match(error.message, /These sidebar document ids do not exist:\n- nope/);
      assert.match(error.message, /Available document ids are:\n- intro/);
      return true;
    });
  } finally {
    rmSync(siteDir, { recursive: true, force: true });
  }
});
