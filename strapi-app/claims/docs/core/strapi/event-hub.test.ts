import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before } from 'node:test';
import type { Core } from '@strapi/strapi';
import { bootStrapi, catchUnhandledRejections, claim, codeBlock, requireCore, runExample, stopStrapi } from '../../../../harness';

type Hub = Core.Strapi['eventHub'];
const createEventHub = requireCore<() => Hub>('services/event-hub');

let instance: Core.Strapi | undefined;
const app = () => instance!;
before(async () => {
  instance = await bootStrapi({ name: 'event-hub-guide' });
});
after(async () => {
  if (instance) await stopStrapi(instance);
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(ok: () => boolean, what: string, timeoutMs = 8000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

claim(
  {
    id: 'every-handler-awaited',
    says: 'It is deliberately small: one factory of about a hundred lines with no imports, and every handler is awaited.',
  },
  async () => {
    const hub = createEventHub();
    const done: string[] = [];
    hub.on('e', async () => {
      await sleep(20);
      done.push('listener');
    });
    hub.subscribe(async () => {
      await sleep(20);
      done.push('subscriber');
    });
    await hub.emit('e');
    assert.deepEqual(done, ['listener', 'subscriber']);
  },
);

claim(
  { id: 'subscribers-receive-every-event', says: 'Subscribers receive every event: (eventName, ...args) => Promise<void>.' },
  async () => {
    const hub = createEventHub();
    const seen: unknown[][] = [];
    hub.subscribe(async (...args) => void seen.push(args));
    await hub.emit('entry.create', { id: 1 });
    await hub.emit('media.delete');
    assert.deepEqual(seen, [['entry.create', { id: 1 }], ['media.delete']]);
  },
);

claim(
  {
    id: 'default-subscriber-stored-first',
    says: 'The hub creates one internal default subscriber at construction time, stored first in the subscribers array',
  },
  async () => {
    const hub = createEventHub();
    const order: string[] = [];
    hub.subscribe(async () => void order.push('subscriber added first'));
    hub.on('e', async () => void order.push('listener added later'));
    await hub.emit('e');
    assert.deepEqual(order, ['listener added later', 'subscriber added first']);
  },
);

claim(
  {
    id: 'listeners-before-subscribers',
    says: 'So for one event, every on() listener runs, one after the other, before any subscribe() subscriber',
  },
  async () => {
    const hub = createEventHub();
    const order: string[] = [];
    hub.subscribe(async () => void order.push('s1'));
    hub.on('e', async () => {
      await sleep(10);
      order.push('l1');
    });
    hub.subscribe(async () => void order.push('s2'));
    hub.on('e', async () => void order.push('l2'));
    const emitted = hub.emit('e');
    assert.deepEqual(order, []);
    await emitted;
    assert.deepEqual(order, ['l1', 'l2', 's1', 's2']);
  },
);

claim(
  { id: 'throwing-handler', says: 'A handler that throws rejects the emit promise and the handlers after it are not called.' },
  async () => {
    const hub = createEventHub();
    const order: string[] = [];
    hub.on('e', async () => void order.push('l1'));
    hub.subscribe(async () => {
      throw new Error('subscriber failed');
    });
    hub.subscribe(async () => void order.push('s2'));
    await assert.rejects(hub.emit('e'), { message: 'subscriber failed' });
    assert.deepEqual(order, ['l1']);
  },
);

claim({ id: 'emit-row', says: 'Calls every subscriber in order, awaiting each' }, async () => {
  const hub = createEventHub();
  const order: number[] = [];
  for (const n of [1, 2, 3])
    hub.subscribe(async () => {
      await sleep(10 * (4 - n));
      order.push(n);
    });
  await hub.emit('e');
  assert.deepEqual(order, [1, 2, 3]);
});

claim({ id: 'unsubscribe-row', says: 'Removes it if present (by reference)' }, async () => {
  const hub = createEventHub();
  const order: string[] = [];
  const s = async () => void order.push('s');
  hub.subscribe(s);
  // A function with the same source is another reference.
  hub.unsubscribe(async () => void order.push('s'));
  await hub.emit('e');
  hub.unsubscribe(s);
  await hub.emit('e');
  assert.deepEqual(order, ['s']);
});

claim({ id: 'on-returns-a-call-to-off', says: 'Appends a listener for one event; the returned function calls off' }, async () => {
  const hub = createEventHub();
  const offCalls: unknown[][] = [];
  const off = hub.off;
  hub.off = (...args) => {
    offCalls.push(args);
    return off(...args);
  };
  const listener = async () => {};
  const remove = hub.on('e', listener);
  remove();
  assert.deepEqual(offCalls, [['e', listener]]);
});

claim({ id: 'once-row', says: 'Registers a wrapper that calls off then the listener' }, async () => {
  const hub = createEventHub();
  const order: unknown[] = [];
  const off = hub.off;
  hub.off = (name, fn) => {
    order.push(['off', name, fn]);
    return off(name, fn);
  };
  const listener = async (...args: unknown[]) => void order.push(['listener', ...args]);
  hub.once('e', listener);
  await hub.emit('e', 42);
  assert.deepEqual(order, [
    ['off', 'e', listener],
    ['listener', 42],
  ]);
});

claim({ id: 'remove-all-listeners-row', says: 'Clears every per-event listener' }, async () => {
  const hub = createEventHub();
  const order: string[] = [];
  hub.on('a', async () => void order.push('a'));
  hub.on('b', async () => void order.push('b'));
  hub.removeAllListeners();
  await hub.emit('a');
  await hub.emit('b');
  hub.on('a', async () => void order.push('a again'));
  await hub.emit('a');
  assert.deepEqual(order, ['a again']);
});

claim(
  {
    id: 'cdn-purge-example',
    says: 'Keep the returned function so the listener can be removed when the plugin is destroyed, and do not let the handler throw into the emitter.',
  },
  async () => {
    const strapi = app();
    const purged: string[] = [];
    let failNext = false;
    const purge = {
      purgePath: async (path: string) => {
        if (failNext) throw new Error('CDN unreachable');
        purged.push(path);
      },
    };
    const plugin = strapi.plugin;
    strapi.plugin = ((name: string) =>
      name === 'cdn-purge'
        ? { service: (s: string) => (s === 'purge' ? purge : undefined) }
        : plugin.call(strapi, name)) as typeof strapi.plugin;
    const errors: unknown[][] = [];
    const logError = strapi.log.error;
    strapi.log.error = ((...args: unknown[]) => void errors.push(args)) as unknown as typeof strapi.log.error;
    const rejections = catchUnhandledRejections();
    try {
      const example = runExample<{ bootstrap: (ctx: { strapi: Core.Strapi }) => void; destroy: () => void }>(
        codeBlock({ title: 'src/plugins/cdn-purge/server/src/bootstrap.ts' }),
      );
      example.bootstrap({ strapi });
      const articles = strapi.documents('api::article.article');
      const publish = async (slug: string) => {
        const { documentId } = await articles.create({ data: { title: slug, slug }, locale: 'en' });
        await articles.publish({ documentId, locale: 'en' });
      };
      await publish('first-article');
      await strapi
        .documents('api::tag.tag')
        .publish({ documentId: (await strapi.documents('api::tag.tag').create({ data: { name: 'cdn' } })).documentId });
      await until(() => purged.length === 1, 'the first purge');
      failNext = true;
      await publish('second-article');
      await until(() => errors.length === 1, 'the failed purge to be logged');
      failNext = false;
      example.destroy();
      await publish('third-article');
      await sleep(300);
    } finally {
      strapi.plugin = plugin;
      strapi.log.error = logError;
      rejections.restore();
    }
    assert.deepEqual(purged, ['/articles/first-article']);
    assert.equal(errors[0][0], 'CDN purge failed');
    assert.equal((errors[0][1] as Error).message, 'CDN unreachable');
    assert.deepEqual(rejections.reasons, []);
  },
);

/** Every entry event the document service emits for one article's life. */
async function articleLifeEvents() {
  const strapi = app();
  const events: Array<{ name: string; entry: Record<string, unknown> }> = [];
  const unsubscribe = strapi.eventHub.subscribe(async (name, payload) => {
    if (name.startsWith('entry.') && payload?.uid === 'api::article.article' && payload.entry.title === 'Life')
      events.push({ name, entry: payload.entry });
  });
  const author = await strapi.documents('api::author.author').create({ data: { name: 'Grace' } });
  const articles = strapi.documents('api::article.article');
  const { documentId } = await articles.create({ data: { title: 'Life', author: author.documentId }, locale: 'en' });
  await articles.publish({ documentId, locale: 'en' });
  await articles.unpublish({ documentId, locale: 'en' });
  await articles.delete({ documentId, locale: 'en' });
  await until(() => events.some((e) => e.name === 'entry.delete'), 'entry.delete');
  unsubscribe();
  return events;
}

claim(
  { id: 'delete-and-unpublish-as-given', says: 'for entry.delete and entry.unpublish the entry is used as given, without re-reading it' },
  async () => {
    const events = await articleLifeEvents();
    const byName = Object.fromEntries(events.map((e) => [e.name, e.entry]));
    // Re-read with a deep populate: the relation is there.
    assert.equal((byName['entry.create'].author as { name: string }).name, 'Grace');
    assert.equal((byName['entry.publish'].author as { name: string }).name, 'Grace');
    // As given by the operation: no populated relation.
    assert.equal(typeof byName['entry.unpublish'].author === 'object' && byName['entry.unpublish'].author !== null, false);
    assert.equal(typeof byName['entry.delete'].author === 'object' && byName['entry.delete'].author !== null, false);
  },
);

claim({ id: 'rolled-back-no-event', says: 'so listeners never see data from a transaction that is later rolled back.' }, async () => {
  const strapi = app();
  const seen: string[] = [];
  const off = strapi.eventHub.on('entry.create', async (event: { uid: string; entry: { name?: string } }) => {
    if (event.uid === 'api::tag.tag') seen.push(event.entry.name ?? '');
  });
  try {
    await assert.rejects(
      strapi.db.transaction(async () => {
        await strapi.documents('api::tag.tag').create({ data: { name: 'rolled back' } });
        throw new Error('roll back');
      }),
      { message: 'roll back' },
    );
    await strapi.db.transaction(async () => {
      await strapi.documents('api::tag.tag').create({ data: { name: 'committed' } });
    });
    await until(() => seen.includes('committed'), 'the committed tag event');
    await sleep(100);
  } finally {
    off();
  }
  assert.deepEqual(seen, ['committed']);
  assert.equal(await strapi.db.query('api::tag.tag').count({ where: { name: 'rolled back' } }), 0);
});

claim(
  {
    id: 'emission-not-awaited',
    says: 'the document service call has already returned when listeners run, and the database layer runs commit callbacks without awaiting them.',
  },
  async () => {
    const strapi = app();
    let listenerDone = false;
    const off = strapi.eventHub.on('entry.create', async (event: { uid: string }) => {
      if (event.uid !== 'api::tag.tag') return;
      await sleep(200);
      listenerDone = true;
    });
    try {
      // Even the transaction that holds the commit callback resolves before the slow listener ends.
      await strapi.db.transaction(async () => {
        await strapi.documents('api::tag.tag').create({ data: { name: 'not awaited' } });
      });
      assert.equal(listenerDone, false);
      await until(() => listenerDone, 'the listener');
    } finally {
      off();
    }
  },
);

claim({ id: 'slow-handler-delays-the-rest', says: 'but a slow handler delays every later handler for that event.' }, async () => {
  const hub = createEventHub();
  const started: Record<string, number> = {};
  const t0 = Date.now();
  hub.on('e', async () => {
    await sleep(120);
  });
  hub.on('e', async () => void (started.listener = Date.now() - t0));
  hub.subscribe(async () => void (started.subscriber = Date.now() - t0));
  await hub.emit('e');
  assert.ok(started.listener >= 115 && started.subscriber >= 115, JSON.stringify(started));
});

claim(
  {
    id: 'webhooks-never-block',
    says: 'its listener only enqueues { event, info } into a WorkerQueue with a concurrency of 5 and returns, so HTTP calls never block the hub.',
  },
  async () => {
    const strapi = app();
    let active = 0;
    let maxActive = 0;
    const bodies: Array<{ event: string; n: number }> = [];
    const server = http.createServer((req, res) => {
      active += 1;
      maxActive = Math.max(maxActive, active);
      let body = '';
      req.on('data', (d) => (body += d));
      req.on('end', () => {
        bodies.push(JSON.parse(body));
        setTimeout(() => {
          active -= 1;
          res.end('ok');
        }, 300);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const runner = strapi.get('webhookRunner');
    const webhook = {
      id: 'docs-hook',
      name: 'docs',
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
      headers: {},
      events: ['docs.webhook'],
      isEnabled: true,
    };
    runner.add(webhook);
    try {
      const t0 = Date.now();
      for (let n = 1; n <= 7; n++) await strapi.eventHub.emit('docs.webhook', { n });
      // Seven emits, each resolved without waiting for a 300 ms HTTP call.
      assert.ok(Date.now() - t0 < 250, `the emits took ${Date.now() - t0} ms`);
      await until(() => bodies.length === 7, 'seven webhook calls');
    } finally {
      runner.remove(webhook);
      await new Promise((resolve) => server.close(resolve));
    }
    assert.equal(maxActive, 5);
    assert.deepEqual(bodies.map((b) => b.n).sort(), [1, 2, 3, 4, 5, 6, 7]);
    assert.equal(bodies[0].event, 'docs.webhook');
  },
);

claim({ id: 'unhandled-rejection', says: 'a throwing handler becomes an unhandled rejection.' }, async () => {
  const strapi = app();
  const rejections = catchUnhandledRejections();
  const off = strapi.eventHub.on('entry.create', async (event: { uid: string }) => {
    if (event.uid === 'api::tag.tag') throw new Error('handler failed');
  });
  try {
    const created = await strapi.documents('api::tag.tag').create({ data: { name: 'unhandled' } });
    assert.ok(created.documentId);
    await until(() => rejections.reasons.length > 0, 'the unhandled rejection');
  } finally {
    off();
    rejections.restore();
  }
  assert.equal((rejections.reasons[0] as Error).message, 'handler failed');
});

claim(
  { id: 'once-wrong-listener', says: 'otherwise another listener disappears and the once wrapper stays and fires again.' },
  async () => {
    const hub = createEventHub();
    const order: string[] = [];
    hub.on('e', async () => void order.push('first'));
    hub.once('e', async () => void order.push('once'));
    hub.on('e', async () => void order.push('last'));
    await hub.emit('e');
    await hub.emit('e');
    // `last` was removed by the wrapper (and skipped in the loop that just shrank); `once` ran twice.
    assert.deepEqual(order, ['first', 'once', 'first', 'once']);
  },
);

claim({ id: 'off-unknown-removes-the-last', says: 'removes the last listener of that event instead of doing nothing.' }, async () => {
  const hub = createEventHub();
  const order: string[] = [];
  hub.on('e', async () => void order.push('a'));
  hub.on('e', async () => void order.push('b'));
  hub.off('e', async () => {});
  await hub.emit('e');
  assert.deepEqual(order, ['a']);
});

claim({ id: 'off-unknown-event', says: 'For an event name with no listener array at all, off does nothing.' }, async () => {
  const hub = createEventHub();
  const order: string[] = [];
  hub.on('e', async () => void order.push('a'));
  assert.doesNotThrow(() => hub.off('never-listened', async () => {}));
  await hub.emit('e');
  assert.deepEqual(order, ['a']);
});

claim(
  {
    id: 'after-destroy-on-is-dead',
    says: 'Listeners added with on afterwards are stored but never called, because nothing dispatches to them; only subscribe keeps working.',
  },
  async () => {
    const hub = createEventHub();
    const order: string[] = [];
    hub.destroy();
    hub.on('e', async () => void order.push('listener'));
    hub.subscribe(async (name) => void order.push(`subscriber ${name}`));
    await hub.emit('e');
    assert.deepEqual(order, ['subscriber e']);
  },
);

claim(
  { id: 'self-removal-skips-the-next', says: 'a listener that calls off on itself) can make the loop skip the next listener.' },
  async () => {
    const hub = createEventHub();
    const order: string[] = [];
    const selfRemoving = async () => {
      order.push('self-removing');
      hub.off('e', selfRemoving);
    };
    hub.on('e', selfRemoving);
    hub.on('e', async () => void order.push('next'));
    await hub.emit('e');
    await hub.emit('e');
    assert.deepEqual(order, ['self-removing', 'next']);
  },
);

claim({ id: 'detached-destroy', says: 'call them on the hub (strapi.eventHub.destroy()), not as detached functions.' }, () => {
  const hub = createEventHub();
  assert.equal(hub.destroy(), hub);
  assert.equal(hub.removeAllListeners(), hub);
  assert.equal(hub.removeAllSubscribers(), hub);
  const { destroy } = createEventHub();
  assert.throws(() => destroy(), TypeError);
});

claim(
  {
    id: 'destroy-order',
    says: 'strapi.destroy() calls eventHub.destroy() after the HTTP server is destroyed and before the database connection is.',
  },
  async () => {
    const strapi = app();
    const order: string[] = [];
    const wrap = (target: Record<string, unknown>, method: string, label: string) => {
      const original = target[method] as (...args: unknown[]) => unknown;
      target[method] = function (this: unknown, ...args: unknown[]) {
        order.push(label);
        return original.apply(this, args);
      };
    };
    wrap(strapi.server as unknown as Record<string, unknown>, 'destroy', 'server');
    wrap(strapi.eventHub as unknown as Record<string, unknown>, 'destroy', 'eventHub');
    wrap(strapi.db as unknown as Record<string, unknown>, 'destroy', 'db');
    instance = undefined;
    await stopStrapi(strapi);
    assert.deepEqual(order, ['server', 'eventHub', 'db']);
  },
);
