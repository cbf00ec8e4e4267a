/**
 * The server side of the review-workflows controls in the Content Manager: which content types
 * get the stage and assignee attributes, what a workflow change writes, the stage and assignee
 * endpoints with their permissions, the list endpoint's filters, and the data without a license.
 * The application copy gives `api::author.author` the option `noStageAttribute`.
 */
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import type { Core } from '@strapi/strapi';
import {
  appVariant,
  bootStrapi,
  claim,
  editor,
  startStrapiProcess,
  stopStrapi,
  superAdminClient,
  type AdminClient,
} from '../../../../harness';

const ARTICLE = 'api::article.article';
const TRANSITION = 'admin::review-workflows.stage.transition';
let strapi: Core.Strapi | undefined;
let admin: AdminClient;
let workflow: { id: number; stages: Array<{ id: number; name: string }> };

const app = () => {
  if (!strapi) throw new Error('stopped');
  return strapi;
};
const create = (title: string, locale = 'en') =>
  app()
    .documents(ARTICLE)
    .create({ data: { title } as never, locale });
const stageOf = async (documentId: string) =>
  (
    (await app()
      .documents(ARTICLE)
      .findOne({ documentId, locale: 'en', populate: ['strapi_stage'] as never })) as { strapi_stage?: { id: number } | null }
  )?.strapi_stage ?? null;

before(async () => {
  const dir = appVariant('cm-review-workflows', (_dir, json) =>
    json('src/api/author/content-types/author/schema.json', (schema) => {
      schema.options = { ...schema.options, noStageAttribute: true };
    }),
  );
  strapi = await bootStrapi({ ee: true, listen: true, name: 'cm-review-workflows', appDir: dir });
  admin = await superAdminClient(strapi);
});
after(async () => {
  if (strapi) await stopStrapi(strapi);
});

claim(
  {
    id: 'attributes-on-visible-types',
    says: 'which adds two relations to every content type that is visible in the Content Manager and does not set options.noStageAttribute',
  },
  async () => {
    const has = (uid: string) => 'strapi_stage' in (app().contentType(uid as never).attributes as Record<string, unknown>);
    assert.equal(has(ARTICLE), true);
    assert.equal(has('api::tag.tag'), true);
    assert.equal(has('api::homepage.homepage'), true);
    assert.equal(has('api::author.author'), false, 'noStageAttribute');
    assert.equal(has('plugin::content-releases.release'), false, 'not visible in the Content Manager');
    assert.equal('strapi_assignee' in (app().contentType('api::author.author' as never).attributes as Record<string, unknown>), false);
  },
);

claim(
  {
    id: 'workflow-change-writes-config-and-links',
    says: 'and stages.updateEntitiesStage links the existing documents to the given stage',
  },
  async () => {
    const existing = await create('Written before the workflow');
    assert.equal(await stageOf(existing.documentId), null);
    const [first] = (await admin.get('/review-workflows/workflows')).body.data;
    const res = await admin.put(`/review-workflows/workflows/${first.id}`, { data: { contentTypes: [ARTICLE] } });
    assert.equal(res.status, 200, res.text);
    workflow = res.body.data;
    assert.equal((await stageOf(existing.documentId))?.id, workflow.stages[0].id);
    const config = await admin.get(`/content-manager/content-types/${ARTICLE}/configuration`);
    assert.equal(config.body.data.contentType.options.reviewWorkflows, true);
  },
);

claim(
  {
    id: 'empty-list-cases',
    says: 'the list is empty when the document does not exist in that locale or when canTransition is false',
  },
  async () => {
    const doc = await create('Only in English');
    const path = (locale: string) =>
      `/review-workflows/content-manager/collection-types/${ARTICLE}/${doc.documentId}/stages?locale=${locale}`;
    const fr = await admin.get(path('fr'));
    assert.equal(fr.status, 200);
    assert.deepEqual(fr.body.data, []);
    assert.equal(fr.body.meta.stageCount, workflow.stages.length);
    const reader = await editor(app(), 'cm-rw-reader@example.com', [{ action: 'plugin::content-manager.explorer.read', subject: ARTICLE }]);
    const stuck = await reader.get(path('en'));
    assert.deepEqual(stuck.body.data, []);
    assert.equal(stuck.body.meta.canTransition, false);
    assert.equal((await admin.get(path('en'))).body.data.length, workflow.stages.length - 1);
  },
);

