import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before } from 'node:test';
import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import { APP_DIR, appVariant, bootStrapi, claim, codeBlock, defect, runExample, stopStrapi } from '../../../../harness';

const TAG = 'api::tag.tag';
let strapi: Core.Strapi;

// The page's example archives a category and its articles: the application gets a category type
// (name, archived) and articles get `archived` and a `category` relation.
const withCategories = appVariant('transactions-categories', (dir, json) => {
  const folder = path.join(dir, 'src/api/category/content-types/category');
  mkdirSync(folder, { recursive: true });
  writeFileSync(
    path.join(folder, 'schema.json'),
    JSON.stringify({
      kind: 'collectionType',
      collectionName: 'categories',
      info: { singularName: 'category', pluralName: 'categories', displayName: 'Category' },
      options: { draftAndPublish: false },
      attributes: { name: { type: 'string' }, archived: { type: 'boolean', default: false } },
    }),
  );
  json('src/api/article/content-types/article/schema.json', (schema) => {
    schema.attributes.archived = { type: 'boolean', default: false };
    schema.attributes.category = { type: 'relation', relation: 'manyToOne', target: 'api::category.category' };
  });
});

before(async () => {
  strapi = await bootStrapi({ name: 'db-transactions', appDir: withCategories });
});
after(async () => {
  await stopStrapi(strapi);
});

const tagCount = (name: string) => strapi.db.query(TAG).count({ where: { name } });
/**
 * Runs `read` inside a transaction right after a row was written in it, then rolls back. A read
 * that sees the uncommitted row ran on the transaction (on SQLite, whose pool has one connection,
 * a read outside it would wait for the transaction to end instead).
 */
async function seesUncommittedRow(read: (name: string) => Promise<unknown>) {
  const seen: unknown[] = [];
  await strapi.db
    .transaction(async () => {
      await strapi.db.queryBuilder(TAG).insert({ name: 'uncommitted' }).execute();
      seen.push(await read('uncommitted'));
      throw new Error('roll back');
    })
    .catch(() => undefined);
  return seen[0];
}

claim({ id: 'all-or-nothing', says: 'groups database writes so that they all succeed or all roll back' }, async () => {
  await strapi.db.transaction(async () => {
    await strapi.db.query(TAG).create({ data: { name: 'both-1' } });
    await strapi.db.query(TAG).create({ data: { name: 'both-2' } });
  });
  assert.equal((await tagCount('both-1')) + (await tagCount('both-2')), 2);
  await assert.rejects(
    strapi.db.transaction(async () => {
      await strapi.db.query(TAG).create({ data: { name: 'none-1' } });
      await strapi.db.query(TAG).create({ data: { name: 'none-2' } });
      throw new Error('stop');
    }),
    { message: 'stop' },
  );
  assert.equal((await tagCount('none-1')) + (await tagCount('none-2')), 0);
});

claim(
  {
    id: 'context-joins-deep-queries',
    says: 'so every query made through strapi.db inside the callback, however deep in the call stack, joins it without a trx argument being threaded through services',
  },
  async () => {
    // A "service" several calls and a timer away from the callback, with no trx parameter.
    const service = async (name: string) => {
      await new Promise((resolve) => setImmediate(resolve));
      const deeper = async () => {
        await strapi.db.query(TAG).create({ data: { name } });
        await strapi.db
          .queryBuilder(TAG)
          .update({ name: `${name}-qb` })
          .where({ name })
          .execute();
        return strapi.db.inTransaction();
      };
      return deeper();
    };
    let inside = false;
    await strapi.db
      .transaction(async () => {
        inside = await service('deep');
        throw new Error('undo');
      })
      .catch(() => undefined);
    assert.equal(inside, true);
    assert.equal(await tagCount('deep'), 0);
    assert.equal(await tagCount('deep-qb'), 0);
  },
);

