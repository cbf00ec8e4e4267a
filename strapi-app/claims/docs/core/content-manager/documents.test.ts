import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import type { Core } from '@strapi/strapi';
import { bootStrapi, claim, defect, stopStrapi, superAdmin } from '../../../../harness';

const ARTICLE = 'api::article.article';
const CT = '/content-manager/collection-types';
let strapi: Core.Strapi;
let base = '';
let adminToken = '';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- CM responses are free-form JSON

async function login(email: string, password: string) {
  const res = await fetch(`${base}/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  assert.equal(res.status, 200, `login of ${email}`);
  return ((await res.json()) as Json).data.token as string;
}

/** A Content Manager request with an admin access token, as the admin panel sends it. */
async function cm(method: string, url: string, body?: unknown, token = adminToken) {
  const res = await fetch(base + url, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as Json };
}

/** The rows of one document, as the database holds them. */
async function rows(documentId: string, uid: string = ARTICLE) {
  return (await strapi.db.query(uid as typeof ARTICLE).findMany({ where: { documentId }, orderBy: { id: 'asc' } })) as Json[];
}
const row = async (documentId: string, locale: string, published: boolean) =>
  (await rows(documentId)).find((r) => r.locale === locale && (r.publishedAt !== null) === published);

/** Creates an English draft through the CM and returns its documentId. */
async function createArticle(title: string, extra: Json = {}) {
  const res = await cm('POST', `${CT}/${ARTICLE}?locale=en`, { title, ...extra });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body.data.documentId as string;
}
const publish = (documentId: string, locale = 'en', body: Json = {}, token?: string) =>
  cm('POST', `${CT}/${ARTICLE}/${documentId}/actions/publish?locale=${locale}`, body, token);
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

before(async () => {
  strapi = await bootStrapi({ name: 'cm-documents', listen: true });
  base = `http://127.0.0.1:${strapi.config.get('server.port')}`;
  await superAdmin(strapi);
  adminToken = await login('claims@example.com', 'Claims-Runner-1');
  await strapi.plugin('i18n').service('locales').create({ code: 'fr', name: 'French' });
  await strapi.plugin('i18n').service('locales').create({ code: 'de', name: 'German' });
});
after(async () => {
  await stopStrapi(strapi);
});

claim(
  {
    id: 'document-is-rows',
    says: 'A document is every database row that shares one documentId, with one row per locale and per status (draft or published).',
  },
  async () => {
    const id = await createArticle('Rows');
    await publish(id);
    assert.equal((await cm('PUT', `${CT}/${ARTICLE}/${id}?locale=fr`, { title: 'Lignes' })).status, 200);
    const all = await rows(id);
    assert.deepEqual(all.map((r) => [r.locale, r.publishedAt === null ? 'draft' : 'published']).sort(), [
      ['en', 'draft'],
      ['en', 'published'],
      ['fr', 'draft'],
    ]);
  },
);

claim(
  { id: 'locale-axis', says: 'One axis is the locale (only null/default when i18n is off for the content type), the other is the status.' },
  async () => {
    const tag = await cm('POST', `${CT}/api::tag.tag?locale=fr`, { name: 'no-i18n' });
    assert.equal(tag.status, 201);
    const tagRows = await rows(tag.body.data.documentId, 'api::tag.tag');
    assert.deepEqual(
      tagRows.map((r) => r.locale),
      [null],
    );
  },
);

claim(
  { id: 'same-document-id-own-ids', says: 'All rows of the grid carry the same documentId; each row keeps its own numeric id.' },
  async () => {
    const id = await createArticle('Grid');
    await publish(id);
    await cm('PUT', `${CT}/${ARTICLE}/${id}?locale=fr`, { title: 'Grille' });
    const all = await rows(id);
    assert.equal(all.length, 3);
    assert.ok(
      all.every((r) => r.documentId === id),
      'one documentId',
    );
    assert.equal(new Set(all.map((r) => r.id)).size, 3);
  },
);

