/** Recent searches (./recent.ts): what counts as an entry, and the list's order and limits. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addRecent, isSitePath, MAX_RECENT, parseRecent, RECENT_STORAGE_KEY, type RecentSearch } from './recent';

const entry = (url: string, extra: Partial<RecentSearch> = {}): RecentSearch => ({
  url,
  sectionTitle: 'Section',
  pageTitle: 'Page',
  place: ['Docs'],
  ...extra,
});

describe('recent searches', () => {
  it('are stored under docs-search-recent, at most 5', () => {
    assert.equal(RECENT_STORAGE_KEY, 'docs-search-recent');
    assert.equal(MAX_RECENT, 5);
  });

  it('keep only same-site paths', () => {
    for (const url of ['/', '/docs/a?highlight=x#b', `/${'a'.repeat(2047)}`]) assert.equal(isSitePath(url), true, url);
    for (const url of [
      '',
      'docs/a',
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      '/a\\b',
      '/a\u0000b',
      '/a\nb',
      '/a\u001fb',
      `/${'a'.repeat(2048)}`,
      42,
      null,
    ]) {
      assert.equal(isSitePath(url), false, String(url));
    }
    assert.equal(isSitePath('/a\u0020b'), true, 'a space is no control character');
  });

  it('read from storage: each valid entry once, at most 5, texts up to 300 characters, at most 8 places', () => {
    const stored = [
      entry('/1', { place: Array.from({ length: 10 }, (_, i) => `P${i}`) }),
      entry('/1', { sectionTitle: 'Again' }),
      entry('/2', { sectionTitle: 'x'.repeat(300), pageTitle: 'y'.repeat(300) }),
      entry('/3', { sectionTitle: 'x'.repeat(301) }),
      entry('/4', { pageTitle: 'y'.repeat(301) }),
      entry('/4b', { sectionTitle: ['an', 'array'] as unknown as string }),
      entry('/5', { place: ['Docs', 3] as unknown as string[] }),
      entry('/6', { place: ['z'.repeat(301)] }),
      { ...entry('/7'), place: undefined },
      entry('/8'),
      entry('/9'),
    ];
    assert.deepEqual(parseRecent(JSON.stringify(stored)), [
      entry('/1', { place: ['P0', 'P1', 'P2', 'P3', 'P4', 'P5', 'P6', 'P7'] }),
      entry('/2', { sectionTitle: 'x'.repeat(300), pageTitle: 'y'.repeat(300) }),
      entry('/5', { place: [] }),
      entry('/6', { place: [] }),
      entry('/7', { place: [] }),
    ]);
    assert.deepEqual(parseRecent(JSON.stringify([{ url: '/a', sectionTitle: 'S', pageTitle: 'P', place: ['D'], extra: 1 }])), [
      { url: '/a', sectionTitle: 'S', pageTitle: 'P', place: ['D'] },
    ]);
  });

  it('choosing puts the entry first, drops its older copy, keeps 5; an invalid entry changes nothing', () => {
    const list = ['/1', '/2', '/3', '/4', '/5'].map((url) => entry(url));
    assert.deepEqual(
      addRecent(list, entry('/3', { sectionTitle: 'New' })).map((item) => [item.url, item.sectionTitle]),
      [
        ['/3', 'New'],
        ['/1', 'Section'],
        ['/2', 'Section'],
        ['/4', 'Section'],
        ['/5', 'Section'],
      ],
    );
    assert.deepEqual(
      addRecent(list, entry('/6')).map((item) => item.url),
      ['/6', '/1', '/2', '/3', '/4'],
    );
    const unchanged = addRecent(list, entry('javascript:alert(1)'));
    assert.deepEqual(unchanged, list);
    assert.notEqual(unchanged, list, 'a new list');
  });
});
