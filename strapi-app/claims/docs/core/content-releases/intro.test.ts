/**
 * The release statuses, permissions and events of the introduction, run through the admin API
 * of a licensed instance (gold plan, default options: at most 3 pending releases), then the same
 * database booted without a license in a child process.
 */
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import type { Core } from '@strapi/strapi';
import {
  bootStrapi,
  claim,
  defect,
  editor,
  startStrapiProcess,
  stopStrapi,
  superAdminClient,
  waitFor,
  type AdminClient,
  releaseRow,
  releaseStatus,
  waitForReleaseStatus,
} from '../../../../harness';

const RELEASE = 'plugin::content-releases.release';
const ARTICLE = 'api::article.article';
let strapi: Core.Strapi | undefined;
let admin: AdminClient;

const app = () => {
  if (!strapi) throw new Error('the licensed instance is stopped');
  return strapi;
};
const row = (id: number) => releaseRow(app(), id);
const statusOf = (id: number) => releaseStatus(app(), id);
const waitStatus = (id: number, status: string) => waitForReleaseStatus(app(), id, status);

async function article(title: string | null) {
  return app().documents(ARTICLE).create({ data: { title }, locale: 'en' });
}

async function createRelease(name: string): Promise<number> {
  const res = await admin.post('/content-releases/', { name });
  assert.equal(res.status, 201, res.text);
  return res.body.data.id;
}

async function addAction(releaseId: number, documentId: string, type: 'publish' | 'unpublish' = 'publish') {
  const res = await admin.post(`/content-releases/${releaseId}/actions`, {
    type,
    contentType: ARTICLE,
    entryDocumentId: documentId,
    locale: 'en',
  });
  assert.equal(res.status, 201, res.text);
  return res.body.data as { id: number; isEntryValid: boolean };
}

/** Pending releases count against the limit of 3: each claim removes the ones it leaves. */
async function removePendingReleases() {
  const pending = await app()
    .db.query(RELEASE)
    .findMany({ where: { releasedAt: null } });
  for (const r of pending) assert.equal((await admin.del(`/content-releases/${r.id}`)).status, 200);
}

before(async () => {
  strapi = await bootStrapi({ ee: true, listen: true, name: 'releases-intro' });
  admin = await superAdminClient(strapi);
});
after(async () => {
  if (strapi) await stopStrapi(strapi);
});

claim({ id: 'new-release-empty', says: 'No action counted for the release. New releases start here.' }, async () => {
  const id = await createRelease('Fresh');
  assert.equal(await statusOf(id), 'empty');
  await removePendingReleases();
});

claim({ id: 'ready', says: 'At least one action, none with isEntryValid: false.' }, async () => {
  const id = await createRelease('All valid');
  await addAction(id, (await article('Valid one')).documentId);
  await addAction(id, (await article('Valid two')).documentId);
  assert.equal(await waitStatus(id, 'ready'), 'ready');
  await removePendingReleases();
});

claim({ id: 'blocked', says: 'At least one action with isEntryValid: false.' }, async () => {
  const id = await createRelease('One invalid');
  await addAction(id, (await article('Valid')).documentId);
  const invalid = await addAction(id, (await article(null)).documentId);
  assert.equal(invalid.isEntryValid, false);
  assert.equal(await waitStatus(id, 'blocked'), 'blocked');
  // An unpublish action needs no valid draft.
  const other = await createRelease('Unpublish only');
  const unpublish = await addAction(other, (await article(null)).documentId, 'unpublish');
  assert.equal(unpublish.isEntryValid, true);
  assert.equal(await waitStatus(other, 'ready'), 'ready');
  await removePendingReleases();
});

claim(
  {
    id: 'empty-publish-fails',
    says: 'Publishing a release with no actions is not refused up front: getFormattedActions throws No entries to publish inside the run, so the release is marked failed',
  },
  async () => {
    const id = await createRelease('Nothing in it');
    const res = await admin.post(`/content-releases/${id}/publish`);
    assert.equal(res.status, 400);
    assert.equal(res.body.error.message, 'No entries to publish');
    assert.equal(await statusOf(id), 'failed');
    assert.equal((await row(id)).releasedAt, null);
    await removePendingReleases();
  },
);

claim(
  {
    id: 'failed-refused-until-recomputed',
    says: 'publish refuses a release in this status with Release failed to publish until something calls updateReleaseStatus again.',
  },
  async () => {
    const id = await createRelease('Fails first');
    const draft = await article(null);
    await addAction(id, draft.documentId);
    await waitStatus(id, 'blocked');
    assert.equal((await admin.post(`/content-releases/${id}/publish`)).status, 400);
    assert.equal(await statusOf(id), 'failed');
    const again = await admin.post(`/content-releases/${id}/publish`);
    assert.equal(again.status, 400);
    assert.equal(again.body.error.message, 'Release failed to publish');
    // Editing the release recomputes the status; the fixed entry then publishes.
    await app()
      .documents(ARTICLE)
      .update({ documentId: draft.documentId, locale: 'en', data: { title: 'Fixed' } as never });
    await waitStatus(id, 'ready');
    const third = await admin.post(`/content-releases/${id}/publish`);
    assert.equal(third.status, 200, third.text);
    assert.equal(await statusOf(id), 'done');
  },
);