claim(
  {
    id: 'status-rules',
    says: "otherwise modified if the draft's updatedAt is strictly later than the published row's, else published.",
  },
  async () => {
    const id = await createArticle('Status');
    const read = async (query = '') => (await cm('GET', `${CT}/${ARTICLE}/${id}?locale=en${query}`)).body.data.status;
    assert.equal(await read(), 'draft');
    await publish(id);
    assert.equal(await read(), 'published');
    assert.equal(await read('&status=published'), 'published');
    await wait(5);
    await cm('PUT', `${CT}/${ARTICLE}/${id}?locale=en`, { title: 'Status, edited' });
    assert.equal(await read(), 'modified');
    // The two branches a request does not reach: no draft row at all, and equal dates.
    const metadata = strapi.plugin('content-manager').service('document-metadata');
    const at = '2024-06-01T00:00:00.000Z';
    assert.equal(metadata.getStatus({ id: 1, documentId: 'd', publishedAt: at, updatedAt: at }, []), 'published');
    assert.equal(
      metadata.getStatus({ id: 1, documentId: 'd', publishedAt: null, updatedAt: at }, [
        { id: 2, documentId: 'd', publishedAt: at, updatedAt: at },
      ]),
      'published',
    );
  },
);

claim({ id: 'no-status-without-dnp', says: 'Content types without draft and publish get no status at all.' }, async () => {
  const created = await cm('POST', `${CT}/api::author.author`, { name: 'Ada' });
  assert.equal(created.status, 201);
  assert.equal('status' in created.body.data, false);
  const read = await cm('GET', `${CT}/api::author.author/${created.body.data.documentId}`);
  assert.equal('status' in read.body.data, false);
  assert.deepEqual(read.body.meta, { availableLocales: [], availableStatus: [] });
});

claim(
  {
    id: 'available-status',
    says: 'the other row of the same locale, if it exists, reduced to its ids, locale, dates and createdBy / updatedBy',
  },
  async () => {
    const id = await createArticle('Available status');
    assert.deepEqual((await cm('GET', `${CT}/${ARTICLE}/${id}?locale=en`)).body.meta.availableStatus, []);
    await publish(id);
    const [other] = (await cm('GET', `${CT}/${ARTICLE}/${id}?locale=en`)).body.meta.availableStatus;
    assert.deepEqual(Object.keys(other).sort(), [
      'createdAt',
      'createdBy',
      'documentId',
      'id',
      'locale',
      'publishedAt',
      'updatedAt',
      'updatedBy',
    ]);
    assert.equal(other.id, (await row(id, 'en', true))?.id);
    assert.deepEqual(Object.keys(other.createdBy).sort(), ['email', 'firstname', 'id', 'isActive', 'lastname', 'username']);
  },
);

defect(
  {
    id: 'available-status-has-no-status',
    says: 'so availableStatus entries never carry a status',
    summary:
      'The Content Manager lists `status` among the fields of `meta.availableStatus`, but nothing computes it, so the entries never carry one',
  },
  async () => {
    const id = await createArticle('No status');
    await publish(id);
    await wait(5);
    await cm('PUT', `${CT}/${ARTICLE}/${id}?locale=en`, { title: 'No status, edited' });
    // Both code paths: a localized type (all versions loaded) and a non-localized one (one query).
    for (const [uid, documentId] of [
      [ARTICLE, id],
      ['api::tag.tag', (await cm('POST', `${CT}/api::tag.tag`, { name: 'status-less' })).body.data.documentId],
    ]) {
      if (uid !== ARTICLE) await cm('POST', `${CT}/${uid}/${documentId}/actions/publish`, {});
      const { body } = await cm('GET', `${CT}/${uid}/${documentId}${uid === ARTICLE ? '?locale=en' : ''}`);
      assert.equal(body.meta.availableStatus.length, 1, uid);
      assert.equal('status' in body.meta.availableStatus[0], false, uid);
    }
  },
);

