import assert from 'node:assert/strict';
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before } from 'node:test';
import type { Core } from '@strapi/strapi';
import { APP_DIR, appVariant, bootStrapi, claim, codeBlock, defect, runExample, stopStrapi } from '../../../../harness';
import { tempDir } from '../../../../harness/temp-dirs';

const { Database } = require(path.join(APP_DIR, 'node_modules/@strapi/database')) as typeof import('@strapi/database');
type Migration = import('@strapi/database').Migration;
type Run = {
  name: string;
  articles?: boolean;
  subtitle?: boolean;
  internalRows?: number;
  trx?: boolean;
  db?: boolean;
  inTransaction?: boolean;
};
const g = globalThis as unknown as { __claimsRuns: Run[]; __claimsLogs: Array<{ level: string; message: unknown }> };
g.__claimsRuns = [];
g.__claimsLogs = [];

/** A user migration that records when it ran and what it saw. */
const recording = (name: string, extra = '') => `module.exports = {
  async up(trx, db) {
    globalThis.__claimsRuns.push({
      name: ${JSON.stringify(name)},
      articles: await trx.schema.hasTable('articles'),
      subtitle: (await trx.schema.hasTable('articles')) && (await trx.schema.hasColumn('articles', 'subtitle')),
      internalRows: Number((await trx('strapi_migrations_internal').count('* as n'))[0].n), // a string on PostgreSQL
      trx: trx.isTransaction === true,
      db: db === globalThis.strapi.db,
      inTransaction: db.inTransaction(),
    });
    ${extra}
  },
  async down() { globalThis.__claimsRuns.push({ name: ${JSON.stringify(`down ${name}`)} }); },
};
`;
/** A logger that keeps what Strapi logs at info and above in globalThis.__claimsLogs. */
const LOGGER = `const { Writable } = require('node:stream');
const { winston } = require('@strapi/logger');
module.exports = () => ({
  level: 'info',
  transports: [
    new winston.transports.Stream({
      stream: new Writable({ objectMode: true, write(info, _enc, done) { globalThis.__claimsLogs.push(info); done(); } }),
    }),
  ],
});
`;

/** The first set of user migrations, with what discovery must skip. */
function firstMigrations(dir: string) {
  const folder = path.join(dir, 'database/migrations');
  mkdirSync(path.join(folder, 'sub'), { recursive: true });
  writeFileSync(path.join(folder, '01-first.js'), recording('01-first.js'));
  writeFileSync(path.join(folder, '10-ten.js'), recording('10-ten.js'));
  writeFileSync(path.join(folder, '9-nine.js'), recording('9-nine.js'));
  writeFileSync(path.join(folder, 'zz-marker.sql'), 'CREATE TABLE claims_marker (id integer)');
  writeFileSync(path.join(folder, '.hidden.js'), recording('.hidden.js'));
  writeFileSync(path.join(folder, 'typed.ts'), recording('typed.ts'));
  writeFileSync(path.join(folder, 'notes.txt'), 'not a migration');
  writeFileSync(path.join(folder, 'sub/inner.js'), recording('sub/inner.js'));
  mkdirSync(path.join(dir, 'elsewhere/folder.js'), { recursive: true });
  writeFileSync(path.join(dir, 'elsewhere/linked.js'), recording('link.js'));
  symlinkSync(path.join(dir, 'elsewhere/linked.js'), path.join(folder, 'link.js'));
  symlinkSync(path.join(dir, 'elsewhere/folder.js'), path.join(folder, 'folder-link.js'));
  writeFileSync(path.join(dir, 'config/logger.js'), LOGGER);
}
const databaseWithSettings = (settings: Record<string, unknown>) =>
  `const base = require(${JSON.stringify(path.join(APP_DIR, 'config/database.js'))});\nmodule.exports = (ctx) => ({ ...base(ctx), settings: ${JSON.stringify(settings)} });\n`;

