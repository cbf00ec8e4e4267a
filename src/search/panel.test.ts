/**
 * The panel's decisions (./panel.ts) without a browser: who handles each kind of click, what a
 * query shows (groups by page, errors, the unavailable-index message), the recent entry a chosen
 * result leaves, and when Escape clears the query. Expectations are written out here.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SETTINGS, buildIndex } from './fixture';
import { escapeClears, isPlainClick, queryView, recentOf, resultUrl, unavailableReason } from './panel';
import { INDEX_UNAVAILABLE } from './strings';
import type { LoadedIndex, SearchResult } from './types';

const click = (extra: Partial<Parameters<typeof isPlainClick>[0]> = {}) => ({
  button: 0,
  metaKey: false,
  ctrlKey: false,
  shiftKey: false,
  altKey: false,
  ...extra,
});

describe('clicks on a result', () => {
  it('a plain primary click is the panel’s (client-side navigation)', () => {
    assert.equal(isPlainClick(click()), true);
  });

  it('each variant that opens elsewhere is left to the browser: middle, Ctrl, Cmd, Shift, Alt, right', () => {
    for (const variant of [{ button: 1 }, { ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { altKey: true }, { button: 2 }]) {
      assert.equal(isPlainClick(click(variant)), false, JSON.stringify(variant));
    }
  });
});

// Two pages titled "Introduction" (17 real pages are), and a third page.
const INTRODUCTIONS = buildIndex([
  {
    id: 1,
    pageTitle: 'Introduction',
    sectionTitle: 'Introduction',
    sectionRoute: '/guides/intro',
    content: 'An introduction to the guides.',
    path: ['Guides', 'Introduction'],
  },
  {
    id: 2,
    pageTitle: 'Introduction',
    sectionTitle: 'Introduction',
    sectionRoute: '/rfcs/intro',
    content: 'An introduction to the RFCs.',
    path: ['RFCs', 'Introduction'],
  },
  {
    id: 3,
    pageTitle: 'Introduction',
    sectionTitle: 'Scope',
    sectionRoute: '/rfcs/intro#scope',
    content: 'What an introduction covers.',
    path: ['RFCs', 'Introduction'],
  },
  { id: 4, pageTitle: 'Cron', sectionTitle: 'Cron', sectionRoute: '/api/Cron', content: 'Schedules jobs.', path: ['API', 'Cron'] },
]);

describe('what a query shows', () => {
  it('results grouped by page, not by title: two Introduction pages are two groups', () => {
    const view = queryView([INTRODUCTIONS], 'introduction', SETTINGS);
    assert.equal(view.error, undefined);
    assert.deepEqual(
      view.groups.map((group) => [
        group.route,
        group.pageTitle,
        group.place.join(' › '),
        group.results.map((r) => r.document.sectionRoute),
      ]),
      [
        ['/guides/intro', 'Introduction', 'Guides › Introduction', ['/guides/intro']],
        ['/rfcs/intro', 'Introduction', 'RFCs › Introduction', ['/rfcs/intro', '/rfcs/intro#scope']],
      ],
    );
  });

  it('a grammar error shows its message and no results', () => {
    const view = queryView([INTRODUCTIONS], 'nope:cron', SETTINGS);
    assert.deepEqual(view.groups, []);
    assert.match(view.error ?? '', /^Unknown field "nope"/);
  });

  it('the query is cut at 512 characters before it is searched', () => {
    // 512 characters of spaces, then a word: the word is cut off, so nothing matches; a word ending at 512 counts.
    assert.deepEqual(queryView([INTRODUCTIONS], `${' '.repeat(512)}cron`, SETTINGS).groups, []);
    assert.equal(queryView([INTRODUCTIONS], `${' '.repeat(508)}cron`, SETTINGS).groups.length, 1);
    // A trailing "~" is an error: as character 512 it is searched, as character 513 it is cut off.
    // (A word cut by one letter still matches as a prefix, so only the "~" tells 511 or 513 from 512.)
    assert.deepEqual(queryView([INTRODUCTIONS], `${' '.repeat(507)}cron~`, SETTINGS), {
      groups: [],
      error: 'Edit distance must be a whole number: "~" in "cron~" (try ~1).',
    });
    const cut = queryView([INTRODUCTIONS], `${' '.repeat(508)}cron~`, SETTINGS);
    assert.equal(cut.error, undefined);
    assert.deepEqual(
      cut.groups.map((group) => group.route),
      ['/api/Cron'],
    );
  });

  it('a search that throws shows nothing and no error', () => {
    const broken = {
      documents: [],
      index: {
        query: () => {
          throw new Error('boom');
        },
      },
    } as unknown as LoadedIndex;
    assert.deepEqual(queryView([broken], 'cron', SETTINGS), { groups: [], error: undefined });
  });

  it('when every index is unavailable the first reason is shown; one loaded index is enough', () => {
    const missing = (reason: string): LoadedIndex => ({ documents: [], index: null, unavailable: reason });
    assert.equal(unavailableReason([missing('HTTP 404'), missing('HTTP 500')]), 'HTTP 404');
    assert.equal(unavailableReason([missing('HTTP 404'), INTRODUCTIONS]), undefined);
    assert.equal(unavailableReason([]), undefined);
    assert.equal(unavailableReason([{ documents: [], index: null }]), undefined);
    assert.deepEqual(queryView([missing('HTTP 404')], 'cron', SETTINGS), { groups: [], error: `${INDEX_UNAVAILABLE} HTTP 404` });
    // A grammar error wins over the unavailable message.
    assert.match(queryView([missing('HTTP 404')], 'nope:cron', SETTINGS).error ?? '', /^Unknown field/);
  });
});

describe('a chosen result', () => {
  const result: SearchResult = {
    document: {
      id: 3,
      pageTitle: 'Introduction',
      sectionTitle: 'Scope',
      sectionRoute: '/rfcs/intro#scope',
      type: 'docs',
      path: ['RFCs', 'Introduction'],
    },
    score: 1,
    terms: ['introduction', 'scope'],
  };

  it('links to its section with the highlight parameter', () => {
    assert.equal(resultUrl(result), '/rfcs/intro?highlight=introduction+scope#scope');
  });

  it('leaves a recent entry with its section, page and place', () => {
    assert.deepEqual(recentOf(result, '/x'), {
      url: '/x',
      sectionTitle: 'Scope',
      pageTitle: 'Introduction',
      place: ['RFCs', 'Introduction'],
    });
    const home = { ...result, document: { ...result.document, pageTitle: 'Home', path: undefined } };
    assert.deepEqual(recentOf(home, '/').place, ['Home']);
  });
});

describe('Escape', () => {
  it('clears the query only on the search button, with a query, for the Escape key', () => {
    assert.equal(escapeClears('Escape', 'cron', true), true);
    assert.equal(escapeClears('Escape', '', true), false);
    assert.equal(escapeClears('Escape', 'cron', false), false);
    assert.equal(escapeClears('Enter', 'cron', true), false);
  });
});