claim(
  {
    id: 'available-locales',
    says: 'for every other locale, its draft row with its own computed status (or the single row when draft and publish is off)',
  },
  async () => {
    // French first, then English (the default locale), then a German read.
    const fr = await cm('POST', `${CT}/${ARTICLE}?locale=fr`, { title: 'Bonjour', views: 7 });
    const id = fr.body.data.documentId as string;
    await cm('PUT', `${CT}/${ARTICLE}/${id}?locale=en`, { title: 'Hello' });
    await publish(id, 'en');
    const { body } = await cm('GET', `${CT}/${ARTICLE}/${id}?locale=de`);
    assert.deepEqual(body.data, {});
    const locales = body.meta.availableLocales as Json[];
    // The default locale moves to index 0; each entry is a draft row with its own status.
    assert.deepEqual(
      locales.map((l) => [l.locale, l.publishedAt, l.status]),
      [
        ['en', null, 'published'],
        ['fr', null, 'draft'],
      ],
    );
    // A non-localized scalar field comes along for the admin to copy.
    assert.equal(locales[1].views, 7);
    // Without draft and publish, the single row of each locale (the service, on the author type).
    const metadata = strapi.plugin('content-manager').service('document-metadata');
    const versions = [
      { id: 1, documentId: 'd', locale: 'en', publishedAt: '2024-06-01T00:00:00.000Z' },
      { id: 2, documentId: 'd', locale: 'fr', publishedAt: '2024-06-01T00:00:00.000Z' },
    ];
    assert.deepEqual(await metadata.getAvailableLocales('api::author.author', versions[1], versions), [versions[0]]);
  },
);

claim(
  { id: 'cm-writes-the-draft', says: "The CM always writes to the draft row (document-manager.update forces status: 'draft')." },
  async () => {
    const id = await createArticle('Draft only');
    await publish(id);
    await cm('PUT', `${CT}/${ARTICLE}/${id}?locale=en`, { title: 'Draft only, edited' });
    assert.equal((await row(id, 'en', false))?.title, 'Draft only, edited');
    assert.equal((await row(id, 'en', true))?.title, 'Draft only');
    // Asking the service for the published version changes nothing.
    await strapi
      .plugin('content-manager')
      .service('document-manager')
      .update(id, ARTICLE, { locale: 'en', status: 'published', data: { title: 'Forced' } });
    assert.equal((await row(id, 'en', false))?.title, 'Forced');
    assert.equal((await row(id, 'en', true))?.title, 'Draft only');
  },
);

claim(
  {
    id: 'publish-discard-unpublish',
    says: 'unpublishing deletes the published row, and with discardDraft: true in the body the controller first discards the draft, both inside one transaction',
  },
  async () => {
    const id = await createArticle('Matrix');
    await publish(id);
    const firstPublished = (await row(id, 'en', true))!.id;
    await wait(5);
    await cm('PUT', `${CT}/${ARTICLE}/${id}?locale=en`, { title: 'Matrix v2' });
    // Publishing copies the draft into a new published row.
    await publish(id);
    const published = (await row(id, 'en', true))!;
    assert.notEqual(published.id, firstPublished);
    assert.equal(published.title, 'Matrix v2');
    // Discarding copies the published row into a new draft.
    await cm('PUT', `${CT}/${ARTICLE}/${id}?locale=en`, { title: 'Matrix v3' });
    const draftBefore = (await row(id, 'en', false))!.id;
    assert.equal((await cm('POST', `${CT}/${ARTICLE}/${id}/actions/discard?locale=en`, {})).status, 200);
    const draft = (await row(id, 'en', false))!;
    assert.notEqual(draft.id, draftBefore);
    assert.equal(draft.title, 'Matrix v2');

    // Unpublish with discardDraft: if the unpublish fails, the discard is rolled back with it.
    await cm('PUT', `${CT}/${ARTICLE}/${id}?locale=en`, { title: 'Matrix v4' });
    const failing = strapi.db.lifecycles.subscribe({
      models: [ARTICLE],
      beforeDelete(event) {
        if (event.params.where?.id === published.id) throw new Error('unpublish refused');
      },
    });
    const refused = await cm('POST', `${CT}/${ARTICLE}/${id}/actions/unpublish?locale=en`, { discardDraft: true });
    assert.equal(refused.status, 500);
    assert.equal((await row(id, 'en', false))?.title, 'Matrix v4');
    (failing as unknown as () => void)();
    // Without the failure: the draft is reset, then the published row is gone.
    const done = await cm('POST', `${CT}/${ARTICLE}/${id}/actions/unpublish?locale=en`, { discardDraft: true });
    assert.equal(done.status, 200);
    assert.equal(await row(id, 'en', true), undefined);
    assert.equal((await row(id, 'en', false))?.title, 'Matrix v2');
  },
);

