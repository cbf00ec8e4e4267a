import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SECTIONS, buildFile } from './fixture';
import { createIndexLoader, indexedTags, indexUrl, toLoadedIndex, type Fetcher } from './indexLoader';

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
});
