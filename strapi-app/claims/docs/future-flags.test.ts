import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before } from 'node:test';
import type { Core } from '@strapi/strapi';
import {
  APP_DIR,
  STATE_DIR,
  appVariant,
  bootStrapi,
  claim,
  codeBlock,
  defect,
  exampleToJs,
  requireCore,
  runExample,
  stopStrapi,
} from '../../harness';

interface Log {
  level: string;
  message: string;
}
const g = globalThis as unknown as { __logs: Log[] };
g.__logs = [];

/** The application with the page's config/features.ts (compiled) and a logger that keeps its warnings. */
const variant = appVariant('future-flags', (dir) => {
  writeFileSync(path.join(dir, 'config/features.js'), exampleToJs(codeBlock({ title: 'config/features.ts' })));
  writeFileSync(
    path.join(dir, 'config/server.js'),
    `const Transport = require('winston-transport');
const base = require(${JSON.stringify(path.join(APP_DIR, 'config/server.js'))});
class Keep extends Transport {
  log(info, callback) { globalThis.__logs.push({ level: info[Symbol.for('level')], message: String(info.message) }); callback(); }
}
module.exports = (ctx) => ({ ...base(ctx), logger: { config: { level: 'warn', transports: [new Keep()] } } });
`,
  );
});

const ARTICLE = 'api::article.article';
const { contentTypes: contentTypesUtils } = require('@strapi/utils') as {
  contentTypes: { hasFirstPublishedAtField(model: unknown): boolean };
};

let strapi: Core.Strapi;
/** What the first boot (flag off) saw and made. */
let off: { flag: unknown; hasAttribute: boolean; documentId: string; warnings: string[] };
let onWarnings: string[];
before(async () => {
  delete process.env.STRAPI_FEATURES_FIRST_PUBLISHED_AT;
  strapi = await bootStrapi({ name: 'future-flags', appDir: variant });
  const article = await strapi.documents(ARTICLE).create({ data: { title: 'Published before the flag' }, locale: 'en' });
  await strapi.documents(ARTICLE).publish({ documentId: article.documentId, locale: 'en' });
  off = {
    flag: strapi.config.get('features.future.experimental_firstPublishedAt'),
    hasAttribute: 'firstPublishedAt' in strapi.contentType(ARTICLE).attributes,
    documentId: article.documentId,
    warnings: g.__logs.filter((l) => l.level === 'warn').map((l) => l.message),
  };
  if (strapi) await stopStrapi(strapi);
  // The same database, with the environment variable the example reads.
  g.__logs = [];
  strapi = await bootStrapi({
    name: 'future-flags',
    keepDatabase: true,
    appDir: variant,
    env: { STRAPI_FEATURES_FIRST_PUBLISHED_AT: 'true' },
  });
  onWarnings = g.__logs.filter((l) => l.level === 'warn').map((l) => l.message);
});
after(async () => {
  delete process.env.STRAPI_FEATURES_FIRST_PUBLISHED_AT;
  if (strapi) await stopStrapi(strapi);
});

/** Runs `fn` with `features` set to `value` in the configuration, then puts the original back. */
function withFeatures<T>(value: unknown, fn: () => T): T {
  const original = strapi.config.get('features');
  strapi.config.set('features', value);
  try {
    return fn();
  } finally {
    strapi.config.set('features', original);
  }
}

claim({ id: 'example-config', says: 'The file follows the usual config rules: a function receives { env }' }, () => {
  assert.equal(off.flag, false);
  assert.equal(strapi.config.get('features.future.experimental_firstPublishedAt'), true);
});

claim(
  {
    id: 'config-getter-live',
    says: "createFeaturesService(strapi) returns an object whose config getter reads strapi.config.get('features') on every call.",
  },
  () => {
    const first = strapi.features.config;
    assert.deepEqual(first, { future: { experimental_firstPublishedAt: true } });
    withFeatures({ future: { other: true } }, () => assert.deepEqual(strapi.features.config, { future: { other: true } }));
    assert.deepEqual(strapi.features.config, first);
  },
);