claim(
  {
    id: 'owner-or-reuse',
    says: 'If nothing is active, it opens a Knex transaction and owns it (notNestedTransaction is true).',
  },
  async () => {
    let outer: Knex.Transaction | undefined;
    let inner: Knex.Transaction | undefined;
    await strapi.db.transaction(async ({ trx }) => {
      outer = trx;
      await strapi.db.transaction(async ({ trx: nested }) => {
        inner = nested;
      });
      // The nested call did not finalise the shared transaction.
      assert.equal(trx.isCompleted(), false);
    });
    assert.equal(inner, outer);
    assert.equal(outer?.isCompleted(), true);
    // Two calls in sequence get two transactions.
    let next: Knex.Transaction | undefined;
    await strapi.db.transaction(async ({ trx }) => {
      next = trx;
    });
    assert.notEqual(next, outer);
  },
);

claim({ id: 'execute-transacting', says: 'Every query builder execute() in that async context calls .transacting(trx).' }, async () => {
  // Three ways of reaching the query builder, none given a transaction: each sees the uncommitted row.
  assert.deepEqual(await seesUncommittedRow((name) => strapi.db.queryBuilder(TAG).select('name').where({ name }).first().execute()), {
    name: 'uncommitted',
  });
  assert.equal(await seesUncommittedRow((name) => strapi.db.query(TAG).count({ where: { name } })), 1);
  assert.equal(
    ((await seesUncommittedRow((name) => strapi.db.query(TAG).findOne({ where: { name } }))) as { name: string }).name,
    'uncommitted',
  );
  assert.equal(await tagCount('uncommitted'), 0);
});

claim({ id: 'nested-finalises-nothing', says: 'For a nested call both functions do nothing: only the owner finalises.' }, async () => {
  await assert.rejects(
    strapi.db.transaction(async ({ trx }) => {
      await strapi.db.transaction(async ({ commit }) => {
        await strapi.db.query(TAG).create({ data: { name: 'nested-commit' } });
        await commit();
      });
      assert.equal(trx.isCompleted(), false);
      await strapi.db.transaction(async ({ rollback }) => {
        await rollback();
      });
      assert.equal(trx.isCompleted(), false);
      throw new Error('outer fails');
    }),
    { message: 'outer fails' },
  );
  assert.equal(await tagCount('nested-commit'), 0);
});

claim(
  {
    id: 'commit-then-callbacks-in-order',
    says: "Otherwise it sets the store's trx to null, awaits trx.commit(), then calls every onCommit callback synchronously, in registration order, and empties the list.",
  },
  async () => {
    const calls: string[] = [];
    let tickPassed = false;
    await strapi.db.transaction(async ({ onCommit }) => {
      await strapi.db.query(TAG).create({ data: { name: 'ordered' } });
      onCommit(() => {
        // After the commit: no transaction in the context any more, and the row is there.
        calls.push(`first:${strapi.db.inTransaction()}`);
        queueMicrotask(() => (tickPassed = true));
      });
      onCommit(() => calls.push(`second:${tickPassed}`));
      onCommit(() => calls.push('third'));
    });
    assert.deepEqual(calls, ['first:false', 'second:false', 'third']);
    assert.equal(await tagCount('ordered'), 1);
  },
);

claim({ id: 'rollback-then-callbacks', says: 'rollback does the same with trx.rollback() and the onRollback callbacks' }, async () => {
  const calls: string[] = [];
  await assert.rejects(
    strapi.db.transaction(async ({ onCommit, onRollback }) => {
      await strapi.db.query(TAG).create({ data: { name: 'rolled' } });
      onCommit(() => calls.push('commit'));
      onRollback(() => calls.push(`rollback-1:${strapi.db.inTransaction()}`));
      onRollback(() => calls.push('rollback-2'));
      throw new Error('no');
    }),
  );
  assert.deepEqual(calls, ['rollback-1:false', 'rollback-2']);
  assert.equal(await tagCount('rolled'), 0);
});

claim({ id: 'commit-now', says: 'Commits now (owner only)' }, async () => {
  let completedInside = false;
  const result = await strapi.db.transaction(async ({ trx, commit }) => {
    await strapi.db.query(TAG).create({ data: { name: 'early-commit' } });
    await commit();
    completedInside = trx.isCompleted();
    return 'kept';
  });
  assert.equal(completedInside, true);
  assert.equal(result, 'kept');
  assert.equal(await tagCount('early-commit'), 1);
});

