import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import lunr from 'lunr';
import { SECTIONS, buildFile } from './fixture';
import { createIndexLoader, indexedTags, indexUrl, toLoadedIndex, type Fetcher } from './indexLoader';
import { EMPTY_INDEX } from './types';

const body = JSON.parse(JSON.stringify(buildFile(SECTIONS))) as unknown;

/** A fetch double that records the URLs asked for and answers with `answer`. */
function recorder(answer: (url: string) => Promise<{ ok: boolean; json(): Promise<unknown> }>) {
  const urls: string[] = [];
  const fetcher: Fetcher = (url) => {
    urls.push(url);
    return answer(url);
  };
  return { urls, fetcher };
}

const ok = (json: () => Promise<unknown>) => async () => ({ ok: true, json });

describe('index loader', () => {
  it('names files {baseUrl}search-index-{tag}.json', () => {
    assert.equal(indexUrl('/', 'docs-default-current'), '/search-index-docs-default-current.json');
    assert.equal(indexUrl('/base/', 'docs-x'), '/base/search-index-docs-x.json');
  });

  it('fetches each tag once, caches it, and concurrent callers share one request', async () => {
    const { urls, fetcher } = recorder(ok(async () => body));
    const loader = createIndexLoader('/', fetcher);
    const [a, b] = await Promise.all([loader.load('docs-a'), loader.load('docs-a')]);
    assert.equal(a, b);
    assert.equal(await loader.load('docs-a'), a);
    await loader.load('docs-b');
    assert.deepEqual(urls, ['/search-index-docs-a.json', '/search-index-docs-b.json']);
    assert.equal(a.documents.length, SECTIONS.length);
    assert.ok(a.index);
  });

  const empties: [string, Fetcher][] = [
    ['404', async () => ({ ok: false, json: async () => body })],
    ['500', async () => ({ ok: false, json: async () => ({}) })],
    ['network failure', async () => Promise.reject(new TypeError('Failed to fetch'))],
    ['garbage body', ok(async () => Promise.reject(new SyntaxError('Unexpected token')))],
    ['null body', ok(async () => null)],
    ['no documents', ok(async () => ({ index: (body as { index: unknown }).index }))],
    ['documents of the wrong shape', ok(async () => ({ documents: [{ id: 1 }], index: (body as { index: unknown }).index }))],
    ['an index lunr cannot load', ok(async () => ({ documents: [], index: { fields: 3 } }))],
    ['a string', ok(async () => 'documents')],
  ];
  for (const [name, fetcher] of empties) {
    it(`treats ${name} as an empty index, without rejecting`, async () => {
      const loader = createIndexLoader('/', fetcher);
      assert.deepEqual(await loader.load('docs-a'), { documents: [], index: null });
    });
  }

  it('does not retry a failed tag within the page', async () => {
    const { urls, fetcher } = recorder(async () => ({ ok: false, json: async () => null }));
    const loader = createIndexLoader('/', fetcher);
    await loader.load('docs-a');
    await loader.load('docs-a');
    assert.equal(urls.length, 1);
  });

  it('in the preview, a missing or non-index answer says why, and an empty index does not', async () => {
    const html = ok(async () => Promise.reject(new SyntaxError('Unexpected token < in JSON')));
    const cases: [Fetcher, RegExp][] = [
      [async () => ({ ok: false, status: 404, json: async () => Promise.reject(new SyntaxError('x')) }), /answered 404/],
      [
        async () => ({ ok: false, status: 500, json: async () => ({ error: 'the search index could not be built: boom' }) }),
        /could not be built: boom/,
      ],
      [html, /did not answer JSON/],
      [ok(async () => ({ documents: 'x', index: 3 })), /did not answer a search index/],
      [async () => Promise.reject(new TypeError('Failed to fetch')), /could not be fetched/],
    ];
    for (const [fetcher, reason] of cases) {
      const loaded = await createIndexLoader('/', fetcher, { explain: true }).load('docs-a');
      assert.equal(loaded.index, null);
      assert.match(loaded.unavailable ?? '', reason);
      // Production keeps the spec's contract: failed = empty, nothing to tell.
      assert.deepEqual(await createIndexLoader('/', fetcher).load('docs-a'), { documents: [], index: null });
    }
    const empty = JSON.parse(JSON.stringify(buildFile([]))) as unknown;
    const loaded = await createIndexLoader(
      '/',
      ok(async () => empty),
      { explain: true },
    ).load('docs-a');
    assert.equal(loaded.unavailable, undefined);
    assert.deepEqual(loaded.documents, []);
  });

  it('toLoadedIndex accepts a real index file', () => {
    assert.equal(toLoadedIndex(body).documents.length, SECTIONS.length);
  });

  it('asks only for tags that have index files', () => {
    const sources = { indexDocs: true, indexBlog: false, indexPages: false };
    assert.deepEqual(indexedTags(['default', 'docs-default-current', 'docs-default-current'], sources), ['docs-default-current']);
    assert.deepEqual(indexedTags(['default', 'blog-posts'], { indexDocs: true, indexBlog: true, indexPages: true }), [
      'default',
      'blog-posts',
    ]);
  });
  it('toLoadedIndex: ids may be strings; a wrong-typed text or path is dropped, a good one kept', () => {
    const index = (body as { index: unknown }).index;
    const loaded = toLoadedIndex({
      documents: [
        { id: '1', pageTitle: 'P', sectionTitle: 'S', sectionRoute: '/a', text: 'kept', path: ['Docs', 'A'] },
        { id: 2, pageTitle: 'P', sectionTitle: 'S', sectionRoute: '/b', text: 3, path: 'Docs' },
        { id: 3, pageTitle: 'P', sectionTitle: 'S', sectionRoute: '/c', path: ['Docs', 4] },
      ],
      index,
    });
    assert.deepEqual(loaded.documents, [
      { id: '1', pageTitle: 'P', sectionTitle: 'S', sectionRoute: '/a', text: 'kept', path: ['Docs', 'A'] },
      { id: 2, pageTitle: 'P', sectionTitle: 'S', sectionRoute: '/b' },
      { id: 3, pageTitle: 'P', sectionTitle: 'S', sectionRoute: '/c' },
    ]);
    assert.ok(loaded.index);
  });

  it('toLoadedIndex: each missing or wrong-typed required field, or a missing index, gives the empty index', () => {
    const index = (body as { index: unknown }).index;
    const good = { id: 1, pageTitle: 'P', sectionTitle: 'S', sectionRoute: '/a' };
    for (const document of [
      { ...good, id: true },
      { ...good, id: undefined },
      { ...good, pageTitle: 1 },
      { ...good, sectionTitle: null },
      { ...good, sectionRoute: undefined },
      null,
      'doc',
    ]) {
      assert.equal(toLoadedIndex({ documents: [good, document], index }), EMPTY_INDEX, JSON.stringify(document));
    }
    assert.equal(toLoadedIndex({ documents: [good], index: null }), EMPTY_INDEX);
    assert.equal(toLoadedIndex({ documents: [good] }), EMPTY_INDEX);
    assert.equal(toLoadedIndex({ documents: {}, index }), EMPTY_INDEX);
    assert.equal(toLoadedIndex(undefined), EMPTY_INDEX);
    assert.equal(toLoadedIndex(null), EMPTY_INDEX);
    assert.deepEqual(EMPTY_INDEX, { documents: [], index: null });
    assert.ok(Object.isFrozen(EMPTY_INDEX));
  });

  it("toLoadedIndex also loads lunr's own serialized index", () => {
    const built = lunr(function () {
      this.ref('id');
      this.field('title');
      this.add({ id: '1', title: 'cron jobs' });
    });
    const loaded = toLoadedIndex({
      documents: [{ id: 1, pageTitle: 'Cron', sectionTitle: 'Cron', sectionRoute: '/cron' }],
      index: JSON.parse(JSON.stringify(built)),
    });
    assert.deepEqual(
      loaded.index?.query((query) => query.term('cron', {})).map((match) => match.ref),
      ['1'],
    );
  });

  it('in the preview, the reasons are whole sentences naming the file', async () => {
    const reason = async (fetcher: Fetcher) => (await createIndexLoader('/base/', fetcher, { explain: true }).load('docs-a')).unavailable;
    const url = '/base/search-index-docs-a.json';
    assert.equal(await reason(async () => ({ ok: false, status: 404, json: async () => null })), `${url} answered 404`);
    assert.equal(await reason(async () => ({ ok: false, json: async () => null })), `${url} answered an error`);
    assert.equal(await reason(async () => ({ ok: false, status: 500, json: async () => ({ error: 7 }) })), `${url} answered 500`);
    assert.equal(await reason(async () => ({ ok: false, status: 500, json: async () => ({ error: 'x'.repeat(400) }) })), 'x'.repeat(300));
    assert.equal(await reason(ok(async () => Promise.reject(new SyntaxError('x')))), `${url} did not answer JSON`);
    assert.equal(await reason(ok(async () => ({ documents: [] }))), `${url} did not answer a search index`);
    assert.equal(await reason(async () => Promise.reject(new TypeError('Failed to fetch'))), `${url} could not be fetched`);
  });

  it('production never reads the body of an error answer', async () => {
    let read = 0;
    const loader = createIndexLoader('/', async () => ({ ok: false, status: 500, json: async () => ((read += 1), { error: 'boom' }) }));
    assert.deepEqual(await loader.load('docs-a'), { documents: [], index: null });
    assert.equal(read, 0);
  });

  it('names the file of a tag with characters escaped', () => {
    assert.equal(indexUrl('/', 'docs a/b'), '/search-index-docs%20a%2Fb.json');
  });

  it('asks only for the kinds of tags whose sources are indexed', () => {
    const tags = ['default', 'docs-x', 'blog-y', 'other'];
    assert.deepEqual(indexedTags(tags, { indexDocs: false, indexBlog: true, indexPages: false }), ['blog-y']);
    assert.deepEqual(indexedTags(tags, { indexDocs: false, indexBlog: false, indexPages: true }), ['default']);
    assert.deepEqual(indexedTags(tags, { indexDocs: false, indexBlog: false, indexPages: false }), []);
    assert.deepEqual(indexedTags(['xdocs-a', 'xblog-b', 'defaults'], { indexDocs: true, indexBlog: true, indexPages: true }), []);
  });
});
