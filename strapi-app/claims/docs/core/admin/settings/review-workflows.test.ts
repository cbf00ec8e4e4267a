/**
 * The settings pages are admin front end; what they rely on from the server runs here: the
 * workflows endpoints, what they populate, the required stage by name, the permissions kept on a
 * rename, the last workflow and the server's limits.
 */
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import type { Core } from '@strapi/strapi';
import { bootStrapi, claim, editor, stopStrapi, superAdminClient, type AdminClient } from '../../../../../harness';

const TRANSITION = 'admin::review-workflows.stage.transition';
let strapi: Core.Strapi;
let admin: AdminClient;

interface Permission {
  role: number;
  action: string;
}
interface Stage {
  id: number;
  name: string;
  color: string;
  fromPermissions?: Permission[];
  toPermissions?: Permission[];
}
interface Workflow {
  id: number;
  name: string;
  contentTypes: string[];
  stages: Stage[];
  stageRequiredToPublish: Stage | null;
}

const workflows = async (): Promise<Workflow[]> => (await admin.get('/review-workflows/workflows')).body.data;

before(async () => {
  strapi = await bootStrapi({ ee: true, listen: true, name: 'settings-review-workflows' });
  admin = await superAdminClient(strapi);
});
after(async () => {
  await stopStrapi(strapi);
});

claim({ id: 'last-workflow', says: 'since the API refuses to delete the last one' }, async () => {
  const [only, ...others] = await workflows();
  assert.deepEqual(others, []);
  const res = await admin.del(`/review-workflows/workflows/${only.id}`);
  assert.equal(res.status, 400);
  assert.equal(res.body.error.message, 'Can not delete the last workflow');
  assert.equal((await workflows()).length, 1);
});

claim(
  {
    id: 'required-stage-by-name',
    says: "which the server looks up among the saved stages to set, or clear, the workflow's stageRequiredToPublish",
  },
  async () => {
    const created = await admin.post('/review-workflows/workflows', {
      data: { name: 'Publishing', stages: [{ name: 'Writing' }, { name: 'Ready' }], stageRequiredToPublishName: 'Ready' },
    });
    assert.equal(created.status, 201, created.text);
    const workflow: Workflow = created.body.data;
    assert.equal(workflow.stageRequiredToPublish?.id, workflow.stages[1].id);
    const cleared = await admin.put(`/review-workflows/workflows/${workflow.id}`, {
      data: { stages: workflow.stages.map(({ id, name }) => ({ id, name })), stageRequiredToPublishName: null },
    });
    assert.equal(cleared.status, 200, cleared.text);
    assert.equal(cleared.body.data.stageRequiredToPublish, null);
    const unknown = await admin.put(`/review-workflows/workflows/${workflow.id}`, {
      data: { stages: workflow.stages.map(({ id, name }) => ({ id, name })), stageRequiredToPublishName: 'Published' },
    });
    assert.equal(unknown.status, 400);
    assert.equal(unknown.body.error.message, 'Stage required to publish does not exist');
    assert.equal((await admin.del(`/review-workflows/workflows/${workflow.id}`)).status, 200);
  },
);

claim({ id: 'rename-keeps-permissions', says: 'so a user who cannot read roles can still rename stages' }, async () => {
  const author = await editor(strapi, 'rw-settings-author@example.com', []);
  const [workflow] = await workflows();
  const withPermissions = await admin.put(`/review-workflows/workflows/${workflow.id}`, {
    data: {
      stages: workflow.stages.map(({ id, name }, i) => ({
        id,
        name,
        ...(i === 0
          ? { fromPermissions: [{ role: author.roleId, action: TRANSITION }], toPermissions: [{ role: author.roleId, action: TRANSITION }] }
          : {}),
      })),
    },
  });
  assert.equal(withPermissions.status, 200, withPermissions.text);
  // A body that names the stages and leaves the permissions out, as the page sends it when they did not change.
  const renamed = await admin.put(`/review-workflows/workflows/${workflow.id}`, {
    data: { stages: workflow.stages.map(({ id, name }, i) => ({ id, name: i === 0 ? `${name} (renamed)` : name })) },
  });
  assert.equal(renamed.status, 200, renamed.text);
  const first: Stage = renamed.body.data.stages[0];
  assert.equal(first.name, `${workflow.stages[0].name} (renamed)`);
  assert.deepEqual(
    first.fromPermissions?.map((p) => p.role),
    [author.roleId],
  );
  assert.deepEqual(
    first.toPermissions?.map((p) => p.role),
    [author.roleId],
  );
});

claim(
  {
    id: 'server-populates',
    says: 'the server populates stages, their permissions and stageRequiredToPublish by default',
  },
  async () => {
    const res = await admin.get('/review-workflows/workflows');
    assert.deepEqual(res.body.meta, { workflowCount: 1 });
    const [workflow] = res.body.data as Workflow[];
    assert.ok('stageRequiredToPublish' in workflow);
    assert.ok(workflow.stages.length > 0);
    assert.ok(workflow.stages[0].fromPermissions!.length > 0, 'permissions of the first stage, set by the claim before');
  },
);

claim(
  {
    id: 'stage-shape',
    says: 'id, name, color, fromPermissions?, toPermissions? (each a list of permissions with a numeric role)',
  },
  async () => {
    const [workflow] = await workflows();
    assert.deepEqual(
      Object.keys(workflow)
        .filter((k) => ['id', 'name', 'contentTypes', 'stages', 'stageRequiredToPublish'].includes(k))
        .sort(),
      ['contentTypes', 'id', 'name', 'stageRequiredToPublish', 'stages'],
    );
    for (const stage of workflow.stages) {
      assert.equal(typeof stage.id, 'number');
      assert.equal(typeof stage.name, 'string');
      assert.match(stage.color, /^#[0-9A-Fa-f]{6}$/);
      for (const p of [...(stage.fromPermissions ?? []), ...(stage.toPermissions ?? [])]) {
        assert.equal(typeof p.role, 'number');
        assert.equal(p.action, TRANSITION);
      }
    }
  },
);

claim(
  {
    id: 'server-limits',
    says: "the server's own limits (200 workflows and 200 stages per workflow by default) produce a validation error",
  },
  async () => {
    const tooManyStages = await admin.post('/review-workflows/workflows', {
      data: { name: 'Long', stages: Array.from({ length: 201 }, (_, i) => ({ name: `Stage ${i}` })) },
    });
    assert.equal(tooManyStages.status, 400);
    assert.equal(tooManyStages.body.error.name, 'ValidationError');
    const twoHundred = await admin.post('/review-workflows/workflows', {
      data: { name: 'Long but allowed', stages: Array.from({ length: 200 }, (_, i) => ({ name: `Stage ${i}` })) },
    });
    assert.equal(twoHundred.status, 201, twoHundred.text.slice(0, 300));
    // 200 workflows in all (rows written directly), then one more through the API.
    const existing = (await workflows()).length;
    for (let i = existing; i < 200; i++) {
      await strapi.db.query('plugin::review-workflows.workflow').create({ data: { name: `Filler ${i}`, contentTypes: [] } });
    }
    const over = await admin.post('/review-workflows/workflows', { data: { name: 'One too many', stages: [{ name: 'Only' }] } });
    assert.equal(over.status, 400);
    assert.equal(over.body.error.name, 'ValidationError');
    assert.equal(
      over.body.error.message,
      'You’ve reached the limit of workflows in your plan. Delete a workflow or contact Sales to enable more workflows.',
    );
  },
);
