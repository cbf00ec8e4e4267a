/**
 * Search relevance and index content, on the built index files (run after a build, by
 * `npm run test:build`): the team's relevance set (src/search/relevance.json) must keep the
 * figures measured when the index writer was introduced, minus a small margin, whatever the pages
 * say now; and the index holds what the panel needs, without the source footer.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { SEARCH_SETTINGS } from '../src/config/search';
import { SIDEBARS } from '../src/config/site';
import routes from '../src/data/routes.json';
import { toLoadedIndex } from '../src/search/indexLoader';
import { measureRelevance, RELEVANCE_SET } from '../src/search/relevance';

const BUILD_DIR = process.env.BUILD_DIR ?? 'build';
const FILES = readdirSync(BUILD_DIR).filter((name) => /^search-index-.+\.json$/.test(name));
const JSONS = FILES.map(
  (name) => JSON.parse(readFileSync(join(BUILD_DIR, name), 'utf8')) as { documents: Record<string, unknown>[]; index: unknown },
);
const INDEXES = JSONS.map((json) => toLoadedIndex(json));

/** The floor leaves about two queries of margin under the measured figures (docs-dev/search.md, "Figures"). */
const FLOOR = { mrr: 0.95, hit1: 0.93 };

describe('search relevance on the built index', () => {
  it('the set has at least 80 queries over every sidebar, each expecting a route of the contract', () => {
    assert.ok(RELEVANCE_SET.length >= 80, `${RELEVANCE_SET.length} queries`);
    const known = new Set(routes.map((route) => route.route));
    for (const testCase of RELEVANCE_SET) {
      assert.ok(testCase.expected.length > 0, testCase.query);
      for (const route of testCase.expected)
        assert.ok(known.has(route), `"${testCase.query}" expects ${route}, not a route of src/data/routes.json`);
    }
    const sidebarOf = new Map(routes.map((route) => [route.route, route.sidebar]));
    const covered = new Set(RELEVANCE_SET.flatMap((testCase) => testCase.expected.map((route) => sidebarOf.get(route))));
    for (const sidebar of SIDEBARS) assert.ok(covered.has(sidebar.id), `no query for the ${sidebar.label} sidebar`);
    for (const kind of ['task', 'identifier', 'partial', 'page-topic', 'typo']) {
      assert.ok(
        RELEVANCE_SET.some((testCase) => testCase.kind === kind),
        `no ${kind} query`,
      );
    }
  });

  it(`keeps MRR@8 >= ${FLOOR.mrr} and hit@1 >= ${FLOOR.hit1}`, () => {
    const figures = measureRelevance(INDEXES, SEARCH_SETTINGS);
    const missed = figures.missed.map((miss) => `"${miss.query}": rank ${miss.rank ?? 'none'}, first ${miss.first}`).join('\n');
    assert.ok(figures.mrr >= FLOOR.mrr, `MRR@8 ${figures.mrr.toFixed(3)}; not first:\n${missed}`);
    assert.ok(figures.hit1 >= FLOOR.hit1, `hit@1 ${figures.hit1.toFixed(3)}; not first:\n${missed}`);
  });

  it('every section has its page title, place and text, and no text comes from the source footer', () => {
    const documents = JSONS.flatMap((json) => json.documents);
    assert.ok(documents.length > 1000, `${documents.length} sections`);
    for (const document of documents) {
      assert.equal(typeof document.pageTitle, 'string');
      assert.equal(typeof document.text, 'string');
      assert.ok(Array.isArray(document.path), `${String(document.sectionRoute)} has no place`);
      assert.doesNotMatch(String(document.text), /Checked against Strapi|source files this page cites/, String(document.sectionRoute));
    }
    // A doc in a sidebar has the sidebar's label first.
    const relations = documents.find((document) => document.sectionRoute === '/docs/core/database/relations/reordering');
    assert.deepEqual((relations?.path as string[] | undefined)?.[0], 'Docs');
  });
});
