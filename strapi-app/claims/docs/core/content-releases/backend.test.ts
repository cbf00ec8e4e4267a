import assert from 'node:assert/strict';
import { after } from 'node:test';
import type { Core } from '@strapi/strapi';
import { appVariant, bootStrapi, defect, stopStrapi, superAdmin } from '../../../../harness';

const ACTION = 'plugin::content-releases.release-action';
const RELEASE = 'plugin::content-releases.release';
let strapi: Core.Strapi | undefined;
after(async () => {
  if (strapi) await stopStrapi(strapi);
});

async function waitFor<T>(read: () => Promise<T>, ok: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

defect(
  {
    id: 'schema-change-revalidates-nothing',
    says: 'a schema change recomputes no release status',
    summary:
      '`revalidateChangedContentTypes` populates `entry`, which release actions no longer have, so a schema change never recomputes `isEntryValid` or a release status',
  },
  async () => {
    strapi = await bootStrapi({ name: 'releases-revalidate', ee: true });
    const user = await superAdmin(strapi);
    const article = await strapi.documents('api::article.article').create({ data: { title: 'No body yet' }, locale: 'en' });
    const release = await strapi.plugin('content-releases').service('release').create({ name: 'Spring', scheduledAt: null }, { user });
    await strapi
      .plugin('content-releases')
      .service('release-action')
      .create(release.id, { type: 'publish', contentType: 'api::article.article', entryDocumentId: article.documentId, locale: 'en' });
    await waitFor(
      () => strapi!.db.query(RELEASE).findOne({ where: { id: release.id } }),
      (r) => r?.status === 'ready',
      'the release to be ready',
    );
    await stopStrapi(strapi);
    strapi = undefined;

    // The same database, booted with `body` now required: the draft above no longer validates.
    const stricter = appVariant('releases-body-required', (_dir, json) =>
      json('src/api/article/content-types/article/schema.json', (schema) => {
        schema.attributes.body.required = true;
      }),
    );
    strapi = await bootStrapi({ name: 'releases-revalidate', keepDatabase: true, appDir: stricter, ee: true });

    // What the hook reads: `populate: { entry: true }` names no attribute of the v5 model, and the
    // query layer drops it, so `action.entry` is always undefined and the hook skips every action.
    const [loaded] = await strapi.db
      .query(ACTION)
      .findMany({ where: { contentType: 'api::article.article' }, populate: { entry: true, release: true } });
    assert.equal(loaded.entry, undefined);
    assert.equal(loaded.release.id, release.id);

    // A new action for the same draft is judged invalid, but the old one and its release are unchanged.
    const user2 = await superAdmin(strapi);
    const second = await strapi
      .plugin('content-releases')
      .service('release')
      .create({ name: 'Summer', scheduledAt: null }, { user: user2 });
    const fresh = await strapi
      .plugin('content-releases')
      .service('release-action')
      .create(second.id, { type: 'publish', contentType: 'api::article.article', entryDocumentId: article.documentId, locale: 'en' });
    assert.equal(fresh.isEntryValid, false);
    const stale = await strapi.db.query(ACTION).findOne({ where: { id: loaded.id } });
    assert.equal(stale.isEntryValid, true);
    assert.equal((await strapi.db.query(RELEASE).findOne({ where: { id: release.id } })).status, 'ready');
  },
);
