/**
 * The server half of content releases, run through the admin API of a licensed instance (gold
 * plan with its default options: at most 3 pending releases, so each claim removes the pending
 * releases it leaves). The last defect reboots the same database with a stricter schema.
 */
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import type { Core } from '@strapi/strapi';
import {
  appVariant,
  bootStrapi,
  claim,
  codeBlock,
  defect,
  editor,
  runExample,
  stopStrapi,
  superAdmin,
  superAdminClient,
  waitFor,
  type AdminClient,
  releaseRow,
  releaseStatus,
  waitForReleaseStatus,
} from '../../../../harness';

const ACTION = 'plugin::content-releases.release-action';
const RELEASE = 'plugin::content-releases.release';
const ARTICLE = 'api::article.article';
let strapi: Core.Strapi | undefined;
let admin: AdminClient;

const app = () => {
  if (!strapi) throw new Error('no instance');
  return strapi;
};
const row = (id: number) => releaseRow(app(), id);
const statusOf = (id: number) => releaseStatus(app(), id);
const waitStatus = (id: number, status: string) => waitForReleaseStatus(app(), id, status);

async function article(title: string | null, locale = 'en') {
  return app().documents(ARTICLE).create({ data: { title }, locale });
}

async function createRelease(name: string): Promise<number> {
  const res = await admin.post('/content-releases/', { name });
  assert.equal(res.status, 201, res.text);
  return res.body.data.id;
}

async function addAction(releaseId: number, documentId: string, type: 'publish' | 'unpublish' = 'publish', locale = 'en') {
  const res = await admin.post(`/content-releases/${releaseId}/actions`, {
    type,
    contentType: ARTICLE,
    entryDocumentId: documentId,
    locale,
  });
  assert.equal(res.status, 201, res.text);
  return res.body.data as { id: number; isEntryValid: boolean };
}

async function publishRelease(id: number) {
  await waitFor(
    () => statusOf(id),
    (s) => s !== 'empty',
    `release ${id} to have its status`,
  );
  const res = await admin.post(`/content-releases/${id}/publish`);
  assert.equal(res.status, 200, res.text);
  return res.body;
}

async function removePendingReleases() {
  const pending = await app()
    .db.query(RELEASE)
    .findMany({ where: { releasedAt: null } });
  for (const r of pending) assert.equal((await admin.del(`/content-releases/${r.id}`)).status, 200);
}

/** The content types whose published rows are created (publish) or deleted (unpublish), in order. */
function recordPublishOrder(uids: string[]) {
  const order: string[] = [];
  app().db.lifecycles.subscribe({
    models: uids,
    afterCreate(event: { model: { uid: string }; result?: { publishedAt?: unknown } }) {
      if (event.result?.publishedAt) order.push(`publish ${event.model.uid}`);
    },
    afterDelete(event: { model: { uid: string }; result?: { publishedAt?: unknown } }) {
      if (event.result?.publishedAt) order.push(`unpublish ${event.model.uid}`);
    },
  } as never);
  return order;
}

before(async () => {
  strapi = await bootStrapi({ name: 'releases-backend', ee: true, listen: true });
  admin = await superAdminClient(strapi);
});
after(async () => {
  if (strapi) await stopStrapi(strapi);
});

claim(
  {
    id: 'hidden-models',
    says: 'Both models set draftAndPublish: false and hide themselves from the Content Manager and the Content-Type Builder through pluginOptions (visible: false).',
  },
  async () => {
    for (const uid of [RELEASE, ACTION]) {
      assert.equal(app().contentType(uid as never).options?.draftAndPublish, false);
      const ctb = await admin.get(`/content-type-builder/content-types/${uid}`);
      assert.equal(ctb.status, 404, `${uid} in the Content-Type Builder`);
    }
    const cm = await admin.get('/content-manager/content-types');
    const listed = cm.body.data.filter((ct: { uid: string; isDisplayed: boolean }) => ct.uid.startsWith('plugin::content-releases.'));
    assert.ok(
      listed.every((ct: { isDisplayed: boolean }) => ct.isDisplayed === false),
      JSON.stringify(listed),
    );
  },
);

claim({ id: 'route-prefix', says: 'so every path below starts with /content-releases on the admin API' }, async () => {
  const routers = Object.values(
    app().plugin('content-releases').routes as Record<string, { prefix?: string; routes: Array<{ path: string }> }>,
  );
  assert.ok(routers.every((r) => r.prefix === '/content-releases'));
  assert.equal((await admin.get('/content-releases/settings')).status, 200);
  assert.equal((await admin.get('/admin/content-releases/settings')).status, 404);
});

