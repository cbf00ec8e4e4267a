import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildIndex } from './fixture';
import { groupedOrder, groupResults } from './group';
import { addRecent, MAX_RECENT, parseRecent, type RecentSearch } from './recent';
import { search } from './ranking';
import { SETTINGS } from './fixture';
import { indexTerm, markText, snippet, type Segment } from './snippet';

const show = (segments: Segment[]) => segments.map((s) => (s.marked ? `[${s.text}]` : s.text)).join('');

describe('snippet', () => {
  const long = `${'Opening words about nothing in particular. '.repeat(8)}Relations are ordered by a position column, and reordering relations moves it. ${'Closing filler text. '.repeat(10)}`;

  it('shows the text around the matched words, marked, with ellipses where text was cut', () => {
    const text = show(snippet(long, [indexTerm('relations'), indexTerm('ordered')]));
    assert.match(text, /^… /);
    assert.match(text, / …$/);
    assert.match(text, /\[Relations\] are \[ordered\]/);
    assert.match(text, /reordering \[relations\]/, 'every occurrence in the window, not "reordering"');
    assert.ok(text.length <= 180 + 30, `${text.length} characters`);
  });

  it('marks what lunr matched: stems, so "ordering" marks "ordered" when the index term is "order"', () => {
    assert.equal(indexTerm('ordered'), indexTerm('ordering'));
    assert.equal(show(markText('Ordering and orders', [indexTerm('order')])), '[Ordering] and [orders]');
  });

  it('without a match, the start of the text; a short text whole', () => {
    assert.match(show(snippet(long, ['zebra'])), /^Opening words/);
    assert.equal(show(snippet('Short text.', [indexTerm('text')])), 'Short [text].');
  });

  it('keeps markup-like text as text: segments are plain strings', () => {
    const segments = snippet('Use <img src=x onerror=alert(1)> in a relation field.', [indexTerm('relation')]);
    assert.equal(segments.map((s) => s.text).join(''), 'Use <img src=x onerror=alert(1)> in a relation field.');
    assert.deepEqual(
      segments.filter((s) => s.marked).map((s) => s.text),
      ['relation'],
    );
  });
});

describe('snippet windows, worked out by hand (length 20 or 30)', () => {
  it('starts a few characters before the match, at a word start, and ends at a word end', () => {
    const text = 'one two three four five six seven eight nine ten';
    assert.equal(show(snippet(text, [indexTerm('seven')], 20)), '… five six [seven] eight …');
  });

  it('cuts before a word too long to finish', () => {
    const text = `alpha beta gamma ${'x'.repeat(50)} tail`;
    assert.equal(show(snippet(text, [indexTerm('beta')], 20)), 'alpha [beta] gamma  …');
  });

  it('picks the window holding the most distinct matched words, and marks only inside it', () => {
    const text = `red${' filler'.repeat(10)} blue green${' filler'.repeat(10)} red`;
    const matched = ['red', 'blue', 'green'].map(indexTerm);
    assert.deepEqual(snippet(text, matched, 30), [
      { text: '… ', marked: false },
      { text: 'filler ', marked: false },
      { text: 'blue', marked: true },
      { text: ' ', marked: false },
      { text: 'green', marked: true },
      { text: ' filler filler', marked: false },
      { text: ' …', marked: false },
    ]);
  });

  it('of two windows with as many matched words, the first', () => {
    const text = `alpha ${'filler '.repeat(10)}omega`;
    assert.equal(show(snippet(text, ['alpha', 'omega'].map(indexTerm), 20)), '[alpha] filler filler filler …');
  });

  it('a window may span exactly the length', () => {
    // "blue" starts 20 characters before "green" ends: that window holds two matched words, "red"'s one.
    const text = `red ${'filler '.repeat(5)}blue aaaaaaaaa green${' filler'.repeat(5)}`;
    assert.equal(show(snippet(text, ['red', 'blue', 'green'].map(indexTerm), 20)), '… filler [blue] aaaaaaaaa …');
  });

  it('a cut word is finished when that keeps the snippet within 20 characters over the length', () => {
    assert.equal(show(snippet(`alpha ${'x'.repeat(34)} tail`, [indexTerm('alpha')], 20)), `[alpha] ${'x'.repeat(34)} …`);
    assert.equal(show(snippet(`alpha ${'x'.repeat(35)} tail`, [indexTerm('alpha')], 20)), '[alpha]  …');
  });

  it('a window reaching the end of the text has no closing ellipsis', () => {
    assert.equal(show(snippet(`aaa bbb ccc seven ${'z'.repeat(10)}`, [indexTerm('seven')], 20)), `… bbb ccc [seven] ${'z'.repeat(10)}`);
  });

  it('a text of exactly the length is shown whole, from its start', () => {
    const text = 'one two three seven.';
    assert.equal(text.length, 20);
    assert.equal(show(snippet(text, [indexTerm('seven')], 20)), 'one two three [seven].');
  });

  it('segments cover the text exactly: no empty segment where a match starts or ends it', () => {
    assert.deepEqual(markText('Ordering and orders', [indexTerm('order')]), [
      { text: 'Ordering', marked: true },
      { text: ' and ', marked: false },
      { text: 'orders', marked: true },
    ]);
    assert.deepEqual(markText('', [indexTerm('order')]), []);
    assert.deepEqual(markText('No match here', []), [{ text: 'No match here', marked: false }]);
  });

  it('words are split as the index splits them: punctuation and code separators, not letters or digits', () => {
    const matched = ['strapi', 'db', 'query', 'article', 'v5'].map(indexTerm);
    assert.equal(
      show(markText("strapi.db.query('api::article.article') runs on v5; x_y=z", matched)),
      "[strapi].[db].[query]('api::[article].[article]') runs on [v5]; x_y=z",
    );
  });
});