const first = appVariant('migrations-first', (dir) => firstMigrations(dir));
/** The next release: a new column, and three new migrations, the middle one failing. */
const second = appVariant('migrations-second', (dir, json) => {
  firstMigrations(dir);
  json('src/api/article/content-types/article/schema.json', (schema) => {
    schema.attributes.subtitle = { type: 'string' };
    schema.attributes.sort_key = { type: 'string' };
  });
  const folder = path.join(dir, 'database/migrations');
  writeFileSync(path.join(folder, '11-new-column.js'), recording('11-new-column.js', "await trx('claims_marker').insert({ id: 11 });"));
  writeFileSync(
    path.join(folder, '12-fails.js'),
    recording('12-fails.js', "await trx('claims_marker').insert({ id: 12 }); throw new Error('boom');"),
  );
  writeFileSync(path.join(folder, '13-after.js'), recording('13-after.js'));
});
/** The same, started with runMigrations: false and an internal migration registered by the app. */
const third = appVariant('migrations-third', (dir, json) => {
  firstMigrations(dir);
  json('src/api/article/content-types/article/schema.json', (schema) => {
    schema.attributes.subtitle = { type: 'string' };
    schema.attributes.sort_key = { type: 'string' };
  });
  const folder = path.join(dir, 'database/migrations');
  writeFileSync(path.join(folder, '11-new-column.js'), recording('11-new-column.js'));
  writeFileSync(path.join(folder, '12-fails.js'), recording('12-fails.js', "throw new Error('boom');"));
  writeFileSync(path.join(folder, '13-after.js'), recording('13-after.js'));
  writeFileSync(path.join(dir, 'config/database.js'), databaseWithSettings({ runMigrations: false }));
  writeFileSync(
    path.join(dir, 'src/index.js'),
    `module.exports = {
  register({ strapi }) {
    strapi.db.migrations.providers.internal.register({
      name: 'claims-internal',
      async up() { globalThis.__claimsRuns.push({ name: 'claims-internal' }); },
      async down() { globalThis.__claimsRuns.push({ name: 'down claims-internal' }); },
    });
  },
  bootstrap() {},
};
`,
  );
});

let strapi: Core.Strapi | undefined;
let firstRuns: Run[] = [];
let secondError: Error | undefined;
let secondRuns: Run[] = [];
let thirdRuns: Run[] = [];
let userRowsAfterSecond: string[] = [];
let markerAfterSecond: number[] = [];
let sqlDownError: Error | undefined;

before(async () => {
  strapi = await bootStrapi({ name: 'db-migrations', appDir: first });
  firstRuns = g.__claimsRuns.splice(0);
  await stopStrapi(strapi);
  strapi = undefined;
  try {
    await bootStrapi({ name: 'db-migrations', keepDatabase: true, appDir: second });
  } catch (error) {
    secondError = error as Error;
  }
  secondRuns = g.__claimsRuns.splice(0);
  const failed = (globalThis as unknown as { strapi: Core.Strapi }).strapi;
  userRowsAfterSecond = (await failed.db.connection('strapi_migrations').orderBy('id').select('name')).map((r) => r.name);
  markerAfterSecond = (await failed.db.connection('claims_marker').orderBy('id').select('id')).map((r) => r.id);
  await stopStrapi(failed);
  strapi = await bootStrapi({ name: 'db-migrations', keepDatabase: true, appDir: third });
  thirdRuns = g.__claimsRuns.splice(0);
});
after(async () => {
  if (strapi) await stopStrapi(strapi);
});
const db = () => strapi!.db;

claim({ id: 'user-migrations-before-sync', says: 'So migrations always see the schema of the previous start' }, () => {
  // First start on an empty database: no content-type table exists yet when user migrations run.
  assert.deepEqual(
    firstRuns.map((r) => [r.name, r.articles]),
    [
      ['01-first.js', false],
      ['10-ten.js', false],
      ['9-nine.js', false],
      ['link.js', false],
    ],
  );
  // Next start: the column this release adds is not there yet.
  assert.deepEqual(
    secondRuns.map((r) => [r.name, r.articles, r.subtitle]),
    [
      ['11-new-column.js', true, false],
      ['12-fails.js', true, false],
    ],
  );
});

claim({ id: 'user-provider-first', says: 'user provider first, then internal' }, () => {
  // On the first start both providers have pending work; the internal table is still empty.
  assert.deepEqual(
    firstRuns.map((r) => r.internalRows),
    [0, 0, 0, 0],
  );
});

claim(
  {
    id: 'provider-table-rows',
    says: 'pending files and settings.runMigrations === true (the default)',
  },
  async () => {
    // First start, default settings: the pending files ran.
    assert.equal(firstRuns.length, 4);
    // Third start: runMigrations is false; 12-fails.js and 13-after.js are pending and do not run.
    assert.equal(db().config.settings.runMigrations, false);
    assert.deepEqual(thirdRuns, [{ name: 'claims-internal' }]);
    const user = (await db().connection('strapi_migrations').select('name')).map((r) => r.name);
    assert.equal(user.includes('12-fails.js'), false);
  },
);

