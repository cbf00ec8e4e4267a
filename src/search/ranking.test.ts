import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import lunr from 'lunr';
import { SECTIONS, SETTINGS, buildFile, buildIndex } from './fixture';
import { buildIndexFile } from './indexBuilder';
import { toLoadedIndex } from './indexLoader';
import { parseQuery } from './queryParser';
import { addClause, search } from './ranking';
import type { SearchResult } from './types';

const fixture = buildIndex(SECTIONS);

function ids(input: string, indexes = [fixture]): number[] {
  const outcome = search(indexes, input, SETTINGS);
  assert.equal(outcome.kind, 'results', outcome.kind === 'error' ? outcome.message : '');
  return outcome.kind === 'results' ? outcome.results.map((result) => result.document.id) : [];
}

function results(input: string, indexes = [fixture]): SearchResult[] {
  const outcome = search(indexes, input, SETTINGS);
  assert.equal(outcome.kind, 'results');
  return outcome.kind === 'results' ? outcome.results : [];
}

describe('ranking', () => {
  it('uses the spec settings', () => {
    assert.deepEqual(
      [SETTINGS.titleBoost, SETTINGS.contentBoost, SETTINGS.tagsBoost, SETTINGS.parentCategoriesBoost, SETTINGS.maxSearchResults],
      [5, 1, 3, 2, 8],
    );
  });

  it('queries each plain term exactly (weight 1) and with a trailing wildcard (weight 0.25) on every field (field weights are in the index)', () => {
    const query = new lunr.Query(['title', 'content', 'tags', 'sidebarParentCategories']);
    const parsed = parseQuery('hooks');
    assert.ok(parsed.ok);
    for (const clause of parsed.query.clauses) addClause(query, clause, SETTINGS);
    assert.deepEqual(
      query.clauses.map((clause) => [clause.fields.join(), clause.term, clause.boost, clause.wildcard]),
      ['title', 'content', 'tags', 'sidebarParentCategories'].flatMap((field) => [
        [field, 'hooks', 1, lunr.Query.wildcard.NONE],
        [field, 'hooks*', 0.25, lunr.Query.wildcard.TRAILING],
      ]),
    );
  });

  it('queries only the fields the index has', () => {
    const query = new lunr.Query(['title', 'content', 'tags']);
    const parsed = parseQuery('hooks');
    assert.ok(parsed.ok);
    addClause(query, parsed.query.clauses[0], SETTINGS);
    assert.deepEqual(Array.from(new Set(query.clauses.flatMap((clause) => clause.fields))), ['title', 'content', 'tags']);
  });

  it('the same word in a title outranks it in content, and in tags outranks it in content', () => {
    // Same length everywhere, so only the field weight differs.
    const index = buildIndex([
      { id: 1, pageTitle: 'P', sectionTitle: 'alpha beta gamma', sectionRoute: '/a', content: 'delta epsilon zeta widget' },
      { id: 2, pageTitle: 'P', sectionTitle: 'alpha beta widget', sectionRoute: '/b', content: 'delta epsilon zeta gamma' },
      { id: 3, pageTitle: 'P', sectionTitle: 'alpha beta gamma', sectionRoute: '/c', content: 'delta epsilon zeta eta', tags: 'widget' },
    ]);
    const found = results('widget', [index]);
    assert.deepEqual(
      found.map((result) => result.document.sectionRoute),
      ['/b', '/c', '/a'],
    );
    assert.ok(found[0].score > found[1].score && found[1].score > found[2].score);
    // With the weights applied at query time instead (lunr.Index with unweighted fields), content
    // would not lose to tags: the measured bug this replaces.
  });

  it('a word typed in full in content outranks a title that only starts with it', () => {
    const index = buildIndex([
      { id: 1, pageTitle: 'P', sectionTitle: 'serverless', sectionRoute: '/completion', content: 'alpha beta gamma delta' },
      { id: 2, pageTitle: 'P', sectionTitle: 'alpha', sectionRoute: '/exact', content: 'the server starts here' },
      { id: 3, pageTitle: 'P', sectionTitle: 'beta', sectionRoute: '/none', content: 'gamma delta epsilon zeta' },
    ]);
    assert.deepEqual(
      results('server', [index]).map((result) => result.document.sectionRoute),
      ['/exact', '/completion'],
    );
    // While the word is still being typed, only completions match: both rank, title first.
    assert.deepEqual(
      results('serv', [index]).map((result) => result.document.sectionRoute),
      ['/completion', '/exact'],
    );
  });

  it('the page title and sidebar path are searchable on every section of the page', () => {
    const index = buildIndex([
      {
        id: 1,
        pageTitle: 'Relations',
        sectionTitle: 'Pitfalls',
        sectionRoute: '/relations#pitfalls',
        content: 'Nothing here names the page.',
        path: ['Docs', 'Database', 'Relations'],
      },
      {
        id: 2,
        pageTitle: 'Uploads',
        sectionTitle: 'Pitfalls',
        sectionRoute: '/upload#pitfalls',
        content: 'Nothing here either.',
        path: ['Docs', 'Upload'],
      },
    ]);
    assert.equal(ids('relations pitfalls', [index])[0], 1);
    assert.equal(ids('upload pitfalls', [index])[0], 2);
    assert.deepEqual(ids('database', [index]), [1]);
  });

  it('scores exactly like the per-field query', () => {
    const queries = [
      'hooks',
      'server lifecycle',
      'admin panel',
      'con',
      'title:hooks content:promise',
      'hooks^10 server',
      'transact nested',
      'plugins zones react',
    ];
    for (const query of queries) {
      const literal = search([fixture], query, SETTINGS, 'literal');
      const combined = search([fixture], query, SETTINGS, 'combined');
      assert.ok(literal.kind === 'results' && combined.kind === 'results');
      assert.ok(literal.results.length > 0, query);
      assert.deepEqual(
        combined.results.map((r) => [r.document.id, r.score.toFixed(9)]),
        literal.results.map((r) => [r.document.id, r.score.toFixed(9)]),
        query,
      );
    }
  });

  it('finds title, content and tags matches, by score descending', () => {
    const found = results('hooks');
    assert.deepEqual(found.map((result) => result.document.id).sort(), [1, 2, 3]);
    for (let i = 1; i < found.length; i += 1) assert.ok(found[i - 1].score >= found[i].score);
    assert.deepEqual(ids('admin').sort(), [5, 6], 'tags match');
  });

  it('trailing wildcard: a prefix finds longer words', () => {
    assert.deepEqual(ids('config'), [4]);
    assert.deepEqual(ids('transact'), [3]);
  });

  it('results carry the highlight terms', () => {
    assert.deepEqual(results('Nested transactions')[0].terms, ['nested', 'transactions']);
  });

  it('at most 8 results per index and again overall', () => {
    const many = (offset: number) =>
      buildIndex(
        Array.from({ length: 12 }, (_, i) => ({
          id: offset + i,
          pageTitle: 'Page',
          sectionTitle: `Section ${i}`,
          sectionRoute: `/p${offset}#s${i}`,
          content: `widget ${'filler '.repeat(i)}`,
        })),
      );
    const one = results('widget', [many(100)]);
    assert.equal(one.length, 8);
    const two = results('widget', [many(100), many(200)]);
    assert.equal(two.length, 8);
    assert.ok(
      two.some((r) => r.document.sectionRoute.startsWith('/p200')) && two.some((r) => r.document.sectionRoute.startsWith('/p100')),
      'both indexes contribute',
    );
    for (let i = 1; i < two.length; i += 1) assert.ok(two[i - 1].score >= two[i].score);
  });

  it('an empty index gives no results', () => {
    assert.deepEqual(ids('hooks', [{ documents: [], index: null }]), []);
    assert.deepEqual(ids('hooks', [{ documents: [], index: null }, fixture]).length > 0, true);
  });

  it('no match gives no results, an empty query too', () => {
    assert.deepEqual(ids('zebra'), []);
    assert.deepEqual(ids(''), []);
  });
});

