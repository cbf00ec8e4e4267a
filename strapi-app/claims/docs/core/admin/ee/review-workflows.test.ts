/**
 * The review-workflows server through its admin routes and the document service, on an instance
 * whose license gives the feature the options the admin UI reads (numberOfWorkflows: 2,
 * stagesPerWorkflow: 3) and non-super-admin editors whose roles hold stage permissions.
 */
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import type { Core } from '@strapi/strapi';
import {
  bootStrapi,
  claim,
  codeBlock,
  defect,
  editor,
  goldFeatures,
  runExample,
  stopStrapi,
  superAdminClient,
  waitFor,
  type AdminClient,
} from '../../../../../harness';

const ARTICLE = 'api::article.article';
const TRANSITION = 'admin::review-workflows.stage.transition';
let strapi: Core.Strapi;
let admin: AdminClient;

interface Stage {
  id: number;
  name: string;
  color: string;
}
interface Workflow {
  id: number;
  name: string;
  contentTypes: string[];
  stages: Stage[];
}

const docs = () =>
  strapi.documents(ARTICLE) as unknown as {
    create(p: unknown): Promise<{ id: number; documentId: string }>;
    update(p: unknown): Promise<unknown>;
    publish(p: unknown): Promise<unknown>;
    findOne(p: unknown): Promise<{ strapi_stage?: Stage | null } | null>;
  };
const stageOf = async (documentId: string, locale = 'en') =>
  (await docs().findOne({ documentId, locale, populate: ['strapi_stage'] }))?.strapi_stage ?? null;

async function workflows(): Promise<Workflow[]> {
  const res = await admin.get('/review-workflows/workflows');
  assert.equal(res.status, 200, res.text);
  return res.body.data;
}

async function createWorkflow(data: Record<string, unknown>): Promise<Workflow> {
  const res = await admin.post('/review-workflows/workflows', { data });
  assert.equal(res.status, 201, res.text);
  return res.body.data;
}

let main: Workflow;
let reviewer: AdminClient & { roleId: number };
let outsider: AdminClient & { roleId: number };

before(async () => {
  strapi = await bootStrapi({
    ee: true,
    listen: true,
    name: 'review-workflows-ee',
    license: { features: goldFeatures({ 'review-workflows': { numberOfWorkflows: 2, stagesPerWorkflow: 3 } }) },
  });
  admin = await superAdminClient(strapi);
  const read = [{ action: 'plugin::content-manager.explorer.read', subject: ARTICLE }];
  reviewer = await editor(strapi, 'reviewer@example.com', read);
  outsider = await editor(strapi, 'outsider@example.com', []);
});
after(async () => {
  await stopStrapi(strapi);
});

claim(
  {
    id: 'default-workflow',
    says: 'If there are no workflows and no stages, one is created from constants/default-workflow.json and constants/default-stages.json, with no content types.',
  },
  async () => {
    const [only, ...others] = await workflows();
    assert.deepEqual(others, []);
    assert.equal(only.name, 'Default');
    assert.deepEqual(only.contentTypes, []);
    assert.deepEqual(
      only.stages.map((s) => s.name),
      ['To do', 'Ready to review', 'In progress', 'Reviewed'],
    );
  },
);

claim(
  {
    id: 'relations-on-visible-types',
    says: 'During register, every visible content type is extended with two relations, both oneToOne, visible: false, configurable: false, private: false, with useJoinTable: true',
  },
  async () => {
    for (const uid of ['api::article.article', 'api::author.author', 'api::tag.tag', 'api::homepage.homepage']) {
      const { attributes } = strapi.contentType(uid as never) as unknown as { attributes: Record<string, Record<string, unknown>> };
      for (const [name, target] of [
        ['strapi_stage', 'plugin::review-workflows.workflow-stage'],
        ['strapi_assignee', 'admin::user'],
      ]) {
        const a = attributes[name];
        assert.ok(a, `${uid}.${name}`);
        assert.deepEqual(
          [a.type, a.relation, a.target, a.visible, a.configurable, a.private, a.useJoinTable],
          ['relation', 'oneToOne', target, false, false, false, true],
        );
      }
    }
    const hidden = strapi.contentType('plugin::content-releases.release' as never) as unknown as { attributes: Record<string, unknown> };
    assert.equal(hidden.attributes.strapi_stage, undefined);
  },
);