claim({ id: 'internal-row', says: 'pending entries, always' }, async () => {
  // The same third start: the internal migration the app registers ran although runMigrations is false.
  assert.equal(db().config.settings.runMigrations, false);
  const internal = (await db().connection('strapi_migrations_internal').select('name')).map((r) => r.name);
  assert.ok(internal.includes('claims-internal'), 'claims-internal is recorded');
});

claim(
  {
    id: 'recorded-never-again',
    says: 'A migration that finishes without throwing is recorded and never runs again, even if it skipped its work because a column was missing.',
  },
  () => {
    // The second and third starts ran none of the migrations the first start recorded.
    const later = [...secondRuns, ...thirdRuns].map((r) => r.name);
    for (const name of ['01-first.js', '10-ten.js', '9-nine.js', 'link.js']) assert.equal(later.includes(name), false, name);
  },
);

claim({ id: 'name-is-basename', says: "The migration name is the file's base name (with extension)." }, () => {
  // link.js points at elsewhere/linked.js: the name is the link's.
  assert.ok(userRowsAfterSecond.includes('link.js') && userRowsAfterSecond.includes('zz-marker.sql'), userRowsAfterSecond.join(', '));
  assert.equal(userRowsAfterSecond.includes('linked.js'), false);
});

claim(
  {
    id: 'storage-table',
    says: 'The storage table has id, name and time columns and is created the first time the runner asks which migrations were executed',
  },
  async () => {
    const dir = tempDir('claims-migrations-');
    const fresh = new Database({
      connection: { client: 'sqlite', connection: { filename: path.join(dir, 'claims.db') }, useNullAsDefault: true },
      settings: { migrations: { dir } },
    } as ConstructorParameters<typeof Database>[0]);
    try {
      assert.equal(await fresh.connection.schema.hasTable('strapi_migrations'), false);
      assert.equal(await fresh.migrations.shouldRun(), true); // the internal migrations are pending
      for (const table of ['strapi_migrations', 'strapi_migrations_internal'])
        assert.deepEqual(Object.keys(await fresh.connection(table).columnInfo()).sort(), ['id', 'name', 'time']);
    } finally {
      await fresh.destroy();
    }
  },
);

claim(
  {
    id: 'run-in-order-and-record',
    says: 'Pending migrations run one after another in list order; after each up succeeds, its name is inserted into the table.',
  },
  () => {
    assert.deepEqual(userRowsAfterSecond, ['01-first.js', '10-ten.js', '9-nine.js', 'link.js', 'zz-marker.sql', '11-new-column.js']);
  },
);

claim(
  {
    id: 'failure-wrapped-and-stops',
    says: 'A failure is rethrown as Migration <name> (up) failed: Original error: <message> (with the original as cause), and the migrations after it do not run.',
  },
  () => {
    assert.equal(secondError?.message, 'Migration 12-fails.js (up) failed: Original error: boom');
    assert.equal((secondError?.cause as Error)?.message, 'boom');
    assert.equal(
      secondRuns.some((r) => r.name === '13-after.js'),
      false,
    );
    assert.equal(userRowsAfterSecond.includes('12-fails.js'), false);
  },
);

claim({ id: 'own-transaction', says: 'Each migration runs in its own transaction.' }, () => {
  // 11 and 12 both wrote a marker row: 11 committed, 12 threw and was rolled back alone.
  assert.deepEqual(markerAfterSecond, [11]);
  assert.ok(
    [...firstRuns, ...secondRuns].every((r) => r.inTransaction === true),
    'every migration saw a transaction',
  );
});

claim(
  {
    id: 'discovery-rules',
    says: 'the non-recursive list of entries of the folder whose name ends in .js or .sql and does not start with ., regular files plus symbolic links to files, sorted alphabetically by full path',
  },
  () => {
    // Skipped: .hidden.js, typed.ts, notes.txt, sub/inner.js, folder-link.js (a link to a folder).
    assert.deepEqual(userRowsAfterSecond.slice(0, 5), ['01-first.js', '10-ten.js', '9-nine.js', 'link.js', 'zz-marker.sql']);
    const ran = [...firstRuns, ...secondRuns].map((r) => r.name);
    for (const skipped of ['.hidden.js', 'typed.ts', 'sub/inner.js']) assert.equal(ran.includes(skipped), false, skipped);
  },
);

