/**
 * The plugin's build step (./index.ts) on a small site written here, in a temporary folder: the
 * docs plugin's loaded content is given as Docusaurus gives it (docs with their source, permalink,
 * title and description; sidebars of docs and categories), and the written files are read back.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LoadContext } from '@docusaurus/types';
import markdownExportPlugin, { sidebarDocIds } from './index';

const ROOT = mkdtempSync(path.join(tmpdir(), 'markdown-export-'));
const SITE_DIR = path.join(ROOT, 'site');
const OUT_DIR = path.join(ROOT, 'build');

interface FakeDoc {
  id: string;
  file: string;
  permalink: string;
  title: string;
  description: string;
  body: string;
}

const DOCS: FakeDoc[] = [
  { id: 'index', file: 'docs/index.md', permalink: '/', title: 'Home', description: 'The start.', body: 'Welcome.' },
  {
    id: 'guides/intro',
    file: 'docs/guides/intro.md',
    permalink: '/guides/intro',
    title: 'Intro',
    description: 'First.',
    body: 'See [b](./b.md).',
  },
  { id: 'guides/b', file: 'docs/guides/b.md', permalink: '/guides/b', title: 'B', description: 'Second.', body: 'B text.' },
  {
    id: 'guides/cat/index',
    file: 'docs/guides/cat/index.md',
    permalink: '/guides/cat/',
    title: 'Cat',
    description: 'A category.',
    body: 'Cat.',
  },
  { id: 'guides/cat/c', file: 'docs/guides/cat/c.md', permalink: '/guides/cat/c', title: 'C', description: 'Third.', body: 'C text.' },
  { id: 'api/Cron', file: 'docs/api/Cron.md', permalink: '/api/Cron', title: 'Cron', description: 'Jobs.', body: 'Cron text.' },
];

const SIDEBARS = {
  guides: [
    { type: 'doc', id: 'guides/intro' },
    {
      type: 'category',
      label: 'Cat',
      link: { type: 'doc', id: 'guides/cat/index' },
      items: [
        { type: 'doc', id: 'guides/cat/c' },
        { type: 'link', href: 'https://x.example' },
      ],
    },
    { type: 'ref', id: 'guides/b' },
  ],
  api: [{ type: 'doc', id: 'api/Cron' }],
};

function content(docs = DOCS, sidebars: Record<string, unknown> = SIDEBARS) {
  return {
    loadedVersions: [
      {
        docs: docs.map((doc) => ({
          id: doc.id,
          source: `@site/${doc.file}`,
          permalink: doc.permalink,
          title: doc.title,
          description: doc.description,
          frontMatter: { strapi: '5.54.0' },
        })),
        sidebars,
      },
    ],
  };
}

async function build(loaded: unknown = content()) {
  const plugin = markdownExportPlugin({ siteDir: SITE_DIR } as LoadContext);
  await plugin.postBuild!({ outDir: OUT_DIR, plugins: [{ name: 'docusaurus-plugin-content-docs', content: loaded }] } as never);
}

before(() => {
  for (const doc of DOCS) {
    const file = path.join(SITE_DIR, doc.file);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `---\ntitle: ${doc.title}\ndescription: ${doc.description}\nstrapi: 5.54.0\n---\n\n${doc.body}\n`);
  }
});
after(() => rmSync(ROOT, { recursive: true, force: true }));

const read = (file: string) => readFileSync(path.join(OUT_DIR, file), 'utf8');

test('reading order of a sidebar: a category’s own page before its items, refs included, links left out', () => {
  assert.deepEqual(sidebarDocIds(SIDEBARS.guides), ['guides/intro', 'guides/cat/index', 'guides/cat/c', 'guides/b']);
  assert.deepEqual(sidebarDocIds([{ type: 'category', items: [{ type: 'doc', id: 'a' }] }]), ['a'], 'a category without a page');
  assert.deepEqual(sidebarDocIds([{ type: 'category', link: { type: 'generated-index' }, items: [] }]), []);
  assert.deepEqual(sidebarDocIds([{ type: 'category' }, { type: 'doc' }, { type: 'html' }]), []);
});

test('each doc is written as Markdown next to its page: route plus .md, index.md for the home page', async () => {
  await build();
  assert.equal(
    read('api/Cron.md'),
    '# Cron\n\n> Jobs.\n\nSource file: [`docs/api/Cron.md`](https://github.com/strapi/contributor-docs/blob/main/docs/api/Cron.md)\n\n' +
      'Cron text.\n\n## Sources\n\n**Checked against Strapi 5.54.0**. This page cites no source file.\n',
  );
  // Each page names its own file, the home page's and a category index's included.
  assert.match(
    read('index.md'),
    /^Source file: \[`docs\/index\.md`\]\(https:\/\/github\.com\/strapi\/contributor-docs\/blob\/main\/docs\/index\.md\)$/m,
  );
  assert.match(
    read('guides/cat.md'),
    /^Source file: \[`docs\/guides\/cat\/index\.md`\]\([^)]+\/blob\/main\/docs\/guides\/cat\/index\.md\)$/m,
  );
  assert.match(read('index.md'), /^# Home\n\n> The start\.\n\nSource file: .+\n\nWelcome\.\n/);
  assert.match(read('guides/intro.md'), /See \[b\]\(https:\/\/contributor\.strapi\.io\/guides\/b\)\./);
  // A category index (permalink with a trailing slash) is served without it.
  assert.ok(existsSync(path.join(OUT_DIR, 'guides/cat.md')));
});

test('llms.txt lists the pages outside the sidebars, then each sidebar of the site in its order; llms-full.txt the same pages', async () => {
  await build();
  const llms = read('llms.txt');
  const entries = [...llms.matchAll(/^- \[([^\]]+)\]\(([^)]+)\)(?:: (.*))?$/gm)].map((m) => `${m[1]} ${m[2]} ${m[3]}`);
  assert.deepEqual(entries, [
    'Home https://contributor.strapi.io/index.md The start.',
    'Intro https://contributor.strapi.io/guides/intro.md First.',
    'Cat https://contributor.strapi.io/guides/cat.md A category.',
    'C https://contributor.strapi.io/guides/cat/c.md Third.',
    'B https://contributor.strapi.io/guides/b.md Second.',
    'Cron https://contributor.strapi.io/api/Cron.md Jobs.',
  ]);
  assert.deepEqual(
    [...llms.matchAll(/^## (.*)$/gm)].map((m) => m[1]),
    ['Guides', 'Docs', 'API Reference', 'Exports', 'RFCs'],
  );
  assert.match(
    llms,
    /^# Strapi Contributor Docs\n\n> How Strapi works inside, for the people who change it\. Every page describes Strapi 5\.54\.0/,
  );
  const full = read('llms-full.txt');
  assert.deepEqual(
    [...full.matchAll(/^Source: (.*)$/gm)].map((m) => m[1]),
    [
      'https://contributor.strapi.io/',
      'https://contributor.strapi.io/guides/intro',
      'https://contributor.strapi.io/guides/cat',
      'https://contributor.strapi.io/guides/cat/c',
      'https://contributor.strapi.io/guides/b',
      'https://contributor.strapi.io/api/Cron',
    ],
  );
});

test('a sidebar naming a doc that does not exist, or another number of versions, stops the build', async () => {
  await assert.rejects(
    build(content(DOCS, { api: [{ type: 'doc', id: 'api/Gone' }] })),
    /markdown-export: the sidebar lists api\/Gone, which is no doc/,
  );
  await assert.rejects(build({ loadedVersions: [] }), /markdown-export expects the docs plugin with one version/);
  const plugin = markdownExportPlugin({ siteDir: SITE_DIR } as LoadContext);
  assert.equal(plugin.name, 'markdown-export');
  await assert.rejects(async () => plugin.postBuild!({ outDir: OUT_DIR, plugins: [] } as never), /expects the docs plugin/);
});
