import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before } from 'node:test';
import type { Core } from '@strapi/strapi';
import {
  APP_DIR,
  addPluginWithServer,
  appVariant,
  bootStrapi,
  claim,
  codeBlock,
  defect,
  runExample,
  stopStrapi,
} from '../../../../harness';
import { tempDir } from '../../../../harness/temp-dirs';

const { Database } = require(path.join(APP_DIR, 'node_modules/@strapi/database')) as typeof import('@strapi/database');
const ARTICLE = 'api::article.article';

/** The page's example lives in a plugin called my-plugin with a `tag` type. */
const MY_PLUGIN = `module.exports = {
  contentTypes: {
    tag: {
      schema: {
        kind: 'collectionType',
        collectionName: 'my_plugin_tags',
        info: { singularName: 'tag', pluralName: 'tags', displayName: 'Tag' },
        options: { draftAndPublish: false },
        attributes: { name: { type: 'string' } },
      },
    },
  },
};
`;
/** config/database.js of a variant: the app's own, plus `settings`. */
const databaseWithSettings = (settings: Record<string, unknown>) =>
  `const base = require(${JSON.stringify(path.join(APP_DIR, 'config/database.js'))});\nmodule.exports = (ctx) => ({ ...base(ctx), settings: ${JSON.stringify(settings)} });\n`;

const base = appVariant('database-intro', (dir) => addPluginWithServer(dir, 'my-plugin', MY_PLUGIN));
/** The app with my-plugin and the given database settings, optionally without `article.views` and the homepage single type. */
const variant = (
  name: string,
  settings: Record<string, unknown>,
  options: { removeHomepage?: boolean; extra?: (dir: string) => void } = {},
) =>
  appVariant(name, (dir, json) => {
    addPluginWithServer(dir, 'my-plugin', MY_PLUGIN);
    if (options.removeHomepage) {
      json('src/api/article/content-types/article/schema.json', (schema) => {
        delete schema.attributes.views;
      });
      rmSync(path.join(dir, 'src/api/homepage'), { recursive: true });
    }
    writeFileSync(path.join(dir, 'config/database.js'), databaseWithSettings(settings));
    options.extra?.(dir);
  });

let strapi: Core.Strapi;

before(async () => {
  strapi = await bootStrapi({ name: 'db-intro', appDir: base });
});
after(async () => {
  if (strapi) await stopStrapi(strapi);
});

/** A throwaway Database on a SQLite file in a temporary folder (Strapi resolves `:memory:` as a file name). */
function tempDatabase(settings: Record<string, unknown> = {}, client = 'sqlite') {
  const dir = tempDir('claims-db-');
  return new Database({
    connection: { client, connection: client === 'sqlite' ? { filename: path.join(dir, 'claims.db') } : {}, useNullAsDefault: true },
    settings: { migrations: { dir }, ...settings },
  } as ConstructorParameters<typeof Database>[0]);
}

async function columns(table: string) {
  return Object.keys(await strapi.db.connection(table).columnInfo());
}

claim({ id: 'unknown-dialect', says: 'any other client throws Unknown dialect <client>' }, async () => {
  const sqlite = tempDatabase();
  assert.equal(sqlite.dialect.client, 'sqlite');
  await sqlite.destroy();
  const postgres = tempDatabase({}, 'postgres');
  assert.equal(postgres.dialect.client, 'postgres');
  await postgres.destroy();
  // mysql is a known dialect; without its driver installed, Knex is what fails.
  const quiet = console.log; // Knex's logger prints its own hint about the missing driver
  console.log = () => undefined;
  try {
    assert.throws(
      () => tempDatabase({}, 'mysql'),
      (error: Error) => !/Unknown dialect/.test(error.message),
    );
  } finally {
    console.log = quiet;
  }
  assert.throws(() => tempDatabase({}, 'oracle'), { message: 'Unknown dialect oracle' });
});

claim({ id: 'query-unknown-model', says: 'strapi.db.query(uid) throws Model <uid> not found for UIDs missing from the metadata' }, () => {
  assert.throws(() => strapi.db.query('api::nothing.nothing' as never), { message: 'Model api::nothing.nothing not found' });
  assert.equal(typeof strapi.db.query(ARTICLE).findMany, 'function');
});

