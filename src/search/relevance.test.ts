/** The relevance figures (./relevance.ts) on a four-page index whose order for "alpha" is set by construction. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SETTINGS, buildIndex } from './fixture';
import { measureRelevance, rankOf, RELEVANCE_SET } from './relevance';

// "alpha" in a one-word title and twice in the text; in a two-word title; in a short text; in a long text.
const index = buildIndex([
  { id: 1, pageTitle: 'P1', sectionTitle: 'alpha', sectionRoute: '/p1', content: 'alpha alpha' },
  { id: 2, pageTitle: 'P2', sectionTitle: 'alpha beta', sectionRoute: '/p2#two', content: 'alpha' },
  { id: 3, pageTitle: 'P3', sectionTitle: 'gamma', sectionRoute: '/p3#three', content: 'alpha' },
  { id: 4, pageTitle: 'P4', sectionTitle: 'delta', sectionRoute: '/p4', content: 'alpha words words words words words' },
]);

describe('relevance', () => {
  it('the rank of the first result on an expected page (page routes, without the anchor), and the first page shown', () => {
    assert.deepEqual(rankOf([index], { query: 'alpha', expected: ['/p1'], kind: 'word' }, SETTINGS), { rank: 1, first: '/p1' });
    assert.deepEqual(rankOf([index], { query: 'alpha', expected: ['/x', '/p3'], kind: 'word' }, SETTINGS), { rank: 3, first: '/p1' });
    assert.deepEqual(rankOf([index], { query: 'zzz', expected: ['/p1'], kind: 'word' }, SETTINGS), { rank: null, first: null });
    assert.deepEqual(rankOf([index], { query: 'alpha~x', expected: ['/p1'], kind: 'word' }, SETTINGS), { rank: null, first: null });
    assert.deepEqual(rankOf([index], { query: 'alpha', expected: ['/nowhere'], kind: 'word' }, SETTINGS), { rank: null, first: '/p1' });
  });

  it('MRR@8, hit@1 and hit@3 over a set, and the queries whose expected page is not first', () => {
    const cases = [
      { query: 'alpha', expected: ['/p1'], kind: 'a' },
      { query: 'alpha', expected: ['/p2'], kind: 'b' },
      { query: 'alpha', expected: ['/p3'], kind: 'c' },
      { query: 'alpha', expected: ['/p4'], kind: 'd' },
      { query: 'zzz', expected: ['/p1'], kind: 'e' },
      { query: 'alpha~x', expected: ['/p1'], kind: 'f' },
    ];
    assert.deepEqual(measureRelevance([index], SETTINGS, cases), {
      queries: 6,
      mrr: (1 + 1 / 2 + 1 / 3 + 1 / 4) / 6,
      hit1: 1 / 6,
      hit3: 3 / 6,
      missed: [
        { query: 'alpha', expected: ['/p2'], rank: 2, first: '/p1' },
        { query: 'alpha', expected: ['/p3'], rank: 3, first: '/p1' },
        { query: 'alpha', expected: ['/p4'], rank: 4, first: '/p1' },
        { query: 'zzz', expected: ['/p1'], rank: null, first: null },
        { query: 'alpha~x', expected: ['/p1'], rank: null, first: null },
      ],
    });
  });

  it("the team's set holds 91 queries, each with an expected page", () => {
    assert.equal(RELEVANCE_SET.length, 91);
    assert.ok(RELEVANCE_SET.every((testCase) => testCase.query.length > 0 && testCase.expected.length > 0));
  });
});
