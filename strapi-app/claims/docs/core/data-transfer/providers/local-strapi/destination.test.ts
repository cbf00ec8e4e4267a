import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { after, before } from 'node:test';
import type { Core } from '@strapi/strapi';
import { APP_DIR, bootStrapi, claim, codeBlock, defect, runExample, stopStrapi, superAdmin } from '../../../../../../harness';
import {
  appModule,
  dataTransfer,
  memorySource,
  rows,
  scratchDir,
  seedContent,
  type Json,
  type Seed,
} from '../../../../../../harness/transfer';

const dts = dataTransfer();
const { createTransferEngine } = dts.engine;
let strapi: Core.Strapi;
let seed: Seed;
let archive: string;
let uploads: string;

before(async () => {
  strapi = await bootStrapi({ name: 'dts-local-destination' });
  await superAdmin(strapi);
  seed = await seedContent(strapi);
  uploads = path.join(strapi.dirs.static.public, 'uploads');
  const dir = scratchDir('local-destination-archive');
  await createTransferEngine(
    dts.strapi.providers.createLocalStrapiSourceProvider({ getStrapi: () => strapi, autoDestroy: false }),
    dts.file.providers.createLocalFileDestinationProvider({
      file: { path: path.join(dir, 'backup') },
      compression: { enabled: true },
      encryption: { enabled: false },
    }),
    { versionStrategy: 'ignore', schemaStrategy: 'ignore' },
  ).transfer();
  archive = path.join(dir, 'backup.tar.gz');
});
after(async () => {
  await stopStrapi(strapi);
});

const destinationOf = (restore: Json, extra: Json = {}) =>
  dts.strapi.providers.createLocalStrapiDestinationProvider({
    getStrapi: () => strapi,
    autoDestroy: false,
    strategy: 'restore',
    restore,
    ...extra,
  });
const fileSource = () =>
  dts.file.providers.createLocalFileSourceProvider({
    file: { path: archive },
    compression: { enabled: true },
    encryption: { enabled: false },
  });
const engineOf = (source: Json, destination: Json, options: Json = {}) =>
  createTransferEngine(source, destination, { versionStrategy: 'ignore', schemaStrategy: 'ignore', ...options });
const KEEP_CONFIG = { coreStore: false, webhook: false };
const count = (uid: string) => strapi.db.query(uid as never).count();

/**
 * What `beforeTransfer` leaves: the row counts of `uids` read inside the destination's transaction
 * right after it, then the transfer fails on purpose and the transaction rolls everything back.
 */
async function afterDeletes(restore: Json, uids: string[]): Promise<Record<string, number>> {
  const destination = destinationOf(restore);
  let counts: Record<string, number> = {};
  const source = memorySource(
    {},
    {
      createEntitiesReadStream: async () => {
        counts =
          (await destination.transaction.attach(async () =>
            Object.fromEntries(await Promise.all(uids.map(async (u) => [u, await count(u)]))),
          )) ?? {};
        throw new Error('measured');
      },
    },
  );
  await assert.rejects(engineOf(source, destination, { exclude: ['files'] }).transfer(), /measured/);
  return counts;
}
async function counts(uids: string[]) {
  return Object.fromEntries(await Promise.all(uids.map(async (u) => [u, await count(u)])));
}

claim(
  { id: 'invalid-strategy', says: "Anything else makes bootstrap throw ProviderValidationError('Invalid strategy <value>')" },
  async () => {
    const error: Json = await destinationOf({}, { strategy: 'merge' })
      .bootstrap()
      .catch((e: Json) => e);
    assert.equal(error.message, 'Invalid strategy merge');
    assert.equal(error.details.step, 'validation');
  },
);

claim({ id: 'missing-restore', says: "Missing: bootstrap throws ProviderValidationError('Missing restore options')" }, async () => {
  await assert.rejects(destinationOf(undefined).bootstrap(), { message: 'Missing restore options' });
});