claim(
  {
    id: 'assignee-route',
    says: 'saves with PUT .../:id/assignee, a route whose policies also require admin::users.read',
  },
  async () => {
    const doc = await create('Assigned');
    const body = { data: { id: admin.user.id } };
    const path = `/review-workflows/content-manager/collection-types/${ARTICLE}/${doc.documentId}/assignee?locale=en`;
    const read = { action: 'plugin::content-manager.explorer.read', subject: ARTICLE };
    const noUsers = await editor(app(), 'cm-rw-no-users@example.com', [read]);
    assert.equal((await noUsers.put(path, body)).status, 403);
    const withUsers = await editor(app(), 'cm-rw-users@example.com', [read, { action: 'admin::users.read' }]);
    // The controller also wants the right to move the entry out of its current stage.
    const denied = await withUsers.put(path, body);
    assert.equal(denied.status, 403);
    assert.equal(denied.body.error.message, 'Stage transition permission is required');
    await admin.put(`/review-workflows/workflows/${workflow.id}`, {
      data: {
        stages: workflow.stages.map(({ id, name }, i) => ({
          id,
          name,
          ...(i === 0 ? { fromPermissions: [{ role: withUsers.roleId, action: TRANSITION }] } : {}),
        })),
      },
    });
    const allowed = await withUsers.put(path, body);
    assert.equal(allowed.status, 200, allowed.text);
    const found = await app()
      .documents(ARTICLE)
      .findOne({ documentId: doc.documentId, locale: 'en', populate: ['strapi_assignee'] as never });
    assert.equal((found as { strapi_assignee?: { id: number } }).strapi_assignee?.id, admin.user.id);
  },
);

claim(
  {
    id: 'stage-needed-for-assignee',
    says: 'The controller also requires the right to move the entry out of its current stage, else 403 Stage transition permission is required',
  },
  async () => {
    const doc = await create('Assigned by a user without stage rights');
    const other = await editor(app(), 'cm-rw-users-only@example.com', [
      { action: 'plugin::content-manager.explorer.read', subject: ARTICLE },
      { action: 'admin::users.read' },
    ]);
    const res = await other.put(`/review-workflows/content-manager/collection-types/${ARTICLE}/${doc.documentId}/assignee?locale=en`, {
      data: { id: admin.user.id },
    });
    assert.equal(res.status, 403);
    assert.equal(res.body.error.message, 'Stage transition permission is required');
  },
);

claim(
  {
    id: 'list-filters',
    says: 'The columns and filters work on the strapi_stage and strapi_assignee attributes through the normal CM list endpoint.',
  },
  async () => {
    const moved = await create('In the second stage');
    await admin.put(`/review-workflows/content-manager/collection-types/${ARTICLE}/${moved.documentId}/stage?locale=en`, {
      data: { id: workflow.stages[1].id },
    });
    const list = await admin.get(
      `/content-manager/collection-types/${ARTICLE}?locale=en&filters[$and][0][strapi_stage][id][$eq]=${workflow.stages[1].id}&populate[strapi_stage]=true`,
    );
    assert.equal(list.status, 200, list.text);
    assert.deepEqual(
      list.body.results.map((r: { documentId: string }) => r.documentId),
      [moved.documentId],
    );
    assert.equal(list.body.results[0].strapi_stage.id, workflow.stages[1].id);
    const assigned = await admin.get(
      `/content-manager/collection-types/${ARTICLE}?locale=en&filters[$and][0][strapi_assignee][id][$eq]=${admin.user.id}`,
    );
    assert.deepEqual(
      assigned.body.results.map((r: { title: string }) => r.title),
      ['Assigned'],
    );
  },
);

claim(
  {
    id: 'stages-kept-without-license',
    says: 'When the feature is disabled, the server plugin only registers its content types, so stored stages are kept.',
  },
  async () => {
    const links = Number((await app().db.connection('articles_strapi_stage_lnk').count({ count: '*' }))[0].count);
    assert.ok(links > 0);
    await stopStrapi(app());
    strapi = undefined;
    const child = await startStrapiProcess({
      name: 'cm-review-workflows',
      keepDatabase: true,
      ee: false,
      setup: 'strapi-app/claims/docs/core/content-manager/review-workflows.child.ts',
    });
    try {
      const seen = child.data as {
        isEE: boolean;
        services: string[];
        contentTypes: string[];
        articleHasStage: boolean;
        stageLinks: number;
        stages: number;
      };
      assert.equal(seen.isEE, false);
      assert.deepEqual(seen.services, []);
      assert.deepEqual(seen.contentTypes.sort(), ['workflow', 'workflow-stage']);
      assert.equal(seen.articleHasStage, false);
      assert.equal(seen.stageLinks, links);
      assert.ok(seen.stages > 0);
    } finally {
      await child.stop();
    }
  },
);