claim(
  {
    id: 'default-status',
    says: 'status stays undefined when the type has draft and publish (the document service then reads the draft) and becomes published when it does not',
  },
  async () => {
    const id = await createArticle('Which row');
    await publish(id);
    await cm('PUT', `${CT}/${ARTICLE}/${id}?locale=en`, { title: 'Which row, draft' });
    assert.equal((await cm('GET', `${CT}/${ARTICLE}/${id}?locale=en`)).body.data.title, 'Which row, draft');
    // The author type has no draft and publish: its single row is read as published.
    const author = await cm('POST', `${CT}/api::author.author`, { name: 'Grace' });
    const authorRows = await rows(author.body.data.documentId, 'api::author.author');
    assert.equal(authorRows.length, 1);
    assert.notEqual(authorRows[0].publishedAt, null);
    assert.equal((await cm('GET', `${CT}/api::author.author/${author.body.data.documentId}`)).body.data.name, 'Grace');
  },
);

claim(
  {
    id: 'missing-document-or-locale',
    says: 'If the document exists but not in the requested locale, the response is { data: {}, meta } with only availableLocales computed, so the UI can offer to create that locale.',
  },
  async () => {
    assert.equal((await cm('GET', `${CT}/${ARTICLE}/not-a-document?locale=en`)).status, 404);
    const id = await createArticle('English only');
    await publish(id);
    const res = await cm('GET', `${CT}/${ARTICLE}/${id}?locale=fr`);
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.data, {});
    assert.deepEqual(
      res.body.meta.availableLocales.map((l: Json) => l.locale),
      ['en'],
    );
    assert.deepEqual(res.body.meta.availableStatus, []);
  },
);

claim(
  {
    id: 'single-type-route',
    says: 'For single types there is no documentId in the URL: the route is /content-manager/single-types/:model',
  },
  async () => {
    const url = '/content-manager/single-types/api::homepage.homepage';
    assert.equal((await cm('GET', `${url}?locale=en`)).status, 404);
    assert.equal((await cm('PUT', `${url}?locale=en`, { headline: 'Welcome' })).status, 200);
    const read = await cm('GET', `${url}?locale=en`);
    assert.equal(read.status, 200);
    assert.equal(read.body.data.headline, 'Welcome');
  },
);

claim({ id: 'locale-from-query-to-body', says: 'Delete reads locale from the query.' }, async () => {
  // POST with the locale in the query: the middleware moves it to the body.
  const created = await cm('POST', `${CT}/${ARTICLE}?locale=fr`, { title: 'En français' });
  const id = created.body.data.documentId as string;
  assert.equal(created.body.data.locale, 'fr');
  await cm('PUT', `${CT}/${ARTICLE}/${id}?locale=en`, { title: 'In English' });
  assert.equal((await cm('POST', `${CT}/${ARTICLE}?locale=xx`, { title: 'Nowhere' })).body.error?.message, "This locale doesn't exist");
  // Delete reads it from the query: only the French row goes.
  assert.equal((await cm('DELETE', `${CT}/${ARTICLE}/${id}?locale=fr`)).status, 200);
  assert.deepEqual(
    (await rows(id)).map((r) => r.locale),
    ['en'],
  );
});

claim({ id: 'create-row-is-draft', says: "New draft row, always status: 'draft'" }, async () => {
  const res = await cm('POST', `${CT}/${ARTICLE}?locale=en`, { title: 'Born published?', publishedAt: '2024-06-01T00:00:00.000Z' });
  assert.equal(res.status, 201);
  assert.deepEqual(
    (await rows(res.body.data.documentId)).map((r) => r.publishedAt),
    [null],
  );
});

claim(
  { id: 'update-strips-published-at-and-id', says: 'Writes the draft row; publishedAt and id are stripped from the body' },
  async () => {
    const id = await createArticle('Strip');
    const before = (await row(id, 'en', false))!;
    const res = await cm('PUT', `${CT}/${ARTICLE}/${id}?locale=en`, {
      title: 'Strip, edited',
      id: before.id + 1000,
      publishedAt: '2024-06-01T00:00:00.000Z',
    });
    assert.equal(res.status, 200);
    const after = await rows(id);
    assert.deepEqual(
      after.map((r) => [r.id, r.publishedAt, r.title]),
      [[before.id, null, 'Strip, edited']],
    );
  },
);