describe('grouping', () => {
  it('groups results under their page, pages in the order of their best result, at most 8 results', () => {
    const index = buildIndex(
      Array.from({ length: 12 }, (_, i) => ({
        id: i + 1,
        pageTitle: `Page ${i % 3}`,
        sectionTitle: `Widget part ${i}`,
        sectionRoute: `/page-${i % 3}#part-${i}`,
        content: `widget ${'filler '.repeat(i)}`,
        path: ['Docs', `Page ${i % 3}`],
      })),
    );
    const outcome = search([index], 'widget', SETTINGS);
    assert.ok(outcome.kind === 'results');
    const groups = groupResults(outcome.results);
    assert.equal(groups.flatMap((group) => group.results).length, 8);
    assert.equal(new Set(groups.map((group) => group.route)).size, groups.length, 'one group per page');
    for (const group of groups) assert.ok(group.results.every((result) => result.document.sectionRoute.startsWith(`${group.route}#`)));
    assert.equal(groups[0].results[0], outcome.results[0], 'the best result leads');
    assert.deepEqual(groups[0].place, ['Docs', groups[0].pageTitle]);
    assert.deepEqual(
      groupedOrder(outcome.results),
      groups.flatMap((group) => group.results),
    );
  });
});

describe('recent searches', () => {
  const entry = (n: number): RecentSearch => ({
    url: `/docs/page-${n}#a`,
    sectionTitle: `Section ${n}`,
    pageTitle: `Page ${n}`,
    place: ['Docs', `Page ${n}`],
  });

  it('newest first, each URL once, at most 5', () => {
    let list: RecentSearch[] = [];
    for (const n of [1, 2, 3, 2, 4, 5, 6, 7]) list = addRecent(list, entry(n));
    assert.deepEqual(
      list.map((item) => item.url),
      [7, 6, 5, 4, 2].map((n) => entry(n).url),
    );
    assert.equal(list.length, MAX_RECENT);
    assert.deepEqual(parseRecent(JSON.stringify(list)), list);
  });

  it('tolerates garbage in storage: drops what is not a valid entry', () => {
    for (const stored of [null, '', 'not json', '{"a":1}', '42', '[1,"x",null]', '{{{']) assert.deepEqual(parseRecent(stored), []);
    const mixed = JSON.stringify([
      entry(1),
      { url: 'javascript:alert(1)', sectionTitle: 'x', pageTitle: 'y', place: [] },
      { url: '//evil.example/x', sectionTitle: 'x', pageTitle: 'y', place: [] },
      { url: 'https://evil.example/', sectionTitle: 'x', pageTitle: 'y', place: [] },
      { url: '/ok', sectionTitle: 3, pageTitle: 'y' },
      { url: '/place-garbage', sectionTitle: 'x', pageTitle: 'y', place: 'Docs' },
      entry(1),
    ]);
    assert.deepEqual(parseRecent(mixed), [entry(1), { url: '/place-garbage', sectionTitle: 'x', pageTitle: 'y', place: [] }]);
  });
});