claim(
  {
    id: 'action-type-needs-update',
    says: 'Changing the type of an action needs the release update permission, not create-action.',
  },
  async () => {
    const id = await createRelease('Permissions');
    const action = await addAction(id, (await article('Typed')).documentId);
    const adder = await editor(app(), 'adder@example.com', [
      { action: 'plugin::content-releases.read' },
      { action: 'plugin::content-releases.create-action' },
    ]);
    const updater = await editor(app(), 'updater@example.com', [{ action: 'plugin::content-releases.update' }]);
    assert.equal((await adder.put(`/content-releases/${id}/actions/${action.id}`, { type: 'unpublish' })).status, 403);
    const changed = await updater.put(`/content-releases/${id}/actions/${action.id}`, { type: 'unpublish' });
    assert.equal(changed.status, 200, changed.text);
    assert.equal(changed.body.data.type, 'unpublish');
    await removePendingReleases();
  },
);

claim(
  {
    id: 'release-schema',
    says: 'scheduledAt a nullable string, timezone required when scheduledAt is set, no unknown keys',
  },
  async () => {
    const spaced = await admin.post('/content-releases/', { name: '  Spring  ' });
    assert.equal(spaced.status, 400);
    assert.equal(spaced.body.error.message, 'name must be a trimmed string');
    const unknown = await admin.post('/content-releases/', { name: 'Extra', status: 'done' });
    assert.equal(unknown.status, 400);
    assert.match(unknown.body.error.message, /unspecified keys: status/);
    const noZone = await admin.post('/content-releases/', { name: 'Dated', scheduledAt: '2031-01-01T00:00:00.000Z' });
    assert.equal(noZone.status, 400);
    assert.equal(noZone.body.error.message, 'timezone is a required field');
    const nullDate = await admin.post('/content-releases/', { name: 'Undated', scheduledAt: null });
    assert.equal(nullDate.status, 201, nullDate.text);
    await removePendingReleases();
  },
);

claim(
  {
    id: 'find-page-pending-count',
    says: 'and adds meta.pendingReleasesCount, the number of releases with releasedAt: null, next to meta.pagination',
  },
  async () => {
    const shipped = await createRelease('Shipped');
    await addAction(shipped, (await article('Shipped article')).documentId);
    await addAction(shipped, (await article('Second shipped article')).documentId);
    await publishRelease(shipped);
    await createRelease('Pending');
    const res = await admin.get('/content-releases/?page=1&pageSize=50');
    const pending = await app()
      .db.query(RELEASE)
      .count({ where: { releasedAt: null } });
    assert.equal(res.body.meta.pendingReleasesCount, pending);
    assert.ok(res.body.meta.pagination.total > pending);
    const item = res.body.data.find((r: { id: number }) => r.id === shipped);
    assert.deepEqual(item.actions, { meta: { count: 2 } });
    await removePendingReleases();
  },
);

claim({ id: 'find-one-not-found', says: 'a missing release is a NotFoundError (Release not found for id: <id>)' }, async () => {
  const missing = await admin.get('/content-releases/987654');
  assert.equal(missing.status, 404);
  assert.equal(missing.body.error.message, 'Release not found for id: 987654');
  const id = await createRelease('Created by');
  const found = await admin.get(`/content-releases/${id}`);
  assert.equal(found.body.data.createdBy.email, 'claims@example.com');
  assert.equal(found.body.data.createdBy.password, undefined);
  assert.deepEqual(found.body.data.actions, { meta: { count: 0 } });
  await removePendingReleases();
});

claim(
  {
    id: 'find-by-document-attached',
    says: "findByDocumentAttached returns the pending releases that contain the given entry when hasEntryAttached is 'true', otherwise the pending releases that do not contain it.",
  },
  async () => {
    const doc = await article('Attached');
    const withIt = await createRelease('With it');
    const without = await createRelease('Without it');
    await addAction(withIt, doc.documentId);
    const query = (attached: string) =>
      admin.get(
        `/content-releases/getByDocumentAttached?contentType=${ARTICLE}&entryDocumentId=${doc.documentId}&locale=en&hasEntryAttached=${attached}`,
      );
    assert.deepEqual(
      (await query('true')).body.data.map((r: { id: number }) => r.id),
      [withIt],
    );
    assert.deepEqual(
      (await query('false')).body.data.map((r: { id: number }) => r.id),
      [without],
    );
    await removePendingReleases();
  },
);

claim({ id: 'single-type-lookup', says: 'For a single type it looks the document id up itself.' }, async () => {
  await app()
    .documents('api::homepage.homepage')
    .create({ data: { headline: 'Welcome' }, locale: 'en' });
  const id = await createRelease('Homepage');
  const added = await admin.post(`/content-releases/${id}/actions`, {
    type: 'publish',
    contentType: 'api::homepage.homepage',
    locale: 'en',
  });
  assert.equal(added.status, 201, added.text);
  const res = await admin.get('/content-releases/getByDocumentAttached?contentType=api::homepage.homepage&locale=en&hasEntryAttached=true');
  assert.deepEqual(
    res.body.data.map((r: { id: number }) => r.id),
    [id],
  );
  await removePendingReleases();
});

