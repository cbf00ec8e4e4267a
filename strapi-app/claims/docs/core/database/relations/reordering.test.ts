import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before } from 'node:test';
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/database';
import { APP_DIR, bootStrapi, claim, codeBlock, defect, jestRecorder, runExample, stopStrapi } from '../../../../../harness';

// The pure algorithm, as the installed 5.54.0 ships it.
const ORDERER = path.join(APP_DIR, 'node_modules/@strapi/database/dist/entity-manager/relations-orderer.js');
type Link = { id: number; position?: Record<string, unknown>; order?: number; init?: boolean };
interface Orderer {
  connect(r: Link | Link[]): Orderer;
  disconnect(r: Link | Link[]): Orderer;
  get(): Link[];
  getOrderMap(): Record<number, number>;
}
const { relationsOrderer, sortConnectArray } = require(ORDERER) as {
  relationsOrderer: (init: Array<Record<string, unknown>>, idColumn: string, orderColumn: string, strict?: boolean) => Orderer;
  sortConnectArray: (connect: Link[], initial?: Link[], strict?: boolean) => Link[];
};
const ids = (list: Link[]) => list.map((r) => r.id);
/** An `InvalidRelationError` (the class; its `name` is another matter, see the defect below) with that message. */
const invalidRelation = (message?: string | RegExp) => (error: unknown) =>
  error instanceof errors.InvalidRelationError &&
  (message === undefined || (typeof message === 'string' ? error.message === message : message.test(error.message)));

const ARTICLE = 'api::article.article';
const LINKS = 'articles_tags_lnk';
let strapi: Core.Strapi;
let tag: number[] = [];

before(async () => {
  strapi = await bootStrapi({ name: 'db-reordering', listen: true });
  for (const name of ['t1', 't2', 't3', 't4', 't5', 't6']) tag.push((await strapi.db.query('api::tag.tag').create({ data: { name } })).id);
  tag = [0, ...tag]; // tag[1] is t1
});
after(async () => {
  await stopStrapi(strapi);
});

/** An article linked to tags t1..tn through the entity manager (`set`, so orders 1..n). */
async function articleWith(n: number, title = 'a') {
  return strapi.db.query(ARTICLE).create({ data: { title, tags: { set: tag.slice(1, n + 1).map((id) => ({ id })) } } });
}
async function links(articleId: number) {
  return strapi.db.connection(LINKS).where({ article_id: articleId }).orderBy('tag_ord').select('tag_id', 'tag_ord', 'article_ord');
}
async function order(articleId: number) {
  return (await links(articleId)).map((r) => r.tag_id);
}
function connect(articleId: number, items: Link[], options?: { strict?: boolean }) {
  return strapi.db.query(ARTICLE).update({ where: { id: articleId }, data: { tags: { connect: items, ...(options ? { options } : {}) } } });
}
/** The SQL (with bindings and, for selects, the rows returned) that Knex runs while `fn` runs. */
async function recordQueries(fn: () => Promise<unknown>) {
  const seen: Array<{ sql: string; bindings: unknown[]; rows?: unknown }> = [];
  const byUid = new Map<string, (typeof seen)[number]>();
  const onQuery = (q: { sql: string; bindings: unknown[]; __knexQueryUid: string }) => {
    const entry = { sql: q.sql, bindings: q.bindings ?? [] };
    seen.push(entry);
    byUid.set(q.__knexQueryUid, entry);
  };
  const onResponse = (rows: unknown, q: { __knexQueryUid: string }) => {
    const entry = byUid.get(q.__knexQueryUid);
    if (entry) entry.rows = rows;
  };
  strapi.db.connection.on('query', onQuery);
  strapi.db.connection.on('query-response', onResponse);
  try {
    await fn();
  } finally {
    strapi.db.connection.removeListener('query', onQuery);
    strapi.db.connection.removeListener('query-response', onResponse);
  }
  return seen;
}