claim(
  {
    id: 'actions-at-bootstrap',
    says: "Actions registered at bootstrap (all with pluginName: 'admin'):",
  },
  async () => {
    const actions = strapi
      .service('admin::permission')
      .actionProvider.values()
      .filter((a: { actionId: string }) => a.actionId.startsWith('admin::review-workflows.'));
    const summary = Object.fromEntries(
      actions.map(
        (a: { actionId: string; section: string; category?: string; subCategory?: string; displayName: string; pluginName: string }) => [
          a.actionId,
          [a.pluginName, a.section, a.category ?? null, a.subCategory ?? null, a.section === 'internal' ? a.displayName : null],
        ],
      ),
    );
    const settings = ['admin', 'settings', 'review workflows', 'options', null];
    assert.deepEqual(summary, {
      'admin::review-workflows.create': settings,
      'admin::review-workflows.read': settings,
      'admin::review-workflows.update': settings,
      'admin::review-workflows.delete': settings,
      [TRANSITION]: ['admin', 'internal', null, null, 'Change stage'],
    });
  },
);

claim(
  {
    id: 'routes-admin-authenticated',
    says: "The routes of the table are of type admin (served under /review-workflows by the plugin router) and run enableFeatureMiddleware('review-workflows') and admin::isAuthenticatedAdmin.",
  },
  async () => {
    type Router = {
      type: string;
      prefix?: string;
      routes: Array<{ method: string; path: string; config: { middlewares?: unknown[]; policies?: unknown[] } }>;
    };
    const routers = strapi.plugin('review-workflows').routes as Record<string, Router>;
    const main = routers['review-workflows'];
    const routes = main.routes.map((route) => ({ ...route, type: main.type, prefix: main.prefix }));
    assert.equal(routes.length, 9);
    // The homepage widget's route, in a router of its own: authenticated, without the feature middleware.
    const widget = Object.entries(routers)
      .filter(([name]) => name !== 'review-workflows')
      .flatMap(([, r]) => r.routes);
    assert.deepEqual(
      widget.map((r) => [r.method, r.path, r.config.middlewares, r.config.policies]),
      [['GET', '/homepage/recently-assigned-documents', undefined, ['admin::isAuthenticatedAdmin']]],
    );
    const port = strapi.config.get('server.port');
    assert.equal((await fetch(`http://127.0.0.1:${port}/review-workflows/homepage/recently-assigned-documents`)).status, 401);
    for (const route of routes) {
      assert.equal(route.type, 'admin');
      assert.equal(route.prefix, '/review-workflows');
      assert.equal(route.config.middlewares?.length, 1, route.path);
      assert.equal(route.config.policies?.[0], 'admin::isAuthenticatedAdmin');
      const url = `http://127.0.0.1:${strapi.config.get('server.port')}/review-workflows${route.path
        .replace('(collection|single)-types', 'collection-types')
        .replace(':model_uid', ARTICLE)
        .replace(/:[a-z_]+/g, '1')}`;
      assert.equal((await fetch(url, { method: route.method })).status, 401, `${route.method} ${url}`);
    }
  },
);

claim({ id: 'stage-color-default', says: 'color (default #4945FF)' }, async () => {
  const created = await createWorkflow({ name: 'Colourless', stages: [{ name: 'Only' }] });
  assert.equal(created.stages[0].color, '#4945FF');
  assert.equal((await admin.del(`/review-workflows/workflows/${created.id}`)).status, 200);
});

claim(
  {
    id: 'content-types-moved',
    says: "added content types are taken away from any previous workflow and all their entries are linked to the new workflow's first stage",
  },
  async () => {
    const before = await docs().create({ data: { title: 'Before any workflow' }, locale: 'en' });
    const [defaultWorkflow] = await workflows();
    const put = await admin.put(`/review-workflows/workflows/${defaultWorkflow.id}`, { data: { contentTypes: [ARTICLE] } });
    assert.equal(put.status, 200, put.text);
    assert.equal((await stageOf(before.documentId))?.id, defaultWorkflow.stages[0].id);
    // Another workflow takes the content type: the first one loses it, the entry moves to the new first stage.
    const editorial = await createWorkflow({
      name: 'Editorial',
      stages: [{ name: 'Draft' }, { name: 'Legal' }, { name: 'Approved' }],
      contentTypes: [ARTICLE],
    });
    const [refreshed] = (await workflows()).filter((w) => w.id === defaultWorkflow.id);
    assert.deepEqual(refreshed.contentTypes, []);
    assert.equal((await stageOf(before.documentId))?.id, editorial.stages[0].id);
    main = editorial;
  },
);