claim(
  {
    id: 'map-entries',
    says: 'mapEntriesToReleases needs contentTypeUid and documentIds (otherwise Missing required query parameters)',
  },
  async () => {
    const missing = await admin.get(`/content-releases/mapEntriesToReleases?contentTypeUid=${ARTICLE}`);
    assert.equal(missing.status, 400);
    assert.equal(missing.body.error.message, 'Missing required query parameters');
    const a = await article('Mapped A');
    const b = await article('Mapped B');
    const r1 = await createRelease('Map one');
    const r2 = await createRelease('Map two');
    await addAction(r1, a.documentId);
    await addAction(r2, a.documentId);
    await addAction(r2, b.documentId);
    const res = await admin.get(
      `/content-releases/mapEntriesToReleases?contentTypeUid=${ARTICLE}&documentIds[0]=${a.documentId}&documentIds[1]=${b.documentId}&locale=en`,
    );
    assert.deepEqual(res.body.data, {
      [a.documentId]: [
        { id: r1, name: 'Map one' },
        { id: r2, name: 'Map two' },
      ],
      [b.documentId]: [{ id: r2, name: 'Map two' }],
    });
    await removePendingReleases();
  },
);

claim(
  {
    id: 'group-by',
    says: 'by content type display name, by type, or by locale name (No locale when there is none)',
  },
  async () => {
    const id = await createRelease('Grouped');
    await addAction(id, (await article('Grouped article')).documentId);
    const tag = await app()
      .documents('api::tag.tag')
      .create({ data: { name: 'grouped' } });
    await admin.post(`/content-releases/${id}/actions`, {
      type: 'unpublish',
      contentType: 'api::tag.tag',
      entryDocumentId: tag.documentId,
    });
    const byLocale = await admin.get(`/content-releases/${id}/actions?groupBy=locale`);
    assert.deepEqual(Object.keys(byLocale.body.data).sort(), ['English (en)', 'No locale']);
    const byType = await admin.get(`/content-releases/${id}/actions?groupBy=action`);
    assert.deepEqual(Object.keys(byType.body.data).sort(), ['publish', 'unpublish']);
    const byContentType = await admin.get(`/content-releases/${id}/actions?groupBy=contentType`);
    assert.deepEqual(Object.keys(byContentType.body.data).sort(), ['Article', 'Tag']);
    assert.equal(byContentType.body.meta.contentTypes[ARTICLE].hasReviewWorkflow, false);
    assert.equal((await admin.get(`/content-releases/${id}/actions?groupBy=author`)).status, 400);
    await removePendingReleases();
  },
);

claim(
  {
    id: 'create-many',
    says: 'turns AlreadyOnReleaseError into null (skipped entry), recomputes the status once if anything was added, and answers 201 with meta.entriesAlreadyInRelease and meta.totalEntries',
  },
  async () => {
    const id = await createRelease('Bulk');
    const a = await article('Bulk A');
    const b = await article('Bulk B');
    await addAction(id, a.documentId);
    const res = await admin.post(`/content-releases/${id}/actions/bulk`, [
      { type: 'publish', contentType: ARTICLE, entryDocumentId: a.documentId, locale: 'en' },
      { type: 'publish', contentType: ARTICLE, entryDocumentId: b.documentId, locale: 'en' },
    ]);
    assert.equal(res.status, 201, res.text);
    assert.equal(res.body.data.length, 1);
    assert.deepEqual(res.body.meta, { entriesAlreadyInRelease: 1, totalEntries: 2 });
    assert.equal(await waitStatus(id, 'ready'), 'ready');
    await removePendingReleases();
  },
);

claim(
  {
    id: 'publish-response',
    says: 'publish answers with the released row and meta.totalEntries, meta.totalPublishedEntries, meta.totalUnpublishedEntries.',
  },
  async () => {
    const live = await article('Goes away');
    await app().documents(ARTICLE).publish({ documentId: live.documentId, locale: 'en' });
    const id = await createRelease('Counted');
    await addAction(id, (await article('Comes in')).documentId);
    await addAction(id, (await article('Comes in too')).documentId);
    await addAction(id, live.documentId, 'unpublish');
    const body = await publishRelease(id);
    assert.equal(body.data.id, id);
    assert.equal(body.data.status, 'done');
    assert.ok(body.data.releasedAt);
    assert.deepEqual(body.meta, { totalEntries: 3, totalPublishedEntries: 2, totalUnpublishedEntries: 1 });
  },
);

claim({ id: 'update-no-limit', says: 'It does not check the pending-release limit.' }, async () => {
  const ids = [await createRelease('One'), await createRelease('Two'), await createRelease('Three')];
  assert.equal((await admin.post('/content-releases/', { name: 'Four' })).status, 400);
  const renamed = await admin.put(`/content-releases/${ids[2]}`, { name: 'Three, renamed' });
  assert.equal(renamed.status, 200, renamed.text);
  await removePendingReleases();
});

