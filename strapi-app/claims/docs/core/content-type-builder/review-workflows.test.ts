/**
 * The Content-Type Builder routes write schema files, so this file runs on a copy of the
 * application (appVariant) and reads the schema.json files the requests wrote there. The running
 * instance is not reloaded (autoReload is off): what a request writes is read from disk.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before } from 'node:test';
import type { Core } from '@strapi/strapi';
import { APP_DIR, appVariant, bootStrapi, claim, codeBlock, stopStrapi, superAdminClient, type AdminClient } from '../../../../harness';

let strapi: Core.Strapi;
let admin: AdminClient;
let dir: string;

const schemaOf = (api: string) =>
  JSON.parse(readFileSync(path.join(dir, `src/api/${api}/content-types/${api}/schema.json`), 'utf8')) as {
    options?: Record<string, unknown>;
    reviewWorkflows?: unknown;
    autoArchive?: unknown;
  };

/** The tag content type as the older per-model route takes it: flat, options at the top level. */
const tagBody = (extra: Record<string, unknown>) => ({
  contentType: {
    displayName: 'Tag',
    singularName: 'tag',
    pluralName: 'tags',
    kind: 'collectionType',
    draftAndPublish: true,
    ...extra,
    attributes: {
      name: { type: 'string', required: true, unique: true },
      articles: { type: 'relation', relation: 'manyToMany', target: 'api::article.article', mappedBy: 'tags' },
    },
  },
  components: [],
});

before(async () => {
  // The page's example middleware is registered from the application's register(), as a plugin would.
  dir = appVariant('ctb-review-workflows', (variant) => {
    writeFileSync(
      path.join(variant, 'src/index.js'),
      `module.exports = {
  register({ strapi }) {
    const { codeBlock, runExample } = require(${JSON.stringify(path.join(APP_DIR, 'harness'))});
    const block = codeBlock({ contains: 'registerContentTypeOptionMiddleware' }, 'docs/core/content-type-builder/review-workflows');
    runExample(block, { filename: 'src/extensions/auto-archive.ts' }).registerContentTypeOptionMiddleware(strapi);
  },
  bootstrap() {},
};
`,
    );
  });
  strapi = await bootStrapi({ ee: true, listen: true, name: 'ctb-review-workflows', appDir: dir });
  admin = await superAdminClient(strapi);
});

claim(
  {
    id: 'write-routes-need-autoreload',
    says: 'these write routes refuse every request while autoReload is off (PolicyError, 403)',
  },
  async () => {
    const res = await admin.put('/content-type-builder/content-types/api::tag.tag', tagBody({ reviewWorkflows: true }));
    assert.equal(res.status, 403);
    assert.equal(
      res.body.error.message,
      'Content-Type Builder modifications are disabled in production mode. Schema changes can only be made when running with autoReload enabled (strapi develop).',
    );
    // As under strapi develop. Its restart request goes nowhere here: this process has no cluster primary (process.send is undefined).
    assert.equal(process.send, undefined);
    strapi.config.set('autoReload', true);
  },
);
after(async () => {
  await stopStrapi(strapi);
});

claim(
  {
    id: 'boolean-moved-to-options',
    says: 'so the flag ends up in the schema as "options": { "reviewWorkflows": true, "draftAndPublish": true }',
  },
  async () => {
    // The page's request body, sent as it is.
    const body = JSON.parse(codeBlock({ title: 'PUT /content-type-builder/content-types/api::article.article' }).code);
    const res = await admin.put('/content-type-builder/content-types/api::article.article', body);
    assert.equal(res.status, 201, res.text);
    const schema = schemaOf('article');
    assert.deepEqual(schema.options, { reviewWorkflows: true, draftAndPublish: true });
    assert.equal(schema.reviewWorkflows, undefined);
  },
);