claim({ id: 'future-is-enabled-strict', says: 'future.isEnabled(name) returns true only when config.future[name] === true' }, () => {
  assert.equal(strapi.features.future.isEnabled('experimental_firstPublishedAt'), true);
  for (const value of ['true', 1, 'yes', {}])
    withFeatures({ future: { flag: value } }, () => assert.equal(strapi.features.future.isEnabled('flag'), false, JSON.stringify(value)));
  withFeatures(undefined, () => assert.equal(strapi.features.future.isEnabled('experimental_firstPublishedAt'), false));
  withFeatures({}, () => assert.equal(strapi.features.future.isEnabled('experimental_firstPublishedAt'), false));
});

claim({ id: 'top-level-is-enabled', says: 'Strict === true on a top-level key' }, () => {
  withFeatures({ useLegacyMediaLibrary: true }, () => assert.equal(strapi.features.isEnabled('useLegacyMediaLibrary' as never), true));
  withFeatures({ useLegacyMediaLibrary: 'true' }, () => assert.equal(strapi.features.isEnabled('useLegacyMediaLibrary' as never), false));
  withFeatures({ future: { useLegacyMediaLibrary: true } }, () =>
    assert.equal(strapi.features.isEnabled('useLegacyMediaLibrary' as never), false),
  );
});

claim(
  { id: 'reader-truthiness', says: 'a plain truthiness test: there, a string such as "true" (or "false") does enable the flag.' },
  () => {
    const article = strapi.contentType(ARTICLE);
    const author = strapi.contentType('api::author.author');
    for (const value of ['true', 'false', 1])
      withFeatures({ future: { experimental_firstPublishedAt: value } }, () => {
        assert.equal(contentTypesUtils.hasFirstPublishedAtField(article), true, JSON.stringify(value));
        assert.equal(strapi.features.future.isEnabled('experimental_firstPublishedAt'), false);
        assert.equal(contentTypesUtils.hasFirstPublishedAtField(author), false);
      });
    withFeatures({ future: { experimental_firstPublishedAt: false } }, () =>
      assert.equal(contentTypesUtils.hasFirstPublishedAtField(article), false),
    );
  },
);

claim(
  {
    id: 'use-real-booleans',
    says: "while a bare env('...') returns a string that the strict helpers treat as off but hasFirstPublishedAtField treats as on.",
  },
  () => {
    const { env } = require('@strapi/utils') as typeof import('@strapi/utils');
    process.env.CLAIMS_FLAG = 'true';
    try {
      assert.equal(env.bool('CLAIMS_FLAG', false), true);
      assert.equal(env('CLAIMS_FLAG'), 'true');
      withFeatures({ future: { experimental_firstPublishedAt: env('CLAIMS_FLAG') } }, () => {
        assert.equal(strapi.features.future.isEnabled('experimental_firstPublishedAt'), false);
        assert.equal(contentTypesUtils.hasFirstPublishedAtField(strapi.contentType(ARTICLE)), true);
      });
    } finally {
      delete process.env.CLAIMS_FLAG;
    }
  },
);

claim({ id: 'attribute-added', says: 'every content type with draft and publish gets an extra attribute while schemas are built' }, () => {
  assert.equal(off.hasAttribute, false);
  const withDraftAndPublish = Object.values(strapi.contentTypes).filter((ct) => ct.options?.draftAndPublish);
  assert.ok(withDraftAndPublish.length >= 3);
  for (const ct of Object.values(strapi.contentTypes))
    assert.equal('firstPublishedAt' in ct.attributes, Boolean(ct.options?.draftAndPublish), ct.uid);
  assert.deepEqual(strapi.contentType(ARTICLE).attributes.firstPublishedAt, {
    type: 'datetime',
    configurable: false,
    writable: true,
    visible: false,
    private: false,
  });
  assert.deepEqual(
    onWarnings.filter((w) => w.startsWith('Experimental feature enabled')).sort(),
    withDraftAndPublish.map((ct) => `Experimental feature enabled: firstPublishedAt on ${ct.collectionName}`).sort(),
  );
  assert.ok(!off.warnings.some((w) => w.startsWith('Experimental feature enabled')));
});

