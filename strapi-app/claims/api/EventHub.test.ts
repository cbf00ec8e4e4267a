import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import type { Core } from '@strapi/strapi';
import { bootStrapi, defect, stopStrapi } from '../../harness';

let strapi: Core.Strapi;
before(async () => {
  strapi = await bootStrapi();
});
after(async () => {
  await stopStrapi(strapi);
});

/** Listeners that record their name when they run. */
function recorder() {
  const calls: string[] = [];
  const listener = (name: string) => async () => void calls.push(name);
  return { calls, listener };
}

defect(
  {
    id: 'off-with-an-unknown-listener-removes-the-last',
    says: 'splice(-1, 1) drops the last listener of that event instead of doing nothing',
    summary: '`off` with a listener that is not registered removes the last listener of the event',
  },
  async () => {
    const { calls, listener } = recorder();
    strapi.eventHub.on('docs.off', listener('a'));
    strapi.eventHub.on('docs.off', listener('b'));
    strapi.eventHub.off('docs.off', async () => {});
    await strapi.eventHub.emit('docs.off');
    assert.deepEqual(calls, ['a']);
  },
);

defect(
  {
    id: 'once-removes-the-last-listener',
    says: 'the first emit runs f and removes g',
    summary: "`once` calls `off` with the original listener, so it removes the event's last listener and stays registered itself",
  },
  async () => {
    const { calls, listener } = recorder();
    strapi.eventHub.once('docs.once', listener('f'));
    strapi.eventHub.on('docs.once', listener('g'));
    await strapi.eventHub.emit('docs.once');
    assert.deepEqual(calls, ['f']);
    await strapi.eventHub.emit('docs.once');
    assert.deepEqual(calls, ['f', 'f']);
  },
);