claim(
  {
    id: 'content-types-removed',
    says: 'removed content types lose every stage link and their Content Manager options.reviewWorkflows is set to false',
  },
  async () => {
    const other = await createWorkflow({ name: 'Tags', stages: [{ name: 'Proposed' }], contentTypes: ['api::tag.tag'] });
    const tag = await strapi.documents('api::tag.tag').create({ data: { name: 'staged' } as never });
    const staged = await strapi.documents('api::tag.tag').findOne({ documentId: tag.documentId, populate: ['strapi_stage'] as never });
    assert.equal((staged as { strapi_stage?: Stage }).strapi_stage?.id, other.stages[0].id);
    const config = () => admin.get('/content-manager/content-types/api::tag.tag/configuration');
    assert.equal((await config()).body.data.contentType.options.reviewWorkflows, true);
    assert.equal((await admin.put(`/review-workflows/workflows/${other.id}`, { data: { contentTypes: [] } })).status, 200);
    const after = await strapi.documents('api::tag.tag').findOne({ documentId: tag.documentId, populate: ['strapi_stage'] as never });
    assert.equal((after as { strapi_stage?: Stage }).strapi_stage, null);
    assert.equal((await config()).body.data.contentType.options.reviewWorkflows, false);
    assert.equal((await admin.del(`/review-workflows/workflows/${other.id}`)).status, 200);
  },
);

claim(
  {
    id: 'assign-stage-on-create',
    says: "If the content type has a workflow and the data has no strapi_stage (null or undefined), sets it to the workflow's first stage.",
  },
  async () => {
    const plain = await docs().create({ data: { title: 'New' }, locale: 'en' });
    assert.equal((await stageOf(plain.documentId))?.id, main.stages[0].id);
    const explicitNull = await docs().create({ data: { title: 'Null stage', strapi_stage: null }, locale: 'en' });
    assert.equal((await stageOf(explicitNull.documentId))?.id, main.stages[0].id);
    const chosen = await docs().create({ data: { title: 'Chosen', strapi_stage: main.stages[2].id }, locale: 'en' });
    assert.equal((await stageOf(chosen.documentId))?.id, main.stages[2].id);
    // No workflow: no stage.
    const tag = await strapi.documents('api::tag.tag').create({ data: { name: 'no workflow' } as never });
    const found = await strapi.documents('api::tag.tag').findOne({ documentId: tag.documentId, populate: ['strapi_stage'] as never });
    assert.equal((found as { strapi_stage?: Stage }).strapi_stage, null);
  },
);

claim(
  {
    id: 'stage-event',
    says: 'if the result carries a different strapi_stage (only when the caller populates it, as the stages service does), it emits review-workflows.updateEntryStage',
  },
  async () => {
    const events: Array<Record<string, unknown>> = [];
    const off = strapi.eventHub.on(
      'review-workflows.updateEntryStage',
      async (payload: Record<string, unknown>) => void events.push(payload),
    );
    const doc = await docs().create({ data: { title: 'Moving' }, locale: 'en' });
    await docs().update({ documentId: doc.documentId, locale: 'en', data: { strapi_stage: main.stages[1].id } });
    assert.equal((await stageOf(doc.documentId))?.id, main.stages[1].id);
    assert.equal(events.length, 0, 'no event when the result does not populate the stage');
    await docs().update({
      documentId: doc.documentId,
      locale: 'en',
      data: { strapi_stage: main.stages[2].id },
      populate: ['strapi_stage'],
    });
    off();
    assert.equal(events.length, 1);
    assert.deepEqual(events[0], {
      model: 'article',
      uid: ARTICLE,
      entity: { id: (events[0].entity as { id: number }).id, documentId: doc.documentId, locale: 'en', status: 'draft' },
      workflow: {
        id: main.id,
        stages: { from: { id: main.stages[1].id, name: main.stages[1].name }, to: { id: main.stages[2].id, name: main.stages[2].name } },
      },
    });
  },
);

