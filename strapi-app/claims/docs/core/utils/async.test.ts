import assert from 'node:assert/strict';
import { after } from 'node:test';
import type { Core } from '@strapi/strapi';
import { bootStrapi, claim, codeBlock, runExample, stopStrapi } from '../../../../harness';

// The helpers as `import { async } from '@strapi/utils'` gives them to the application.
const { async } = require('@strapi/utils') as typeof import('@strapi/utils');

let strapi: Core.Strapi | undefined;
after(async () => {
  if (strapi) await stopStrapi(strapi);
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A mapper that records how many calls run at once. */
function concurrencyProbe(delay = 20) {
  const state = { active: 0, max: 0, started: 0 };
  const mapper = async (item: number) => {
    state.active += 1;
    state.started += 1;
    state.max = Math.max(state.max, state.active);
    await sleep(delay);
    state.active -= 1;
    return item * 10;
  };
  return { state, mapper };
}

claim(
  { id: 'pipe-first-gets-all-arguments', says: 'Called with all arguments of the piped function (firstFn.apply(firstFn, args))' },
  async () => {
    let seen: { self: unknown; args: unknown[] } | undefined;
    const first = function (this: unknown, ...args: unknown[]) {
      seen = { self: this, args };
      return args.length;
    };
    assert.equal(await async.pipe(first, (n: number) => n * 2)(1, 'two', { three: 3 }), 6);
    assert.deepEqual(seen!.args, [1, 'two', { three: 3 }]);
    assert.equal(seen!.self, first);
  },
);

claim(
  { id: 'pipe-next-get-one-argument', says: 'Each receives the awaited result of the previous one, as a single argument' },
  async () => {
    const received: unknown[][] = [];
    const piped = async.pipe(
      async (a: number, b: number) => a + b,
      (...args: unknown[]) => {
        received.push(args);
        return Promise.resolve('next');
      },
      (...args: unknown[]) => received.push(args),
    );
    await piped(1, 2);
    assert.deepEqual(received, [[3], ['next']]);
  },
);

claim({ id: 'pipe-sync-steps', says: 'Allowed anywhere; every result is awaited, so a plain value passes through' }, async () => {
  const piped = async.pipe(
    (x: number) => x + 1,
    async (x: number) => x * 2,
    (x: number) => `${x}!`,
  );
  assert.equal(await piped(1), '4!');
});

claim({ id: 'pipe-always-a-promise', says: 'Always a Promise, even if every function is synchronous' }, async () => {
  const result = async.pipe(
    (x: number) => x + 1,
    (x: number) => x * 2,
  )(1);
  assert.ok(result instanceof Promise);
  assert.equal(await result, 4);
});

claim(
  { id: 'pipe-first-error-wins', says: 'The first throw or rejection rejects the piped promise; later functions are skipped' },
  async () => {
    const ran: string[] = [];
    const piped = async.pipe(
      () => ran.push('first'),
      () => {
        throw new Error('second failed');
      },
      () => ran.push('third'),
    );
    await assert.rejects(piped(), { message: 'second failed' });
    await assert.rejects(
      async.pipe(
        async () => Promise.reject(new Error('rejected')),
        () => ran.push('after a rejection'),
      )(),
      { message: 'rejected' },
    );
    assert.deepEqual(ran, ['first']);
  },
);

claim({ id: 'map-items-may-be-promises', says: 'Iterable<T> (may contain promises)' }, async () => {
  assert.deepEqual(await async.map([Promise.resolve(1), 2, sleep(5).then(() => 3)], (x: number) => x + 1), [2, 3, 4]);
  assert.deepEqual(await async.map(new Set([1, 2]), (x: number, i: number) => `${i}:${x}`), ['0:1', '1:2']);
});

claim(
  { id: 'map-mapper-required', says: 'a non-function rejects the returned promise with TypeError: Mapper function is required' },
  async () => {
    const result = async.map([1, 2], 'not a function' as never);
    assert.ok(result instanceof Promise);
    await assert.rejects(result, (error: Error) => error instanceof TypeError && error.message === 'Mapper function is required');
  },
);

claim({ id: 'map-concurrency', says: 'Maximum number of mappers running at once; must be an integer from 1 up, or Infinity' }, async () => {
  const probe = concurrencyProbe();
  assert.deepEqual(await async.map([1, 2, 3, 4, 5, 6, 7], probe.mapper, { concurrency: 3 }), [10, 20, 30, 40, 50, 60, 70]);
  assert.equal(probe.state.max, 3);
  await assert.rejects(async.map([1], probe.mapper, { concurrency: 0 }), TypeError);
  await assert.rejects(async.map([1], probe.mapper, { concurrency: 1.5 }), TypeError);
});

claim({ id: 'map-fully-parallel-by-default', says: 'concurrency defaults to Infinity.' }, async () => {
  const probe = concurrencyProbe();
  const items = Array.from({ length: 50 }, (_, i) => i);
  await async.map(items, probe.mapper);
  assert.equal(probe.state.max, 50);
});

claim(
  { id: 'map-stop-on-error', says: 'Reject on the first error; with false, wait for all and reject with an AggregateError' },
  async () => {
    const failing = async (x: number) => {
      await sleep(x * 5);
      if (x % 2 === 0) throw new Error(`item ${x} failed`);
      return x;
    };
    await assert.rejects(async.map([1, 2, 3, 4], failing), { message: 'item 2 failed' });
    const settled: number[] = [];
    await assert.rejects(
      async.map(
        [1, 2, 3, 4],
        async (x: number) => {
          try {
            return await failing(x);
          } finally {
            settled.push(x);
          }
        },
        { stopOnError: false },
      ),
      (error: Error & { errors?: Error[] }) => {
        assert.equal(error.name, 'AggregateError');
        assert.deepEqual(
          [...(error as unknown as Iterable<Error>)].map((e) => e.message),
          ['item 2 failed', 'item 4 failed'],
        );
        return true;
      },
    );
    assert.deepEqual(settled.sort(), [1, 2, 3, 4]);
  },
);

claim({ id: 'map-input-order', says: 'Returns Promise<R[]> in input order, whatever order the mappers finish in.' }, async () => {
  const finished: number[] = [];
  const result = await async.map([30, 10, 20], async (ms: number) => {
    await sleep(ms);
    finished.push(ms);
    return ms;
  });
  assert.deepEqual(finished, [10, 20, 30]);
  assert.deepEqual(result, [30, 10, 20]);
});

claim(
  {
    id: 'map-curried',
    says: 'the curried function runs as soon as it has the items and the mapper; pass options as a third argument in the same call.',
  },
  async () => {
    const forItems = async.map([1, 2, 3]);
    assert.equal(typeof forItems, 'function');
    assert.deepEqual(await forItems((x: number) => x * 2), [2, 4, 6]);
    const probe = concurrencyProbe();
    await async.map([1, 2, 3, 4], probe.mapper, { concurrency: 1 });
    assert.equal(probe.state.max, 1);
    // With the items and the mapper, the call has already started: no options can follow.
    const started = async.map([1, 2], (x: number) => x);
    assert.ok(started instanceof Promise);
  },
);

claim(
  {
    id: 'map-rejection-does-not-stop-the-others',
    says: 'With stopOnError: true the returned promise rejects on the first failure, but the other mappers already started keep running',
  },
  async () => {
    const completed: number[] = [];
    await assert.rejects(
      async.map([1, 2, 3], async (x: number) => {
        if (x === 1) throw new Error('first fails at once');
        await sleep(30);
        completed.push(x);
      }),
      { message: 'first fails at once' },
    );
    assert.deepEqual(completed, []);
    const deadline = Date.now() + 3000;
    while (completed.length < 2 && Date.now() < deadline) await sleep(10);
    assert.deepEqual(completed.sort(), [2, 3]);
  },
);

claim({ id: 'reduce-sequential', says: 'Called sequentially, awaited before the next item' }, async () => {
  const events: string[] = [];
  const total = await async.reduce([1, 2, 3])(async (acc: number, item: number, index: number) => {
    events.push(`start ${index}`);
    await sleep(10);
    events.push(`end ${index}`);
    return acc + item;
  }, 0);
  assert.equal(total, 6);
  assert.deepEqual(events, ['start 0', 'end 0', 'start 1', 'end 1', 'start 2', 'end 2']);
});

claim({ id: 'reduce-items-awaited', says: 'Items or promises of items; each is awaited before use' }, async () => {
  const seen: unknown[] = [];
  await async.reduce([Promise.resolve('a'), 'b', sleep(5).then(() => 'c')])((acc: unknown, item: unknown) => {
    seen.push(item);
    return acc;
  }, null);
  assert.deepEqual(seen, ['a', 'b', 'c']);
});

claim({ id: 'reduce-no-implicit-accumulator', says: 'the iteratee receives undefined as accumulator for item 0.' }, async () => {
  const accs: unknown[] = [];
  const result = await async.reduce([1, 2])((acc: number | undefined, item: number) => {
    accs.push(acc);
    return (acc ?? 0) + item;
  });
  assert.deepEqual(accs, [undefined, 1]);
  assert.equal(result, 3);
  assert.equal(await async.reduce([])(() => 'never called'), undefined);
});

claim(
  {
    id: 'worked-example',
    says: 'A service that filters a page of entries, counts the locales of each in the database with a bounded number of queries, then builds an index by documentId:',
  },
  async () => {
    strapi = await bootStrapi({ name: 'async-utils' });
    await strapi.plugin('i18n').service('locales').create({ code: 'fr', name: 'French (fr)' });
    const articles = strapi.documents('api::article.article');
    const entries: Array<{ id: number; documentId: string; locale?: string }> = [];
    for (let n = 0; n < 6; n++) {
      const en = await articles.create({ data: { title: `Article ${n}` }, locale: 'en' });
      if (n % 2 === 0) await articles.update({ documentId: en.documentId, locale: 'fr', data: { title: `Article ${n} (fr)` } as never });
      if (n % 3 === 0) await articles.publish({ documentId: en.documentId, locale: 'en' });
      entries.push({ id: Number(en.id), documentId: en.documentId, locale: 'en' });
    }
    entries.push({ id: 0, documentId: '' });

    // How many locale queries run at once.
    const counts = { active: 0, max: 0 };
    const query = strapi.db.query.bind(strapi.db);
    strapi.db.query = ((uid: string) => {
      const repository = query(uid as never);
      return {
        ...repository,
        findMany: async (params: unknown) => {
          counts.active += 1;
          counts.max = Math.max(counts.max, counts.active);
          try {
            await sleep(10);
            return await repository.findMany(params as never);
          } finally {
            counts.active -= 1;
          }
        },
      };
    }) as typeof strapi.db.query;
    let index: Record<string, { localeCount: number; documentId: string }>;
    try {
      const { createSummaryService } = runExample<{
        createSummaryService: (ctx: { strapi: Core.Strapi }) => { summarize: (uid: string, entries: unknown[]) => Promise<typeof index> };
      }>(codeBlock({ contains: 'createSummaryService' }));
      index = await createSummaryService({ strapi }).summarize('api::article.article', entries);
    } finally {
      strapi.db.query = query as typeof strapi.db.query;
    }
    // The entry without a documentId is filtered out; each of the others counts its locales, published or not.
    assert.deepEqual(
      Object.keys(index).sort(),
      entries
        .filter((e) => e.documentId)
        .map((e) => e.documentId)
        .sort(),
    );
    entries
      .filter((e) => e.documentId)
      .forEach((e, n) => assert.equal(index[e.documentId].localeCount, n % 2 === 0 ? 2 : 1, `article ${n}`));
    assert.equal(counts.max, 5);
  },
);
