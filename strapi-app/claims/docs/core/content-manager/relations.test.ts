import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import type { Core } from '@strapi/strapi';
import {
  adminSession,
  adminUserWithRole,
  bootStrapi,
  claim,
  codeBlock,
  defect,
  stopStrapi,
  type AdminSession,
  type Json,
} from '../../../../harness';

const ARTICLE = 'api::article.article';
const CT = '/content-manager/collection-types';
let strapi: Core.Strapi;
let admin: AdminSession;

before(async () => {
  strapi = await bootStrapi({ name: 'cm-relations', listen: true });
  admin = await adminSession(strapi);
});
after(async () => {
  await stopStrapi(strapi);
});

async function tag(name: string) {
  const res = await admin.request('POST', `${CT}/api::tag.tag`, { name });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body.data as Json;
}
/** An English article draft linked to `tags` in that order, created through the CM. */
async function articleWith(title: string, tags: Json[]) {
  const res = await admin.request('POST', `${CT}/${ARTICLE}?locale=en`, {
    title,
    tags: { connect: tags.map((t) => ({ id: t.id, documentId: t.documentId })) },
  });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body.data.documentId as string;
}
const existing = (session: AdminSession, documentId: string, query = '') =>
  session.request('GET', `/content-manager/relations/${ARTICLE}/${documentId}/tags?locale=en${query}`);
const names = (results: Json[]) => results.map((r) => r.name);

claim({ id: 'find-existing-descending', says: "The server's findExisting loads relations with ordering: 'desc'" }, async () => {
  const [rome, berlin, paris] = [await tag('Rome'), await tag('Berlin'), await tag('Paris')];
  const id = await articleWith('Pages', [rome, berlin, paris]);
  const first = await existing(admin, id, '&page=1&pageSize=2');
  assert.deepEqual(names(first.body.results), ['Paris', 'Berlin']);
  assert.deepEqual(first.body.pagination, { page: 1, pageSize: 2, pageCount: 2, total: 3 });
  const second = await existing(admin, id, '&page=2&pageSize=2');
  assert.deepEqual(names(second.body.results), ['Rome']);
});

claim(
  {
    id: 'union-of-two-loads',
    says: "and returns the union of two loads: one selecting only id, documentId, locale, publishedAt and updatedAt for every linked row, and one through the user's sanitized read query (main field included).",
  },
  async () => {
    const [a, b] = [await tag('Visible-a'), await tag('Visible-b')];
    const id = await articleWith('Union', [a, b]);
    const { body } = await existing(admin, id);
    assert.deepEqual(
      body.results.map((r: Json) => Object.keys(r).sort()),
      [
        ['documentId', 'id', 'name', 'publishedAt', 'status', 'updatedAt'],
        ['documentId', 'id', 'name', 'publishedAt', 'status', 'updatedAt'],
      ],
    );
  },
);

claim(
  { id: 'unreadable-rows-without-main-field', says: 'Rows the user may not read therefore still appear, without their main field.' },
  async () => {
    const [a, b] = [await tag('Hidden-a'), await tag('Hidden-b')];
    const id = await articleWith('Hidden', [a, b]);
    // Reads the article's title and tags; reads tags only when they created them (the super admin did).
    await adminUserWithRole(strapi, {
      email: 'reader@example.com',
      permissions: [
        { action: 'plugin::content-manager.explorer.read', subject: ARTICLE, properties: { fields: ['title', 'tags'], locales: ['en'] } },
        {
          action: 'plugin::content-manager.explorer.read',
          subject: 'api::tag.tag',
          properties: { fields: ['name'] },
          conditions: ['admin::is-creator'],
        },
      ],
    });
    const reader = await adminSession(strapi, 'reader@example.com', 'Claims-Role-User-1');
    const { status, body } = await existing(reader, id);
    assert.equal(status, 200);
    assert.deepEqual(
      body.results.map((r: Json) => [r.documentId, 'name' in r]),
      [
        [b.documentId, false],
        [a.documentId, false],
      ],
    );
  },
);

claim(
  {
    id: 'status-filter',
    says: 'Relations whose target has draft and publish are filtered by publishedAt according to the requested status.',
  },
  async () => {
    const published = await tag('Published tag');
    await admin.request('POST', `${CT}/api::tag.tag/${published.documentId}/actions/publish`, {});
    const draftOnly = await tag('Draft tag');
    const id = await articleWith('Statuses', [published, draftOnly]);
    await admin.request('POST', `${CT}/${ARTICLE}/${id}/actions/publish?locale=en`, {});
    const drafts = (await existing(admin, id, '&status=draft')).body.results as Json[];
    assert.deepEqual(
      drafts.map((r) => [r.name, r.publishedAt]),
      [
        ['Draft tag', null],
        ['Published tag', null],
      ],
    );
    const live = (await existing(admin, id, '&status=published')).body.results as Json[];
    assert.deepEqual(
      live.map((r) => r.name),
      ['Published tag'],
    );
    assert.notEqual(live[0].publishedAt, null);
  },
);