claim(
  {
    id: 'publish-saves-body-if-allowed',
    says: 'In one transaction: the body is saved to the draft (if the user may update), then the draft is published',
  },
  async () => {
    // As the super admin: the body lands in the draft, then is published.
    const id = await createArticle('Publish with body');
    await publish(id, 'en', { title: 'Published from the body' });
    assert.equal((await row(id, 'en', true))?.title, 'Published from the body');
    // A role that may read and publish, not update: the body is ignored, the current draft is published.
    const roles = strapi.service('admin::role');
    const role = await roles.create({ name: 'Publisher', description: 'read and publish' });
    const fields = ['title', 'slug', 'body', 'views', 'cover', 'gallery', 'author', 'tags', 'related', 'seo', 'blocks'];
    await roles.assignPermissions(
      role.id,
      ['read', 'publish'].map((action) => ({
        action: `plugin::content-manager.explorer.${action}`,
        subject: ARTICLE,
        properties: action === 'read' ? { fields, locales: ['en'] } : { locales: ['en'] },
        conditions: [],
      })),
    );
    await strapi.service('admin::user').create({
      email: 'publisher@example.com',
      firstname: 'Pub',
      lastname: 'Lisher',
      password: 'Publisher-Pass-1',
      isActive: true,
      roles: [role.id],
    });
    const token = await login('publisher@example.com', 'Publisher-Pass-1');
    const other = await createArticle('Current draft');
    const res = await publish(other, 'en', { title: 'Ignored body' }, token);
    assert.equal(res.status, 200);
    assert.equal((await row(other, 'en', true))?.title, 'Current draft');
    assert.equal((await row(other, 'en', false))?.title, 'Current draft');
    assert.equal((await cm('PUT', `${CT}/${ARTICLE}/${other}?locale=en`, { title: 'x' }, token)).status, 403);
  },
);

claim({ id: 'publish-without-id-creates', says: 'POST /collection-types/:model/actions/publish creates the document first' }, async () => {
  const res = await cm('POST', `${CT}/${ARTICLE}/actions/publish?locale=en`, { title: 'Created and published' });
  assert.equal(res.status, 200);
  const all = await rows(res.body.data.documentId);
  assert.deepEqual(all.map((r) => r.publishedAt === null).sort(), [false, true]);
});

claim({ id: 'unpublish-row', says: 'Published row removed' }, async () => {
  const id = await createArticle('Unpublish me');
  await publish(id);
  assert.equal((await cm('POST', `${CT}/${ARTICLE}/${id}/actions/unpublish?locale=en`, {})).status, 200);
  assert.deepEqual(
    (await rows(id)).map((r) => r.publishedAt),
    [null],
  );
});

claim({ id: 'discard-row', says: 'Draft reset to the published content' }, async () => {
  const id = await createArticle('Discard me');
  await publish(id);
  await cm('PUT', `${CT}/${ARTICLE}/${id}?locale=en`, { title: 'Discard me, edited', views: 9 });
  await cm('POST', `${CT}/${ARTICLE}/${id}/actions/discard?locale=en`, {});
  const draft = (await row(id, 'en', false))!;
  assert.deepEqual([draft.title, draft.views], ['Discard me', 0]);
});

claim({ id: 'delete-row', says: 'Rows of the locale(s) removed' }, async () => {
  const id = await createArticle('Delete me');
  await publish(id);
  await cm('PUT', `${CT}/${ARTICLE}/${id}?locale=fr`, { title: 'Supprimez-moi' });
  assert.equal((await cm('DELETE', `${CT}/${ARTICLE}/${id}?locale=en`)).status, 200);
  assert.deepEqual(
    (await rows(id)).map((r) => r.locale),
    ['fr'],
  );
  await cm('PUT', `${CT}/${ARTICLE}/${id}?locale=en`, { title: 'Back' });
  assert.equal((await cm('DELETE', `${CT}/${ARTICLE}/${id}?locale=*`)).status, 200);
  assert.deepEqual(await rows(id), []);
});

claim({ id: 'clone-row', says: "New document built from the source's draft rows (id and documentId removed from the body)" }, async () => {
  const id = await createArticle('Source', { views: 4 });
  const res = await cm('POST', `${CT}/${ARTICLE}/clone/${id}?locale=en`, { title: 'Copy', id: 1, documentId: id });
  assert.equal(res.status, 200);
  const copy = res.body.data;
  assert.notEqual(copy.documentId, id);
  const copyRows = await rows(copy.documentId);
  assert.deepEqual(
    copyRows.map((r) => [r.title, r.views, r.publishedAt]),
    [['Copy', 4, null]],
  );
  assert.equal((await rows(id)).length, 1);
});