claim(
  {
    id: 'repository-method-order',
    says: 'runs the before* lifecycle subscribers, builds SQL with the query builder, writes relations into join tables, and runs the after* subscribers',
  },
  async () => {
    const author = await strapi.db.query('api::author.author').create({ data: { name: 'Ada' } });
    const steps: string[] = [];
    const linked = async () => (await strapi.db.connection('articles_author_lnk').where({ author_id: author.id }).count('* as n'))[0].n;
    strapi.db.lifecycles.subscribe({
      models: [ARTICLE],
      async beforeCreate() {
        steps.push(
          `before: rows ${await strapi.db
            .connection('articles')
            .where({ title: 'ordered' })
            .count('* as n')
            .then((r) => r[0].n)}`,
        );
      },
      async afterCreate(event) {
        steps.push(`after: id ${typeof event.result.id}, links ${await linked()}`);
      },
    });
    await strapi.db.query(ARTICLE).create({ data: { title: 'ordered', author: author.id } });
    assert.deepEqual(steps, ['before: rows 0', 'after: id number, links 1']);
  },
);

claim(
  {
    id: 'config-merged-by-strapi',
    says: 'is created with the resolved database configuration, merged by Strapi with its logger and settings.migrations.dir',
  },
  async () => {
    assert.equal(strapi.db.logger, strapi.log);
    assert.equal(strapi.db.config.settings.migrations.dir, path.join(base, 'database/migrations'));
    assert.equal((strapi.db.config.connection as { client: string }).client, strapi.config.get('database.connection.client'));
    // With useTypescriptMigrations and a tsconfig.json, the folder moves under the TypeScript outDir.
    const typescript = variant(
      'database-intro-ts',
      { useTypescriptMigrations: true },
      {
        extra: (dir) => {
          writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { outDir: 'build' }, include: ['types'] }));
          // TypeScript refuses a tsconfig.json without inputs; a declaration file is enough.
          mkdirSync(path.join(dir, 'types'));
          writeFileSync(path.join(dir, 'types/claims.d.ts'), 'export {};\n');
        },
      },
    );
    await stopStrapi(strapi);
    strapi = await bootStrapi({ name: 'db-intro', keepDatabase: true, appDir: typescript });
    assert.equal(strapi.db.config.settings.migrations.dir, path.join(typescript, 'build/database/migrations'));
    // The claims below run on this variant: the same application, only the migrations folder moved.
  },
);

claim(
  {
    id: 'constructor-builds-providers',
    says: "The constructor picks the dialect, creates the Knex connection (each new pooled connection runs the dialect's initialize), and builds the schema, migrations, lifecycles, entity-manager and repair providers.",
  },
  async () => {
    const db = tempDatabase();
    for (const key of ['dialect', 'connection', 'schema', 'migrations', 'lifecycles', 'entityManager', 'repair'] as const)
      assert.ok(db[key], key);
    // SQLite's initialize turns foreign keys on, per connection.
    assert.deepEqual(await db.connection.raw('PRAGMA foreign_keys'), [{ foreign_keys: 1 }]);
    await db.destroy();
  },
);

claim(
  {
    id: 'sync-runs-migrations-then-diffs',
    says: 'it runs them with db.migrations.up(), user migrations first, then internal ones, and then always diffs and updates the tables',
  },
  async () => {
    const order: string[] = [];
    (globalThis as Record<string, unknown>).__claimsOrder = order;
    const dir = strapi.db.config.settings.migrations.dir;
    writeFileSync(
      path.join(dir, '2024-01-01-user.js'),
      'module.exports = { async up() { globalThis.__claimsOrder.push("user"); }, async down() {} };\n',
    );
    strapi.db.migrations.providers.internal.register({
      name: 'claims-intro-internal',
      async up() {
        order.push('internal');
      },
      async down() {},
    });
    const inspector = strapi.db.dialect.schemaInspector;
    const getSchema = inspector.getSchema.bind(inspector);
    let inspected = 0;
    inspector.getSchema = async () => {
      inspected++;
      order.push('diff');
      return getSchema();
    };
    try {
      assert.equal(await strapi.db.migrations.shouldRun(), true);
      await strapi.db.schema.sync();
    } finally {
      inspector.getSchema = getSchema;
      rmSync(path.join(dir, '2024-01-01-user.js'));
    }
    assert.deepEqual(order, ['user', 'internal', 'diff']);
    assert.equal(inspected, 1);
  },
);

