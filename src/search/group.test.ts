/** Grouping (./group.ts) on results written out by hand, without the ranking. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { groupedOrder, groupResults, pageRoute, placeOf, PLACE_SEPARATOR } from './group';
import type { SearchResult } from './types';

function result(id: number, sectionRoute: string, pageTitle: string, path?: string[]): SearchResult {
  return { document: { id, pageTitle, sectionTitle: `S${id}`, sectionRoute, type: 'docs', path }, score: 10 - id, terms: [] };
}

describe('grouping', () => {
  it('the page route is the section route without its anchor', () => {
    assert.equal(pageRoute('/docs/a#b'), '/docs/a');
    assert.equal(pageRoute('/docs/a'), '/docs/a');
    assert.equal(pageRoute('/docs/a#b#c'), '/docs/a');
    assert.equal(pageRoute('#top'), '');
  });

  it('the place is the sidebar path, or the page title for a page outside the sidebars; a copy', () => {
    const path = ['Docs', 'Database'];
    const place = placeOf(path, 'Relations');
    assert.deepEqual(place, ['Docs', 'Database']);
    place.push('changed');
    assert.deepEqual(path, ['Docs', 'Database']);
    assert.deepEqual(placeOf([], 'Home'), ['Home']);
    assert.deepEqual(placeOf(undefined, 'Home'), ['Home']);
    assert.equal(PLACE_SEPARATOR, ' › ');
  });

  it("groups by page in the order of each page's first result, keeping the results' order inside a page", () => {
    const a1 = result(1, '/a#one', 'Page A', ['Docs', 'A']);
    const b1 = result(2, '/b#one', 'Page B');
    const a2 = result(3, '/a', 'Page A', ['Docs', 'A']);
    const c1 = result(4, '/c#x', 'Page C', []);
    const a3 = result(5, '/a#three', 'Page A', ['Docs', 'A']);
    assert.deepEqual(groupResults([a1, b1, a2, c1, a3]), [
      { route: '/a', pageTitle: 'Page A', place: ['Docs', 'A'], results: [a1, a2, a3] },
      { route: '/b', pageTitle: 'Page B', place: ['Page B'], results: [b1] },
      { route: '/c', pageTitle: 'Page C', place: ['Page C'], results: [c1] },
    ]);
    assert.deepEqual(groupedOrder([a1, b1, a2, c1, a3]), [a1, a2, a3, b1, c1]);
    assert.deepEqual(groupResults([]), []);
  });

  it('two pages with the same title are two groups, each under its own place (17 pages are titled "Introduction")', () => {
    const guides = result(1, '/guides/intro#why', 'Introduction', ['Guides', 'Introduction']);
    const rfcs = result(2, '/rfcs/intro#scope', 'Introduction', ['RFCs', 'Introduction']);
    const guides2 = result(3, '/guides/intro#how', 'Introduction', ['Guides', 'Introduction']);
    assert.deepEqual(groupResults([guides, rfcs, guides2]), [
      { route: '/guides/intro', pageTitle: 'Introduction', place: ['Guides', 'Introduction'], results: [guides, guides2] },
      { route: '/rfcs/intro', pageTitle: 'Introduction', place: ['RFCs', 'Introduction'], results: [rfcs] },
    ]);
    assert.deepEqual(groupedOrder([guides, rfcs, guides2]), [guides, guides2, rfcs]);
  });
});