claim(
  {
    id: 'delete-refusals',
    says: 'throws NotFoundError or Release already published (a done release cannot be deleted)',
  },
  async () => {
    const id = await createRelease('Done, kept');
    await addAction(id, (await article('Kept article')).documentId);
    await publishRelease(id);
    const refused = await admin.del(`/content-releases/${id}`);
    assert.equal(refused.status, 400);
    assert.equal(refused.body.error.message, 'Release already published');
    assert.ok(await row(id));
    const missing = await admin.del('/content-releases/987654');
    assert.equal(missing.status, 404);
    assert.equal(missing.body.error.message, 'No release found for id 987654');
  },
);

claim(
  {
    id: 'action-create',
    says: 'throws if the release is missing or already released, and stores isEntryValid: for a publish action the result of getDraftEntryValidStatus, for an unpublish action true',
  },
  async () => {
    const done = await createRelease('Closed');
    await addAction(done, (await article('Closed article')).documentId);
    await publishRelease(done);
    const late = await admin.post(`/content-releases/${done}/actions`, {
      type: 'publish',
      contentType: ARTICLE,
      entryDocumentId: (await article('Too late')).documentId,
      locale: 'en',
    });
    assert.equal(late.status, 400);
    assert.equal(late.body.error.message, 'Release already published');
    const missing = await admin.post('/content-releases/987654/actions', {
      type: 'publish',
      contentType: ARTICLE,
      entryDocumentId: 'x',
      locale: 'en',
    });
    assert.equal(missing.status, 404);
    const id = await createRelease('Validity');
    const untitled = await article(null);
    assert.equal((await addAction(id, untitled.documentId, 'publish')).isEntryValid, false);
    const other = await createRelease('Validity, unpublish');
    assert.equal((await addAction(other, untitled.documentId, 'unpublish')).isEntryValid, true);
    await removePendingReleases();
  },
);