claim(
  {
    id: 'transfer-phases',
    says: 'Receives progress lines during beforeTransfer ("Local: clearing database content for restore…"); the CLI shows them in its spinner',
  },
  async () => {
    const phases: string[] = [];
    const destination = destinationOf(
      { assets: true, entities: { include: [] }, configuration: KEEP_CONFIG },
      { onTransferPhase: (m: string) => phases.push(m) },
    );
    const source = memorySource({}, { createEntitiesReadStream: () => Promise.reject(new Error('stop')) });
    const before = readdirSync(strapi.dirs.static.public);
    await assert.rejects(engineOf(source, destination).transfer(), /stop/);
    assert.deepEqual(phases, [
      'Local: preparing destination for restore…',
      'Local: backing up existing upload folder…',
      'Local: deleting existing media files from disk…',
      'Local: clearing database content for restore…',
    ]);
    // Put the uploads folder back for the next claims (the rollback does not).
    const backup = readdirSync(strapi.dirs.static.public).find((d) => !before.includes(d) && d.startsWith('uploads_backup_'))!;
    rmSync(uploads, { recursive: true, force: true });
    renameSync(path.join(strapi.dirs.static.public, backup), uploads);
  },
);

claim({ id: 'core-store-default', says: 'Delete every strapi::core-store row before transfer' }, async () => {
  const left = await afterDeletes({ entities: { include: [] }, configuration: { webhook: false } }, [
    'strapi::core-store',
    'strapi::webhook',
  ]);
  assert.equal(left['strapi::core-store'], 0);
  assert.ok(left['strapi::webhook'] > 0);
  assert.ok((await count('strapi::core-store')) > 0, 'the rollback brought them back');
});

claim({ id: 'webhook-default', says: 'Delete every strapi::webhook row before transfer' }, async () => {
  const left = await afterDeletes({ entities: { include: [] }, configuration: { coreStore: false } }, [
    'strapi::core-store',
    'strapi::webhook',
  ]);
  assert.equal(left['strapi::webhook'], 0);
  assert.ok(left['strapi::core-store'] > 0);
});

claim(
  {
    id: 'rollback-undoes-deletes-and-inserts',
    says: 'every delete and insert made through attach is undone',
  },
  async () => {
    const before = await rows(strapi, 'api::author.author');
    const destination = destinationOf({ entities: { include: ['api::author.author'] }, configuration: KEEP_CONFIG });
    let during: Json;
    const source = memorySource(
      { entities: [{ type: 'api::author.author', id: 1, data: { documentId: 'rolled-back', name: 'Never kept' } }] },
      {
        createLinksReadStream: async () => {
          during = await destination.transaction.attach(async () => ({
            names: (await rows(strapi, 'api::author.author')).map((a) => a.name),
          }));
          throw new Error('links broke');
        },
      },
    );
    await assert.rejects(engineOf(source, destination, { exclude: ['files'] }).transfer(), /links broke/);
    assert.deepEqual(during.names, ['Never kept'], 'inside the transaction: deleted, then inserted');
    assert.deepEqual(
      (await rows(strapi, 'api::author.author')).map((a) => a.name),
      before.map((a) => a.name),
    );
  },
);

defect(
  {
    id: 'configuration-flags-do-not-keep-rows',
    says: 'So coreStore: false and webhook: false keep those rows only when entities.include leaves the two models out',
    summary:
      "The local destination's restore deletes every registered model not filtered by entities.include/exclude, strapi::core-store and strapi::webhook included, so configuration.coreStore: false and webhook: false keep nothing on their own",
  },
  async () => {
    const uids = ['strapi::core-store', 'strapi::webhook'];
    const before = await counts(uids);
    assert.deepEqual(await afterDeletes({ configuration: KEEP_CONFIG }, uids), { 'strapi::core-store': 0, 'strapi::webhook': 0 });
    assert.deepEqual(await afterDeletes({ entities: { include: ['api::tag.tag'] }, configuration: KEEP_CONFIG }, uids), before);
  },
);

claim({ id: 'include-empties-listed-uids', says: 'Only these UIDs (content types or other models) are emptied' }, async () => {
  const uids = ['api::tag.tag', 'strapi::webhook', 'api::article.article', 'strapi::core-store', 'admin::user'];
  const before = await counts(uids);
  const left = await afterDeletes({ entities: { include: ['api::tag.tag', 'strapi::webhook'] }, configuration: KEEP_CONFIG }, uids);
  assert.deepEqual(left, { ...before, 'api::tag.tag': 0, 'strapi::webhook': 0 });
});

