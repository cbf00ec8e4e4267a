/**
 * The server side of the Content Manager's release controls: the endpoints the edit view calls,
 * with the bodies and permissions the page describes, on a licensed instance.
 */
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import type { Core } from '@strapi/strapi';
import {
  baseUrl,
  bootStrapi,
  claim,
  codeBlock,
  editor,
  runExample,
  stopStrapi,
  superAdminClient,
  waitFor,
  type AdminClient,
} from '../../../../harness';

const ARTICLE = 'api::article.article';
let strapi: Core.Strapi;
let admin: AdminClient;

async function createRelease(name: string): Promise<number> {
  const res = await admin.post('/content-releases/', { name });
  assert.equal(res.status, 201, res.text);
  return res.body.data.id;
}

async function removePendingReleases() {
  const pending = await strapi.db.query('plugin::content-releases.release').findMany({ where: { releasedAt: null } });
  for (const r of pending) assert.equal((await admin.del(`/content-releases/${r.id}`)).status, 200);
}

before(async () => {
  strapi = await bootStrapi({ ee: true, listen: true, name: 'cm-releases' });
  admin = await superAdminClient(strapi);
});
after(async () => {
  await stopStrapi(strapi);
});

claim(
  {
    id: 'attached-needs-read-and-pending',
    says: 'On the server, GET /content-releases/getByDocumentAttached requires plugin::content-releases.read (route policy admin::hasPermissions), and findByDocumentAttached only returns releases whose releasedAt is null.',
  },
  async () => {
    const doc = await strapi.documents(ARTICLE).create({ data: { title: 'In two releases' } as never, locale: 'en' });
    const shipped = await createRelease('Shipped');
    const pending = await createRelease('Pending');
    for (const id of [shipped, pending]) {
      const res = await admin.post(`/content-releases/${id}/actions`, {
        type: 'publish',
        contentType: ARTICLE,
        entryDocumentId: doc.documentId,
        locale: 'en',
      });
      assert.equal(res.status, 201, res.text);
    }
    await waitFor(
      () => strapi.db.query('plugin::content-releases.release').findOne({ where: { id: shipped } }),
      (r) => r.status === 'ready',
      'ready',
    );
    assert.equal((await admin.post(`/content-releases/${shipped}/publish`)).status, 200);
    const path = `/content-releases/getByDocumentAttached?contentType=${ARTICLE}&entryDocumentId=${doc.documentId}&locale=en&hasEntryAttached=true`;
    const found = await admin.get(path);
    assert.deepEqual(
      found.body.data.map((r: { id: number }) => r.id),
      [pending],
    );
    const without = await editor(strapi, 'cm-no-read@example.com', [{ action: 'plugin::content-releases.create-action' }]);
    assert.equal((await without.get(path)).status, 403);
    const reader = await editor(strapi, 'cm-reader@example.com', [{ action: 'plugin::content-releases.read' }]);
    assert.equal((await reader.get(path)).status, 200);
    await removePendingReleases();
  },
);

claim(
  {
    id: 'single-type-id-filled-in',
    says: 'For a single type, the server looks up its document and fills the id in, both in findByDocumentAttached and when creating the action',
  },
  async () => {
    const home = await strapi.documents('api::homepage.homepage').create({ data: { headline: 'Home' } as never, locale: 'en' });
    const id = await createRelease('Homepage');
    const before = await admin.get(
      '/content-releases/getByDocumentAttached?contentType=api::homepage.homepage&locale=en&hasEntryAttached=false',
    );
    assert.deepEqual(
      before.body.data.map((r: { id: number }) => r.id),
      [id],
    );
    const created = await admin.post(`/content-releases/${id}/actions`, {
      type: 'publish',
      contentType: 'api::homepage.homepage',
      locale: 'en',
    });
    assert.equal(created.status, 201, created.text);
    assert.equal(created.body.data.entryDocumentId, home.documentId);
    const attached = await admin.get(
      '/content-releases/getByDocumentAttached?contentType=api::homepage.homepage&locale=en&hasEntryAttached=true',
    );
    assert.deepEqual(
      attached.body.data.map((r: { id: number }) => r.id),
      [id],
    );
    await removePendingReleases();
  },
);