claim(
  {
    id: 'failed-goes-back',
    says: 'So a failed release goes back to ready, blocked or empty as soon as any of these happens.',
  },
  async () => {
    const id = await createRelease('Back from failed');
    const action = await addAction(id, (await article(null)).documentId);
    await waitStatus(id, 'blocked');
    await admin.post(`/content-releases/${id}/publish`);
    assert.equal(await statusOf(id), 'failed');
    // Editing the release itself.
    assert.equal((await admin.put(`/content-releases/${id}`, { name: 'Back from failed, renamed' })).status, 200);
    assert.equal(await waitStatus(id, 'blocked'), 'blocked');
    await admin.post(`/content-releases/${id}/publish`);
    assert.equal(await statusOf(id), 'failed');
    // Removing its only action.
    assert.equal((await admin.del(`/content-releases/${id}/actions/${action.id}`)).status, 200);
    assert.equal(await waitStatus(id, 'empty'), 'empty');
    await removePendingReleases();
  },
);

claim(
  {
    id: 'blocked-runs-like-any-other',
    says: 'The server runs a blocked release like any other; whether it ends done or failed depends on whether a document call throws, and a failed run keeps the documents it already handled',
  },
  async () => {
    // Blocked, and the run throws on the second document: the first one stays published.
    const id = await createRelease('Half done');
    const good = await article('Goes live');
    const bad = await article(null);
    await addAction(id, good.documentId);
    await addAction(id, bad.documentId);
    await waitStatus(id, 'blocked');
    assert.equal((await admin.post(`/content-releases/${id}/publish`)).status, 400);
    assert.equal(await statusOf(id), 'failed');
    assert.ok(await app().documents(ARTICLE).findOne({ documentId: good.documentId, locale: 'en', status: 'published' }));
    assert.equal(await app().documents(ARTICLE).findOne({ documentId: bad.documentId, locale: 'en', status: 'published' }), null);
    await removePendingReleases();

    // Blocked, but the draft was fixed behind the release's back (no Document Service update): done.
    const other = await createRelease('Blocked but fine');
    const fixedLater = await article(null);
    await addAction(other, fixedLater.documentId);
    await waitStatus(other, 'blocked');
    await app()
      .db.query(ARTICLE)
      .updateMany({ where: { documentId: fixedLater.documentId }, data: { title: 'Fixed in the table' } });
    assert.equal(await statusOf(other), 'blocked');
    assert.equal((await admin.post(`/content-releases/${other}/publish`)).status, 200);
    assert.equal(await statusOf(other), 'done');
  },
);

claim(
  {
    id: 'pending-only',
    says: "the server's name-uniqueness rule and the license limit only count pending releases",
  },
  async () => {
    const ids = [await createRelease('Spring'), await createRelease('Summer'), await createRelease('Autumn')];
    const fourth = await admin.post('/content-releases/', { name: 'Winter' });
    assert.equal(fourth.status, 400);
    assert.equal(fourth.body.error.message, 'You have reached the maximum number of pending releases');
    const duplicate = await admin.put(`/content-releases/${ids[1]}`, { name: 'Spring' });
    assert.equal(duplicate.body.error.message, 'Release with name Spring already exists');
    // Spring runs: it no longer counts, and its name is free again.
    await addAction(ids[0], (await article('Spring article')).documentId);
    await waitStatus(ids[0], 'ready');
    assert.equal((await admin.post(`/content-releases/${ids[0]}/publish`)).status, 200);
    const again = await admin.post('/content-releases/', { name: 'Spring' });
    assert.equal(again.status, 201, again.text);
    await removePendingReleases();
  },
);

claim(
  {
    id: 'actions-registered',
    says: 'register passes the ACTIONS list of constants.ts to the admin permission action provider',
  },
  async () => {
    const actions = app()
      .service('admin::permission')
      .actionProvider.values()
      .filter((a: { pluginName?: string }) => a.pluginName === 'content-releases')
      .map((a: { actionId: string }) => a.actionId)
      .sort();
    assert.deepEqual(
      actions,
      ['create', 'create-action', 'delete', 'delete-action', 'publish', 'read', 'settings.read', 'settings.update', 'update'].map(
        (a) => `plugin::content-releases.${a}`,
      ),
    );
  },
);