claim({ id: 'exclude-never-emptied', says: 'These UIDs are never emptied' }, async () => {
  const uids = ['api::tag.tag', 'admin::user', 'api::article.article', 'plugin::upload.file'];
  const before = await counts(uids);
  const left = await afterDeletes({ entities: { exclude: ['api::tag.tag', 'admin::user'] } }, uids);
  assert.deepEqual(left, {
    'api::tag.tag': before['api::tag.tag'],
    'admin::user': before['admin::user'],
    'api::article.article': 0,
    'plugin::upload.file': 0,
  });
});

claim(
  { id: 'filters-content-types-only', says: 'For content types only: every filter must return true for the type to be emptied' },
  async () => {
    const uids = ['api::tag.tag', 'api::article.article', 'strapi::webhook'];
    const before = await counts(uids);
    const left = await afterDeletes(
      {
        entities: { filters: [(ct: Json) => ct.uid.startsWith('api::'), (ct: Json) => ct.uid === 'api::tag.tag'] },
        configuration: KEEP_CONFIG,
      },
      uids,
    );
    assert.deepEqual(left, { 'api::tag.tag': 0, 'api::article.article': before['api::article.article'], 'strapi::webhook': 0 });
  },
);

claim({ id: 'params-passed-to-delete-many', says: 'Passed as is to the deleteMany of every content type being emptied' }, async () => {
  const before = await count('api::tag.tag');
  const left = await afterDeletes(
    { entities: { include: ['api::tag.tag'], params: { where: { name: 'news' } } }, configuration: KEEP_CONFIG },
    ['api::tag.tag'],
  );
  assert.equal(left['api::tag.tag'], before - 1);
});

claim({ id: 'components-deleted-with-entities', says: '(which also deletes their components)' }, async () => {
  const left = await afterDeletes({ entities: { include: ['api::article.article'] }, configuration: KEEP_CONFIG }, [
    'shared.seo',
    'shared.quote',
  ]);
  assert.ok((await count('shared.seo')) > 0);
  assert.deepEqual(left, { 'shared.seo': 0, 'shared.quote': 0 });
});

claim(
  {
    id: 'cli-restore-options',
    says: 'assets is true unless files is skipped; both configuration flags are true unless config is skipped',
  },
  async () => {
    const { parseRestoreFromOptions } = appModule(path.join(APP_DIR, 'node_modules/@strapi/strapi/dist/src/cli/utils/data-transfer.js'));
    const all = parseRestoreFromOptions({}, strapi);
    assert.ok(all.entities.exclude.includes('admin::user') && all.entities.exclude.includes('plugin::content-releases.release'));
    assert.equal(all.entities.include, undefined);
    assert.deepEqual([all.assets, all.configuration], [true, { webhook: true, coreStore: true }]);
    const noConfig = parseRestoreFromOptions({ exclude: ['config', 'files'], excludeContentTypes: ['api::tag.tag'] }, strapi);
    assert.deepEqual([noConfig.assets, noConfig.configuration], [false, { webhook: false, coreStore: false }]);
    assert.ok(noConfig.entities.include.includes('api::article.article') && !noConfig.entities.include.includes('api::tag.tag'));
    assert.ok(!noConfig.entities.include.some((uid: string) => uid.startsWith('admin::') || uid.startsWith('strapi::')));
    assert.ok(noConfig.entities.exclude.includes('api::tag.tag'));
    assert.deepEqual(parseRestoreFromOptions({ only: ['config'] }, strapi).entities.include, []);
    assert.deepEqual(parseRestoreFromOptions({ onlyContentTypes: ['api::tag.tag'] }, strapi).entities.include, ['api::tag.tag']);
  },
);

/** What the backup claim's run passed to the upload provider's `delete` (the claim after it reads it). */
const backupRun: { deleted: string[] } = { deleted: [] };

