import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import lunr from 'lunr';
import { INDEX_FIELDS, SEARCH_SETTINGS, search as searchConfig } from '../config/search';
import {
  CompactSearchIndex,
  COMPACT_FORMAT,
  decodeTerms,
  encodeTerms,
  isCompactIndex,
  packIndex,
  readPostings,
  type CompactIndex,
  type QueryableIndex,
} from './compactIndex';
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
  // A required word the index lacks: nothing, as in lunr.
  '+nonexistent relation',
  // Required words on different fields: a document must have each where it is asked for.
  '+title:hook +release',
  '+title:hooks +tags:admin upload',
];

describe('compact index', () => {
  it('is written in the compact format, with the field weights and b, k1', () => {
    const index = file.index as ReturnType<typeof packIndex>;
    assert.equal(index.format, 'lunr-compact-2');
    assert.equal(COMPACT_FORMAT, 'lunr-compact-2');
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
    const broken = (change: (index: CompactIndex) => void) => {
      const copy = JSON.parse(JSON.stringify(file)) as { documents: unknown[]; index: CompactIndex };
      change(copy.index);
      return toLoadedIndex(copy).index;
    };
    assert.notEqual(
      broken(() => {}),
      null,
    );
    // A document past the last one, a gap of 0, a frequency of 1 written out, a stray character,
    // a missing field list, a missing term, terms out of order, postings of another type.
    assert.equal(
      broken((index) => (index.postings = `${SECTIONS.length + 1}${index.postings.slice(index.postings.search(/[ ,;]/))}`)),
      null,
    );
    assert.equal(
      broken((index) => (index.postings = `0 ${index.postings}`)),
      null,
    );
    assert.equal(
      broken((index) => (index.postings = `1.1 ${index.postings}`)),
      null,
    );
    assert.equal(
      broken((index) => (index.postings = index.postings.replace(',', ',x'))),
      null,
    );
    assert.equal(
      broken((index) => (index.postings = index.postings.replace(',', ''))),
      null,
    );
    assert.equal(
      broken((index) => (index.postings = index.postings.slice(0, index.postings.lastIndexOf(';')))),
      null,
    );
    assert.equal(
      broken((index) => (index.terms = index.terms.split(' ').reverse().join(' '))),
      null,
    );
    assert.equal(
      broken((index) => ((index as unknown as { postings: unknown }).postings = [[1, 1]])),
      null,
    );
  });

  it('writes terms front-coded and postings as gaps with frequencies above 1', () => {
    assert.equal(encodeTerms(['', 'api', 'apis', 'admin', 'b']), '0 0api 3s 1dmin 0b');
    assert.deepEqual(decodeTerms('0 0api 3s 1dmin 0b'), ['', 'api', 'apis', 'admin', 'b']);
    const long = 'x'.repeat(40);
    assert.equal(encodeTerms([long, `${long}y`]), `0${long} z${'x'.repeat(5)}y`);
    assert.deepEqual(decodeTerms(`0${long} z${'x'.repeat(5)}y`), [long, `${long}y`]);
    assert.throws(() => encodeTerms(['a b']), /whitespace/);
    assert.throws(() => decodeTerms('0a 5b'), /malformed terms/);
    const read = readPostings('2 3.4,,5;,1,', 2, 3, 5);
    assert.deepEqual(Array.from(read.refs), [2, 5, 5, 1]);
    assert.deepEqual(Array.from(read.frequencies), [1, 4, 1, 1]);
    assert.deepEqual(Array.from(read.start), [0, 2, 2, 3, 3, 4, 4]);
    assert.throws(() => readPostings('2 ,,;,,', 2, 3, 5), /malformed postings/);
    assert.throws(() => readPostings('2,,,;,,', 2, 3, 5), /malformed postings/);
    assert.throws(() => readPostings('6,,;,,', 2, 3, 5), /malformed postings/);
  });

  it('reads postings strictly: each malformed string fails, a valid one gives its refs and frequencies', () => {
    // Two terms, three fields, five documents.
    const bad = [
      '1.,,;,,', // a frequency without digits
      '1.1,,;,,', // a frequency of 1 written out
      '0,,;,,', // a gap of 0
      '6,,;,,', // past the last document
      '1 ,,;,,', // a space not followed by an entry
      '1,,,;,,', // a fourth field
      '1,;,,', // a term with two fields
      '1,,;,,;', // a third term
      '1,,;,,x', // a stray character
      '1,,', // one term only
    ];
    for (const encoded of bad) assert.throws(() => readPostings(encoded, 2, 3, 5), /malformed postings/, encoded);
    const read = readPostings('1 2.12,,;,1.3 3,', 2, 3, 5);
    assert.deepEqual(Array.from(read.refs), [1, 3, 1, 4]);
    assert.deepEqual(Array.from(read.frequencies), [1, 12, 3, 1]);
    assert.deepEqual(Array.from(read.start), [0, 2, 2, 2, 2, 4, 4]);
    const long = readPostings('12 3.45', 1, 1, 20);
    assert.deepEqual(
      [Array.from(long.refs), Array.from(long.frequencies)],
      [
        [12, 15],
        [1, 45],
      ],
    );
    assert.deepEqual(Array.from(readPostings('', 0, 3, 5).start), [0]);
    assert.throws(() => readPostings('1', 0, 3, 5), /malformed postings/);
  });

  it('decodes terms strictly', () => {
    assert.throws(() => decodeTerms('0a  0b'), /malformed terms/);
    assert.throws(() => decodeTerms('0a -b'), /malformed terms/);
    assert.deepEqual(decodeTerms(''), []);
    assert.deepEqual(decodeTerms('0relation 8s 0zone'), ['relation', 'relations', 'zone']);
  });

  it('tells a compact index from anything else', () => {
    const valid = JSON.parse(JSON.stringify(file.index)) as CompactIndex;
    assert.equal(isCompactIndex(valid), true);
    for (const [key, value] of [
      ['format', 'lunr-compact-1'],
      ['fields', 'title'],
      ['boosts', [5, 1]],
      ['terms', ['relation']],
      ['postings', [[1, 1]]],
      ['pipeline', 'stemmer'],
      ['k1', '1.2'],
      ['b', null],
      ['documentCount', 1.5],
    ] as const) {
      assert.equal(isCompactIndex({ ...valid, [key]: value }), false, key);
    }
    for (const value of [null, 'index', 42, [], undefined]) assert.equal(isCompactIndex(value), false, String(value));
    // lunr's own format is not the compact one: the loader reads it with lunr.Index.load.
    assert.equal(isCompactIndex(lunrIndex(SECTIONS.slice(0, 3)).toJSON()), false);
  });

  it('refuses an index with no fields, a negative count or terms out of order or repeated', () => {
    const valid = JSON.parse(JSON.stringify(file.index)) as CompactIndex;
    assert.throws(() => new CompactSearchIndex({ ...valid, fields: [], boosts: [] }), /malformed index/);
    assert.throws(() => new CompactSearchIndex({ ...valid, documentCount: -1 }), /malformed index/);
    assert.throws(() => new CompactSearchIndex({ ...valid, terms: '0b 0a', postings: ',,,;,,,' }), /malformed terms/);
    assert.throws(() => new CompactSearchIndex({ ...valid, terms: '0a 1', postings: ',,,;,,,' }), /malformed terms/);
  });

  it('answers an empty query with nothing, and a query of exclusions alone with every other document', () => {
    const index = new CompactSearchIndex(
      buildIndexFile([
        { pageTitle: 'Cron', sectionTitle: 'Jobs', sectionRoute: '/cron', content: 'jobs run', tags: ['api'], path: ['Docs'] },
        { pageTitle: 'Cron', sectionTitle: 'Run', sectionRoute: '/cron#run', content: 'run', tags: ['api'], path: ['Docs'] },
      ]).index as CompactIndex,
    );
    assert.deepEqual(
      index.query(() => {}),
      [],
    );
    const excluded = index.query((q) => q.term('jobs', { presence: lunr.Query.presence.PROHIBITED }));
    assert.deepEqual(
      excluded.map((result) => [result.ref, result.score]),
      [['2', 0]],
    );
  });

  it('reports a term as matched only in the documents and fields whose postings hold it', () => {
    // Document 2 follows document 1 in the postings of "alpha": title of 1, then content of 2.
    const index = new CompactSearchIndex(
      buildIndexFile([
        { pageTitle: 'P', sectionTitle: 'alpha', sectionRoute: '/one', content: 'gamma', tags: [], path: [] },
        { pageTitle: 'P', sectionTitle: 'beta', sectionRoute: '/two', content: 'alpha', tags: [], path: [] },
      ]).index as CompactIndex,
    );
    const found = index.query((q) => {
      q.term('alpha', { fields: ['title'] });
      q.term('beta', { fields: ['title'] });
    });
    assert.deepEqual(JSON.parse(JSON.stringify(Object.fromEntries(found.map((result) => [result.ref, result.matchData.metadata])))), {
      '1': { alpha: { title: {} } },
      '2': { beta: { title: {} } },
    });
  });

  it('packs a small index to the exact strings', () => {
    const small = buildIndexFile([
      { pageTitle: 'Cron', sectionTitle: 'Jobs', sectionRoute: '/cron', content: 'jobs run jobs', tags: ['api'], path: ['Docs', 'Cron'] },
      { pageTitle: 'Cron', sectionTitle: 'Run', sectionRoute: '/cron#run', content: 'run', tags: ['api'], path: ['Docs', 'Cron'] },
    ]).index as CompactIndex;
    assert.equal(small.terms, '0api 0cron 0doc 0job 0run');
    // api: tags of 1 and 2; cron, doc: path of 1 and 2; job: title of 1, content of 1 twice; run: title of 2, content of 1 and 2.
    assert.equal(small.postings, ',,1 1,;,,,1 1;,,,1 1;1,1.2,,;2,1 1,,');
  });
});