claim({ id: 'bulk-in-one-transaction', says: 'Runs per document, each bulk call inside one strapi.db.transaction' }, async () => {
  const valid = await createArticle('Bulk valid');
  // A draft without its required title, written under the Document Service's validation.
  const invalid = await strapi.db
    .query(ARTICLE)
    .create({ data: { documentId: 'bulkinvalid00000000000000', locale: 'en', publishedAt: null } });
  const res = await cm('POST', `${CT}/${ARTICLE}/actions/bulkPublish`, { documentIds: [valid, invalid.documentId], locale: 'en' });
  assert.equal(res.status, 400);
  assert.equal(await row(valid, 'en', true), undefined);
  const ok = await cm('POST', `${CT}/${ARTICLE}/actions/bulkPublish`, { documentIds: [valid], locale: 'en' });
  assert.deepEqual(ok.body, { count: 1 });
  assert.ok(await row(valid, 'en', true), 'published');
});

claim(
  {
    id: 'deep-populate-by-default',
    says: 'so the response contains components in full and each relation as its count',
  },
  async () => {
    const manager = strapi.plugin('content-manager').service('document-manager');
    const author = await strapi.documents('api::author.author').create({ data: { name: 'Linus' } });
    const created = await manager.create(ARTICLE, {
      locale: 'en',
      data: { title: 'Deep', author: author.documentId, seo: { metaTitle: 'Deep' } } as never,
    });
    // Components in full, each relation as its count.
    assert.deepEqual(created.author, { count: 1 });
    assert.deepEqual(created.tags, { count: 0 });
    assert.equal(created.seo?.metaTitle, 'Deep');
    const published = await manager.publish(created.documentId, ARTICLE, { locale: 'en' });
    assert.deepEqual(published[0].author, { count: 1 });
    const unpublished = await manager.unpublish(created.documentId, ARTICLE, { locale: 'en' });
    assert.equal(unpublished.seo?.metaTitle, 'Deep');
    // Bulk publish passes populate: {} and returns a count, not documents.
    assert.equal(await manager.publishMany(ARTICLE, [created.documentId], 'en'), 1);
    // Delete passes no populate and returns an empty object.
    assert.deepEqual(await manager.delete(created.documentId, ARTICLE, { locale: 'en' }), {});
    assert.deepEqual(await rows(created.documentId), []);
  },
);

claim(
  {
    id: 'entries-shapes',
    says: 'document-manager returns entries.at(0) for unpublish, discard and clone, and the whole entries array for publish',
  },
  async () => {
    const manager = strapi.plugin('content-manager').service('document-manager');
    const id = await createArticle('Shapes');
    const published = await manager.publish(id, ARTICLE, { locale: 'en' });
    assert.ok(Array.isArray(published), 'publish returns an array');
    await cm('PUT', `${CT}/${ARTICLE}/${id}?locale=en`, { title: 'Shapes 2' });
    const discarded = await manager.discardDraft(id, ARTICLE, { locale: 'en' });
    assert.equal(Array.isArray(discarded), false);
    assert.equal(discarded.documentId, id);
    const cloned = await manager.clone(id, { title: 'Shapes copy' }, ARTICLE);
    assert.equal(Array.isArray(cloned), false);
    assert.equal(cloned.title, 'Shapes copy');
    const unpublished = await manager.unpublish(id, ARTICLE, { locale: 'en' });
    assert.equal(Array.isArray(unpublished), false);
    assert.equal(unpublished.documentId, id);
  },
);

claim({ id: 'status-published-param', says: "To show published content, pass params: { status: 'published' }" }, async () => {
  const id = await createArticle('Public text');
  await publish(id);
  await cm('PUT', `${CT}/${ARTICLE}/${id}?locale=en`, { title: 'Private text' });
  assert.equal((await cm('GET', `${CT}/${ARTICLE}/${id}?locale=en&status=published`)).body.data.title, 'Public text');
  assert.equal((await cm('GET', `${CT}/${ARTICLE}/${id}?locale=en&status=archived`)).status, 400);
});