claim(
  {
    id: 'sync-unchanged-without-inspecting',
    says: 'else it returns UNCHANGED without inspecting the database',
  },
  async () => {
    const inspector = strapi.db.dialect.schemaInspector;
    const getSchema = inspector.getSchema.bind(inspector);
    let inspected = 0;
    inspector.getSchema = async () => {
      inspected++;
      return getSchema();
    };
    try {
      assert.equal(await strapi.db.migrations.shouldRun(), false);
      assert.equal(await strapi.db.schema.sync(), 'UNCHANGED');
      assert.equal(inspected, 0);
      // A stored hash that differs: the database is inspected and diffed.
      await strapi.db.connection('strapi_database_schema').update({ hash: 'not-the-hash' });
      await strapi.db.schema.sync();
      assert.equal(inspected, 1);
      // No stored schema at all: the same.
      await strapi.db.connection('strapi_database_schema').del();
      await strapi.db.schema.sync();
      assert.equal(inspected, 2);
      assert.equal(await strapi.db.schema.sync(), 'UNCHANGED');
      assert.equal(inspected, 2);
    } finally {
      inspector.getSchema = getSchema;
    }
  },
);

claim(
  { id: 'settings-default-true', says: 'The settings forceMigration and runMigrations default to true in the constructor.' },
  async () => {
    const defaults = tempDatabase();
    assert.equal(defaults.config.settings.forceMigration, true);
    assert.equal(defaults.config.settings.runMigrations, true);
    await defaults.destroy();
    const given = tempDatabase({ forceMigration: false, runMigrations: false });
    assert.equal(given.config.settings.forceMigration, false);
    assert.equal(given.config.settings.runMigrations, false);
    await given.destroy();
    assert.equal(strapi.db.config.settings.forceMigration, true);
    assert.equal(strapi.db.config.settings.runMigrations, true);
  },
);

claim(
  { id: 'run-migrations-false', says: 'runMigrations: false disables user migrations only; internal migrations always run.' },
  async () => {
    const ran: string[] = [];
    (globalThis as Record<string, unknown>).__claimsRan = ran;
    const dir = strapi.db.config.settings.migrations.dir;
    writeFileSync(
      path.join(dir, '2024-02-01-user.js'),
      'module.exports = { async up() { globalThis.__claimsRan.push("user"); }, async down() {} };\n',
    );
    strapi.db.migrations.providers.internal.register({
      name: 'claims-intro-internal-2',
      async up() {
        ran.push('internal');
      },
      async down() {},
    });
    strapi.db.config.settings.runMigrations = false;
    try {
      await strapi.db.schema.sync();
    } finally {
      strapi.db.config.settings.runMigrations = true;
    }
    assert.deepEqual(ran, ['internal']);
    const userRows = await strapi.db.connection('strapi_migrations').where({ name: '2024-02-01-user.js' });
    assert.equal(userRows.length, 0);
    // With the default back, the same file is pending and runs.
    await strapi.db.schema.sync();
    rmSync(path.join(dir, '2024-02-01-user.js'));
    assert.deepEqual(ran, ['internal', 'user']);
  },
);