claim(
  {
    id: 'uploads-backup-folder',
    says: 'moves it to public/uploads_backup_<timestamp> (the timestamp is taken when the provider is constructed), and recreates an empty folder holding a .gitkeep',
  },
  async () => {
    const deleted: string[] = [];
    const provider = strapi.plugin('upload').provider;
    const realDelete = provider.delete;
    provider.delete = async (file: Json) => void deleted.push(file.hash);
    const constructedAfter = Date.now();
    const destination = destinationOf({ assets: true, entities: { include: [] }, configuration: KEEP_CONFIG });
    const constructedBefore = Date.now();
    const before = readdirSync(strapi.dirs.static.public);
    try {
      await new Promise((r) => setTimeout(r, 20));
      await engineOf(memorySource({}), destination, { exclude: ['files'] }).transfer();
    } finally {
      provider.delete = realDelete;
    }
    const backup = readdirSync(strapi.dirs.static.public).find((d) => !before.includes(d))!;
    const stamp = Number(backup.replace('uploads_backup_', ''));
    assert.ok(stamp >= constructedAfter && stamp <= constructedBefore, backup);
    assert.deepEqual(readdirSync(uploads), ['.gitkeep']);
    assert.ok(readdirSync(path.join(strapi.dirs.static.public, backup)).includes(`${seed.image.hash}${seed.image.ext}`));
    backupRun.deleted = deleted;
    rmSync(uploads, { recursive: true, force: true });
    renameSync(path.join(strapi.dirs.static.public, backup), uploads);
  },
);

claim(
  {
    id: 'delete-each-file-and-format',
    says: "it streams the plugin::upload.file rows and calls the upload provider's delete for each file and each format",
  },
  async () => {
    const expected = [seed.image.hash, ...Object.values<Json>(seed.image.formats).map((f) => f.hash)].sort();
    assert.ok(expected.length > 1);
    assert.deepEqual(backupRun.deleted.sort(), expected);
  },
);

defect(
  {
    id: 'assets-directory-error-not-handled',
    says: 'the handler registered for ASSETS_DIRECTORY_ERR is never consulted',
    summary:
      "The local destination wraps its ASSETS_DIRECTORY_ERR ProviderTransferError into a plain Error('restore failed ...'), so the engine's error handlers (the CLI's \"continue without a backup?\" prompt and --force) never run",
  },
  async () => {
    renameSync(uploads, `${uploads}_hidden`);
    try {
      const engine = engineOf(memorySource({}), destinationOf({ assets: true, entities: { include: [] }, configuration: KEEP_CONFIG }));
      let consulted = false;
      engine.addErrorHandler('ASSETS_DIRECTORY_ERR', async (context: Json, next: Json) => {
        consulted = true;
        context.ignore = true;
        return next(context);
      });
      const error: Json = await engine.transfer().catch((e: Json) => e);
      assert.equal(
        error.message,
        'restore failed Error: The backup folder for the assets could not be created inside the public folder. Please ensure Strapi has write permissions on the public directory',
      );
      assert.equal(error.constructor.name, 'Error');
      assert.equal(consulted, false);
    } finally {
      rmSync(uploads, { recursive: true, force: true });
      renameSync(`${uploads}_hidden`, uploads);
    }
  },
);

claim({ id: 'asset-without-mapped-file', says: 'and fails with File ID not found for ID: <id> when there is none' }, async () => {
  const asset = {
    filename: 'x.png',
    filepath: 'x.png',
    stats: { size: 1 },
    metadata: { id: 4242 },
    stream: Readable.from([Buffer.from('x')]),
  };
  const before = readdirSync(strapi.dirs.static.public);
  await assert.rejects(
    engineOf(
      memorySource({ assets: [asset] }),
      destinationOf({ assets: true, entities: { include: [] }, configuration: KEEP_CONFIG }),
    ).transfer(),
    { message: 'File ID not found for ID: 4242' },
  );
  const backup = readdirSync(strapi.dirs.static.public).find((d) => !before.includes(d))!;
  rmSync(uploads, { recursive: true, force: true });
  renameSync(path.join(strapi.dirs.static.public, backup), uploads);
});