claim({ id: 'webhook-event', says: 'The event is allowed in the webhook store at bootstrap, so it can trigger webhooks.' }, async () => {
  const res = await admin.post('/admin/webhooks', {
    name: 'Stages',
    url: 'https://hooks.example.com/stages',
    headers: {},
    events: ['review-workflows.updateEntryStage'],
  });
  assert.equal(res.status, 201, res.text);
});

claim(
  {
    id: 'transition-permissions',
    says: '{ from: <stageId> } lets the role move entries out of that stage, { to: <stageId> } lets it move entries into it',
  },
  async () => {
    const [draft, legal, approved] = main.stages;
    // The reviewer may leave Draft and enter Legal, nothing else.
    const put = await admin.put(`/review-workflows/workflows/${main.id}`, {
      data: {
        stages: [
          { id: draft.id, name: draft.name, fromPermissions: [{ role: reviewer.roleId, action: TRANSITION }] },
          { id: legal.id, name: legal.name, toPermissions: [{ role: reviewer.roleId, action: TRANSITION }] },
          { id: approved.id, name: approved.name },
        ],
      },
    });
    assert.equal(put.status, 200, put.text);
    const shaped = put.body.data.stages as Array<{ fromPermissions: Array<{ role: number }>; toPermissions: Array<{ role: number }> }>;
    assert.deepEqual(
      shaped[0].fromPermissions.map((p) => p.role),
      [reviewer.roleId],
    );
    assert.deepEqual(
      shaped[1].toPermissions.map((p) => p.role),
      [reviewer.roleId],
    );
    const doc = await docs().create({ data: { title: 'Reviewed by the reviewer' }, locale: 'en' });
    const move = (client: AdminClient, stageId: number) =>
      client.put(`/review-workflows/content-manager/collection-types/${ARTICLE}/${doc.documentId}/stage?locale=en`, {
        data: { id: stageId },
      });
    const intoApproved = await move(reviewer, approved.id);
    assert.equal(intoApproved.status, 403);
    assert.equal(intoApproved.body.error.message, 'Forbidden stage transition');
    assert.equal((await move(reviewer, legal.id)).status, 200);
    // Now in Legal, which the reviewer may not leave.
    const outOfLegal = await move(reviewer, draft.id);
    assert.equal(outOfLegal.status, 403);
    assert.equal((await stageOf(doc.documentId))?.id, legal.id);
  },
);

claim(
  {
    id: 'super-admins-pass',
    says: 'checks ctx.state.userAbility for the parametrised action { name, params: { from } }; Super Admins always pass',
  },
  async () => {
    const doc = await docs().create({ data: { title: 'Moved by the super admin' }, locale: 'en' });
    for (const stage of [main.stages[2], main.stages[0], main.stages[1]]) {
      const res = await admin.put(`/review-workflows/content-manager/collection-types/${ARTICLE}/${doc.documentId}/stage?locale=en`, {
        data: { id: stage.id },
      });
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.data.strapi_stage.id, stage.id);
    }
  },
);

claim({ id: 'entity-not-found', says: 'answers 404 Entity not found if it does not exist' }, async () => {
  const res = await admin.put(`/review-workflows/content-manager/collection-types/${ARTICLE}/no-such-document/stage?locale=en`, {
    data: { id: main.stages[0].id },
  });
  assert.equal(res.status, 404);
  assert.equal(res.body.error.message, 'Entity not found');
});

claim(
  {
    id: 'body-workflow-stage',
    says: 'The body must hold data.id; the content type must have a workflow and the target stage must belong to it.',
  },
  async () => {
    const doc = await docs().create({ data: { title: 'Bad requests' }, locale: 'en' });
    const path = `/review-workflows/content-manager/collection-types/${ARTICLE}/${doc.documentId}/stage?locale=en`;
    const noId = await admin.put(path, { data: {} });
    assert.equal(noId.status, 400);
    const [defaultWorkflow] = (await workflows()).filter((w) => w.name === 'Default');
    const foreign = await admin.put(path, { data: { id: defaultWorkflow.stages[0].id } });
    assert.equal(foreign.status, 400);
    assert.equal(foreign.body.error.message, `Stage does not belong to workflow "${main.name}"`);
    const tag = await strapi.documents('api::tag.tag').create({ data: { name: 'unreviewed' } as never });
    const noWorkflow = await admin.put(`/review-workflows/content-manager/collection-types/api::tag.tag/${tag.documentId}/stage`, {
      data: { id: main.stages[0].id },
    });
    assert.equal(noWorkflow.status, 400);
    assert.equal(noWorkflow.body.error.message, 'Review workflows is not activated on Content Type api::tag.tag.');
  },
);

