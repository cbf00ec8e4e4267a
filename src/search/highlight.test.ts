import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { highlightPattern, highlightTerms, highlightUrl } from './highlight';

describe('highlight', () => {
  it('puts the words in a query parameter before the anchor', () => {
    assert.equal(
      highlightUrl('/docs/db#nested-transactions', ['nested', 'transactions']),
      '/docs/db?highlight=nested+transactions#nested-transactions',
    );
    assert.equal(highlightUrl('/docs/db', ['a&b']), '/docs/db?highlight=a%26b');
    assert.equal(highlightUrl('/docs/db#x', []), '/docs/db#x');
  });

  it('reads the words back, longest first', () => {
    assert.deepEqual(highlightTerms('?highlight=nested+transactions'), ['transactions', 'nested']);
    assert.deepEqual(highlightTerms('?other=1'), []);
  });

  it('matches words starting with a term, case-insensitively, with metacharacters escaped', () => {
    const pattern = highlightPattern(['transact', 'a.b(']);
    assert.ok(pattern);
    assert.deepEqual('Transactions and a.b( but not axb('.match(pattern), ['Transactions', 'a.b(']);
    assert.equal(highlightPattern([]), null);
  });
});