claim(
  {
    id: 'skipped-links-reported',
    says: 'Skips are reported through onWarning (ten detailed messages at most, then a summary Links restore skipped N relation(s) (...)).',
  },
  async () => {
    const warnings: string[] = [];
    const destination = destinationOf({ entities: { include: [] }, configuration: KEEP_CONFIG });
    destination.onWarning = (m: string) => warnings.push(m);
    const links = Array.from({ length: 12 }, (_, i) => ({
      kind: 'relation.basic',
      relation: 'manyToOne',
      left: { type: 'api::article.article', ref: 500 + i, field: 'author' },
      right: { type: 'api::author.author', ref: 1 },
    }));
    await engineOf(memorySource({ links }), destination, { exclude: ['files'] }).transfer();
    assert.equal(warnings.length, 12);
    assert.equal(warnings[10], 'Further detailed warnings suppressed after 10 messages. See the stage summary for totals.');
    assert.equal(warnings[11], 'Links restore skipped 12 relation(s) (12 unmapped). Verify relations in the admin after transfer.');
  },
);

claim(
  { id: 'configuration-failure-message', says: "a failure becomes ProviderTransferError('Failed to import <type> (<id>): <message>')" },
  async () => {
    const configuration = [
      { type: 'webhook', value: { id: 77, name: 'lost', url: 'http://127.0.0.1:9/x', headers: {}, events: [], enabled: false } },
    ];
    const table = strapi.db.metadata.get('strapi::webhook').tableName;
    await strapi.db.connection.raw(`ALTER TABLE ${table} RENAME TO ${table}_hidden`);
    try {
      const error: Json = await engineOf(
        memorySource({ configuration }),
        destinationOf({ entities: { include: [] }, configuration: KEEP_CONFIG }),
        {
          exclude: ['files'],
        },
      )
        .transfer()
        .catch((e: Json) => e);
      assert.match(error.message, new RegExp(`^Failed to import webhook \\(77\\): .*${table}`));
      assert.equal(error.details.step, 'transfer');
    } finally {
      await strapi.db.connection.raw(`ALTER TABLE ${table}_hidden RENAME TO ${table}`);
    }
  },
);

claim(
  {
    id: 'rollback-leaves-files',
    says: 'It does not touch files: the uploads_backup_* folder is not moved back',
  },
  async () => {
    const before = readdirSync(strapi.dirs.static.public);
    const articles = await count('api::article.article');
    const source = memorySource({}, { createEntitiesReadStream: () => Promise.reject(new Error('entities broke')) });
    await assert.rejects(
      engineOf(
        source,
        destinationOf({ assets: true, configuration: KEEP_CONFIG, entities: { include: ['api::article.article'] } }),
      ).transfer(),
      /entities broke/,
    );
    assert.equal(await count('api::article.article'), articles, 'rows are back');
    const backup = readdirSync(strapi.dirs.static.public).find((d) => !before.includes(d))!;
    assert.ok(backup.startsWith('uploads_backup_'));
    assert.deepEqual(readdirSync(uploads), ['.gitkeep'], 'the files are not');
    rmSync(uploads, { recursive: true, force: true });
    renameSync(path.join(strapi.dirs.static.public, backup), uploads);
  },
);

claim(
  {
    id: 'transaction-attach',
    says: 'attach(callback) enqueues a job and resolves with its result (or undefined when the result is falsy)',
  },
  async () => {
    const transaction = dts.utils.transaction.createTransaction(strapi);
    const order: number[] = [];
    const results = await Promise.all([
      transaction.attach(async () => (order.push(1), 5)),
      transaction.attach(async () => (order.push(2), 0)),
      transaction.attach(async () => (order.push(3), '')),
    ]);
    transaction.end();
    assert.deepEqual(results, [5, undefined, undefined]);
    assert.deepEqual(order, [1, 2, 3]);
  },
);