claim(
  { id: 'js-called-with-trx-and-db', says: 'A .js file is required and must export up and down, which are called as (trx, db)' },
  () => {
    assert.ok(
      firstRuns.every((r) => r.trx === true && r.db === true),
      'up received a Knex transaction and the Database',
    );
  },
);

claim({ id: 'ts-not-loaded', says: '.ts files are not loaded.' }, async () => {
  const names = (await db().connection('strapi_migrations').select('name')).map((r) => r.name);
  assert.equal(names.includes('typed.ts'), false);
  assert.equal(existsSync(path.join(first, 'database/migrations/typed.ts')), true);
});

claim({ id: 'creates-the-folder', says: 'The user provider also creates the migrations folder' }, async () => {
  const root = tempDir('claims-migrations-');
  const dir = path.join(root, 'database/migrations');
  assert.equal(existsSync(dir), false);
  const fresh = new Database({
    connection: { client: 'sqlite', connection: { filename: path.join(root, 'claims.db') }, useNullAsDefault: true },
    settings: { migrations: { dir } },
  } as ConstructorParameters<typeof Database>[0]);
  assert.equal(existsSync(dir), true);
  await fresh.destroy();
});

claim({ id: 'log-format', says: 'the prefix says "internal" for user migrations too' }, () => {
  const messages = g.__claimsLogs.map((l) => String(l.message));
  assert.ok(messages.includes('[internal migration]: migrating 01-first.js'), 'migrating line');
  assert.ok(
    messages.some((m) => /^\[internal migration\]: migrated 01-first\.js \(\d+\.\d{3}s\)$/.test(m)),
    'migrated line with seconds',
  );
  assert.ok(messages.includes('[internal migration]: migrating 5.0.0-02-created-document-id'), 'an internal migration logs the same way');
});

claim(
  {
    id: 'core-internal-order',
    says: 'the first one is 5.0.0-rename-identifiers-longer-than-max-length, without an index',
  },
  async () => {
    const names = (await db().connection('strapi_migrations_internal').orderBy('id').select('name')).map((r) => r.name);
    assert.deepEqual(names.slice(0, 6), [
      '5.0.0-rename-identifiers-longer-than-max-length',
      '5.0.0-02-created-document-id',
      '5.0.0-03-created-locale',
      '5.0.0-04-created-published-at',
      '5.0.0-05-drop-slug-fields-index',
      '5.0.0-06-add-document-id-indexes',
    ]);
  },
);

claim(
  {
    id: 'register-waits-for-next-start',
    says: "register only pushes onto the provider's array; it does not check whether migrations already ran, so a migration registered after db.schema.sync() simply waits for the next start",
  },
  async () => {
    let ran = false;
    db().migrations.providers.internal.register({
      name: 'claims-late',
      async up() {
        ran = true;
      },
      async down() {},
    });
    assert.equal(ran, false);
    assert.equal(await db().migrations.shouldRun(), true);
    const rows = await db().connection('strapi_migrations_internal').where({ name: 'claims-late' });
    assert.equal(rows.length, 0);
  },
);

claim({ id: 'core-down-not-implemented', says: 'Every core internal migration in 5.54.0 throws not implemented.' }, async () => {
  // down reverts the last executed migration in list order; removing the rows after a core
  // migration makes the later ones pending and that core migration the one to revert.
  const core = [
    '5.0.0-rename-identifiers-longer-than-max-length',
    '5.0.0-02-created-document-id',
    '5.0.0-03-created-locale',
    '5.0.0-04-created-published-at',
    '5.0.0-05-drop-slug-fields-index',
    '5.0.0-06-add-document-id-indexes',
  ];
  const table = () => db().connection('strapi_migrations_internal');
  const saved = await table().orderBy('id').select();
  try {
    for (let k = core.length - 1; k >= 0; k--) {
      const keep = new Set(core.slice(0, k + 1));
      await table()
        .whereNotIn('name', [...keep])
        .del();
      await assert.rejects(db().migrations.down(), { message: `Migration ${core[k]} (down) failed: Original error: not implemented` });
    }
  } finally {
    await table().del();
    await table().insert(saved);
  }
});