claim({ id: 'rollback-now', says: 'Rolls back now (owner only)' }, async () => {
  const counts: number[] = [];
  await strapi.db.transaction(async ({ rollback }) => {
    await strapi.db.query(TAG).create({ data: { name: 'rolled-now' } });
    await strapi.db.transaction(async ({ rollback: nestedRollback }) => {
      await nestedRollback();
    });
    counts.push(await tagCount('rolled-now'));
    await rollback();
    // The store's trx is cleared: this count runs outside the transaction, which is gone.
    counts.push(await tagCount('rolled-now'));
  });
  assert.deepEqual(counts, [1, 0]);
});

claim(
  {
    id: 'manual-rollback-skips-commit',
    says: 'If you call rollback() yourself and then return normally, the automatic commit is skipped',
  },
  async () => {
    const calls: string[] = [];
    const result = await strapi.db.transaction(async ({ rollback, onRollback, onCommit }) => {
      onRollback(() => calls.push('rollback'));
      onCommit(() => calls.push('commit'));
      await strapi.db.query(TAG).create({ data: { name: 'manual-rollback' } });
      await rollback();
      return 'returned';
    });
    assert.equal(result, 'returned');
    assert.deepEqual(calls, ['rollback']);
    assert.equal(await tagCount('manual-rollback'), 0);
  },
);

claim({ id: 'returns-callback-result', says: "Returns Promise of the callback's result." }, async () => {
  const value = { answer: 42 };
  assert.equal(await strapi.db.transaction(async () => value), value);
  assert.equal(await strapi.db.transaction(() => 'sync'), 'sync');
});

claim(
  {
    id: 'object-style-sets-no-context',
    says: 'The context is not set in this style, so queries do not join automatically; pass get() to .transacting() yourself.',
  },
  async () => {
    const handle = await strapi.db.transaction();
    try {
      assert.deepEqual(Object.keys(handle).sort(), ['commit', 'get', 'rollback']);
      assert.equal(typeof handle.get().commit, 'function');
      assert.equal(strapi.db.inTransaction(), false);
      await strapi.db.queryBuilder(TAG).insert({ name: 'manual-object' }).transacting(handle.get()).execute();
      const [{ n }] = await handle.get()('tags').where({ name: 'manual-object' }).count('* as n');
      assert.equal(Number(n), 1);
    } finally {
      await handle.rollback();
    }
    assert.equal(await tagCount('manual-object'), 0);
  },
);

claim(
  {
    id: 'object-style-inside-callback',
    says: 'Called while a callback-style transaction is active, it returns that transaction instead, and its commit/rollback do nothing.',
  },
  async () => {
    await strapi.db.transaction(async ({ trx }) => {
      const handle = await strapi.db.transaction();
      assert.equal(handle.get(), trx);
      await handle.commit();
      await handle.rollback();
      assert.equal(trx.isCompleted(), false);
      await strapi.db.query(TAG).create({ data: { name: 'still-open' } });
    });
    assert.equal(await tagCount('still-open'), 1);
  },
);

claim({ id: 'in-transaction', says: 'true when a transaction is active in the current async context' }, async () => {
  assert.equal(strapi.db.inTransaction(), false);
  const seen: boolean[] = [];
  await strapi.db.transaction(async () => {
    seen.push(strapi.db.inTransaction());
    await Promise.all([1, 2].map(async () => seen.push(strapi.db.inTransaction())));
  });
  assert.deepEqual(seen, [true, true, true]);
  assert.equal(strapi.db.inTransaction(), false);
});

claim(
  {
    id: 'entry-point-exports',
    says: "Internal: @strapi/database's entry point exports Database, errors, isKnexQuery and isDatabaseClientKind, not transactionCtx",
  },
  () => {
    const entry = require(path.join(APP_DIR, 'node_modules/@strapi/database')) as Record<string, unknown>;
    assert.deepEqual(Object.keys(entry).sort(), ['Database', 'errors', 'isDatabaseClientKind', 'isKnexQuery']);
  },
);

