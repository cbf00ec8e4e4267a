import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import lunr from 'lunr';
import { INDEX_FIELDS, SEARCH_SETTINGS, search as searchConfig } from '../config/search';
import { CompactSearchIndex, COMPACT_FORMAT, packIndex, type QueryableIndex } from './compactIndex';
import { buildIndexFile, type IndexSection } from './indexBuilder';
import { toLoadedIndex } from './indexLoader';
import { search } from './ranking';
import type { LoadedIndex } from './types';

/** Sections with overlapping vocabulary, so ranking has ties and near-ties to get right. */
const WORDS =
  'relation relations ordering order transaction nested hook hooks lifecycle database query upload provider config permission role admin release schedule document draft publish'.split(
    ' ',
  );
function sections(count: number): IndexSection[] {
  let seed = 7;
  const next = () => (seed = (seed * 16807) % 2147483647);
  const words = (n: number) => Array.from({ length: n }, () => WORDS[next() % WORDS.length]).join(' ');
  return Array.from({ length: count }, (_, at) => ({
    pageTitle: `Page ${at % 9}`,
    sectionTitle: words(1 + (next() % 3)),
    sectionRoute: `/page-${at % 9}#s${at}`,
    content: `${words(5 + (next() % 40))}. The strapi code, with a few stop words.`,
    tags: [WORDS[next() % WORDS.length]],
    path: ['Docs', `Area ${at % 4}`, `Page ${at % 9}`],
  }));
}

/** lunr's own index over the same sections, built the usual way (`lunr(function () {...})`). */
function lunrIndex(input: IndexSection[]): lunr.Index {
  const previous = lunr.tokenizer.separator;
  lunr.tokenizer.separator = searchConfig.lunr.tokenizerSeparator;
  try {
    return lunr(function build() {
      this.k1(searchConfig.lunr.k1);
      this.b(searchConfig.lunr.b);
      this.ref('id');
      for (const [field, boost] of INDEX_FIELDS) (this.field as (name: string, attributes: object) => void)(field, { boost });
      input.forEach((section, at) =>
        this.add({
          id: String(at + 1),
          title: section.sectionTitle,
          content: section.content,
          tags: section.tags.join(' '),
          sidebarParentCategories: Array.from(new Set([...section.path, section.pageTitle])).join(' '),
        }),
      );
    });
  } finally {
    lunr.tokenizer.separator = previous;
  }
}

const SECTIONS = sections(120);
const file = buildIndexFile(SECTIONS);
const compact = toLoadedIndex(JSON.parse(JSON.stringify(file)));
const reference: LoadedIndex = { documents: compact.documents, index: lunrIndex(SECTIONS) as unknown as QueryableIndex };

const QUERIES = [
  'relation',
  'relations ordering',
  'rel',
  'transact*',
  'nested transaction',
  '+hook -database',
  'title:hooks',
  'content:release',
  'tags:admin',
  'upload provider config',
  'draft^4 publish',
  'relatoin~1',
  '+document +draft',
  '-publish',
  'page 3',
  'docs area',
  'strapi',
  'the',
  'a release',
  'order*ing',
  '*ation',
];

describe('compact index', () => {
  it('is written in the compact format, with the field weights and b, k1', () => {
    const index = file.index as ReturnType<typeof packIndex>;
    assert.equal(index.format, COMPACT_FORMAT);
    assert.deepEqual(
      index.fields,
      INDEX_FIELDS.map(([field]) => field),
    );
    assert.deepEqual(index.boosts, [5, 1, 3, 2]);
    assert.deepEqual([index.b, index.k1], [0.75, 1.2]);
    assert.equal(index.documentCount, SECTIONS.length);
  });

  it('ranks exactly as lunr.Index built from the same sections', () => {
    for (const query of QUERIES) {
      const ours = search([compact], query, SEARCH_SETTINGS);
      const theirs = search([reference], query, SEARCH_SETTINGS);
      assert.equal(ours.kind, theirs.kind, query);
      if (ours.kind !== 'results' || theirs.kind !== 'results') continue;
      assert.deepEqual(
        ours.results.map((result) => [result.document.id, result.score.toFixed(9), [...(result.matched ?? [])].sort()]),
        theirs.results.map((result) => [result.document.id, result.score.toFixed(9), [...(result.matched ?? [])].sort()]),
        query,
      );
    }
  });

  it('gives every matching document, not only the first 8, as lunr does', () => {
    for (const term of ['relation', 'strapi', 'hook*']) {
      const mine = (compact.index as CompactSearchIndex).query((q) =>
        q.term(term, { fields: ['content'], wildcard: term.endsWith('*') ? lunr.Query.wildcard.TRAILING : lunr.Query.wildcard.NONE }),
      );
      const lunrs = reference.index!.query((q) =>
        q.term(term, { fields: ['content'], wildcard: term.endsWith('*') ? lunr.Query.wildcard.TRAILING : lunr.Query.wildcard.NONE }),
      );
      assert.ok(mine.length > 8, term);
      assert.deepEqual(
        mine.map((r) => [r.ref, r.score.toFixed(9)]),
        lunrs.map((r) => [r.ref, r.score.toFixed(9)]),
        term,
      );
    }
  });

  it('refuses a malformed file (the loader then gives the empty index)', () => {
    const broken = JSON.parse(JSON.stringify(file));
    broken.index.postings[0][0] = [99999, 1];
    assert.equal(toLoadedIndex(broken).index, null);
    const odd = JSON.parse(JSON.stringify(file));
    odd.index.postings[1] = 'x';
    assert.equal(toLoadedIndex(odd).index, null);
  });
});
