import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MAX_CLAUSES, MAX_EDIT_DISTANCE, parseQuery, type ParsedQuery } from './queryParser';

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

  describe('errors name the problem', () => {
    it('unknown field', () => {
      assert.equal(error('author:strapi'), 'Unknown field "author". Fields: title:, content:, tags:');
      assert.match(error('+foo:bar'), /^Unknown field "foo"/);
    });
    it('missing field name', () => {
      assert.match(error(':hooks'), /^Missing field name before ":"/);
    });
    it('missing term after a field', () => {
      assert.equal(error('title:'), 'Missing term after "title:": write title:word, without a space.');
      assert.match(error('hooks tags: admin'), /^Missing term after "tags:"/);
    });
    it('missing term after a presence operator', () => {
      assert.equal(error('+'), 'Missing term after "+": write +word, without a space.');
      assert.equal(error('hooks - admin'), 'Missing term after "-": write -word, without a space.');
    });
    it('missing term before a modifier', () => {
      assert.match(error('~1'), /^Missing term before "~"/);
      assert.match(error('title:^2'), /^Missing term before "\^"/);
    });
    it('non-numeric edit distance', () => {
      assert.equal(error('hooks~x'), 'Edit distance must be a whole number: "~x" in "hooks~x" (try ~1).');
      assert.match(error('hooks~'), /^Edit distance must be a whole number: "~"/);
      assert.match(error('hooks~1.5'), /^Edit distance must be a whole number/);
    });
    it('non-numeric boost', () => {
      assert.equal(error('hooks^high'), 'Boost must be a number: "^high" in "hooks^high" (try ^10).');
      assert.match(error('hooks~1^'), /^Boost must be a number: "\^"/);
    });
  });
});
