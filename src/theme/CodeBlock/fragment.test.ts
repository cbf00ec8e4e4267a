/**
 * The fragment marker of a fence's meta (fragment.ts), as the code block, the docs lint and the
 * examples checker read it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fragmentReason } from './fragment';

test('the reason is the quoted text of fragment="...", trimmed, wherever the marker sits in the meta', () => {
  assert.equal(fragmentReason('fragment="a signature listing"'), 'a signature listing');
  assert.equal(fragmentReason('title="src/a.ts" fragment=" an excerpt; the rest is elided "'), 'an excerpt; the rest is elided');
  assert.equal(fragmentReason('fragment="the hook\'s signature" title="b.ts"'), "the hook's signature");
});

test('no marker gives undefined; an empty or unquoted marker gives an empty reason', () => {
  assert.equal(fragmentReason(undefined), undefined);
  assert.equal(fragmentReason(null), undefined);
  assert.equal(fragmentReason(''), undefined);
  assert.equal(fragmentReason('title="fragment.ts"'), undefined);
  assert.equal(fragmentReason('myfragment="x"'), undefined);
  assert.equal(fragmentReason('fragment=""'), '');
  assert.equal(fragmentReason('fragment=excerpt'), '');
});