claim({ id: 'nested-no-savepoint', says: 'A nested strapi.db.transaction does not create a savepoint.' }, async () => {
  const sql: string[] = [];
  const onQuery = (q: { sql: string }) => void sql.push(q.sql);
  strapi.db.connection.on('query', onQuery);
  try {
    await strapi.db.transaction(async () => {
      await strapi.db.transaction(async () => {
        await strapi.db.query(TAG).count();
      });
    });
  } finally {
    strapi.db.connection.removeListener('query', onQuery);
  }
  assert.equal(sql.filter((s) => /savepoint/i.test(s)).length, 0);
  assert.equal(sql.filter((s) => /^begin/i.test(s)).length, 1);
});

claim(
  {
    id: 'inner-error-propagates',
    says: 'an error thrown by the inner callback is rethrown; if the outer callback lets it propagate, everything rolls back;',
  },
  async () => {
    await assert.rejects(
      strapi.db.transaction(async () => {
        await strapi.db.query(TAG).create({ data: { name: 'outer-write' } });
        await strapi.db.transaction(async () => {
          await strapi.db.query(TAG).create({ data: { name: 'inner-write' } });
          throw new Error('inner');
        });
      }),
      { message: 'inner' },
    );
    assert.equal((await tagCount('outer-write')) + (await tagCount('inner-write')), 0);
  },
);

claim(
  {
    id: 'caught-inner-error-commits',
    says: 'if the outer callback catches the inner error and returns, the outer transaction commits, including the writes the inner callback made before it failed;',
  },
  async () => {
    await strapi.db.transaction(async () => {
      await strapi.db.query(TAG).create({ data: { name: 'outer-kept' } });
      await strapi.db
        .transaction(async () => {
          await strapi.db.query(TAG).create({ data: { name: 'inner-kept' } });
          throw new Error('inner');
        })
        .catch(() => undefined);
    });
    assert.equal((await tagCount('outer-kept')) + (await tagCount('inner-kept')), 2);
  },
);

claim(
  { id: 'nested-on-commit-waits', says: 'an onCommit registered inside the nested call runs only after the outermost commit.' },
  async () => {
    const calls: string[] = [];
    await strapi.db.transaction(async ({ trx }) => {
      await strapi.db.transaction(async ({ onCommit }) => {
        onCommit(() => calls.push(`inner:${trx.isCompleted()}`));
      });
      calls.push('inner returned');
    });
    assert.deepEqual(calls, ['inner returned', 'inner:true']);
  },
);

claim(
  {
    id: 'knex-savepoint-undoes-context-queries',
    says: 'they share its connection, so rolling back to the savepoint undoes them as well',
  },
  async () => {
    const sql: string[] = [];
    const onQuery = (q: { sql: string }) => void sql.push(q.sql);
    strapi.db.connection.on('query', onQuery);
    let contextInside = false;
    try {
      await strapi.db.transaction(async ({ trx }) => {
        await strapi.db.query(TAG).create({ data: { name: 'before-savepoint' } });
        await trx
          .transaction(async (savepoint: Knex.Transaction) => {
            await savepoint('tags').insert({ name: 'savepoint-raw', document_id: 'sp-raw' });
            // No trx argument: this query takes the transaction from the context.
            contextInside = strapi.db.inTransaction();
            await strapi.db.query(TAG).create({ data: { name: 'savepoint-context' } });
            throw new Error('undo this part');
          })
          .catch(() => undefined);
      });
    } finally {
      strapi.db.connection.removeListener('query', onQuery);
    }
    assert.ok(
      sql.some((s) => /^savepoint/i.test(s)),
      'Knex issued SAVEPOINT',
    );
    assert.ok(
      sql.some((s) => /^rollback to savepoint/i.test(s)),
      'Knex issued ROLLBACK TO SAVEPOINT',
    );
    assert.equal(contextInside, true);
    assert.equal(await tagCount('before-savepoint'), 1);
    assert.equal((await tagCount('savepoint-raw')) + (await tagCount('savepoint-context')), 0);
  },
);