claim(
  {
    id: 'no-to-permission',
    says: 'A stage with no "to" permission at all cannot be entered by anyone else.',
  },
  async () => {
    // Approved has no "to" permission: the reviewer, who may leave Draft, still cannot enter it.
    const doc = await docs().create({ data: { title: 'Never approved by the reviewer' }, locale: 'en' });
    const res = await reviewer.put(`/review-workflows/content-manager/collection-types/${ARTICLE}/${doc.documentId}/stage?locale=en`, {
      data: { id: main.stages[2].id },
    });
    assert.equal(res.status, 403);
    assert.equal((await stageOf(doc.documentId))?.id, main.stages[0].id);
  },
);

claim(
  {
    id: 'list-available-stages',
    says: 'listAvailableStages answers 403 when the user cannot read the content type, and otherwise returns the other stages of the workflow that the user may enter (only when they may leave the current one)',
  },
  async () => {
    const doc = await docs().create({ data: { title: 'Listing' }, locale: 'en' });
    const path = `/review-workflows/content-manager/collection-types/${ARTICLE}/${doc.documentId}/stages?locale=en`;
    assert.equal((await outsider.get(path)).status, 403);
    const forReviewer = await reviewer.get(path);
    assert.deepEqual(
      forReviewer.body.data.map((s: Stage) => s.id),
      [main.stages[1].id],
    );
    assert.deepEqual(forReviewer.body.meta, { stageCount: 3, workflowCount: (await workflows()).length, canTransition: true });
    const forAdmin = await admin.get(path);
    assert.deepEqual(
      forAdmin.body.data.map((s: Stage) => s.id),
      [main.stages[1].id, main.stages[2].id],
    );
    // In Legal, the reviewer may not leave: nothing to offer.
    await admin.put(`/review-workflows/content-manager/collection-types/${ARTICLE}/${doc.documentId}/stage?locale=en`, {
      data: { id: main.stages[1].id },
    });
    const stuck = await reviewer.get(path);
    assert.deepEqual(stuck.body.data, []);
    assert.equal(stuck.body.meta.canTransition, false);
  },
);

claim(
  {
    id: 'locale-without-entry',
    says: 'For a locale that has no entry yet, it returns an empty list if the content type has a workflow, and 404 otherwise.',
  },
  async () => {
    const doc = await docs().create({ data: { title: 'English only' }, locale: 'en' });
    const fr = await admin.get(`/review-workflows/content-manager/collection-types/${ARTICLE}/${doc.documentId}/stages?locale=fr`);
    assert.equal(fr.status, 200);
    assert.deepEqual(fr.body.data, []);
    const page = await strapi.documents('api::homepage.homepage').create({ data: { headline: 'Home' } as never, locale: 'en' });
    const noWorkflow = await admin.get(
      `/review-workflows/content-manager/single-types/api::homepage.homepage/${page.documentId}/stages?locale=fr`,
    );
    assert.equal(noWorkflow.status, 404);
  },
);

claim(
  {
    id: 'check-stage-before-publish',
    says: "If the content type's workflow has a stageRequiredToPublish and the draft is not in that stage, throws a ValidationError Entry is not at the required stage to publish.",
  },
  async () => {
    const put = await admin.put(`/review-workflows/workflows/${main.id}`, {
      data: { stages: main.stages.map((s) => ({ id: s.id, name: s.name })), stageRequiredToPublishName: 'Approved' },
    });
    assert.equal(put.status, 200, put.text);
    const doc = await docs().create({ data: { title: 'Not approved yet' }, locale: 'en' });
    await assert.rejects(docs().publish({ documentId: doc.documentId, locale: 'en' }), {
      name: 'ValidationError',
      message: 'Entry is not at the required stage to publish',
    });
    await docs().update({ documentId: doc.documentId, locale: 'en', data: { strapi_stage: main.stages[2].id } });
    await docs().publish({ documentId: doc.documentId, locale: 'en' });
    assert.ok(await docs().findOne({ documentId: doc.documentId, locale: 'en', status: 'published' }));
  },
);