describe('grammar in ranking', () => {
  it('field scope', () => {
    assert.deepEqual(ids('title:hooks').sort(), [1, 2]);
    assert.deepEqual(ids('content:hooks'), [3]);
    assert.deepEqual(ids('tags:database'), [3]);
  });

  it('+required keeps only documents with the term', () => {
    assert.deepEqual(ids('hooks +promise'), [2]);
    assert.deepEqual(ids('+lifecycle +admin'), [6]);
  });

  it('-excluded drops documents with the term', () => {
    assert.deepEqual(ids('hooks -commit').sort(), [1, 2]);
    assert.deepEqual(ids('lifecycle -tags:admin'), [1]);
  });

  it('wildcards', () => {
    assert.deepEqual(ids('*ject'), [5]);
    assert.deepEqual(ids('perm*ss'), [6]);
  });

  it('edit distance finds a misspelt word; a plain query that finds nothing is retried with one or two edits', () => {
    assert.deepEqual(ids('tranzactions~1'), [3]);
    assert.deepEqual(ids('tranzactions'), [3], 'retried with edits');
    assert.deepEqual(ids('+tranzactions'), [], 'an operator query is not retried');
    assert.deepEqual(ids('zebra'), [], 'nothing close');
  });

  it('stop words are left out: alone they find nothing, with other words they change nothing', () => {
    assert.deepEqual(ids('the'), []);
    assert.deepEqual(ids('how the hooks'), ids('hooks'));
    assert.deepEqual(
      results('a permission').map((result) => result.score),
      results('permission').map((result) => result.score),
    );
  });

  it('boost ^n changes the order', () => {
    // Both words are in the content field only, one section each; "alpha" twice, "beta" once, so
    // "alpha" leads unless "beta" is boosted (a boost weighs a word against the query's other words
    // in the same field).
    const index = buildIndex([
      { id: 1, pageTitle: 'One', sectionTitle: 'One', sectionRoute: '/alpha', content: 'alpha alpha gamma delta' },
      { id: 2, pageTitle: 'Two', sectionTitle: 'Two', sectionRoute: '/beta', content: 'beta gamma delta epsilon' },
    ]);
    const routes = (query: string) => results(query, [index]).map((result) => result.document.sectionRoute);
    assert.deepEqual(routes('alpha beta'), ['/alpha', '/beta']);
    assert.deepEqual(routes('alpha beta^20'), ['/beta', '/alpha']);
    assert.deepEqual(routes('alpha^20 beta'), ['/alpha', '/beta']);
    // The same with an operator or a modifier on the boosted word (the literal per-field form).
    assert.deepEqual(routes('alpha +beta^20'), ['/beta']);
    assert.deepEqual(routes('alpha beta~1^20'), ['/beta', '/alpha']);
    assert.deepEqual(routes('alpha bet*^20'), ['/beta', '/alpha']);
  });

  it('words of 3 letters or more also match as a prefix; shorter ones only exactly', () => {
    assert.deepEqual(ids('con').sort(), [3, 4, 6]);
    assert.deepEqual(ids('co'), []);
    assert.deepEqual(ids('adm').sort(), [5, 6]);
    assert.deepEqual(ids('ad'), []);
  });

  it('a plain query that finds nothing is retried from 4 letters with one edit, from 7 with two, up to 20', () => {
    assert.deepEqual(ids('hok'), [], '3 letters: not retried');
    assert.deepEqual(ids('hoks').sort(), [1, 2, 3]);
    assert.deepEqual(ids('cinfog'), [], '6 letters: one edit only ("config" is two away)');
    assert.deepEqual(ids('cinfogs'), [4], '7 letters: two edits');
    const long = buildIndex([
      { id: 1, pageTitle: 'P', sectionTitle: 'S', sectionRoute: '/x', content: `${'x'.repeat(20)} ${'z'.repeat(21)}` },
    ]);
    assert.deepEqual(ids(`${'x'.repeat(19)}y`, [long]), [1], '20 letters: retried');
    assert.deepEqual(ids(`${'z'.repeat(20)}y`, [long]), [], '21 letters: not retried');
  });

  it('a stop word is left out only as a plain optional word: with ~n or * it is searched', () => {
    const index = buildIndex([
      { id: 1, pageTitle: 'P', sectionTitle: 'One', sectionRoute: '/thee', content: 'thee again' },
      { id: 2, pageTitle: 'P', sectionTitle: 'Two', sectionRoute: '/words', content: 'plain words' },
    ]);
    assert.deepEqual(ids('the', [index]), []);
    assert.deepEqual(ids('the~1', [index]), [1]);
    assert.deepEqual(ids('the*', [index]), [1]);
    assert.deepEqual(ids('+the', [index]), []);
    assert.deepEqual(ids('+the again', [index]), [], 'a required word no section holds matches nothing');
    assert.deepEqual(ids('words -the', [index]), [2]);
  });

  it('a plain query that finds something is not widened with typos', () => {
    const index = buildIndex([
      { id: 1, pageTitle: 'P', sectionTitle: 'One', sectionRoute: '/hooks', content: 'hooks' },
      { id: 2, pageTitle: 'P', sectionTitle: 'Two', sectionRoute: '/books', content: 'books' },
    ]);
    assert.deepEqual(ids('hooks', [index]), [1]);
    assert.deepEqual(ids('hooks~1', [index]).sort(), [1, 2], 'asked for, one edit finds both');
  });

  it('the literal form: wildcard and fuzzy terms skip or use the stemmer as lunr needs, short words get no prefix clause', () => {
    const clausesOf = (input: string) => {
      const query = new lunr.Query(['title']);
      const parsed = parseQuery(input);
      assert.ok(parsed.ok);
      for (const clause of parsed.query.clauses) addClause(query, clause, SETTINGS);
      // @types/lunr 2.3.7 lacks the clause's `presence` (lunr 2.3.9 has it).
      return (query.clauses as (lunr.Query.Clause & { presence: number })[]).map((clause) => [
        clause.term,
        clause.usePipeline,
        clause.editDistance,
        clause.wildcard,
        clause.presence,
      ]);
    };
    const { NONE, TRAILING } = lunr.Query.wildcard;
    const { OPTIONAL, REQUIRED, PROHIBITED } = lunr.Query.presence;
    assert.deepEqual(clausesOf('perm*ss'), [['perm*ss', false, undefined, NONE, OPTIONAL]]);
    assert.deepEqual(clausesOf('hooks~1'), [['hooks', true, 1, NONE, OPTIONAL]]);
    assert.deepEqual(clausesOf('ad'), [['ad', true, undefined, NONE, OPTIONAL]]);
    assert.deepEqual(clausesOf('+hooks'), [
      ['hooks', true, undefined, NONE, REQUIRED],
      ['hooks', true, undefined, NONE, OPTIONAL],
      ['hooks*', true, undefined, TRAILING, OPTIONAL],
    ]);
    assert.deepEqual(clausesOf('-hooks'), [['hooks', true, undefined, NONE, PROHIBITED]]);
  });

  it("every tag of a page is searchable, and building restores lunr's tokenizer", () => {
    const file = buildIndexFile([
      { pageTitle: 'P', sectionTitle: 'S', sectionRoute: '/a', content: 'text', tags: ['database', 'upload'], path: ['Docs'] },
    ]);
    // lunr's own separator, which other users of lunr in the same page expect.
    assert.equal(String(lunr.tokenizer.separator), String.raw`/[\s\-]+/`);
    const index = toLoadedIndex(JSON.parse(JSON.stringify(file)));
    assert.deepEqual(ids('tags:upload', [index]), [1]);
    assert.deepEqual(ids('tags:database', [index]), [1]);
    assert.deepEqual(file.documents, [
      { id: 1, pageTitle: 'P', sectionTitle: 'S', sectionRoute: '/a', type: 'docs', path: ['Docs'], text: 'text' },
    ]);
  });

  it('without the sidebar path setting, the path field is not searched', () => {
    const settings = { ...SETTINGS, indexDocSidebarParentCategories: 0 };
    const query = new lunr.Query(['title', 'content', 'tags', 'sidebarParentCategories']);
    const parsed = parseQuery('hooks');
    assert.ok(parsed.ok);
    addClause(query, parsed.query.clauses[0], settings);
    assert.deepEqual(Array.from(new Set(query.clauses.flatMap((clause) => clause.fields))), ['title', 'content', 'tags']);
    const index = buildIndex([
      { id: 1, pageTitle: 'Relations', sectionTitle: 'Pitfalls', sectionRoute: '/a', content: 'Nothing.', path: ['Docs', 'Database'] },
    ]);
    assert.deepEqual(ids('database', [index]), [1]);
    const outcome = search([index], 'database', settings);
    assert.deepEqual(outcome.kind === 'results' ? outcome.results : null, []);
  });

  it('each result carries the index terms it matched, and a result without its document is dropped', () => {
    assert.deepEqual(results('nested transactions')[0].matched?.sort(), ['nest', 'transact']);
    const file = buildFile(SECTIONS);
    const loaded = toLoadedIndex(
      JSON.parse(JSON.stringify({ ...file, documents: file.documents.filter((document) => document.id !== 1) })),
    );
    assert.deepEqual(ids('hooks', [loaded]).sort(), [2, 3]);
  });

  it('results of several indexes are merged by score', () => {
    const one = buildIndex([{ id: 1, pageTitle: 'P', sectionTitle: 'widget', sectionRoute: '/one', content: 'widget' }]);
    const two = buildIndex([
      { id: 1, pageTitle: 'P', sectionTitle: 'Other', sectionRoute: '/two', content: `widget ${'filler '.repeat(30)}` },
    ]);
    assert.deepEqual(
      results('widget', [two, one]).map((result) => result.document.sectionRoute),
      ['/one', '/two'],
    );
  });

  it('an invalid query gives its message instead of results', () => {
    const outcome = search([fixture], 'hooks~x', SETTINGS);
    assert.deepEqual(outcome, { kind: 'error', message: 'Edit distance must be a whole number: "~x" in "hooks~x" (try ~1).' });
  });
});