claim(
  {
    id: 'one-locale',
    says: 'a release action targets one locale of the document, the same cell of the draft & publish matrix the editor is looking at',
  },
  async () => {
    const doc = await strapi.documents(ARTICLE).create({ data: { title: 'English' } as never, locale: 'en' });
    await strapi.documents(ARTICLE).update({ documentId: doc.documentId, locale: 'fr', data: { title: 'Français' } as never });
    const id = await createRelease('French only');
    const res = await admin.post(`/content-releases/${id}/actions`, {
      type: 'publish',
      contentType: ARTICLE,
      entryDocumentId: doc.documentId,
      locale: 'fr',
    });
    assert.equal(res.status, 201, res.text);
    await waitFor(
      () => strapi.db.query('plugin::content-releases.release').findOne({ where: { id } }),
      (r) => r.status === 'ready',
      'ready',
    );
    assert.equal((await admin.post(`/content-releases/${id}/publish`)).status, 200);
    assert.ok(await strapi.documents(ARTICLE).findOne({ documentId: doc.documentId, locale: 'fr', status: 'published' }));
    assert.equal(await strapi.documents(ARTICLE).findOne({ documentId: doc.documentId, locale: 'en', status: 'published' }), null);
  },
);

claim(
  {
    id: 'remove-from-release',
    says: 'Removing calls deleteReleaseAction → DELETE /content-releases/:releaseId/actions/:actionId.',
  },
  async () => {
    const doc = await strapi.documents(ARTICLE).create({ data: { title: 'Removed' } as never, locale: 'en' });
    const id = await createRelease('Removal');
    const action = (
      await admin.post(`/content-releases/${id}/actions`, {
        type: 'publish',
        contentType: ARTICLE,
        entryDocumentId: doc.documentId,
        locale: 'en',
      })
    ).body.data;
    const reader = await editor(strapi, 'cm-reader-only@example.com', [{ action: 'plugin::content-releases.read' }]);
    assert.equal((await reader.del(`/content-releases/${id}/actions/${action.id}`)).status, 403);
    const remover = await editor(strapi, 'cm-remover@example.com', [{ action: 'plugin::content-releases.delete-action' }]);
    const removed = await remover.del(`/content-releases/${id}/actions/${action.id}`);
    assert.equal(removed.status, 200, removed.text);
    assert.equal(await strapi.db.query('plugin::content-releases.release-action').count({ where: { release: id } }), 0);
    await removePendingReleases();
  },
);

claim(
  {
    id: 'no-draft-and-publish',
    says: 'and the server refuses their actions (Content type with uid ... does not have draftAndPublish enabled)',
  },
  async () => {
    const author = await strapi.documents('api::author.author').create({ data: { name: 'No D&P' } as never });
    const id = await createRelease('Authors');
    const res = await admin.post(`/content-releases/${id}/actions`, {
      type: 'publish',
      contentType: 'api::author.author',
      entryDocumentId: author.documentId,
    });
    assert.equal(res.status, 400);
    assert.equal(res.body.error.message, 'Content type with uid api::author.author does not have draftAndPublish enabled');
    await removePendingReleases();
  },
);

claim(
  {
    id: 'script-sends-what-the-modal-sends',
    says: 'Admin routes of plugins are served under the plugin name on the admin server, and need an admin JWT',
  },
  async () => {
    const { addToRelease } = runExample<{
      addToRelease: (jwt: string, releaseId: string, documentId: string, locale?: string) => Promise<{ data: { id: number } }>;
    }>(codeBlock({ title: 'scripts/add-to-release.ts' }), { filename: 'scripts/add-to-release.ts' });
    const doc = await strapi.documents(ARTICLE).create({ data: { title: 'Scripted' } as never, locale: 'en' });
    const id = await createRelease('Scripted');
    // The example talks to http://localhost:1337; this instance listens on a free port.
    const realFetch = globalThis.fetch;
    globalThis.fetch = ((input: string | URL | Request, init?: RequestInit) =>
      realFetch(String(input).replace('http://localhost:1337', baseUrl(strapi)), init)) as typeof fetch;
    try {
      const added = await addToRelease(admin.token, String(id), doc.documentId);
      const stored = await strapi.db
        .query('plugin::content-releases.release-action')
        .findOne({ where: { id: added.data.id }, populate: ['release'] });
      assert.equal(stored.release.id, id);
      assert.equal(stored.entryDocumentId, doc.documentId);
      await assert.rejects(
        addToRelease(admin.token, String(id), doc.documentId),
        /Release is not pending or already contains this document/,
      );
      await assert.rejects(addToRelease('not-a-jwt', String(id), doc.documentId));
    } finally {
      globalThis.fetch = realFetch;
    }
    const anonymous = await fetch(`${baseUrl(strapi)}/content-releases/getByDocumentAttached?contentType=${ARTICLE}`);
    assert.equal(anonymous.status, 401);
    await removePendingReleases();
  },
);