claim(
  {
    id: 'publish-outside-requests',
    says: 'The checkStageBeforePublish middleware, by contrast, runs for every publish through the document service.',
  },
  async () => {
    // No request, no user: a publish from server code is held to the required stage too.
    const doc = await docs().create({ data: { title: 'Published by code' }, locale: 'en' });
    assert.equal(strapi.requestContext.get(), undefined);
    await assert.rejects(docs().publish({ documentId: doc.documentId, locale: 'en' }), {
      message: 'Entry is not at the required stage to publish',
    });
  },
);

claim(
  {
    id: 'service-skips-permissions',
    says: 'stages.updateEntity (the service) does not check "from" or "to" stage permissions; only the PUT .../stage controller does.',
  },
  async () => {
    // Outside any request (no user, no ability) the service still moves the entry.
    const doc = await docs().create({ data: { title: 'Moved by code' }, locale: 'en' });
    const entity = { ...(await docs().findOne({ documentId: doc.documentId, locale: 'en' })), documentId: doc.documentId, locale: 'en' };
    await strapi.plugin('review-workflows').service('stages').updateEntity(entity, ARTICLE, main.stages[2].id);
    assert.equal((await stageOf(doc.documentId))?.id, main.stages[2].id);
    assert.equal(strapi.plugin('review-workflows').service('stage-permissions').can(TRANSITION, main.stages[2].id), false);
  },
);

claim(
  {
    id: 'move-to-next-stage-example',
    says: 'Run on an entry that is already in the last stage, the function returns null',
  },
  async () => {
    const { moveToNextStage } = runExample<{
      moveToNextStage: (s: Core.Strapi, uid: string, id: string, locale?: string) => Promise<unknown>;
    }>(codeBlock({ contains: 'export const moveToNextStage' }), { filename: 'src/example.ts' });
    const doc = await docs().create({ data: { title: 'Stepping' }, locale: 'en' });
    await moveToNextStage(strapi, ARTICLE, doc.documentId, 'en');
    assert.equal((await stageOf(doc.documentId))?.id, main.stages[1].id);
    await moveToNextStage(strapi, ARTICLE, doc.documentId, 'en');
    assert.equal(await moveToNextStage(strapi, ARTICLE, doc.documentId, 'en'), null, 'already in the last stage');
    assert.equal((await stageOf(doc.documentId))?.id, main.stages[2].id);
    await assert.rejects(moveToNextStage(strapi, 'api::tag.tag', 'x'), { name: 'ApplicationError' });
  },
);

claim(
  {
    id: 'validation-messages',
    says: 'Over HTTP, the controllers validate the body with yup first, so the same mistakes are answered with Can not create a workflow without stages and Stage name must be unique',
  },
  async () => {
    const service = strapi.plugin('review-workflows').service('workflows');
    await assert.rejects(service.create({ data: { name: 'Empty', stages: [] } }), { message: 'A workflow must have at least one stage.' });
    await assert.rejects(service.create({ data: { name: 'Twins', stages: [{ name: 'A' }, { name: 'A' }] } }), {
      message: 'Stage names must be unique.',
    });
    const empty = await admin.post('/review-workflows/workflows', { data: { name: 'Empty', stages: [] } });
    assert.equal(empty.status, 400);
    assert.equal(empty.body.error.message, 'Can not create a workflow without stages');
    const twins = await admin.post('/review-workflows/workflows', { data: { name: 'Twins', stages: [{ name: 'A' }, { name: 'A' }] } });
    assert.equal(twins.status, 400);
    assert.ok(
      twins.body.error.details.errors.some((e: { message: string }) => e.message === 'Stage name must be unique'),
      twins.text,
    );
  },
);