claim(
  {
    id: 'entry-status',
    says: 'published when the entry has publishedAt, modified when the draft is newer than the published version, draft otherwise',
  },
  async () => {
    const never = await article('Never published');
    const changed = await article('Published then changed');
    await app().documents(ARTICLE).publish({ documentId: changed.documentId, locale: 'en' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    await app()
      .documents(ARTICLE)
      .update({ documentId: changed.documentId, locale: 'en', data: { body: 'later edit' } as never });
    const live = await article('Live');
    await app().documents(ARTICLE).publish({ documentId: live.documentId, locale: 'en' });
    const id = await createRelease('Statuses');
    await addAction(id, never.documentId);
    await addAction(id, changed.documentId);
    await addAction(id, live.documentId, 'unpublish');
    const res = await admin.get(`/content-releases/${id}/actions?groupBy=action`);
    const all = [...res.body.data.publish, ...res.body.data.unpublish];
    const statusOfDoc = (documentId: string) => all.find((a: { entryDocumentId: string }) => a.entryDocumentId === documentId).status;
    assert.equal(statusOfDoc(never.documentId), 'draft');
    assert.equal(statusOfDoc(changed.documentId), 'modified');
    assert.equal(statusOfDoc(live.documentId), 'published');
    await removePendingReleases();
  },
);

claim(
  {
    id: 'update-action-pending-only',
    says: 'only matches actions of a pending release (Action with id ... not found in release with id ... or it is already published)',
  },
  async () => {
    const id = await createRelease('Frozen');
    const action = await addAction(id, (await article('Frozen article')).documentId);
    await publishRelease(id);
    const res = await admin.put(`/content-releases/${id}/actions/${action.id}`, { type: 'unpublish' });
    assert.equal(res.status, 404);
    assert.equal(res.body.error.message, `Action with id ${action.id} not found in release with id ${id} or it is already published`);
    const removed = await admin.del(`/content-releases/${id}/actions/${action.id}`);
    assert.equal(removed.status, 404);
  },
);

claim(
  {
    id: 'pending-limit-default',
    says: 'when the number of releases with releasedAt null reaches the license feature option maximumReleases (3 when the option is absent)',
  },
  async () => {
    assert.equal((app().ee.features.get('cms-content-releases') as { options?: unknown }).options, undefined);
    await createRelease('First');
    await createRelease('Second');
    await createRelease('Third');
    const fourth = await admin.post('/content-releases/', { name: 'Fourth' });
    assert.equal(fourth.status, 400);
    assert.equal(fourth.body.error.message, 'You have reached the maximum number of pending releases');
    await removePendingReleases();
  },
);

claim(
  {
    id: 'entry-data-checks',
    says: 'No content type found for uid ..., Content type with uid ... does not have draftAndPublish enabled, Document id is required for collection type',
  },
  async () => {
    const id = await createRelease('Checks');
    const unknown = await admin.post(`/content-releases/${id}/actions`, {
      type: 'publish',
      contentType: 'api::nope.nope',
      entryDocumentId: 'x',
    });
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.error.message, 'No content type found for uid api::nope.nope');
    const author = await app()
      .documents('api::author.author')
      .create({ data: { name: 'Ann' } });
    const noDp = await admin.post(`/content-releases/${id}/actions`, {
      type: 'publish',
      contentType: 'api::author.author',
      entryDocumentId: author.documentId,
    });
    assert.equal(noDp.status, 400);
    assert.equal(noDp.body.error.message, 'Content type with uid api::author.author does not have draftAndPublish enabled');
    const noId = await admin.post(`/content-releases/${id}/actions`, { type: 'publish', contentType: ARTICLE, locale: 'en' });
    assert.equal(noId.status, 400);
    assert.equal(noId.body.error.message, 'Document id is required for collection type');
    await removePendingReleases();
  },
);

claim(
  {
    id: 'already-on-release',
    says: 'AlreadyOnReleaseError when the same document (and locale, if given) is already in the release',
  },
  async () => {
    const id = await createRelease('Twice');
    const doc = await article('Twice');
    await app()
      .documents(ARTICLE)
      .update({ documentId: doc.documentId, locale: 'fr', data: { title: 'Deux fois' } as never });
    await addAction(id, doc.documentId);
    const again = await admin.post(`/content-releases/${id}/actions`, {
      type: 'unpublish',
      contentType: ARTICLE,
      entryDocumentId: doc.documentId,
      locale: 'en',
    });
    assert.equal(again.status, 400);
    assert.equal(again.body.error.name, 'AlreadyOnReleaseError');
    assert.equal(
      again.body.error.message,
      `Entry with documentId ${doc.documentId}( en) and contentType ${ARTICLE} already exists in release with id ${id}`,
    );
    await addAction(id, doc.documentId, 'publish', 'fr');
    await removePendingReleases();
  },
);

claim(
  {
    id: 'pre-flight',
    says: 'Pre-flight checks throw without touching the status: No release found for id, Release already published, Release failed to publish.',
  },
  async () => {
    const missing = await admin.post('/content-releases/987654/publish');
    assert.equal(missing.status, 404);
    assert.equal(missing.body.error.message, 'No release found for id 987654');
    const id = await createRelease('Once');
    await addAction(id, (await article('Once')).documentId);
    await publishRelease(id);
    const again = await admin.post(`/content-releases/${id}/publish`);
    assert.equal(again.status, 400);
    assert.equal(again.body.error.message, 'Release already published');
    assert.equal(await statusOf(id), 'done');
  },
);

claim(
  {
    id: 'publish-order',
    says: 'getPublishOrderForContentTypes sorts the content types so that a content type is published after the Draft and Publish content types of the release that it relates to',
  },
  async () => {
    const order = recordPublishOrder(['api::homepage.homepage', ARTICLE, 'api::tag.tag']);
    const featured = await article('Featured');
    const home = await app().documents('api::homepage.homepage').findFirst({ locale: 'en' });
    assert.ok(home, 'the homepage document of an earlier claim');
    await app()
      .documents('api::homepage.homepage')
      .update({ documentId: home.documentId, locale: 'en', data: { headline: 'Ordered', featured: featured.documentId } as never });
    const id = await createRelease('Ordered');
    assert.equal(
      (await admin.post(`/content-releases/${id}/actions`, { type: 'publish', contentType: 'api::homepage.homepage', locale: 'en' }))
        .status,
      201,
    );
    await addAction(id, featured.documentId);
    order.length = 0;
    await publishRelease(id);
    // The homepage relates to articles: its action came first, the article is published first.
    assert.deepEqual(order, [`publish ${ARTICLE}`, 'publish api::homepage.homepage']);
  },
);

claim(
  {
    id: 'publish-order-both-ways',
    says: 'When two content types relate to each other (a relation with an inverse side counts in both directions), the one whose action comes first is published last',
  },
  async () => {
    const order = recordPublishOrder([ARTICLE, 'api::tag.tag']);
    for (const [first, expected] of [
      ['tag', [`publish ${ARTICLE}`, 'publish api::tag.tag']],
      ['article', ['publish api::tag.tag', `publish ${ARTICLE}`]],
    ] as const) {
      const tag = await app()
        .documents('api::tag.tag')
        .create({ data: { name: `both ways ${first}` } });
      const doc = await app()
        .documents(ARTICLE)
        .create({ data: { title: `Both ways ${first}`, tags: [tag.documentId] }, locale: 'en' });
      const id = await createRelease(`Both ways ${first}`);
      const addTag = () =>
        admin.post(`/content-releases/${id}/actions`, { type: 'publish', contentType: 'api::tag.tag', entryDocumentId: tag.documentId });
      if (first === 'tag') await addTag();
      await addAction(id, doc.documentId);
      if (first === 'article') await addTag();
      order.length = 0;
      await publishRelease(id);
      assert.deepEqual(order, expected, `actions with the ${first} first`);
      const published = await app()
        .documents(ARTICLE)
        .findOne({ documentId: doc.documentId, locale: 'en', status: 'published', populate: ['tags'] });
      assert.deepEqual(
        published?.tags?.map((t: { name: string }) => t.name),
        [`both ways ${first}`],
        'the published article keeps its tag either way',
      );
    }
  },
);

claim(
  {
    id: 'publish-then-unpublish',
    says: 'the publish actions run one by one (strapi.documents(uid).publish({ documentId, locale })), then the unpublish actions',
  },
  async () => {
    const live = await article('Leaves');
    await app().documents(ARTICLE).publish({ documentId: live.documentId, locale: 'en' });
    const incoming = await article('Arrives');
    const order = recordPublishOrder([ARTICLE]);
    const id = await createRelease('Swap');
    await addAction(id, live.documentId, 'unpublish');
    await addAction(id, incoming.documentId, 'publish');
    order.length = 0;
    await publishRelease(id);
    assert.deepEqual(order, [`publish ${ARTICLE}`, `unpublish ${ARTICLE}`]);
  },
);

claim(
  {
    id: 'failure-path',
    says: "After the transaction it emits the release.trigger audit event with outcome: 'failure' and rethrows the error.",
  },
  async () => {
    const events: Array<{ isPublished: boolean; error?: Error }> = [];
    const off = app().eventHub.on(
      'releases.publish',
      async (payload: { isPublished: boolean; error?: Error }) => void events.push(payload),
    );
    const id = await createRelease('Breaks');
    await addAction(id, (await article(null)).documentId);
    await waitStatus(id, 'blocked');
    const res = await admin.post(`/content-releases/${id}/publish`);
    off();
    assert.equal(res.status, 400);
    assert.equal(await statusOf(id), 'failed');
    assert.equal(events.length, 1);
    assert.equal(events[0].isPublished, false);
    assert.equal(events[0].error?.name, 'ValidationError');
    const audit = await waitFor(
      async () =>
        (
          await app()
            .db.query('admin::audit-log')
            .findMany({ where: { action: 'release.trigger' } })
        ).find((r: { payload: { resource?: { id?: number } } }) => r.payload.resource?.id === id),
      Boolean,
      'the failure audit row',
    );
    assert.equal(audit.payload.outcome, 'failure');
    assert.deepEqual(audit.payload.details, { reason: 'ValidationError' });
    await removePendingReleases();
  },
);

claim(
  {
    id: 'webhook-allowed',
    says: 'The releases.publish event is allowed for webhooks in bootstrap through webhookStore.addAllowedEvent.',
  },
  async () => {
    const ok = await admin.post('/admin/webhooks', {
      name: 'Releases',
      url: 'https://hooks.example.com/releases',
      headers: {},
      events: ['releases.publish'],
    });
    assert.equal(ok.status, 201, ok.text);
    const refused = await admin.post('/admin/webhooks', {
      name: 'Unknown',
      url: 'https://hooks.example.com/x',
      headers: {},
      events: ['releases.schedule'],
    });
    assert.equal(refused.status, 400);
  },
);

claim(
  {
    id: 'delete-actions-on-delete',
    says: "deleteActionsOnDelete runs after a delete and removes the actions of that document (all locales when locale is '*').",
  },
  async () => {
    const doc = await article('Bilingual');
    await app()
      .documents(ARTICLE)
      .update({ documentId: doc.documentId, locale: 'fr', data: { title: 'Bilingue' } as never });
    const id = await createRelease('Both locales');
    await addAction(id, doc.documentId, 'publish', 'en');
    await addAction(id, doc.documentId, 'publish', 'fr');
    await app().documents(ARTICLE).delete({ documentId: doc.documentId, locale: 'fr' });
    const left = await waitFor(
      () =>
        app()
          .db.query(ACTION)
          .findMany({ where: { entryDocumentId: doc.documentId } }),
      (a) => a.length === 1,
      'the fr action to go',
    );
    assert.equal(left[0].locale, 'en');
    await app().documents(ARTICLE).delete({ documentId: doc.documentId, locale: '*' });
    await waitFor(
      () =>
        app()
          .db.query(ACTION)
          .count({ where: { entryDocumentId: doc.documentId } }),
      (n) => n === 0,
      'every action of the document to go',
    );
    assert.equal(await waitStatus(id, 'empty'), 'empty');
    await removePendingReleases();
  },
);

claim(
  {
    id: 'update-revalidates',
    says: 'it re-validates the returned entry with isEntryValid, writes the result to every action for that document and locale',
  },
  async () => {
    const doc = await article(null);
    const id = await createRelease('Revalidated');
    const action = await addAction(id, doc.documentId);
    await waitStatus(id, 'blocked');
    await app()
      .documents(ARTICLE)
      .update({ documentId: doc.documentId, locale: 'en', data: { title: 'Now valid' } as never });
    await waitStatus(id, 'ready');
    assert.equal(
      (
        await app()
          .db.query(ACTION)
          .findOne({ where: { id: action.id } })
      ).isEntryValid,
      true,
    );
    await removePendingReleases();
  },
);

claim(
  {
    id: 'all-routes-authenticated',
    says: 'All routes run the admin::isAuthenticatedAdmin policy',
  },
  async () => {
    const routers = Object.values(
      app().plugin('content-releases').routes as Record<string, { prefix?: string; routes: Array<{ method: string; path: string }> }>,
    );
    const routes = routers.flatMap((r) =>
      r.routes.map((route) => ({ method: route.method, path: `${r.prefix ?? ''}${route.path}`.replace(/:[a-zA-Z]+/g, '1') })),
    );
    assert.equal(routes.length, 16);
    for (const { method, path } of routes) {
      const res = await fetch(`http://127.0.0.1:${app().config.get('server.port')}${path}`, { method });
      assert.equal(res.status, 401, `${method} ${path}`);
    }
  },
);

claim({ id: 'homepage-route-no-action', says: 'none (authenticated admin only)' }, async () => {
  const nobody = await editor(app(), 'homepage-widget@example.com', []);
  const res = await nobody.get('/content-releases/homepage/upcoming-releases');
  assert.equal(res.status, 200, res.text);
  assert.equal((await nobody.get('/content-releases/')).status, 403);
});

claim(
  {
    id: 'actions-meta',
    says: 'meta carries pagination, the contentTypes schemas (with hasReviewWorkflow and stageRequiredToPublish) and all components',
  },
  async () => {
    const id = await createRelease('Meta');
    await addAction(id, (await article('Meta article')).documentId);
    const res = await admin.get(`/content-releases/${id}/actions`);
    assert.deepEqual(Object.keys(res.body.meta).sort(), ['components', 'contentTypes', 'pagination']);
    assert.deepEqual(Object.keys(res.body.meta.components).sort(), Object.keys(app().components).sort());
    assert.deepEqual(Object.keys(res.body.meta.contentTypes), [ARTICLE]);
    assert.equal(res.body.meta.contentTypes[ARTICLE].hasReviewWorkflow, false);
    assert.equal(res.body.meta.contentTypes[ARTICLE].uid, ARTICLE);
    assert.deepEqual(Object.keys(res.body.meta.pagination).sort(), ['page', 'pageCount', 'pageSize', 'total']);
    await removePendingReleases();
  },
);

claim(
  {
    id: 'unique-name-pending-only',
    says: 'Release with name <name> already exists (only pending releases count)',
  },
  async () => {
    const shipped = await createRelease('Reused name');
    await addAction(shipped, (await article('Reused name article')).documentId);
    await publishRelease(shipped);
    await createRelease('Reused name');
    const twice = await admin.post('/content-releases/', { name: 'Reused name' });
    assert.equal(twice.status, 400);
    assert.equal(twice.body.error.message, 'Release with name Reused name already exists');
    await removePendingReleases();
  },
);

claim(
  {
    id: 'validate-by-content-types',
    says: 'validateActionsByContentTypes(uids) recomputes isEntryValid of every publish action of pending releases for those content types, then the status of each affected release.',
  },
  async () => {
    const first = await createRelease('Staged one');
    const second = await createRelease('Staged two');
    await addAction(first, (await article('Staged A')).documentId);
    await addAction(second, (await article('Staged B')).documentId);
    await addAction(second, (await article('Staged C')).documentId, 'unpublish');
    await waitStatus(first, 'ready');
    await waitStatus(second, 'ready');
    // A workflow that requires its last stage: the review-workflows service calls it for the article type.
    const workflows = app().plugin('review-workflows').service('workflows');
    const created = await workflows.create({
      data: {
        name: 'Gate',
        stages: [{ name: 'Draft' }, { name: 'Approved' }],
        contentTypes: [ARTICLE],
        stageRequiredToPublishName: 'Approved',
      },
    });
    const actions = await app()
      .db.query(ACTION)
      .findMany({ where: { release: { id: { $in: [first, second] } } } });
    assert.deepEqual(actions.map((a: { type: string; isEntryValid: boolean }) => `${a.type}:${a.isEntryValid}`).sort(), [
      'publish:false',
      'publish:false',
      'unpublish:true',
    ]);
    assert.equal(await statusOf(first), 'blocked');
    assert.equal(await statusOf(second), 'blocked');
    await workflows.delete(created, {});
    await removePendingReleases();
  },
);

claim(
  {
    id: 'queue-campaign-example',
    says: 'the one awaited updateReleaseStatus at the end leaves the release ready (or blocked) by the time the function returns',
  },
  async () => {
    // The page's example, run as written on this instance (the homepage document exists from an earlier claim).
    const { queueCampaign } = runExample<{ queueCampaign: (s: Core.Strapi, id: number, ids: string[]) => Promise<void> }>(
      codeBlock({ title: 'src/api/campaign/services/campaign.ts' }),
      { filename: 'src/api/campaign/services/campaign.ts' },
    );
    const id = await createRelease('Campaign');
    const docs = [await article('Campaign one'), await article('Campaign two')];
    await queueCampaign(
      app(),
      id,
      docs.map((d) => d.documentId),
    );
    assert.equal(await statusOf(id), 'ready', 'the status is computed when the function returns');
    const actions = await app()
      .db.query(ACTION)
      .findMany({ where: { release: id } });
    assert.deepEqual(actions.map((a: { contentType: string }) => a.contentType).sort(), [
      'api::article.article',
      'api::article.article',
      'api::homepage.homepage',
    ]);
    await removePendingReleases();
  },
);

defect(
  {
    id: 'unpublish-action-invalidated',
    says: 'so an unpublish action becomes invalid, and its release blocked, when the draft of a published entry is saved with a missing required field',
    summary:
      "`updateActionsOnUpdate` writes the draft's validity to unpublish actions too, which `create` and `validateActionsByContentTypes` always treat as valid: a release that only unpublishes can become `blocked`",
  },
  async () => {
    const doc = await article('Live, to be withdrawn');
    await app().documents(ARTICLE).publish({ documentId: doc.documentId, locale: 'en' });
    const id = await createRelease('Withdraw');
    const action = await addAction(id, doc.documentId, 'unpublish');
    assert.equal(action.isEntryValid, true);
    await waitStatus(id, 'ready');
    await app()
      .documents(ARTICLE)
      .update({ documentId: doc.documentId, locale: 'en', data: { title: null } as never });
    assert.equal(await waitStatus(id, 'blocked'), 'blocked');
    assert.equal(
      (
        await app()
          .db.query(ACTION)
          .findOne({ where: { id: action.id } })
      ).isEntryValid,
      false,
    );
    // The run itself does not look at the status: the unpublish goes through.
    await publishRelease(id);
    assert.equal(await app().documents(ARTICLE).findOne({ documentId: doc.documentId, locale: 'en', status: 'published' }), null);
  },
);

defect(
  {
    id: 'single-type-added-twice',
    says: 'so the same single type can be added to a release twice',
    summary:
      '`release-action.create` checks that the entry is not already in the release before it looks up the document id of a single type, so a single type can be added to one release twice',
  },
  async () => {
    const id = await createRelease('Homepage twice');
    const body = { type: 'publish', contentType: 'api::homepage.homepage', locale: 'en' };
    const first = await admin.post(`/content-releases/${id}/actions`, body);
    const second = await admin.post(`/content-releases/${id}/actions`, body);
    assert.equal(first.status, 201, first.text);
    assert.equal(second.status, 201, second.text);
    assert.equal(first.body.data.entryDocumentId, second.body.data.entryDocumentId);
    assert.equal(
      await app()
        .db.query(ACTION)
        .count({ where: { release: id } }),
      2,
    );
    // The same entry with its document id is refused, as for a collection type.
    const third = await admin.post(`/content-releases/${id}/actions`, { ...body, entryDocumentId: first.body.data.entryDocumentId });
    assert.equal(third.status, 400);
    await removePendingReleases();
  },
);

defect(
  {
    id: 'schema-change-revalidates-nothing',
    says: 'a schema change recomputes no release status',
    summary:
      '`revalidateChangedContentTypes` populates `entry`, which release actions no longer have, so a schema change never recomputes `isEntryValid` or a release status',
  },
  async () => {
    const user = await superAdmin(app());
    const draft = await app()
      .documents(ARTICLE)
      .create({ data: { title: 'No body yet' }, locale: 'en' });
    const release = await app().plugin('content-releases').service('release').create({ name: 'Spring', scheduledAt: null }, { user });
    await app()
      .plugin('content-releases')
      .service('release-action')
      .create(release.id, { type: 'publish', contentType: ARTICLE, entryDocumentId: draft.documentId, locale: 'en' });
    await waitStatus(release.id, 'ready');
    await stopStrapi(app());
    strapi = undefined;

    // The same database, booted with `body` now required: the draft above no longer validates.
    const stricter = appVariant('releases-body-required', (_dir, json) =>
      json('src/api/article/content-types/article/schema.json', (schema) => {
        schema.attributes.body.required = true;
      }),
    );
    strapi = await bootStrapi({ name: 'releases-backend', keepDatabase: true, appDir: stricter, ee: true });

    // What the hook reads: `populate: { entry: true }` names no attribute of the v5 model, and the
    // query layer drops it, so `action.entry` is always undefined and the hook skips every action.
    const [loaded] = await app()
      .db.query(ACTION)
      .findMany({ where: { release: release.id }, populate: { entry: true, release: true } });
    assert.equal(loaded.entry, undefined);
    assert.equal(loaded.release.id, release.id);

    // A new action for the same draft is judged invalid, but the old one and its release are unchanged.
    const user2 = await superAdmin(app());
    const second = await app().plugin('content-releases').service('release').create({ name: 'Summer', scheduledAt: null }, { user: user2 });
    const fresh = await app()
      .plugin('content-releases')
      .service('release-action')
      .create(second.id, { type: 'publish', contentType: ARTICLE, entryDocumentId: draft.documentId, locale: 'en' });
    assert.equal(fresh.isEntryValid, false);
    const stale = await app()
      .db.query(ACTION)
      .findOne({ where: { id: loaded.id } });
    assert.equal(stale.isEntryValid, true);
    assert.equal((await row(release.id)).status, 'ready');
  },
);