claim(
  {
    id: 'down-reverts-one',
    says: 'reverts only the executed migration that comes last in its list (file order, or array order for internal ones), which is not always the last one run',
  },
  async () => {
    // Internal: claims-late (registered above) is pending, so the provider reverts claims-internal.
    await db().migrations.down();
    assert.deepEqual(g.__claimsRuns.splice(0), [{ name: 'down claims-internal' }]);
    const internal = (await db().connection('strapi_migrations_internal').select('name')).map((r) => r.name);
    assert.equal(internal.includes('claims-internal'), false);
    assert.ok(internal.includes('5.0.0-06-add-document-id-indexes'), 'the other rows stay');
    // User: with runMigrations on and files pending, the last executed one is the .sql file.
    // zz-marker.sql ran on the first start, 11-new-column.js on the second: the file order decides.
    const rows = await db()
      .connection('strapi_migrations')
      .whereIn('name', ['zz-marker.sql', '11-new-column.js'])
      .orderBy('id')
      .select('name');
    assert.deepEqual(
      rows.map((r) => r.name),
      ['zz-marker.sql', '11-new-column.js'],
    );
    db().config.settings.runMigrations = true;
    try {
      sqlDownError = await db()
        .migrations.down()
        .then(
          () => undefined,
          (error: Error) => error,
        );
      assert.match(sqlDownError?.message ?? '', /^Migration zz-marker\.sql \(down\) failed/);
    } finally {
      db().config.settings.runMigrations = false;
    }
  },
);

claim({ id: 'sql-run-with-raw', says: 'a .sql file is run with knex.raw' }, async () => {
  assert.equal(await db().connection.schema.hasTable('claims_marker'), true);
  assert.equal(
    sqlDownError?.message,
    'Migration zz-marker.sql (down) failed: Original error: Down migration is not supported for sql files',
  );
});

defect(
  {
    id: 'down-needs-pending-migrations',
    says: 'once every migration of a provider has run, db.migrations.down() reverts nothing',
    summary:
      '`db.migrations.down()` only reverts for providers that have pending migrations, so it does nothing once every migration has run',
  },
  async () => {
    // Make both providers fully applied: record the pending internal one, run no user file.
    await db().connection('strapi_migrations_internal').insert({ name: 'claims-late', time: new Date() });
    await db().connection('strapi_migrations_internal').insert({ name: 'claims-internal', time: new Date() });
    assert.equal(await db().migrations.shouldRun(), false);
    const before = await db().connection('strapi_migrations_internal').count('* as n');
    await db().migrations.down();
    assert.deepEqual(g.__claimsRuns.splice(0), []);
    assert.deepEqual(await db().connection('strapi_migrations_internal').count('* as n'), before);
  },
);

claim({ id: 'sort-pitfall', says: '10-x.js runs before 9-x.js' }, () => {
  const names = firstRuns.map((r) => r.name);
  assert.ok(names.indexOf('10-ten.js') < names.indexOf('9-nine.js'), names.join(', '));
});

claim(
  {
    id: 'example-backfills',
    says: 'Then add backfillSortKey at the end of the array in internal-migrations/index.ts.',
  },
  async () => {
    const { backfillSortKey } = runExample<{ backfillSortKey: Migration }>(
      codeBlock({ title: 'packages/core/database/src/migrations/internal-migrations/5.0.0-09-backfill-sort-key.ts' }),
    );
    assert.equal(backfillSortKey.name, '5.0.0-09-backfill-sort-key');
    const a = await db()
      .query('api::article.article')
      .create({ data: { title: 'Hello World' } });
    const b = await db()
      .query('api::article.article')
      .create({ data: { title: 'Kept', sort_key: 'custom' } });
    db().migrations.providers.internal.register(backfillSortKey);
    await db().migrations.providers.internal.up();
    const read = async (id: number) => (await db().connection('articles').where({ id }).first()).sort_key;
    assert.equal(await read(a.id), 'hello world');
    assert.equal(await read(b.id), 'custom');
    const names = (await db().connection('strapi_migrations_internal').select('name')).map((r) => r.name);
    assert.ok(names.includes('5.0.0-09-backfill-sort-key'), 'recorded');
    await assert.rejects(backfillSortKey.down({} as never, db()), { message: 'not implemented' });
  },
);