claim({ id: 'last-workflow', says: 'delete throws Can not delete the last workflow' }, async () => {
  const all = await workflows();
  for (const w of all.slice(1)) assert.equal((await admin.del(`/review-workflows/workflows/${w.id}`)).status, 200);
  const last = await admin.del(`/review-workflows/workflows/${all[0].id}`);
  assert.equal(last.status, 400);
  assert.equal(last.body.error.message, 'Can not delete the last workflow');
  main = (await workflows())[0];
});

defect(
  {
    id: 'license-limits-ignored',
    says: 'so a license that sets them where the other features put their options (options.numberOfWorkflows) limits the admin UI and not the server',
    summary:
      'The review-workflows server reads `numberOfWorkflows` and `stagesPerWorkflow` at the top level of the license feature, not under `options` where licenses and the admin UI put them, so its limits stay at 200',
  },
  async () => {
    assert.deepEqual((strapi.ee.features.get('review-workflows') as { options?: unknown }).options, {
      numberOfWorkflows: 2,
      stagesPerWorkflow: 3,
    });
    assert.deepEqual(strapi.plugin('review-workflows').service('validation').limits, { numberOfWorkflows: 200, stagesPerWorkflow: 200 });
    const count = (await workflows()).length;
    const created: Workflow[] = [];
    for (let i = count; i < 3; i++)
      created.push(await createWorkflow({ name: `Extra ${i}`, stages: [{ name: 'a' }, { name: 'b' }, { name: 'c' }, { name: 'd' }] }));
    assert.equal((await workflows()).length, 3, 'three workflows with four stages each, over both license options');
    for (const w of created) await admin.del(`/review-workflows/workflows/${w.id}`);
  },
);

defect(
  {
    id: 'required-stage-alone-refused',
    says: 'an update whose body sets stageRequiredToPublishName without stages fails with Stage required to publish does not exist',
    summary:
      '`workflows.update` falls back to the current stages with `??` on a variable initialised to `[]`, so setting only `stageRequiredToPublishName` never finds the stage',
  },
  async () => {
    const [workflow] = await workflows();
    const res = await admin.put(`/review-workflows/workflows/${workflow.id}`, {
      data: { stageRequiredToPublishName: workflow.stages[0].name },
    });
    assert.equal(res.status, 400);
    assert.equal(res.body.error.message, 'Stage required to publish does not exist');
    const withStages = await admin.put(`/review-workflows/workflows/${workflow.id}`, {
      data: { stages: workflow.stages.map((s) => ({ id: s.id, name: s.name })), stageRequiredToPublishName: workflow.stages[0].name },
    });
    assert.equal(withStages.status, 200, withStages.text);
    assert.equal(withStages.body.data.stageRequiredToPublish.id, workflow.stages[0].id);
  },
);

defect(
  {
    id: 'update-runs-twice',
    says: 'handleStageOnUpdate calls next() a second time after the update, so every Document Service update whose data carries strapi_stage runs the rest of the chain twice',
    summary:
      '`handleStageOnUpdate` returns a second `next()` instead of the first result, so an update that carries `strapi_stage` is written twice and emits `entry.update` twice',
  },
  async () => {
    await admin.put(`/review-workflows/workflows/${main.id}`, {
      data: { contentTypes: [ARTICLE], stageRequiredToPublishName: null, stages: main.stages.map((s) => ({ id: s.id, name: s.name })) },
    });
    const doc = await docs().create({ data: { title: 'Counted' }, locale: 'en' });
    let updates = 0;
    const off = strapi.eventHub.on('entry.update', async (payload: { entry?: { documentId?: string } }) => {
      if (payload.entry?.documentId === doc.documentId) updates += 1;
    });
    const expectUpdates = async (data: Record<string, unknown>, expected: number) => {
      updates = 0;
      await docs().update({ documentId: doc.documentId, locale: 'en', data });
      await waitFor(
        () => updates,
        (n) => n >= expected,
        `${expected} entry.update events`,
      );
      // The events are emitted after the commit: give a late one the time to arrive.
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.equal(updates, expected, JSON.stringify(data));
    };
    await expectUpdates({ title: 'Counted once' }, 1);
    await expectUpdates({ title: 'Counted twice', strapi_stage: main.stages[1].id }, 2);
    await expectUpdates({ title: 'Same stage, twice', strapi_stage: main.stages[1].id }, 2);
    off();
  },
);