claim(
  {
    id: 'document-service-joins',
    says: 'so a single strapi.documents(uid).create() needs no wrapper; wrap several of them when they must succeed together, and they join your transaction',
  },
  async () => {
    // Alone, a Document Service call runs in a transaction of its own (seen from a lifecycle).
    const seen: boolean[] = [];
    strapi.db.lifecycles.subscribe({
      models: [TAG],
      beforeCreate: () => void seen.push(strapi.db.inTransaction()),
    });
    await strapi.documents(TAG).create({ data: { name: 'doc-alone' } });
    assert.deepEqual(seen, [true]);
    // Inside yours, they join it and roll back with it.
    await strapi.db
      .transaction(async () => {
        await strapi.documents(TAG).create({ data: { name: 'doc-a' } });
        await strapi.documents(TAG).create({ data: { name: 'doc-b' } });
        throw new Error('undo both');
      })
      .catch(() => undefined);
    assert.equal((await tagCount('doc-a')) + (await tagCount('doc-b')), 0);
  },
);

claim(
  {
    id: 'example-archives-a-category',
    says: 'A read that decides a write, combined with a row lock.',
  },
  async () => {
    const { archiveCategory } = runExample<{ archiveCategory: (s: Core.Strapi, id: number) => Promise<{ archived: boolean } | null> }>(
      codeBlock({ title: 'packages/plugins/my-plugin/server/src/services/archive.ts' }),
    );
    const category = await strapi.db.query('api::category.category').create({ data: { name: 'News' } });
    const mine = await strapi.db.query('api::article.article').create({ data: { title: 'In', category: category.id } });
    const other = await strapi.db.query('api::article.article').create({ data: { title: 'Out' } });
    const events: Array<{ id: number; inTransaction: boolean }> = [];
    strapi.eventHub.on(
      'category.archived',
      async ({ id }: { id: number }) => void events.push({ id, inTransaction: strapi.db.inTransaction() }),
    );

    const updated = await archiveCategory(strapi, category.id);
    assert.equal(updated?.archived, true);
    assert.equal((await strapi.db.query('api::article.article').findOne({ where: { id: mine.id } })).archived, true);
    assert.equal((await strapi.db.query('api::article.article').findOne({ where: { id: other.id } })).archived, false);
    assert.deepEqual(events, [{ id: category.id, inTransaction: false }]);
    // Archived already: nothing to do, no second event.
    assert.equal(await archiveCategory(strapi, category.id), null);
    assert.equal(events.length, 1);
  },
);

claim(
  {
    id: 'deferred-work-inherits-context',
    says: "If it runs before the commit, its queries join the transaction; after the commit the store's trx is cleared and they run outside it.",
  },
  async () => {
    // Two timers started inside the callback: one fires before the commit, one after.
    let before: boolean | undefined;
    let afterCommit: boolean | undefined;
    let done!: () => void;
    const late = new Promise<void>((resolve) => (done = resolve));
    await strapi.db.transaction(async () => {
      await new Promise<void>((resolve) =>
        setTimeout(() => {
          before = strapi.db.inTransaction();
          resolve();
        }, 5),
      );
      setTimeout(() => {
        afterCommit = strapi.db.inTransaction();
        done();
      }, 50);
    });
    await late;
    assert.equal(before, true);
    assert.equal(afterCommit, false);
  },
);

claim(
  {
    id: 'raw-knex-waits-on-sqlite',
    says: 'On SQLite the pool holds one connection, so that query waits until the transaction ends',
  },
  async () => {
    if (strapi.db.dialect.client !== 'sqlite') return; // the statement is about SQLite's single connection
    const pool = (strapi.db.connection.client as unknown as { pool: { max: number } }).pool;
    assert.equal(pool.max, 1);
    let raw: Promise<unknown> | undefined;
    let settledInside = false;
    await strapi.db.transaction(async () => {
      await strapi.db.query(TAG).create({ data: { name: 'raw-wait' } });
      raw = strapi.db.connection('tags').where({ name: 'raw-wait' }).count('* as n');
      raw.then(() => (settledInside = true));
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.equal(settledInside, false);
    });
    assert.deepEqual(await raw, [{ n: 1 }]);
  },
);