claim(
  {
    id: 'one-long-transaction',
    says: 'The whole transfer runs in one database transaction that stays open from bootstrap to close',
  },
  async () => {
    const pool = (strapi.db.connection as Json).client.pool;
    const used: number[] = [];
    const destination = destinationOf({ entities: { include: [] }, configuration: KEEP_CONFIG });
    const engine = engineOf(memorySource({ entities: [], links: [] }), destination, { exclude: ['files'] });
    for (const event of ['transfer::start', 'stage::start', 'stage::finish'])
      engine.progress.stream.on(event, () => used.push(pool.numUsed()));
    await engine.transfer();
    await new Promise((r) => setTimeout(r, 50));
    assert.ok(used.length >= 5 && used.every((n) => n >= 1), JSON.stringify(used));
    assert.equal(pool.numUsed(), 0);
  },
);

claim(
  {
    id: 'restored-rows-skip-lifecycles',
    says: 'Entities are created through the query layer with lifecycles disabled, so lifecycle subscribers do not run for restored rows.',
  },
  async () => {
    const created: string[] = [];
    strapi.db.lifecycles.subscribe({
      models: ['api::author.author'],
      afterCreate: (event: Json) => void created.push(event.result.name ?? '?'),
    });
    const entities = [{ type: 'api::author.author', id: 1, data: { documentId: 'restored-author', name: 'Restored' } }];
    await engineOf(
      memorySource({ entities }),
      destinationOf({ entities: { include: ['api::author.author'] }, configuration: KEEP_CONFIG }),
      { exclude: ['files'] },
    ).transfer();
    assert.deepEqual(
      (await rows(strapi, 'api::author.author')).map((a) => a.name),
      ['Restored'],
    );
    assert.deepEqual(created, []);
  },
);

claim(
  {
    id: 'assets-stage-removes-backup',
    says: 'A successful assets stage deletes that backup folder.',
  },
  async () => {
    const before = readdirSync(strapi.dirs.static.public);
    await engineOf(
      fileSource(),
      destinationOf({ assets: true, configuration: KEEP_CONFIG, entities: { include: ['plugin::upload.file', 'api::article.article'] } }),
      {
        only: ['content', 'files'],
      },
    ).transfer();
    assert.deepEqual(
      readdirSync(strapi.dirs.static.public).filter((d) => !before.includes(d)),
      [],
    );
    const [file] = await rows(strapi, 'plugin::upload.file');
    assert.ok(existsSync(path.join(strapi.dirs.static.public, file.url)));
    for (const format of Object.values<Json>(file.formats)) assert.ok(existsSync(path.join(strapi.dirs.static.public, format.url)));
  },
);

claim(
  {
    id: 'import-content-only-example',
    says: 'filters is only applied to content types, while the other registered models that deleteRecords clears are selected by include and exclude alone',
  },
  async () => {
    await strapi.documents('api::tag.tag').create({ data: { name: 'made after the export' } });
    const admins = await count('admin::user');
    const coreStore = await count('strapi::core-store');
    const { importContentOnly } = runExample<Json>(codeBlock({ title: 'scripts/import-content.ts' }), {
      filename: 'scripts/import-content.ts',
    });
    await importContentOnly(strapi, archive);
    assert.deepEqual((await rows(strapi, 'api::tag.tag')).map((t) => t.name).sort(), seed.tags.map((t) => t.name).sort());
    assert.equal(await count('admin::user'), admins);
    assert.equal(await count('strapi::core-store'), coreStore);
  },
);

defect(
  {
    id: 'rollback-before-transaction-started',
    says: 'rollback() called before the transaction callback has started waits forever',
    summary:
      'createTransaction registers its rollback listener inside the strapi.db.transaction callback, so a local destination rolled back right after bootstrap emits the event to no one and its rollback() never settles',
  },
  async () => {
    const destination = destinationOf({ entities: { include: [] }, configuration: KEEP_CONFIG });
    await destination.bootstrap();
    const outcome = await Promise.race([
      destination.rollback().then(() => 'settled'),
      new Promise((r) => setTimeout(() => r('pending'), 1500)),
    ]);
    assert.equal(outcome, 'pending');
    destination.transaction.end();
    strapi.db.lifecycles.enable();
    mkdirSync(uploads, { recursive: true });
  },
);