claim(
  {
    id: 'route-policies',
    says: 'Every admin route of the plugin uses the admin::isAuthenticatedAdmin policy and, except the homepage widget route, admin::hasPermissions with one of these actions',
  },
  async () => {
    const routers = Object.values(
      app().plugin('content-releases').routes as Record<string, { prefix?: string; routes: Array<{ method: string; path: string }> }>,
    );
    const routes = routers.flatMap((r) =>
      r.routes.map((route) => ({ method: route.method, path: `${r.prefix ?? ''}${route.path}`.replace(/:[a-zA-Z]+/g, '1') })),
    );
    assert.equal(routes.length, 16);
    const nobody = await editor(app(), 'no-permissions@example.com', []);
    const base = `http://127.0.0.1:${app().config.get('server.port')}`;
    for (const { method, path } of routes) {
      const anonymous = await fetch(`${base}${path}`, { method });
      assert.equal(anonymous.status, 401, `${method} ${path} without a token`);
      const res = await nobody.request(method, path, method === 'GET' || method === 'DELETE' ? undefined : {});
      const expected = path === '/content-releases/homepage/upcoming-releases' ? 200 : 403;
      assert.equal(res.status, expected, `${method} ${path} with no permission: ${res.text}`);
    }
  },
);

claim(
  {
    id: 'webhook-event',
    says: 'which publish emits on strapi.eventHub with isPublished, release and error',
  },
  async () => {
    assert.equal(app().get('webhookStore').allowedEvents.get('RELEASES_PUBLISH'), 'releases.publish');
    const payloads: Array<Record<string, unknown>> = [];
    const off = app().eventHub.on('releases.publish', async (payload: Record<string, unknown>) => void payloads.push(payload));
    const id = await createRelease('Webhook');
    await addAction(id, (await article('Webhook article')).documentId);
    await waitStatus(id, 'ready');
    await admin.post(`/content-releases/${id}/publish`);
    off();
    assert.equal(payloads.length, 1);
    assert.deepEqual(Object.keys(payloads[0]).sort(), ['error', 'isPublished', 'release']);
    assert.equal(payloads[0].isPublished, true);
    assert.equal((payloads[0].release as { id: number }).id, id);
  },
);

claim(
  {
    id: 'audit-transformers',
    says: 'so creating a release through the admin API stores a release.create row with the release as its resource',
  },
  async () => {
    const id = await createRelease('Audited');
    const rows = await waitFor(
      () =>
        app()
          .db.query('admin::audit-log')
          .findMany({ where: { action: 'release.create' } }),
      (r) => r.some((x: { payload: { resource?: { id?: number } } }) => x.payload.resource?.id === id),
      'the release.create audit row',
    );
    const created = rows.find((x: { payload: { resource?: { id?: number } } }) => x.payload.resource?.id === id);
    assert.deepEqual(created.payload.resource, { type: 'release', id, name: 'Audited' });
    await removePendingReleases();
  },
);

defect(
  {
    id: 'delete-rewrites-done-release',
    says: 'deleting an entry that was in a done release rewrites that release to empty (or ready) while releasedAt stays set',
    summary:
      'Deleting a document recomputes the status of every release that holds it, done ones included: a done release becomes `empty` or `ready` with its `releasedAt` kept',
  },
  async () => {
    const id = await createRelease('Shipped');
    const doc = await article('Shipped article');
    await addAction(id, doc.documentId);
    await waitStatus(id, 'ready');
    assert.equal((await admin.post(`/content-releases/${id}/publish`)).status, 200);
    const shipped = await row(id);
    assert.equal(shipped.status, 'done');
    await app().documents(ARTICLE).delete({ documentId: doc.documentId, locale: 'en' });
    const after = await waitFor(
      () => row(id),
      (r) => r.status !== 'done',
      'the done release to be recomputed',
    );
    assert.equal(after.status, 'empty');
    assert.equal(new Date(after.releasedAt).getTime(), new Date(shipped.releasedAt).getTime());
  },
);

claim(
  {
    id: 'without-license',
    says: 'so the strapi_releases and strapi_release_actions tables stay in the schema and no data is lost while the license is missing',
  },
  async () => {
    const names = (
      await app()
        .db.query(RELEASE)
        .findMany({ orderBy: { id: 'asc' } })
    ).map((r: { name: string }) => r.name);
    const actionCount = await app().db.query('plugin::content-releases.release-action').count();
    assert.ok(names.length > 0 && actionCount > 0);
    await stopStrapi(app());
    strapi = undefined;
    const child = await startStrapiProcess({
      name: 'releases-intro',
      keepDatabase: true,
      ee: false,
      setup: 'strapi-app/claims/docs/core/content-releases/intro.child.ts',
    });
    try {
      const seen = child.data as {
        isEE: boolean;
        loaded: boolean;
        services: string[];
        controllers: string[];
        contentTypes: string[];
        routes: string[];
        tableRows: { releases: number; actions: number };
        releases: string[];
      };
      assert.equal(seen.isEE, false);
      assert.equal(seen.loaded, true, 'Strapi loads the plugin whatever the license');
      assert.deepEqual(seen.services, []);
      assert.deepEqual(seen.controllers, []);
      assert.deepEqual(seen.routes, []);
      assert.deepEqual(seen.contentTypes.sort(), ['release', 'release-action']);
      assert.deepEqual(seen.tableRows, { releases: names.length, actions: actionCount });
      assert.deepEqual(seen.releases, names);
    } finally {
      await child.stop();
    }
  },
);