claim(
  {
    id: 'callbacks-not-awaited',
    says: 'transaction() settles before a promise they return does, and a rejection of that promise is not caught by the transaction',
  },
  async () => {
    let settled = false;
    let late: Promise<void> | undefined;
    await strapi.db.transaction(async ({ onCommit }) => {
      onCommit(() => {
        late = new Promise<void>((_, reject) => setTimeout(() => reject(new Error('late failure')), 30)).finally(() => (settled = true));
        late.catch(() => undefined); // observed below
        return late;
      });
    });
    assert.equal(settled, false);
    await assert.rejects(late!, { message: 'late failure' });
  },
);

claim(
  {
    id: 'on-commit-outside-does-nothing',
    says: 'onCommit outside any transaction does nothing (no store); it does not run the callback immediately.',
  },
  async () => {
    let saved: ((cb: () => void) => void) | undefined;
    await strapi.db.transaction(async ({ onCommit }) => {
      saved = onCommit;
    });
    let ran = false;
    saved!(() => (ran = true));
    await strapi.db.transaction(async () => {
      await strapi.db.query(TAG).count();
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    assert.equal(ran, false);
  },
);

defect(
  {
    id: 'refused-commit-reported-as-success',
    says: "strapi.db.transaction resolves with the callback's value and runs the onCommit callbacks, and nothing was committed",
    summary:
      '`strapi.db.transaction` resolves and runs `onCommit` when the database refuses the `COMMIT`, because Knex 3.0.1 resolves `trx.commit()` anyway',
  },
  async () => {
    // A foreign key checked at COMMIT (deferred), violated inside the transaction.
    await strapi.db.connection.raw('CREATE TABLE claims_parent (id integer primary key)');
    await strapi.db.connection.raw(
      'CREATE TABLE claims_child (id integer primary key, parent_id integer REFERENCES claims_parent(id) DEFERRABLE INITIALLY DEFERRED)',
    );
    const calls: string[] = [];
    const result = await strapi.db.transaction(async ({ trx, onCommit, onRollback }) => {
      onCommit(() => calls.push('commit'));
      onRollback(() => calls.push('rollback'));
      await trx('claims_child').insert({ id: 1, parent_id: 42 });
      return 'value';
    });
    assert.equal(result, 'value');
    assert.deepEqual(calls, ['commit']);
    if (strapi.db.dialect.client === 'sqlite') {
      // The connection is still inside the refused transaction: the next one cannot start.
      await assert.rejects(
        strapi.db.transaction(async () => strapi.db.query(TAG).count()),
        { message: /Transaction query already complete/ },
      );
      await strapi.db.connection.raw('ROLLBACK');
    }
    assert.deepEqual(await strapi.db.connection('claims_child').select(), []);
    await strapi.db.connection.raw('DROP TABLE claims_child');
    await strapi.db.connection.raw('DROP TABLE claims_parent');
  },
);

defect(
  {
    id: 'throwing-on-commit-rejects-a-commit',
    says: "transaction() rejects with the callback's error: the caller sees a failure while the writes are committed",
    summary:
      'An `onCommit` callback that throws makes `strapi.db.transaction` reject after the data was committed, and skips the callbacks after it',
  },
  async () => {
    const calls: string[] = [];
    await assert.rejects(
      strapi.db.transaction(async ({ onCommit, onRollback }) => {
        await strapi.db.query(TAG).create({ data: { name: 'committed-anyway' } });
        onCommit(() => {
          throw new Error('callback failed');
        });
        onCommit(() => calls.push('second commit callback'));
        onRollback(() => calls.push('rollback callback'));
      }),
      { message: 'callback failed' },
    );
    assert.deepEqual(calls, []);
    assert.equal(await tagCount('committed-anyway'), 1);
  },
);
