/**
 * The index files (./index.ts) from a small site written here in a temporary folder: built from the
 * rendered HTML in the production build, from the Markdown in the preview, and the preview's answers
 * to index requests (found, unknown tag, not loaded yet, a page that cannot be read).
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LoadContext } from '@docusaurus/types';
import searchIndexPlugin, { INDEX_FILE, indexFromHtml, indexFromMarkdown, previewAnswer } from './index';
import type { IndexedPage } from './pages';
import type { IndexFile } from '../../search/indexBuilder';

const ROOT = mkdtempSync(path.join(tmpdir(), 'search-index-'));
const OUT = path.join(ROOT, 'build');
const SITE = path.join(ROOT, 'site');

const page = (route: string, title: string, searchTag = 'docs-default-current', tags = ['database']): IndexedPage => ({
  route,
  title,
  tags,
  source: `@site/docs${route === '/' ? '/index' : route}.md`,
  searchTag,
  path: ['Docs', title],
});

const PAGES = [page('/', 'Home'), page('/docs/tx', 'Transactions'), page('/rfcs/a', 'RFC A', 'docs-rfcs-current', [])];

const html = (title: string, body: string, tag?: string) =>
  `<html><head>${tag ? `<meta name="docusaurus_tag" content="${tag}">` : ''}</head><body><article><div class="markdown"><header><h1>${title}</h1></header>${body}</div></article></body></html>`;

function write(file: string, text: string) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

before(() => {
  write(path.join(OUT, 'index.html'), html('Welcome', '<p>Start here.</p>'));
  write(
    path.join(OUT, 'docs/tx.html'),
    html('Transactions (rendered)', '<p>Open one.</p><h2 id="nested">Nested</h2><p>Joins.</p>', 'docs-default-current'),
  );
  write(path.join(OUT, 'rfcs/a.html'), html('', '<p>Proposal.</p>'));
  write(path.join(SITE, 'docs/index.md'), '---\ntitle: Home\n---\nStart here.\n');
  write(path.join(SITE, 'docs/docs/tx.md'), '---\ntitle: Transactions\n---\nOpen one.\n## Nested\nJoins.\n');
  write(path.join(SITE, 'docs/rfcs/a.md'), 'Proposal.\n');
});
after(() => rmSync(ROOT, { recursive: true, force: true }));

/** The documents of an index file, as the panel reads them. */
const documents = (file: IndexFile | undefined) =>
  file?.documents.map(({ pageTitle, sectionTitle, sectionRoute, path: place, text }) => ({
    pageTitle,
    sectionTitle,
    sectionRoute,
    place,
    text,
  }));

test('production: one index file per docs tag, from the rendered HTML, with the rendered title (the page title when there is none)', async () => {
  const files = await indexFromHtml(PAGES, OUT, '/');
  assert.deepEqual([...files.keys()], ['docs-default-current', 'docs-rfcs-current']);
  assert.deepEqual(documents(files.get('docs-default-current')), [
    { pageTitle: 'Welcome', sectionTitle: 'Welcome', sectionRoute: '/', place: ['Docs', 'Home'], text: 'Start here.' },
    {
      pageTitle: 'Transactions (rendered)',
      sectionTitle: 'Transactions (rendered)',
      sectionRoute: '/docs/tx',
      place: ['Docs', 'Transactions'],
      text: 'Open one.',
    },
    {
      pageTitle: 'Transactions (rendered)',
      sectionTitle: 'Nested',
      sectionRoute: '/docs/tx#nested',
      place: ['Docs', 'Transactions'],
      text: 'Joins.',
    },
  ]);
  assert.deepEqual(documents(files.get('docs-rfcs-current')), [
    { pageTitle: 'RFC A', sectionTitle: '', sectionRoute: '/rfcs/a', place: ['Docs', 'RFC A'], text: 'Proposal.' },
  ]);
});

test('production under a base URL: the route maps to the file below the base', async () => {
  const files = await indexFromHtml([page('/base/docs/tx', 'T'), page('/base/', 'Home')], OUT, '/base/');
  assert.deepEqual(
    files.get('docs-default-current')?.documents.map((d) => d.sectionRoute),
    ['/base/docs/tx', '/base/docs/tx#nested', '/base/'],
  );
});

test('preview: the same files from the Markdown', async () => {
  const files = await indexFromMarkdown(PAGES, SITE);
  assert.deepEqual(documents(files.get('docs-default-current')), [
    { pageTitle: 'Home', sectionTitle: 'Home', sectionRoute: '/', place: ['Docs', 'Home'], text: 'Start here.' },
    {
      pageTitle: 'Transactions',
      sectionTitle: 'Transactions',
      sectionRoute: '/docs/tx',
      place: ['Docs', 'Transactions'],
      text: 'Open one.',
    },
    { pageTitle: 'Transactions', sectionTitle: 'Nested', sectionRoute: '/docs/tx#nested', place: ['Docs', 'Transactions'], text: 'Joins.' },
  ]);
  assert.equal(files.get('docs-rfcs-current')?.documents.length, 1);
});

