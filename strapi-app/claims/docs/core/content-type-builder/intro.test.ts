import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before } from 'node:test';
import type { Core } from '@strapi/strapi';
import {
  adminSession,
  adminUserWithRole,
  appVariant,
  bootStrapi,
  claim,
  stopStrapi,
  type AdminSession,
  type Json,
} from '../../../../harness';

// A copy of the application: the builder writes files into its src/ folder.
const app = appVariant('ctb-intro', () => undefined);
const CTB = '/content-type-builder';
let strapi: Core.Strapi;
let admin: AdminSession;

before(async () => {
  strapi = await bootStrapi({ name: 'ctb-intro', appDir: app, listen: true });
  admin = await adminSession(strapi);
});
after(async () => {
  await stopStrapi(strapi);
});

const WRITE_ROUTES: Array<[string, string]> = [
  ['POST', '/content-types'],
  ['PUT', '/content-types/api::tag.tag'],
  ['DELETE', '/content-types/api::tag.tag'],
  ['POST', '/components'],
  ['PUT', '/components/shared.seo'],
  ['DELETE', '/components/shared.seo'],
  ['PUT', '/component-categories/shared'],
  ['DELETE', '/component-categories/shared'],
  ['POST', '/update-schema'],
];

/** Runs `fn` with autoReload on, and records what the reloader sends to a parent process. */
async function withAutoReload<T>(fn: (sent: unknown[]) => Promise<T>): Promise<T> {
  const sent: unknown[] = [];
  const saved = process.send;
  process.send = ((message: unknown) => {
    sent.push(message);
    return true;
  }) as typeof process.send;
  strapi.config.set('autoReload', true);
  try {
    return await fn(sent);
  } finally {
    strapi.config.set('autoReload', false);
    if (saved) process.send = saved;
    else delete (process as { send?: unknown }).send;
  }
}

claim(
  {
    id: 'writes-refused-without-auto-reload',
    says: 'which throws a PolicyError ("Content-Type Builder modifications are disabled in production mode...") when strapi.config.get(\'autoReload\') is not true',
  },
  async () => {
    assert.equal(strapi.config.get('autoReload'), false);
    for (const [method, url] of WRITE_ROUTES) {
      const res = await admin.request(method, CTB + url, {});
      assert.equal(res.status, 403, `${method} ${url}`);
      assert.equal(res.body.error?.name, 'PolicyError', `${method} ${url}`);
      assert.match(res.body.error?.message, /^Content-Type Builder modifications are disabled in production mode\. /);
    }
    assert.equal((await admin.request('GET', `${CTB}/schema`)).status, 200);
    assert.ok(existsSync(path.join(app, 'src/api/tag')), 'nothing was deleted');
  },
);

claim(
  {
    id: 'routes-and-policies',
    says: 'every route requires plugin::content-type-builder.read through admin::hasPermissions, and the nine write routes add is-development-mode',
  },
  async () => {
    const routes = (strapi.plugin('content-type-builder').routes as Json).admin.routes as Json[];
    for (const route of routes)
      assert.deepEqual(
        route.config.policies,
        [{ name: 'admin::hasPermissions', config: { actions: ['plugin::content-type-builder.read'] } }],
        route.path,
      );
    const guarded = routes.filter((r) => (r.config.middlewares ?? []).length === 1).map((r) => `${r.method} ${r.path}`);
    assert.equal(guarded.length, 9);
    assert.ok(
      guarded.every((r) => !r.startsWith('GET ')),
      guarded.join(', '),
    );
    // Over HTTP: a user without the read action is refused before anything else.
    await adminUserWithRole(strapi, { email: 'no-ctb@example.com', permissions: [] });
    const user = await adminSession(strapi, 'no-ctb@example.com', 'Claims-Role-User-1');
    assert.equal((await user.request('GET', `${CTB}/schema`)).status, 403);
    assert.equal((await user.request('POST', `${CTB}/update-schema`, {})).body.error?.name, 'PolicyError');
  },
);

claim(
  {
    id: 'batch-save-writes-then-reloads',
    says: 'the admin polls GET /content-type-builder/update-schema-status until the restart is over',
  },
  async () => {
    assert.deepEqual((await admin.request('GET', `${CTB}/update-schema-status`)).body, { data: { isUpdating: false } });
    await withAutoReload(async (sent) => {
      const res = await admin.request('POST', `${CTB}/update-schema`, {
        data: {
          components: [],
          contentTypes: [
            {
              action: 'create',
              uid: 'api::gadget.gadget',
              kind: 'collectionType',
              displayName: 'Gadget',
              singularName: 'gadget',
              pluralName: 'gadgets',
              draftAndPublish: false,
              options: { claimsSetting: 'kept' },
              pluginOptions: {},
              claimsTopLevel: 'dropped',
              attributes: [{ action: 'create', name: 'label', properties: { type: 'string' } }],
            },
          ],
        },
      });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      await new Promise((resolve) => setImmediate(resolve));
      assert.deepEqual(sent, ['reload']);
    });
    const folder = path.join(app, 'src/api/gadget');
    for (const file of ['content-types/gadget/schema.json', 'controllers/gadget.js', 'routes/gadget.js', 'services/gadget.js'])
      assert.ok(existsSync(path.join(folder, file)), file);
  },
);

claim(
  {
    id: 'status-until-restart',
    says: 'The status answers isUpdating: true until the restart builds a new controller, and another save meanwhile gets a 409',
  },
  async () => {
    // After the save above; no restart happened in this process.
    assert.deepEqual((await admin.request('GET', `${CTB}/update-schema-status`)).body, { data: { isUpdating: true } });
    await withAutoReload(async (sent) => {
      const again = await admin.request('POST', `${CTB}/update-schema`, { data: { contentTypes: [], components: [] } });
      assert.equal(again.status, 409);
      assert.equal(again.body.error?.message, 'Schema update is already in progress.');
      assert.deepEqual(sent, []);
    });
  },
);

claim(
  {
    id: 'zod-drops-unknown-keys',
    says: "a content type's extra settings go through its options and pluginOptions records",
  },
  () => {
    const schema = JSON.parse(readFileSync(path.join(app, 'src/api/gadget/content-types/gadget/schema.json'), 'utf8')) as Json;
    assert.equal(schema.options.claimsSetting, 'kept');
    assert.equal('claimsTopLevel' in schema, false);
    assert.deepEqual(schema.attributes, { label: { type: 'string' } });
  },
);

claim(
  {
    id: 'older-routes-accept-unknown-keys',
    says: "The older POST/PUT /content-types routes validate contentType with Yup's .noUnknown(false)",
  },
  async () => {
    await withAutoReload(async () => {
      const res = await admin.request('POST', `${CTB}/content-types`, {
        contentType: {
          displayName: 'Widget',
          singularName: 'widget',
          pluralName: 'widgets',
          kind: 'collectionType',
          draftAndPublish: false,
          claimsEnterpriseOption: true,
          attributes: { name: { type: 'string' } },
        },
        components: [],
      });
      assert.equal(res.status, 201, JSON.stringify(res.body));
      assert.equal(res.body.data?.uid, 'api::widget.widget');
    });
    assert.ok(existsSync(path.join(app, 'src/api/widget/content-types/widget/schema.json')), 'written');
  },
);
