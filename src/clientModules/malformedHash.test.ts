/** The malformed-hash guard (./malformedHash.ts): the pure rewrite, then the module in a browser window (jsdom). */
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { JSDOM } from 'jsdom';
import { safeHash } from './malformedHash';

describe('safeHash', () => {
  it('keeps a hash that decodes, the empty one included', () => {
    for (const hash of ['', '#', '#intro', '#caf%C3%A9', '#a%20b', '#100%25']) assert.equal(safeHash(hash), hash);
  });

  it('escapes every % of a hash that does not decode, so it decodes to the typed text', () => {
    assert.equal(safeHash('#%E0%A4%A'), '#%25E0%25A4%25A');
    assert.equal(safeHash('#%'), '#%25');
    assert.equal(safeHash('#50%-off%20now'), '#50%25-off%2520now');
    assert.equal(decodeURIComponent(safeHash('#%E0%A4%A').slice(1)), '%E0%A4%A');
  });
});

describe('in the browser', () => {
  const globals = globalThis as unknown as { window?: unknown };
  after(() => {
    delete globals.window;
  });

  it('repairs the hash of the first page and of every popstate, keeping the path, query and history state', () => {
    const dom = new JSDOM('<!doctype html><p>page</p>', { url: 'https://example.com/docs/intro?x=1#%E0%A4%A' });
    const { window } = dom;
    window.history.replaceState({ key: 'k1' }, '', window.location.href);
    // The router's listener is registered before this module runs; the guard still runs first.
    const seen: string[] = [];
    window.addEventListener('popstate', () => seen.push(window.location.hash));
    globals.window = window;
    const modulePath = require.resolve('./malformedHash');
    delete require.cache[modulePath];
    require(modulePath);
    assert.equal(window.location.href, 'https://example.com/docs/intro?x=1#%25E0%25A4%25A');
    assert.deepEqual(window.history.state, { key: 'k1' });
    assert.equal(window.history.length, 1, 'replaced, not pushed');

    // Back or forward to a malformed hash: the guard runs before the other popstate listener.
    window.history.pushState({ key: 'k2' }, '', '/docs/other#%');
    window.dispatchEvent(new window.PopStateEvent('popstate', { state: { key: 'k2' } }));
    assert.equal(window.location.href, 'https://example.com/docs/other#%25');
    assert.deepEqual(seen, ['#%25']);
    assert.deepEqual(window.history.state, { key: 'k2' });

    // A hash that decodes is left alone.
    window.history.pushState(null, '', '/docs/third#caf%C3%A9');
    window.dispatchEvent(new window.PopStateEvent('popstate'));
    assert.equal(window.location.href, 'https://example.com/docs/third#caf%C3%A9');
    window.close();
  });
});