claim(
  {
    id: 'force-migration-false-keeps-everything',
    says: 'forceMigration: false makes the schema builder skip every destructive step of a sync: removed tables, columns, indexes and foreign keys stay in the database.',
  },
  async () => {
    const indexesOf = async (table: string) => (await strapi.db.dialect.schemaInspector.getIndexes(table)).map((i) => i.name).sort();
    const foreignKeysOf = async (table: string) =>
      (await strapi.db.dialect.schemaInspector.getForeignKeys(table)).map((f) => f.name).sort();
    const before = {
      indexes: await indexesOf('homepages'),
      linkKeys: await foreignKeysOf('homepages_featured_lnk'),
    };
    assert.ok(before.indexes.length > 0 && before.linkKeys.length > 0, 'the homepage tables have indexes and foreign keys');
    assert.ok((await columns('articles')).includes('views'), 'articles.views exists');

    const kept = variant('database-intro-keep', { forceMigration: false }, { removeHomepage: true });
    await stopStrapi(strapi);
    strapi = await bootStrapi({ name: 'db-intro', keepDatabase: true, appDir: kept });
    assert.equal(strapi.db.metadata.has('api::homepage.homepage'), false);
    assert.ok((await columns('articles')).includes('views'), 'the removed column stays');
    assert.equal(await strapi.db.connection.schema.hasTable('homepages'), true);
    assert.equal(await strapi.db.connection.schema.hasTable('homepages_featured_lnk'), true);
    assert.deepEqual(await indexesOf('homepages'), before.indexes);
    assert.deepEqual(await foreignKeysOf('homepages_featured_lnk'), before.linkKeys);
  },
);

claim(
  {
    id: 'later-force-migration-ignores-them',
    says: 'The stored schema no longer lists them afterwards, so a later sync with forceMigration: true leaves them in place too.',
  },
  async () => {
    // Runs after the claim above, on the same database: now with the default forceMigration.
    const forced = variant('database-intro-force', {}, { removeHomepage: true });
    await stopStrapi(strapi);
    strapi = await bootStrapi({ name: 'db-intro', keepDatabase: true, appDir: forced });
    assert.equal(strapi.db.config.settings.forceMigration, true);
    assert.ok((await columns('articles')).includes('views'), 'articles.views is still there');
    assert.equal(await strapi.db.connection.schema.hasTable('homepages'), true);
    // Neither is in this application's metadata: the sync had them to remove.
    assert.equal(strapi.db.metadata.has('api::homepage.homepage'), false);
    assert.equal('views' in strapi.db.metadata.get(ARTICLE).attributes, false);
  },
);

claim({ id: 'example-renames-in-a-transaction', says: 'that the Document Service and plugins use to read and write rows' }, async () => {
  // Every variant of this file has my-plugin and its tag type.
  const { renameTag } = runExample<{ renameTag: (s: Core.Strapi, id: number, name: string) => Promise<{ id: number; name: string }> }>(
    codeBlock({ title: 'packages/plugins/my-plugin/server/src/services/tags.ts' }),
  );
  const tag = await strapi.db.query('plugin::my-plugin.tag').create({ data: { name: 'old' } });
  const logged: string[] = [];
  const info = strapi.log.info;
  strapi.log.info = ((message: string) => void logged.push(message)) as unknown as typeof strapi.log.info;
  try {
    const renamed = await renameTag(strapi, tag.id, 'new');
    assert.equal(renamed.name, 'new');
  } finally {
    strapi.log.info = info;
  }
  assert.deepEqual(logged, [`Tag ${tag.id} renamed`]);
  assert.equal((await strapi.db.query('plugin::my-plugin.tag').findOne({ where: { id: tag.id } })).name, 'new');
});

defect(
  {
    id: 'update-many-on-a-relation-filter',
    says: 'updateMany whose where needs a join (a filter on a relation) fails with TypeError: Cannot convert undefined or null to object',
    summary:
      '`updateMany` with a `where` on a relation throws a `TypeError`: the sub-query path of the query builder drops the data to write',
  },
  async () => {
    const author = await strapi.db.query('api::author.author').create({ data: { name: 'Grace' } });
    await strapi.db.query(ARTICLE).create({ data: { title: 'by Grace', author: author.id } });
    await assert.rejects(strapi.db.query(ARTICLE).updateMany({ where: { author: { name: 'Grace' } }, data: { title: 'renamed' } }), {
      name: 'TypeError',
      message: 'Cannot convert undefined or null to object',
    });
    // The same filter reads fine, and deleteMany (whose SQL needs no data) uses the same path without failing.
    assert.equal(await strapi.db.query(ARTICLE).count({ where: { author: { name: 'Grace' } } }), 1);
    assert.deepEqual(await strapi.db.query(ARTICLE).deleteMany({ where: { author: { name: 'Grace' } } }), { count: 1 });
  },
);