claim({ id: 'reorder-payload', says: 'The server uses these positions to order the join table' }, async () => {
  const [rome, berlin, paris] = [await tag('Rome 2'), await tag('Berlin 2'), await tag('Paris 2')];
  const id = await articleWith('Reorder', [rome, berlin, paris]);
  // The page's payload, its placeholders mapped to this application's field and documents.
  const example = JSON.parse(codeBlock({ lang: 'json' }).code) as { cities: { connect: Json[]; disconnect: Json[] } };
  const ids: Record<string, Json> = { p4r1s: paris, b3rl1n: berlin };
  const connect = example.cities.connect.map((item) => ({
    ...item,
    id: ids[item.documentId].id,
    documentId: ids[item.documentId].documentId,
    position: { ...item.position, before: ids[item.position.before].documentId },
  }));
  const res = await admin.request('PUT', `${CT}/${ARTICLE}/${id}?locale=en`, { tags: { connect, disconnect: example.cities.disconnect } });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  // The endpoint answers in descending order: Rome, Paris, Berlin read backwards.
  assert.deepEqual(names((await existing(admin, id)).body.results), ['Berlin 2', 'Paris 2', 'Rome 2']);
});

claim(
  {
    id: 'payload-shapes',
    says: 'What reaches the API is { id, documentId, locale, isTemporary?, position? } for connects and { id, documentId, locale } for disconnects',
  },
  async () => {
    const [a, b, c] = [await tag('Shape-a'), await tag('Shape-b'), await tag('Shape-c')];
    const id = await articleWith('Shapes', [a, b]);
    const res = await admin.request('PUT', `${CT}/${ARTICLE}/${id}?locale=en`, {
      tags: {
        connect: [{ id: c.id, documentId: c.documentId, locale: null, isTemporary: true, position: { start: true } }],
        disconnect: [{ id: a.id, documentId: a.documentId, locale: null }],
      },
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(names((await existing(admin, id)).body.results), ['Shape-b', 'Shape-c']);
  },
);

claim({ id: 'find-available', says: 'idsToInclude (ids in disconnect, so they can be picked again)' }, async () => {
  const [a, b, c] = [await tag('Avail-a'), await tag('Avail-b'), await tag('Avail-c')];
  const id = await articleWith('Available', [a, b]);
  const url = (query: string) => `/content-manager/relations/${ARTICLE}/tags?locale=en&id=${id}&_q=Avail&${query}`;
  // Connected tags are left out; idsToInclude brings one back; idsToOmit removes one.
  assert.deepEqual(names((await admin.request('GET', url(''))).body.results), ['Avail-c']);
  const res = await admin.request('GET', url(`idsToInclude[]=${a.id}&idsToOmit[]=${c.id}`));
  assert.deepEqual(names(res.body.results), ['Avail-a']);
  assert.equal(res.body.pagination.pageSize, 10);
});

claim(
  { id: 'component-source', says: 'Inside a component it queries the component instead (model = component UID, id = component row id).' },
  async () => {
    const author = await strapi.documents('api::author.author').create({ data: { name: 'Quoted' } });
    await strapi.documents(ARTICLE).create({
      locale: 'en',
      data: { title: 'With a quote', blocks: [{ __component: 'shared.quote', text: 'Hi', source: author.documentId }] } as never,
    });
    const [quote] = await strapi.db.query('shared.quote').findMany({ where: { text: 'Hi' } });
    const res = await admin.request('GET', `/content-manager/relations/shared.quote/${quote.id}/source`);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(
      res.body.results.map((r: Json) => r.documentId),
      [author.documentId],
    );
  },
);

defect(
  {
    id: 'refused-relations-request-is-a-500',
    says: 'a user without read permission on the field gets a 500 Internal Server Error instead of a 403',
    summary: 'The Content Manager relations endpoints answer 500 instead of 403 to a user who may not read the field',
  },
  async () => {
    const id = await articleWith('Forbidden', [await tag('Forbidden-a')]);
    // Reads the article's title only: not its tags.
    await adminUserWithRole(strapi, {
      email: 'no-tags@example.com',
      permissions: [
        { action: 'plugin::content-manager.explorer.read', subject: ARTICLE, properties: { fields: ['title'], locales: ['en'] } },
      ],
    });
    const session = await adminSession(strapi, 'no-tags@example.com', 'Claims-Role-User-1');
    const logged = strapi.log.error;
    strapi.log.error = (() => undefined) as unknown as typeof strapi.log.error; // the TypeError is logged as a server error
    try {
      for (const url of [
        `/content-manager/relations/${ARTICLE}/${id}/tags?locale=en`,
        `/content-manager/relations/${ARTICLE}/tags?locale=en`,
      ]) {
        const res = await session.request('GET', url);
        assert.equal(res.status, 500, url);
        assert.equal(res.body.error?.name, 'InternalServerError');
      }
    } finally {
      strapi.log.error = logged;
    }
    // The same user reading the article itself gets the field-filtered document.
    const doc = await session.request('GET', `${CT}/${ARTICLE}/${id}?locale=en`);
    assert.equal(doc.status, 200);
    assert.equal('tags' in doc.body.data, false);
  },
);
