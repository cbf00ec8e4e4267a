import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MAX_CLAUSES, MAX_EDIT_DISTANCE, parseQuery, type Clause, type ParsedQuery } from './queryParser';

function parsed(input: string): ParsedQuery {
  const result = parseQuery(input);
  assert.ok(result.ok, `expected "${input}" to parse, got ${result.ok ? '' : result.error}`);
  return result.query;
}

function error(input: string): string {
  const result = parseQuery(input);
  assert.ok(!result.ok, `expected "${input}" to be rejected`);
  return result.error;
}

describe('query grammar', () => {
  it('plain words are plain, lower-cased, split on spaces and hyphens and trimmed like the index', () => {
    const query = parsed('  Lifecycle  HOOKS-server, ');
    assert.equal(query.plain, true);
    assert.deepEqual(
      query.clauses.map((clause) => clause.term),
      ['lifecycle', 'hooks', 'server'],
    );
    assert.ok(query.clauses.every((clause) => clause.field === null && clause.presence === 'optional'));
  });

  it('field scope title:, content:, tags: (any case)', () => {
    const query = parsed('title:hooks Content:promise tags:admin');
    assert.equal(query.plain, false);
    assert.deepEqual(
      query.clauses.map((clause) => [clause.field, clause.term]),
      [
        ['title', 'hooks'],
        ['content', 'promise'],
        ['tags', 'admin'],
      ],
    );
  });

  it('+required and -excluded', () => {
    const query = parsed('+hooks -database +title:async');
    assert.deepEqual(
      query.clauses.map((clause) => [clause.presence, clause.field, clause.term]),
      [
        ['required', null, 'hooks'],
        ['prohibited', null, 'database'],
        ['required', 'title', 'async'],
      ],
    );
    assert.deepEqual(query.highlightTerms, ['hooks', 'async'], 'excluded words are not highlighted');
  });

  it('wildcards', () => {
    const query = parsed('conf* *ction li*cle');
    assert.deepEqual(
      query.clauses.map((clause) => [clause.term, clause.hasWildcard]),
      [
        ['conf*', true],
        ['*ction', true],
        ['li*cle', true],
      ],
    );
    assert.deepEqual(query.highlightTerms, ['conf', 'ction', 'li', 'cle']);
  });

  it('edit distance ~n and boost ^n, in either order', () => {
    const [a, b, c] = parsed('hoks~1 server^10 lifecycle^2.5~2').clauses;
    assert.equal(a.editDistance, 1);
    assert.equal(b.boost, 10);
    assert.equal(c.boost, 2.5);
    assert.equal(c.editDistance, 2);
  });

  it('caps edit distance, clause count and term length instead of failing', () => {
    assert.equal(parsed('hooks~9').clauses[0].editDistance, MAX_EDIT_DISTANCE);
    assert.equal(parsed('a '.repeat(100)).clauses.length, MAX_CLAUSES);
    assert.equal(parsed('x'.repeat(1000)).clauses[0].term.length, 64);
  });

  it('a backslash escapes an operator', () => {
    const query = parsed('foo\\:bar');
    assert.equal(query.clauses[0].field, null);
  });

  it('an empty query has no clauses', () => {
    assert.deepEqual(parsed('   ').clauses, []);
  });

  it('whole parses, written out: clauses, plain flag and highlight terms', () => {
    const clause = (term: string, extra: Partial<Clause> = {}): Clause => ({
      term,
      field: null,
      presence: 'optional',
      hasWildcard: false,
      editDistance: undefined,
      boost: undefined,
      ...extra,
    });
    const cases: [string, ParsedQuery][] = [
      ['hooks', { clauses: [clause('hooks')], plain: true, highlightTerms: ['hooks'] }],
      ['a\tb\nc', { clauses: [clause('a'), clause('b'), clause('c')], plain: true, highlightTerms: ['a', 'b', 'c'] }],
      ['hooks hooks', { clauses: [clause('hooks'), clause('hooks')], plain: true, highlightTerms: ['hooks'] }],
      ['hooks\\', { clauses: [clause('hooks')], plain: true, highlightTerms: ['hooks'] }],
      ['title\\:hooks', { clauses: [clause('title'), clause('hooks')], plain: true, highlightTerms: ['title', 'hooks'] }],
      ['x\\~1 y\\^2', { clauses: [clause('x'), clause('1'), clause('y'), clause('2')], plain: true, highlightTerms: ['x', '1', 'y', '2'] }],
      [
        '§hooks€ café _x_',
        { clauses: [clause('hooks'), clause('caf'), clause('_x_')], plain: true, highlightTerms: ['hooks', 'caf', '_x_'] },
      ],
      // Only the ends are trimmed, every non-word character there (as lunr's trimmer does to the index's words).
      ['naïve §§x€€', { clauses: [clause('naïve'), clause('x')], plain: true, highlightTerms: ['naïve', 'x'] }],
      [
        '+foo\\ bar',
        {
          clauses: [clause('foo', { presence: 'required' }), clause('bar', { presence: 'required' })],
          plain: false,
          highlightTerms: ['foo', 'bar'],
        },
      ],
      ['hooks~12', { clauses: [clause('hooks', { editDistance: 2 })], plain: false, highlightTerms: ['hooks'] }],
      ['hooks^2.55', { clauses: [clause('hooks', { boost: 2.55 })], plain: false, highlightTerms: ['hooks'] }],
      ['+hooks', { clauses: [clause('hooks', { presence: 'required' })], plain: false, highlightTerms: ['hooks'] }],
      ['-hooks', { clauses: [clause('hooks', { presence: 'prohibited' })], plain: false, highlightTerms: [] }],
      ['+-x', { clauses: [clause('x', { presence: 'required' })], plain: false, highlightTerms: ['x'] }],
      ['tags:admin', { clauses: [clause('admin', { field: 'tags' })], plain: false, highlightTerms: ['admin'] }],
      ['hooks~0', { clauses: [clause('hooks', { editDistance: 0 })], plain: false, highlightTerms: ['hooks'] }],
      ['hooks~1', { clauses: [clause('hooks', { editDistance: 1 })], plain: false, highlightTerms: ['hooks'] }],
      ['hooks^0.5', { clauses: [clause('hooks', { boost: 0.5 })], plain: false, highlightTerms: ['hooks'] }],
      ['ho*ks', { clauses: [clause('ho*ks', { hasWildcard: true })], plain: false, highlightTerms: ['ho', 'ks'] }],
      ['*', { clauses: [clause('*', { hasWildcard: true })], plain: false, highlightTerms: [] }],
      [
        '+title:server-hooks^3~1',
        {
          clauses: [
            clause('server', { presence: 'required', field: 'title', boost: 3, editDistance: 1 }),
            clause('hooks', { presence: 'required', field: 'title', boost: 3, editDistance: 1 }),
          ],
          plain: false,
          highlightTerms: ['server', 'hooks'],
        },
      ],
    ];
    for (const [input, expected] of cases) assert.deepEqual(parsed(input), expected, input);
  });

  describe('errors name the problem: the clause and, for a field, the valid fields (whole messages)', () => {
    it('unknown field', () => {
      assert.equal(error('author:strapi'), 'Unknown field "author". Fields: title:, content:, tags:');
      assert.equal(error('hooks +Foo:bar'), 'Unknown field "foo". Fields: title:, content:, tags:');
      assert.equal(
        error('<img/src="x"/onerror="window.pwned=1">:x'),
        'Unknown field "<img/src="x"/onerror="window.pwned=1">". Fields: title:, content:, tags:',
      );
    });
    it('missing field name', () => {
      assert.equal(error(':hooks'), 'Missing field name before ":" in ":hooks". Fields: title:, content:, tags:');
      assert.equal(error('-:hooks'), 'Missing field name before ":" in "-:hooks". Fields: title:, content:, tags:');
    });
    it('missing term after a field', () => {
      assert.equal(error('title:'), 'Missing term after "title:": write title:word, without a space.');
      assert.equal(error('hooks tags: admin'), 'Missing term after "tags:": write tags:word, without a space.');
      assert.equal(error('+CONTENT:'), 'Missing term after "content:": write content:word, without a space.');
    });
    it('missing term after a presence operator', () => {
      assert.equal(error('+'), 'Missing term after "+": write +word, without a space.');
      assert.equal(error('hooks - admin'), 'Missing term after "-": write -word, without a space.');
    });
    it('missing term before a modifier', () => {
      assert.equal(error('~1'), 'Missing term before "~" in "~1".');
      assert.equal(error('title:^2'), 'Missing term before "^" in "title:^2".');
    });
    it('non-numeric edit distance', () => {
      assert.equal(error('hooks~x'), 'Edit distance must be a whole number: "~x" in "hooks~x" (try ~1).');
      assert.equal(error('hooks~'), 'Edit distance must be a whole number: "~" in "hooks~" (try ~1).');
      assert.equal(error('hooks~1.5'), 'Edit distance must be a whole number: "~1.5" in "hooks~1.5" (try ~1).');
      assert.equal(error('hooks~1a'), 'Edit distance must be a whole number: "~1a" in "hooks~1a" (try ~1).');
      assert.equal(error('hooks~a1'), 'Edit distance must be a whole number: "~a1" in "hooks~a1" (try ~1).');
    });
    it('non-numeric boost', () => {
      assert.equal(error('hooks^high'), 'Boost must be a number: "^high" in "hooks^high" (try ^10).');
      assert.equal(error('hooks~1^'), 'Boost must be a number: "^" in "hooks~1^" (try ^10).');
      assert.equal(error('hooks^1.'), 'Boost must be a number: "^1." in "hooks^1." (try ^10).');
      assert.equal(error('hooks^.5'), 'Boost must be a number: "^.5" in "hooks^.5" (try ^10).');
      assert.equal(error('hooks^2x'), 'Boost must be a number: "^2x" in "hooks^2x" (try ^10).');
      assert.equal(error('hooks^x2'), 'Boost must be a number: "^x2" in "hooks^x2" (try ^10).');
    });
    it('a clause longer than 40 characters is cut in the message', () => {
      const long = `${'abcdefghij'.repeat(4)}klmno~x`;
      assert.equal(error(long), 'Edit distance must be a whole number: "~x" in "abcdefghijabcdefghijabcdefghijabcdefghij…" (try ~1).');
      assert.equal(
        error(`${'abcdefghij'.repeat(4)}:x`),
        'Unknown field "abcdefghijabcdefghijabcdefghijabcdefghij". Fields: title:, content:, tags:',
      );
    });
    it('the first invalid clause is the one named', () => {
      assert.equal(error('hooks~x author:y'), 'Edit distance must be a whole number: "~x" in "hooks~x" (try ~1).');
    });
  });
});