claim(
  { id: 'update-renumbers-owner', says: 'after each connect on an update, the order column of that owner is renumbered to 1..n' },
  async () => {
    const a = await articleWith(3);
    const inserted = await recordQueries(() => connect(a.id, [{ id: tag[4], position: { before: tag[2] } }]));
    // The new row is written with a fractional order, then the owner's list is renumbered.
    const insert = inserted.find((q) => /^insert into [`"]articles_tags_lnk[`"]/i.test(q.sql));
    assert.ok(
      insert?.bindings.some((b) => typeof b === 'number' && !Number.isInteger(b)),
      'a fractional order is inserted first',
    );
    assert.deepEqual(
      (await links(a.id)).map((r) => r.tag_ord),
      [1, 2, 3, 4],
    );
    assert.deepEqual(await order(a.id), [tag[1], tag[4], tag[2], tag[3]]);
  },
);

claim({ id: 'position-before', says: 'Just before the relation id' }, async () => {
  const a = await articleWith(3);
  await connect(a.id, [{ id: tag[5], position: { before: tag[3] } }]);
  assert.deepEqual(await order(a.id), [tag[1], tag[2], tag[5], tag[3]]);
});

claim({ id: 'position-after', says: 'Just after the relation id' }, async () => {
  const a = await articleWith(3);
  await connect(a.id, [{ id: tag[5], position: { after: tag[1] } }]);
  assert.deepEqual(await order(a.id), [tag[1], tag[5], tag[2], tag[3]]);
});

claim({ id: 'position-start', says: 'First' }, async () => {
  const a = await articleWith(3);
  await connect(a.id, [{ id: tag[5], position: { start: true } }]);
  assert.deepEqual(await order(a.id), [tag[5], tag[1], tag[2], tag[3]]);
});

claim({ id: 'position-end-or-none', says: 'Last' }, async () => {
  const a = await articleWith(3);
  await connect(a.id, [{ id: tag[5], position: { end: true } }]);
  await connect(a.id, [{ id: tag[6] }]);
  assert.deepEqual(await order(a.id), [tag[1], tag[2], tag[3], tag[5], tag[6]]);
});

claim(
  {
    id: 'strict-is-the-default',
    says: 'When strict is not set, relationsOrderer passes undefined to sortConnectArray, whose strictSort = true default then applies: strict is the default.',
  },
  async () => {
    const a = await articleWith(2);
    await assert.rejects(
      connect(a.id, [{ id: tag[5], position: { before: tag[4] } }]),
      invalidRelation(
        `There was a problem connecting relation with id ${tag[5]} at position {"before":${tag[4]}}. The relation with id ${tag[4]} needs to be connected first.`,
      ),
    );
    assert.deepEqual(await order(a.id), [tag[1], tag[2]]);
  },
);

claim(
  {
    id: 'strict-false-goes-to-the-end',
    says: 'In strict mode, pointing at a relation that is neither among the loaded rows nor anywhere in the same payload throws; with strict: false the item is placed at the end instead.',
  },
  async () => {
    const a = await articleWith(2);
    await assert.rejects(connect(a.id, [{ id: tag[5], position: { before: tag[4] } }], { strict: true }), invalidRelation());
    await connect(
      a.id,
      [
        { id: tag[5], position: { before: tag[4] } },
        { id: tag[6], position: { start: true } },
      ],
      { strict: false },
    );
    assert.deepEqual(await order(a.id), [tag[6], tag[1], tag[2], tag[5]]);
  },
);

claim(
  {
    id: 'loads-anchors-and-extremes',
    says: 'For this owner it reads only the rows referenced by before or after, plus the rows holding the current minimum and maximum order.',
  },
  async () => {
    const a = await articleWith(5);
    const queries = await recordQueries(() => connect(a.id, [{ id: tag[6], position: { before: tag[3] } }]));
    // The orderer's input: the select on the join table with the min and max sub-queries.
    const load = queries.find((q) => /^select/i.test(q.sql) && q.sql.includes(LINKS) && /min\(/i.test(q.sql) && /max\(/i.test(q.sql));
    assert.ok(load, 'the neighbour query ran');
    const rows = load.rows as Array<{ tag_id: number; tag_ord: number }>;
    assert.deepEqual(
      rows.map((r) => r.tag_id),
      [tag[1], tag[3], tag[5]],
    );
    assert.deepEqual(await order(a.id), [tag[1], tag[2], tag[6], tag[3], tag[4], tag[5]]);
  },
);

claim(
  { id: 'init-rows-keep-order', says: 'each is marked init and keeps its stored order as a number (a null or missing order becomes 1)' },
  () => {
    const list = relationsOrderer([{ id: 7, order: '3' }, { id: 8, order: null }, { id: 9 }], 'id', 'order').get();
    assert.deepEqual(list, [
      { init: true, id: 8, order: 1 },
      { init: true, id: 9, order: 1 },
      { init: true, id: 7, order: 3 },
    ]);
  },
);

claim({ id: 'dependency-sort', says: 'is processed as 2, then 1, then 5.' }, () => {
  const sorted = sortConnectArray([
    { id: 5, position: { before: 1 } },
    { id: 1, position: { before: 2 } },
    { id: 2, position: { end: true } },
  ]);
  assert.deepEqual(ids(sorted), [2, 1, 5]);
});

claim(
  {
    id: 'sort-returns-input-unchanged',
    says: 'When every before/after target is a loaded row or appears earlier in the payload, the payload is returned unchanged.',
  },
  () => {
    const payload = [
      { id: 5, position: { before: 1 } },
      { id: 6, position: { after: 5 } },
    ];
    assert.equal(sortConnectArray(payload, [{ id: 1 }]), payload);
    // A target that appears only later makes it sort (a new array).
    const later = [
      { id: 6, position: { after: 5 } },
      { id: 5, position: { before: 1 } },
    ];
    const sorted = sortConnectArray(later, [{ id: 1 }]);
    assert.notEqual(sorted, later);
    assert.deepEqual(ids(sorted), [5, 6]);
  },
);

const init = () =>
  relationsOrderer(
    [
      { id: 2, order: 4 },
      { id: 3, order: 10 },
    ],
    'id',
    'order',
  );
const orderOf = (o: Orderer, id: number) => o.get().find((r) => r.id === id)?.order;

claim({ id: 'insert-before-init', says: "that row's order − 0.5" }, () => {
  assert.equal(orderOf(init().connect({ id: 4, position: { before: 3 } }), 4), 9.5);
});

claim({ id: 'insert-after-init', says: "that row's order + 0.5" }, () => {
  assert.equal(orderOf(init().connect({ id: 4, position: { after: 2 } }), 4), 4.5);
});

claim({ id: 'insert-next-to-payload-item', says: 'the same order as that item' }, () => {
  const o = init().connect([
    { id: 4, position: { before: 3 } },
    { id: 5, position: { after: 4 } },
    { id: 6, position: { before: 4 } },
  ]);
  assert.deepEqual(
    o.get().map((r) => [r.id, r.order]),
    [
      [2, 4],
      [6, 9.5],
      [4, 9.5],
      [5, 9.5],
      [3, 10],
    ],
  );
});

claim(
  { id: 'insert-start', says: "the first row's order − 0.5 if it is an init row, its order if not; 0.5 when the list is empty" },
  () => {
    assert.equal(orderOf(init().connect({ id: 4, position: { start: true } }), 4), 3.5);
    // The first row is a payload item (placed before 2 at 3.5): start takes its order.
    const o = init().connect([
      { id: 4, position: { before: 2 } },
      { id: 5, position: { start: true } },
    ]);
    assert.deepEqual(ids(o.get()).slice(0, 2), [5, 4]);
    assert.equal(orderOf(o, 5), 3.5);
    assert.equal(orderOf(relationsOrderer([], 'id', 'order').connect({ id: 4, position: { start: true } }), 4), 0.5);
  },
);

claim({ id: 'insert-end', says: 'highest initial order + 0.5 (0.5 when no rows were loaded)' }, () => {
  const o = init().connect([{ id: 4, position: { end: true } }, { id: 5 }]);
  assert.equal(orderOf(o, 4), 10.5);
  assert.equal(orderOf(o, 5), 10.5);
  assert.equal(orderOf(relationsOrderer([], 'id', 'order').connect({ id: 4, position: { end: true } }), 4), 0.5);
});

claim({ id: 'order-map-spreads-groups', says: 'init rows get no entry in the map' }, () => {
  // Group 9.5 holds an init row and one new item: n = 2 counts the init row, k = 1.
  const o = relationsOrderer(
    [
      { id: 1, order: 9.5 },
      { id: 3, order: 10 },
    ],
    'id',
    'order',
  ).connect({ id: 4, position: { before: 3 } });
  const map = o.getOrderMap();
  assert.deepEqual(Object.keys(map), ['4']);
  assert.ok(Math.abs(map[4] - (9.5 + (1 / 3) * 0.49)) < 1e-12, `map[4] is ${map[4]}`);
});

claim({ id: 'two-items-sharing-an-order', says: 'Two new items sharing 9.5 become about 9.663 and 9.827' }, async () => {
  // Stored orders 4 and 10 for t2 and t3, then two items placed before t3 in one request.
  const a = await strapi.db.query(ARTICLE).create({ data: { title: 'spread' } });
  await strapi.db.connection(LINKS).insert([
    { article_id: a.id, tag_id: tag[2], tag_ord: 4, article_ord: 1 },
    { article_id: a.id, tag_id: tag[3], tag_ord: 10, article_ord: 1 },
  ]);
  const queries = await recordQueries(() =>
    connect(a.id, [
      { id: tag[4], position: { before: tag[3] } },
      { id: tag[5], position: { before: tag[4] } },
    ]),
  );
  const insert = queries.find((q) => /^insert into [`"]articles_tags_lnk[`"]/i.test(q.sql));
  const fractions = (insert?.bindings ?? []).filter((b): b is number => typeof b === 'number' && !Number.isInteger(b));
  assert.deepEqual(
    fractions.map((f) => f.toFixed(3)),
    ['9.827', '9.663'],
  );
  assert.deepEqual(await order(a.id), [tag[2], tag[5], tag[4], tag[3]]);
});

claim(
  {
    id: 'merge-moves-instead-of-duplicating',
    says: 'Rows are inserted with onConflict(joinTable.pivotColumns).merge([orderColumnName]), so an already connected relation is moved rather than duplicated.',
  },
  async () => {
    const a = await articleWith(4);
    await connect(a.id, [{ id: tag[4], position: { start: true } }]);
    const rows = await links(a.id);
    assert.deepEqual(
      rows.map((r) => r.tag_id),
      [tag[4], tag[1], tag[2], tag[3]],
    );
    assert.equal(rows.length, 4);
  },
);

claim(
  {
    id: 'row-number-renumbering',
    says: "cleanOrderColumns({ id }) rewrites the order column of this owner with Knex's rowNumber, i.e. ROW_NUMBER() OVER (PARTITION BY joinColumn ORDER BY orderColumn), through a raw UPDATE",
  },
  async () => {
    const other = await articleWith(3, 'other');
    await strapi.db.connection(LINKS).where({ article_id: other.id }).update({ tag_ord: 7 });
    const a = await articleWith(3);
    const queries = await recordQueries(() => connect(a.id, [{ id: tag[5], position: { after: tag[1] } }]));
    const update = queries.find((q) => /^UPDATE [`"]articles_tags_lnk[`"] as a\s+SET [`"]tag_ord[`"] = b\.src_order\s+FROM/i.test(q.sql));
    assert.ok(update, 'the raw UPDATE ... FROM ran (the non-mysql form)');
    assert.match(update.sql, /row_number\(\) over \(partition by [`"]article_id[`"] order by [`"]tag_ord[`"]\)/i);
    assert.deepEqual(update.bindings, [a.id]);
    // The other owner's rows were not renumbered.
    assert.deepEqual(
      (await links(other.id)).map((r) => r.tag_ord),
      [7, 7, 7],
    );
  },
);

claim(
  {
    id: 'create-connect-zero-based',
    says: 'each row gets its zero-based index in the resulting list (0..n-1)',
  },
  async () => {
    const a = await strapi.db.query(ARTICLE).create({
      data: {
        title: 'created',
        tags: { connect: [{ id: tag[3] }, { id: tag[1], position: { before: tag[3] } }, { id: tag[2], position: { start: true } }] },
      },
    });
    const rows = await links(a.id);
    assert.deepEqual(
      rows.map((r) => [r.tag_id, r.tag_ord]),
      [
        [tag[2], 0],
        [tag[1], 1],
        [tag[3], 2],
      ],
    );
    // Strict on create: an anchor outside the payload throws.
    await assert.rejects(
      strapi.db.query(ARTICLE).create({ data: { title: 'x', tags: { connect: [{ id: tag[1], position: { before: tag[2] } }] } } }),
      invalidRelation(),
    );
  },
);

claim({ id: 'set-index-plus-one', says: 'With set, rows get index + 1.' }, async () => {
  const a = await strapi.db.query(ARTICLE).create({ data: { title: 'set', tags: { set: [{ id: tag[3] }, { id: tag[1] }] } } });
  assert.deepEqual(
    (await links(a.id)).map((r) => [r.tag_id, r.tag_ord]),
    [
      [tag[3], 1],
      [tag[1], 2],
    ],
  );
  await strapi.db.query(ARTICLE).update({ where: { id: a.id }, data: { tags: { set: [{ id: tag[2] }, { id: tag[3] }, { id: tag[1] }] } } });
  assert.deepEqual(
    (await links(a.id)).map((r) => [r.tag_id, r.tag_ord]),
    [
      [tag[2], 1],
      [tag[3], 2],
      [tag[1], 3],
    ],
  );
});

claim(
  {
    id: 'inverse-order-appends',
    says: "The inverse order of a newly connected row is the target's current maximum inverse order + 1 (on update, only for rows not already connected): new owners are appended on the other side.",
  },
  async () => {
    const inverse = async (tagId: number) =>
      Object.fromEntries(
        (await strapi.db.connection(LINKS).where({ tag_id: tagId }).select('article_id', 'article_ord')).map((r) => [
          r.article_id,
          r.article_ord,
        ]),
      );
    const t = (await strapi.db.query('api::tag.tag').create({ data: { name: 'inverse' } })).id;
    const first = await strapi.db.query(ARTICLE).create({ data: { title: 'i1', tags: { connect: [{ id: t }] } } });
    const second = await strapi.db.query(ARTICLE).create({ data: { title: 'i2', tags: { connect: [{ id: t }] } } });
    const third = await strapi.db.query(ARTICLE).create({ data: { title: 'i3' } });
    await connect(third.id, [{ id: t }]);
    assert.deepEqual(await inverse(t), { [first.id]: 1, [second.id]: 2, [third.id]: 3 });
    // Moving an already connected row keeps its inverse order.
    await connect(first.id, [{ id: tag[1] }]);
    await connect(first.id, [{ id: t, position: { end: true } }]);
    assert.equal((await inverse(t))[first.id], 1);
  },
);

claim({ id: 'error-already-connected', says: 'The same id appears twice in connect with different positions' }, async () => {
  const a = await articleWith(2);
  await assert.rejects(
    connect(a.id, [
      { id: tag[5], position: { end: true } },
      { id: tag[5], position: { start: true } },
    ]),
    invalidRelation(`The relation with id ${tag[5]} is already connected. You cannot connect the same relation twice.`),
  );
  // Two identical items are merged before the orderer sees them.
  await connect(a.id, [
    { id: tag[5], position: { end: true } },
    { id: tag[5], position: { end: true } },
  ]);
  assert.deepEqual(await order(a.id), [tag[1], tag[2], tag[5]]);
});

claim({ id: 'error-circular', says: 'A before B and B before A in one payload' }, async () => {
  const a = await articleWith(2);
  await assert.rejects(
    connect(a.id, [
      { id: tag[5], position: { before: tag[6] } },
      { id: tag[6], position: { before: tag[5] } },
    ]),
    invalidRelation(/^A circular reference was found in the connect array\./),
  );
});

claim(
  {
    id: 'error-anchor-not-in-list',
    says: 'Insertion threw because the before/after anchor could not be found in the in-memory list at that point',
  },
  async () => {
    const a = await articleWith(3);
    // t3 is loaded (the last row), then removed from the list to be re-inserted before itself.
    await assert.rejects(connect(a.id, [{ id: tag[3], position: { before: tag[3] } }]), {
      name: 'Error',
      message: `There was a problem connecting relation with id ${tag[3]} at position {"before":${tag[3]}}. The list of connect relations is not valid`,
    });
  },
);

claim({ id: 'reference-disconnect', says: 'Removes items from the in-memory list' }, () => {
  assert.deepEqual(ids(init().disconnect({ id: 2 }).get()), [3]);
});

claim({ id: 'reference-get', says: 'Current list with raw (possibly equal) orders' }, () => {
  const list = init()
    .connect([
      { id: 4, position: { before: 3 } },
      { id: 5, position: { before: 3 } },
    ])
    .get();
  assert.deepEqual(
    list.map((r) => r.order),
    [4, 9.5, 9.5, 10],
  );
});

claim({ id: 'reference-order-map', says: 'Final order per id of every non-init entry' }, () => {
  const map = init()
    .connect([{ id: 4, position: { start: true } }, { id: 5 }])
    .getOrderMap();
  assert.deepEqual(Object.keys(map).map(Number).sort(), [4, 5]);
  assert.ok(map[4] > 3.5 && map[4] < 4 && map[5] > 10.5 && map[5] < 11, JSON.stringify(map));
});

claim(
  {
    id: 'reference-sort-connect-array',
    says: 'returns the input unchanged when every target is known at its turn; throws on duplicates and cycles',
  },
  () => {
    const known = [{ id: 4, position: { after: 2 } }];
    assert.equal(sortConnectArray(known, [{ id: 2 }]), known);
    assert.throws(
      () =>
        sortConnectArray([
          { id: 4, position: { end: true } },
          { id: 4, position: { start: true } },
        ]),
      invalidRelation(),
    );
    assert.throws(
      () =>
        sortConnectArray([
          { id: 4, position: { after: 5 } },
          { id: 5, position: { after: 4 } },
        ]),
      invalidRelation(),
    );
  },
);

claim({ id: 'float-orders-are-transient', says: 'Float orders do not outlive the write that computes them.' }, async () => {
  const a = await strapi.db.query(ARTICLE).create({
    data: { title: 'floats', tags: { connect: [{ id: tag[1] }, { id: tag[2], position: { before: tag[1] } }] } },
  });
  await connect(a.id, [
    { id: tag[3], position: { before: tag[1] } },
    { id: tag[4], position: { before: tag[3] } },
    { id: tag[5], position: { after: tag[2] } },
  ]);
  const all = await strapi.db.connection(LINKS).select('tag_ord', 'article_ord');
  assert.ok(
    all.every((r) => Number.isInteger(r.tag_ord) && Number.isInteger(r.article_ord)),
    JSON.stringify(all),
  );
});

claim(
  {
    id: 'draft-and-published-order-apart',
    says: 'moving a relation in the draft does not move it in the published version until it is published',
  },
  async () => {
    const tags = strapi.documents('api::tag.tag');
    const docs = [];
    for (const name of ['d1', 'd2', 'd3']) docs.push(await tags.create({ data: { name } }));
    for (const d of docs) await tags.publish({ documentId: d.documentId });
    const articles = strapi.documents(ARTICLE);
    const art = await articles.create({ data: { title: 'versions', tags: { connect: docs.map((d) => ({ documentId: d.documentId })) } } });
    await articles.publish({ documentId: art.documentId });
    const names = async (status: 'draft' | 'published') =>
      ((await articles.findOne({ documentId: art.documentId, status, populate: ['tags'] }))?.tags as Array<{ name: string }>).map(
        (t) => t.name,
      );
    assert.deepEqual(await names('published'), ['d1', 'd2', 'd3']);

    await articles.update({
      documentId: art.documentId,
      // Relation inputs are not in the app's types (no generated types): `as object`.
      data: { tags: { connect: [{ documentId: docs[2].documentId, position: { before: docs[0].documentId } }] } } as object,
    });
    assert.deepEqual(await names('draft'), ['d3', 'd1', 'd2']);
    assert.deepEqual(await names('published'), ['d1', 'd2', 'd3']);

    await articles.publish({ documentId: art.documentId });
    assert.deepEqual(await names('published'), ['d3', 'd1', 'd2']);
  },
);

claim(
  {
    id: 'unconnected-target',
    says: 'A target that is not connected to this owner throws in strict mode (the default) and falls to the end with strict: false.',
  },
  async () => {
    const tags = strapi.documents('api::tag.tag');
    const [x, y, z] = [
      await tags.create({ data: { name: 'x' } }),
      await tags.create({ data: { name: 'y' } }),
      await tags.create({ data: { name: 'z' } }),
    ];
    const articles = strapi.documents(ARTICLE);
    const art = await articles.create({
      data: { title: 'strict', tags: { connect: [{ documentId: x.documentId }, { documentId: y.documentId }] } },
    });
    await assert.rejects(
      articles.update({
        documentId: art.documentId,
        data: { tags: { connect: [{ documentId: z.documentId, position: { before: z.documentId } }] } } as object,
      }),
    );
    const w = await tags.create({ data: { name: 'w' } });
    await articles.update({
      documentId: art.documentId,
      data: { tags: { options: { strict: false }, connect: [{ documentId: w.documentId, position: { before: z.documentId } }] } } as object,
    });
    const found = await articles.findOne({ documentId: art.documentId, populate: ['tags'] });
    assert.deepEqual(
      (found?.tags as Array<{ name: string }>).map((t) => t.name),
      ['x', 'y', 'w'],
    );
  },
);

claim({ id: 'example-runs', says: 'a new positioning case is cheapest to check with a unit test like the example above' }, async () => {
  const jest = jestRecorder();
  jest.load(() =>
    runExample(codeBlock({ title: 'relations-orderer-spread.test.ts' }), {
      filename: 'relations-orderer-spread.test.ts',
      modules: { '../relations-orderer': require(ORDERER) },
    }),
  );
  assert.deepEqual(await jest.run(), ['spreads several items placed before the same row']);
});

/** A full-access Content API token and a helper that sends JSON with it. */
async function contentApi() {
  const token = await strapi
    .service('admin::api-token')
    .create({ kind: 'content-api', name: `claims-${Date.now()}`, type: 'full-access', lifespan: null });
  const base = `http://127.0.0.1:${strapi.config.get('server.port')}`;
  return async (method: string, url: string, body?: unknown) => {
    const res = await fetch(base + url, {
      method,
      headers: { authorization: `Bearer ${token.accessKey}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { error?: { name: string; message: string } } };
  };
}

claim(
  {
    id: 'document-service-turns-relation-errors-into-400',
    says: 'The Document Service turns an InvalidRelationError into a ValidationError, which HTTP routes answer with 400',
  },
  async () => {
    const send = await contentApi();
    const tags = strapi.documents('api::tag.tag');
    const [x, y, z] = [
      await tags.create({ data: { name: 'http-x' } }),
      await tags.create({ data: { name: 'http-y' } }),
      await tags.create({ data: { name: 'http-z' } }),
    ];
    const art = await strapi.documents(ARTICLE).create({ data: { title: 'http', tags: { connect: [{ documentId: x.documentId }] } } });
    // z exists but is not connected to this article.
    const res = await send('PUT', `/api/articles/${art.documentId}`, {
      data: { tags: { connect: [{ documentId: y.documentId, position: { before: z.documentId } }] } },
    });
    assert.equal(res.status, 400);
    assert.equal(res.body.error?.name, 'ValidationError');
    assert.match(res.body.error?.message ?? '', /needs to be connected first/);
  },
);

defect(
  {
    id: 'invalid-relation-error-name',
    says: 'its constructor sets this.name to InvalidRelationFormat',
    summary: '`InvalidRelationError` sets its `name` to `InvalidRelationFormat`, so a check on `error.name` never matches the class',
  },
  async () => {
    const a = await articleWith(2);
    const error = await connect(a.id, [{ id: tag[5], position: { before: tag[6] } }]).then(
      () => assert.fail('the connect should throw'),
      (e: Error) => e,
    );
    assert.ok(error instanceof errors.InvalidRelationError, 'an InvalidRelationError');
    assert.equal(error.name, 'InvalidRelationFormat');
    assert.equal(new errors.NotNullError().name, 'NotNullError');
  },
);

defect(
  {
    id: 'anchor-missing-from-list-answers-500',
    says: 'the same request answers 500 Internal Server Error',
    summary:
      'A connect whose anchor drops out of the in-memory list throws a plain `Error`, which HTTP routes answer with 500 instead of 400',
  },
  async () => {
    const send = await contentApi();
    const tags = strapi.documents('api::tag.tag');
    const [x, y] = [await tags.create({ data: { name: 'self-x' } }), await tags.create({ data: { name: 'self-y' } })];
    const art = await strapi.documents(ARTICLE).create({
      data: { title: 'self', tags: { connect: [{ documentId: x.documentId }, { documentId: y.documentId }] } },
    });
    const res = await send('PUT', `/api/articles/${art.documentId}`, {
      data: { tags: { connect: [{ documentId: y.documentId, position: { before: y.documentId } }] } },
    });
    assert.equal(res.status, 500);
    assert.deepEqual(res.body.error, { status: 500, name: 'InternalServerError', message: 'Internal Server Error' });
  },
);