claim(
  {
    id: 'stamped-on-publish',
    says: "On publish, the Document Service stores the current date in the draft's firstPublishedAt if it is still empty",
  },
  async () => {
    const articles = strapi.documents(ARTICLE);
    const { documentId } = await articles.create({ data: { title: 'Published with the flag' }, locale: 'en' });
    const before = Date.now();
    await articles.publish({ documentId, locale: 'en' });
    const rows = async () => strapi.db.query(ARTICLE).findMany({ where: { documentId }, select: ['publishedAt', 'firstPublishedAt'] });
    const [first] = (await rows()).filter((r) => r.publishedAt === null);
    const stamped = new Date(first.firstPublishedAt).getTime();
    assert.ok(stamped >= before - 1000 && stamped <= Date.now() + 1000);
    // A second publish keeps the first date.
    await articles.update({ documentId, locale: 'en', data: { body: 'changed' } as never });
    await articles.publish({ documentId, locale: 'en' });
    const again = await rows();
    assert.ok(
      again.every((r) => new Date(r.firstPublishedAt).getTime() === stamped),
      JSON.stringify(again),
    );
  },
);

claim(
  {
    id: 'backfill',
    says: "for every locale that has both a draft and a published row and no firstPublishedAt yet, it writes the published row's publishedAt into both rows.",
  },
  async () => {
    const rows = await strapi.db
      .query(ARTICLE)
      .findMany({ where: { documentId: off.documentId }, select: ['publishedAt', 'firstPublishedAt'] });
    assert.equal(rows.length, 2);
    const published = rows.find((r) => r.publishedAt !== null)!;
    assert.ok(published.firstPublishedAt);
    for (const row of rows) assert.equal(new Date(row.firstPublishedAt).getTime(), new Date(published.publishedAt).getTime());
  },
);

claim({ id: 'shape-not-validated', says: 'The loader does not validate its shape.' }, () => {
  const dir = path.join(STATE_DIR, 'config-projects', 'features-shape');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, 'config'), { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), '{ "name": "features-shape" }');
  writeFileSync(path.join(dir, 'config/features.js'), "module.exports = { future: 'all of them', experimental_firstPublishedAt: true };\n");
  const { loadConfiguration } = requireCore<{ loadConfiguration: (o: object) => Record<string, unknown> }>('configuration/index');
  assert.deepEqual(loadConfiguration({ appDir: dir, distDir: dir }).features, {
    future: 'all of them',
    experimental_firstPublishedAt: true,
  });
});

claim(
  {
    id: 'server-example',
    says: 'Prefer these helpers to reading the config directly: they give the strict boolean semantics that hasFirstPublishedAtField lacks.',
  },
  () => {
    const { registerMyFeature } = runExample<{ registerMyFeature: (s: Core.Strapi) => void }>(
      codeBlock({ title: 'packages/core/content-manager/server/src/my-feature/index.ts' }),
    );
    const registered: unknown[] = [];
    const use = strapi.documents.use;
    strapi.documents.use = ((middleware: unknown) => void registered.push(middleware)) as never;
    try {
      registerMyFeature(strapi);
      assert.equal(registered.length, 0);
      withFeatures({ future: { unstableMyFeature: 'true' } }, () => registerMyFeature(strapi));
      assert.equal(registered.length, 0);
      withFeatures({ future: { unstableMyFeature: true } }, () => registerMyFeature(strapi));
      assert.equal(registered.length, 1);
    } finally {
      strapi.documents.use = use;
    }
  },
);

defect(
  {
    id: 'string-false-enables',
    says: 'hasFirstPublishedAtField returns true for every draft-and-publish model',
    summary:
      'The future flag experimental_firstPublishedAt set to the string "false" is read as on by hasFirstPublishedAtField, while strapi.features.future.isEnabled reads it as off',
  },
  () => {
    withFeatures({ future: { experimental_firstPublishedAt: 'false' } }, () => {
      for (const ct of Object.values(strapi.contentTypes))
        assert.equal(contentTypesUtils.hasFirstPublishedAtField(ct), Boolean(ct.options?.draftAndPublish), ct.uid);
      assert.equal(strapi.features.future.isEnabled('experimental_firstPublishedAt'), false);
    });
  },
);