test('preview answers: the file of a tag, 404 for another tag, null for other paths, 500 with the reason', async () => {
  const state = { pages: PAGES, files: null as Promise<Map<string, IndexFile>> | null };
  const found = await previewAnswer('/search-index-docs-default-current.json', '/', SITE, state);
  assert.equal(found?.status, 200);
  assert.deepEqual(JSON.parse(found!.body).documents.length, 3);
  // The tag is decoded, and the files are built once for the following requests.
  const built = state.files;
  assert.equal((await previewAnswer('/search-index-docs-rfcs%2Dcurrent.json', '/', SITE, state))?.status, 200);
  assert.equal(state.files, built);
  assert.deepEqual(await previewAnswer('/search-index-nope.json', '/', SITE, state), {
    status: 404,
    body: '{"error":"no search index for \\"nope\\""}',
  });
  assert.equal(await previewAnswer('/docs/tx', '/', SITE, state), null);
  assert.equal(await previewAnswer('/search-index-x.json.map', '/', SITE, state), null);
  assert.equal(await previewAnswer('/search-index-docs-default-current.json', '/base/', SITE, state), null);
  assert.equal((await previewAnswer('/base/search-index-docs-default-current.json', '/base/', SITE, state))?.status, 200);

  assert.deepEqual(await previewAnswer('/search-index-a.json', '/', SITE, { pages: null, files: null }), {
    status: 500,
    body: '{"error":"the search index could not be built: the docs have not been loaded yet"}',
  });
  // A page that cannot be read: 500 naming the error, and the next request tries again.
  const broken = { pages: [page('/missing', 'Missing')], files: null as Promise<Map<string, IndexFile>> | null };
  const answer = await previewAnswer('/search-index-docs-default-current.json', '/', SITE, broken);
  assert.equal(answer?.status, 500);
  assert.match(JSON.parse(answer!.body).error, /^the search index could not be built: ENOENT/);
  assert.equal(broken.files, null);
  assert.ok(INDEX_FILE.test('search-index-docs-default-current.json'));
});

test('the plugin: postBuild writes one file per tag; contentLoaded feeds the preview; the dev server answers index requests', async () => {
  const plugin = searchIndexPlugin({ siteDir: SITE, baseUrl: '/' } as LoadContext);
  assert.equal(plugin.name, 'search-index');
  const loaded = {
    loadedVersions: [
      {
        versionName: 'current',
        docs: [
          { id: 'index', permalink: '/', title: 'Home', tags: [], source: '@site/docs/index.md', frontMatter: {} },
          { id: 'docs/tx', permalink: '/docs/tx', title: 'Transactions', tags: [], source: '@site/docs/docs/tx.md', frontMatter: {} },
        ],
        sidebars: {},
      },
    ],
  };
  await plugin.postBuild!({
    outDir: OUT,
    plugins: [{ name: 'other' }, { name: 'docusaurus-plugin-content-docs', content: loaded, options: { id: 'default' } }],
  } as never);
  assert.deepEqual(
    readdirSync(OUT).filter((name) => INDEX_FILE.test(name)),
    ['search-index-docs-default-current.json'],
  );
  const written = JSON.parse(readFileSync(path.join(OUT, 'search-index-docs-default-current.json'), 'utf8')) as IndexFile;
  assert.deepEqual(
    written.documents.map((d) => d.sectionRoute),
    ['/', '/docs/tx', '/docs/tx#nested'],
  );

  // The dev server (preview only): its middleware answers from the loaded content.
  assert.deepEqual(plugin.configureWebpack!({} as never, true, {} as never, {} as never), {});
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  assert.deepEqual(plugin.configureWebpack!({} as never, false, {} as never, {} as never), {});
  process.env.NODE_ENV = 'development';
  try {
    await plugin.contentLoaded!({ allContent: { 'docusaurus-plugin-content-docs': { default: loaded } }, actions: {} } as never);
    const config = plugin.configureWebpack!({} as never, false, {} as never, {} as never) as {
      devServer: { setupMiddlewares(m: unknown[], server: unknown): unknown[] };
    };
    const middlewares = config.devServer.setupMiddlewares(['existing'], {});
    assert.equal(middlewares.length, 3);
    assert.equal(middlewares[2], 'existing');
    const { name, middleware } = middlewares[0] as { name: string; middleware: (rq: unknown, rs: unknown, next: () => void) => void };
    assert.equal(name, 'search-index');
    const call = (method: string, url: string) =>
      new Promise<{ status?: number; headers: Record<string, string>; body?: string; next: boolean }>((resolve) => {
        const out = {
          headers: {} as Record<string, string>,
          next: false,
          status: undefined as number | undefined,
          body: undefined as string | undefined,
        };
        const response = {
          set statusCode(value: number) {
            out.status = value;
          },
          setHeader: (key: string, value: string) => (out.headers[key] = value),
          end: (body: string) => resolve({ ...out, body }),
        };
        middleware({ method, url }, response, () => resolve({ ...out, next: true }));
      });
    const got = await call('GET', '/search-index-docs-default-current.json?x=1');
    assert.equal(got.status, 200);
    assert.deepEqual(got.headers, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    assert.equal(JSON.parse(got.body!).documents.length, 3);
    const head = await call('HEAD', '/search-index-docs-default-current.json');
    assert.equal(head.body, '');
    assert.equal(head.status, 200);
    assert.equal((await call('POST', '/search-index-docs-default-current.json')).next, true);
    assert.equal((await call('GET', '/docs/tx')).next, true);
    assert.equal((await call('GET', '/search-index-none.json')).status, 404);
    // With no docs plugin content, nothing is indexed.
    await plugin.contentLoaded!({ allContent: {}, actions: {} } as never);
    assert.equal((await call('GET', '/search-index-docs-default-current.json')).status, 404);
  } finally {
    process.env.NODE_ENV = previous;
  }
});