claim({ id: 'schema-flag-attaches-nothing', says: 'but that alone does not attach the content type to a workflow' }, async () => {
  assert.equal(schemaOf('article').options?.reviewWorkflows, true);
  const workflows = (await admin.get('/review-workflows/workflows')).body.data as Array<{ contentTypes: string[] }>;
  assert.ok(workflows.every((w) => !w.contentTypes.includes('api::article.article')));
  const doc = await strapi.documents('api::article.article').create({ data: { title: 'Unstaged' } as never, locale: 'en' });
  const found = await strapi
    .documents('api::article.article')
    .findOne({ documentId: doc.documentId, locale: 'en', populate: ['strapi_stage'] as never });
  assert.equal((found as { strapi_stage?: unknown }).strapi_stage, null);
  const config = (await admin.get('/content-manager/content-types/api::article.article/configuration')).body.data.contentType.options ?? {};
  assert.notEqual(config.reviewWorkflows, true);
});

claim({ id: 'string-not-moved', says: 'A string such as "true" is left at the top level and never reaches options.' }, async () => {
  const res = await admin.put('/content-type-builder/content-types/api::tag.tag', tagBody({ reviewWorkflows: 'true' }));
  assert.equal(res.status, 201, res.text);
  assert.deepEqual(schemaOf('tag').options, { draftAndPublish: true });
});

claim(
  {
    id: 'unknown-keys-accepted',
    says: 'The CTB validator accepts extra keys because contentType is validated with .noUnknown(false).',
  },
  async () => {
    const res = await admin.put('/content-type-builder/content-types/api::tag.tag', tagBody({ someEnterpriseOption: 'on' }));
    assert.equal(res.status, 201, res.text);
  },
);

claim(
  {
    id: 'missing-content-type-throws',
    says: "so a POST or PUT on these routes with no contentType throws a TypeError in the middleware instead of reaching the CTB's validation error",
  },
  async () => {
    const res = await admin.put('/content-type-builder/content-types/api::tag.tag', { components: [] });
    assert.equal(res.status, 500);
    const post = await admin.post('/content-type-builder/content-types', {});
    assert.equal(post.status, 500);
    // The middleware runs before the CTB's own autoReload check: the same with autoReload off.
    strapi.config.set('autoReload', false);
    try {
      assert.equal((await admin.put('/content-type-builder/content-types/api::tag.tag', { components: [] })).status, 500);
      assert.equal((await admin.put('/content-type-builder/content-types/api::tag.tag', tagBody({}))).status, 403);
    } finally {
      strapi.config.set('autoReload', true);
    }
  },
);

claim(
  {
    id: 'update-schema-not-matched',
    says: 'POST /content-type-builder/update-schema, which the middleware does not match',
  },
  async () => {
    // The same body without contentType that makes the middleware throw on the older routes.
    const res = await admin.post('/content-type-builder/update-schema', { components: [] });
    assert.equal(res.status, 400, res.text);
  },
);

claim(
  {
    id: 'cm-configuration-written',
    says: 'which merges { reviewWorkflows } into the Content Manager configuration options of the content type',
  },
  async () => {
    const config = async () =>
      (await admin.get('/content-manager/content-types/api::author.author/configuration')).body.data.contentType.options ?? {};
    const before = await config();
    assert.equal(before.reviewWorkflows, undefined);
    const [workflow] = (await admin.get('/review-workflows/workflows')).body.data;
    assert.equal(
      (await admin.put(`/review-workflows/workflows/${workflow.id}`, { data: { contentTypes: ['api::author.author'] } })).status,
      200,
    );
    assert.deepEqual(await config(), { ...before, reviewWorkflows: true });
    assert.equal((await admin.put(`/review-workflows/workflows/${workflow.id}`, { data: { contentTypes: [] } })).status, 200);
    assert.deepEqual(await config(), { ...before, reviewWorkflows: false });
    // The schema file of the content type is untouched.
    assert.equal(schemaOf('author').options?.reviewWorkflows, undefined);
  },
);

claim(
  {
    id: 'same-pattern-example',
    says: 'The version below also guards against a missing contentType.',
  },
  async () => {
    // The example was registered at boot (see before()); a body without contentType passes it.
    const res = await admin.put('/content-type-builder/content-types/api::tag.tag', tagBody({ autoArchive: true }));
    assert.equal(res.status, 201, res.text);
    assert.deepEqual(schemaOf('tag').options, { autoArchive: true, draftAndPublish: true });
    assert.equal(schemaOf('tag').autoArchive, undefined);
    assert.ok(codeBlock({ contains: 'registerContentTypeOptionMiddleware' }).code.includes('ctx.request.body.contentType ?? {}'));
  },
);
