import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import type { Core } from '@strapi/strapi';
import { bootStrapi, catchUnhandledRejections, claim, codeBlock, defect, requireCore, runExample, stopStrapi } from '../../harness';

type Hub = Core.Strapi['eventHub'];
const createEventHub = requireCore<() => Hub>('services/event-hub');

let strapi: Core.Strapi;
before(async () => {
  strapi = await bootStrapi({ name: 'event-hub-api' });
});
after(async () => {
  if (strapi) await stopStrapi(strapi);
});

/** Listeners that record their name when they run. */
function recorder() {
  const calls: string[] = [];
  const listener = (name: string) => async () => void calls.push(name);
  return { calls, listener };
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

claim(
  { id: 'subscribers-get-every-event-with-its-name', says: 'an ordered array of subscribers, which receive every event with its name' },
  async () => {
    const seen: unknown[][] = [];
    const unsubscribe = strapi.eventHub.subscribe(async (...args) => void seen.push(args));
    await strapi.eventHub.emit('docs.first', 1, 2);
    await strapi.eventHub.emit('docs.second');
    unsubscribe();
    assert.deepEqual(seen, [['docs.first', 1, 2], ['docs.second']]);
  },
);

claim(
  {
    id: 'default-subscriber-first',
    says: 'a built-in default subscriber, always first in the array, looks up the listeners of the emitted name and calls them',
  },
  async () => {
    const { calls, listener } = recorder();
    // The subscriber is added before the listener, and still runs after it.
    const unsubscribe = strapi.eventHub.subscribe(async (name) => void (name === 'docs.first-in-line' && calls.push('subscriber')));
    const off = strapi.eventHub.on('docs.first-in-line', listener('listener'));
    await strapi.eventHub.emit('docs.first-in-line');
    unsubscribe();
    off();
    assert.deepEqual(calls, ['listener', 'subscriber']);
  },
);

claim(
  {
    id: 'awaited-in-order',
    says: 'emit calls each subscriber in order and awaits it; the default subscriber awaits each listener in order',
  },
  async () => {
    const calls: string[] = [];
    const offs = [
      strapi.eventHub.on('docs.sequence', async () => {
        calls.push('listener 1 starts');
        await sleep(30);
        calls.push('listener 1 ends');
      }),
      strapi.eventHub.on('docs.sequence', async () => void calls.push('listener 2')),
      strapi.eventHub.subscribe(async (name) => {
        if (name !== 'docs.sequence') return;
        calls.push('subscriber 1 starts');
        await sleep(30);
        calls.push('subscriber 1 ends');
      }),
      strapi.eventHub.subscribe(async (name) => void (name === 'docs.sequence' && calls.push('subscriber 2'))),
    ];
    await strapi.eventHub.emit('docs.sequence');
    offs.forEach((off) => off());
    assert.deepEqual(calls, [
      'listener 1 starts',
      'listener 1 ends',
      'listener 2',
      'subscriber 1 starts',
      'subscriber 1 ends',
      'subscriber 2',
    ]);
  },
);

claim(
  {
    id: 'emit-waits-for-all',
    says: 'So await emit(...) resolves only when all of them have finished, and a slow listener delays everything after it.',
  },
  async () => {
    let finished = 0;
    let subscriberStartedAt = 0;
    const offs = [
      strapi.eventHub.on('docs.slow', async () => {
        await sleep(100);
        finished += 1;
      }),
      strapi.eventHub.subscribe(async (name) => {
        if (name !== 'docs.slow') return;
        subscriberStartedAt = Date.now();
        await sleep(20);
        finished += 1;
      }),
    ];
    const start = Date.now();
    await strapi.eventHub.emit('docs.slow');
    offs.forEach((off) => off());
    assert.equal(finished, 2);
    assert.ok(subscriberStartedAt - start >= 95, `the subscriber started after ${subscriberStartedAt - start} ms`);
  },
);

claim(
  { id: 'a-throw-stops-the-rest', says: 'If one throws, emit rejects and the remaining subscribers and listeners are not called.' },
  async () => {
    const { calls, listener } = recorder();
    const offs = [
      strapi.eventHub.on('docs.throws', listener('before')),
      strapi.eventHub.on('docs.throws', async () => {
        throw new Error('listener failed');
      }),
      strapi.eventHub.on('docs.throws', listener('after')),
      strapi.eventHub.subscribe(async (name) => void (name === 'docs.throws' && calls.push('subscriber'))),
    ];
    await assert.rejects(strapi.eventHub.emit('docs.throws'), { message: 'listener failed' });
    offs.forEach((off) => off());
    assert.deepEqual(calls, ['before']);
  },
);

claim({ id: 'create-independent-hub', says: 'Creates an independent hub.' }, async () => {
  const hub = createEventHub();
  const { calls, listener } = recorder();
  hub.on('docs.independent', listener('own hub'));
  const off = strapi.eventHub.on('docs.independent', listener("strapi's hub"));
  await hub.emit('docs.independent');
  off();
  assert.deepEqual(calls, ['own hub']);
  assert.notEqual(hub, strapi.eventHub);
});

claim({ id: 'emit-row', says: 'Calls every subscriber with (eventName, ...args), in subscription order, awaiting each' }, async () => {
  const hub = createEventHub();
  const seen: string[] = [];
  for (const n of [1, 2, 3])
    hub.subscribe(async (name, ...args) => {
      await sleep(5 * (4 - n));
      seen.push(`${n}:${name}:${args.join(',')}`);
    });
  await hub.emit('docs.row', 'a', 'b');
  assert.deepEqual(seen, ['1:docs.row:a,b', '2:docs.row:a,b', '3:docs.row:a,b']);
});

claim({ id: 'subscribe-row', says: 'Appends a subscriber; the returned function unsubscribes it' }, async () => {
  const hub = createEventHub();
  const { calls } = recorder();
  hub.subscribe(async () => void calls.push('first'));
  const unsubscribe = hub.subscribe(async () => void calls.push('second'));
  await hub.emit('docs.e');
  unsubscribe();
  await hub.emit('docs.e');
  assert.deepEqual(calls, ['first', 'second', 'first']);
});

claim({ id: 'unsubscribe-row', says: 'Removes the subscriber if present; unknown functions are ignored' }, async () => {
  const hub = createEventHub();
  const { calls } = recorder();
  const a = async () => void calls.push('a');
  const b = async () => void calls.push('b');
  hub.subscribe(a);
  hub.subscribe(b);
  hub.unsubscribe(async () => {});
  await hub.emit('docs.e');
  hub.unsubscribe(a);
  await hub.emit('docs.e');
  assert.deepEqual(calls, ['a', 'b', 'b']);
});

claim({ id: 'on-row', says: 'Appends a listener for one event name; the returned function removes it' }, async () => {
  const hub = createEventHub();
  const { calls, listener } = recorder();
  hub.on('docs.e', listener('first'));
  const off = hub.on('docs.e', listener('second'));
  await hub.emit('docs.e');
  await hub.emit('docs.other');
  off();
  await hub.emit('docs.e');
  assert.deepEqual(calls, ['first', 'second', 'first']);
});

claim({ id: 'remove-all-listeners-row', says: 'Clears every listener of every event' }, async () => {
  const hub = createEventHub();
  const { calls, listener } = recorder();
  hub.on('docs.a', listener('a'));
  hub.on('docs.b', listener('b'));
  hub.subscribe(async (name) => void calls.push(`subscriber ${name}`));
  assert.equal(hub.removeAllListeners(), hub);
  await hub.emit('docs.a');
  await hub.emit('docs.b');
  assert.deepEqual(calls, ['subscriber docs.a', 'subscriber docs.b']);
});

claim({ id: 'remove-all-subscribers-row', says: 'Empties the subscriber array, including the default subscriber' }, async () => {
  const hub = createEventHub();
  const { calls, listener } = recorder();
  hub.on('docs.a', listener('listener'));
  hub.subscribe(async () => void calls.push('subscriber'));
  assert.equal(hub.removeAllSubscribers(), hub);
  await hub.emit('docs.a');
  assert.deepEqual(calls, []);
});

claim({ id: 'destroy-row', says: 'removeAllListeners() then removeAllSubscribers()' }, async () => {
  const hub = createEventHub();
  const order: string[] = [];
  const { removeAllListeners, removeAllSubscribers } = hub;
  hub.removeAllListeners = function () {
    order.push('removeAllListeners');
    return removeAllListeners.call(this);
  };
  hub.removeAllSubscribers = function () {
    order.push('removeAllSubscribers');
    return removeAllSubscribers.call(this);
  };
  assert.equal(hub.destroy(), hub);
  assert.deepEqual(order, ['removeAllListeners', 'removeAllSubscribers']);
});

claim(
  {
    id: 'listeners-get-only-the-arguments',
    says: 'Listeners receive only the arguments (...args), without the event name; subscribers receive the name first.',
  },
  async () => {
    const hub = createEventHub();
    const seen: unknown[][] = [];
    hub.on('docs.args', async (...args) => void seen.push(['listener', ...args]));
    hub.subscribe(async (...args) => void seen.push(['subscriber', ...args]));
    await hub.emit('docs.args', { id: 1 }, 'two');
    assert.deepEqual(seen, [
      ['listener', { id: 1 }, 'two'],
      ['subscriber', 'docs.args', { id: 1 }, 'two'],
    ]);
  },
);

claim(
  { id: 'remove-all-subscribers-silences-listeners', says: 'so listeners added with on stop firing too, even if they were not removed' },
  async () => {
    const hub = createEventHub();
    const { calls, listener } = recorder();
    hub.on('docs.a', listener('before'));
    await hub.emit('docs.a');
    hub.removeAllSubscribers();
    await hub.emit('docs.a');
    assert.deepEqual(calls, ['before']);
  },
);

/** Every entry event the document service emits for one article's life, recorded by a subscriber. */
async function articleLifeEvents() {
  const events: Array<{ name: string; payload: { model: string; uid: string; entry: Record<string, unknown> } }> = [];
  const unsubscribe = strapi.eventHub.subscribe(async (name, payload) => {
    if (name.startsWith('entry.') && payload?.uid === 'api::article.article') events.push({ name, payload });
  });
  const author = await strapi.documents('api::author.author').create({ data: { name: 'Ada' } });
  const articles = strapi.documents('api::article.article');
  const { documentId } = await articles.create({ data: { title: 'Events', author: author.documentId }, locale: 'en' });
  await articles.update({ documentId, locale: 'en', data: { body: 'one' } as never });
  await articles.publish({ documentId, locale: 'en' });
  await articles.update({ documentId, locale: 'en', data: { body: 'two' } as never });
  await articles.discardDraft({ documentId, locale: 'en' });
  await articles.unpublish({ documentId, locale: 'en' });
  await articles.delete({ documentId, locale: 'en' });
  const deadline = Date.now() + 5000;
  while (!events.some((e) => e.name === 'entry.delete') && Date.now() < deadline) await sleep(20);
  await sleep(50);
  unsubscribe();
  return events;
}
let lifeEvents: ReturnType<typeof articleLifeEvents> | undefined;

claim(
  { id: 'entry-events-payload', says: 'for every event except entry.delete and entry.unpublish it is first re-read with a deep populate' },
  async () => {
    const events = await (lifeEvents ??= articleLifeEvents());
    const names = [...new Set(events.map((e) => e.name))];
    for (const name of ['entry.create', 'entry.update', 'entry.publish', 'entry.draft-discard', 'entry.unpublish', 'entry.delete'])
      assert.ok(names.includes(name), name);
    for (const { name, payload } of events) {
      assert.deepEqual(Object.keys(payload).sort(), ['entry', 'model', 'uid']);
      assert.equal(payload.model, 'article');
      assert.equal(payload.uid, 'api::article.article');
      // defaultSanitizeOutput drops private fields such as the creator.
      assert.ok(!('createdBy' in payload.entry), name);
      const reRead = !['entry.delete', 'entry.unpublish'].includes(name);
      // The deep populate brings the relation with it; the entries used as given do not have it.
      assert.equal(
        typeof payload.entry.author === 'object' && payload.entry.author !== null,
        reRead,
        `${name}: ${JSON.stringify(payload.entry.author)}`,
      );
    }
  },
);

claim(
  {
    id: 'listener-errors-do-not-fail-the-call',
    says: 'a listener that throws does not fail the create or publish call, and listeners may run after the call has returned',
  },
  async () => {
    const { reasons: rejections, restore } = catchUnhandledRejections();
    let ran = 0;
    const off = strapi.eventHub.on('entry.create', async () => {
      ran += 1;
      throw new Error('listener failed');
    });
    try {
      const created = await strapi.documents('api::tag.tag').create({ data: { name: 'event-tag' } });
      assert.ok(created.documentId);
      assert.equal(ran, 0, 'the listener ran before create() returned');
      const deadline = Date.now() + 5000;
      while (rejections.length === 0 && Date.now() < deadline) await sleep(20);
    } finally {
      off();
      restore();
    }
    assert.equal(ran, 1);
    assert.equal((rejections[0] as Error).message, 'listener failed');
  },
);

claim({ id: 'once-alone-runs-once', says: 'the wrapper itself only when it is the last one.' }, async () => {
  const { calls, listener } = recorder();
  strapi.eventHub.on('docs.once-last', listener('earlier'));
  strapi.eventHub.once('docs.once-last', listener('once'));
  await strapi.eventHub.emit('docs.once-last');
  await strapi.eventHub.emit('docs.once-last');
  assert.deepEqual(calls, ['earlier', 'once', 'earlier']);
});

claim(
  {
    id: 'once-remover-removes-the-wrapper',
    says: 'The function that once returns does remove the wrapper, since it holds the wrapper itself.',
  },
  async () => {
    const { calls, listener } = recorder();
    const cancel = strapi.eventHub.once('docs.once-cancel', listener('once'));
    strapi.eventHub.on('docs.once-cancel', listener('other'));
    cancel();
    await strapi.eventHub.emit('docs.once-cancel');
    assert.deepEqual(calls, ['other']);
  },
);

claim(
  {
    id: 'example-cdn-and-debug',
    says: 'A plugin that invalidates a CDN cache when an article is published, and a debug subscriber that logs every event in development:',
  },
  async () => {
    assert.equal(process.env.NODE_ENV, 'development');
    const purged: string[] = [];
    strapi.get('services').set('plugin::cdn.purge', { purge: async (path: string) => void purged.push(path) });
    const debug: string[] = [];
    const originalDebug = strapi.log.debug;
    strapi.log.debug = ((message: string) => void debug.push(message)) as unknown as typeof strapi.log.debug;
    // Keep what the example registers so that it can be taken off the hub afterwards.
    const removers: Array<() => void> = [];
    const { on, subscribe } = strapi.eventHub;
    strapi.eventHub.on = (name, fn) => removers[removers.push(on(name, fn)) - 1];
    strapi.eventHub.subscribe = (fn) => removers[removers.push(subscribe(fn)) - 1];
    try {
      const { default: bootstrap } = runExample<{ default: (ctx: { strapi: Core.Strapi }) => void }>(
        codeBlock({ title: 'server/src/bootstrap.ts' }),
      );
      bootstrap({ strapi });
      Object.assign(strapi.eventHub, { on, subscribe });
      const article = await strapi.documents('api::article.article').create({ data: { title: 'Purge me' }, locale: 'en' });
      await strapi.documents('api::article.article').publish({ documentId: article.documentId, locale: 'en' });
      await strapi.documents('api::tag.tag').create({ data: { name: 'not an article' } });
      const deadline = Date.now() + 5000;
      while (!(purged.length > 0 && debug.some((m) => m.startsWith('[event] entry.create'))) && Date.now() < deadline) await sleep(20);
      await sleep(50);
    } finally {
      Object.assign(strapi.eventHub, { on, subscribe });
      strapi.log.debug = originalDebug;
      removers.forEach((remove) => remove());
    }
    assert.deepEqual(purged, [
      `/articles/${(await strapi.documents('api::article.article').findFirst({ filters: { title: 'Purge me' } }))!.documentId}`,
    ]);
    const logged = debug.filter((m) => m.startsWith('[event] '));
    assert.ok(
      logged.some((m) => m.startsWith('[event] entry.publish [{"model":"article"')),
      JSON.stringify(logged),
    );
    assert.ok(logged.some((m) => m.startsWith('[event] entry.create [{"model":"tag"')));
    assert.ok(logged.every((m) => m.length <= '[event] entry.draft-discard '.length + 200));
  },
);

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
