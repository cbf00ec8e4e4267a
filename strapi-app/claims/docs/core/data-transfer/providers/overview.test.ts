import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { after, before } from 'node:test';
import type { Core } from '@strapi/strapi';
import { bootStrapi, claim, codeBlock, runExample, stopStrapi, superAdmin } from '../../../../../harness';
import {
  dataTransfer,
  memoryDestination,
  memorySource,
  readArchive,
  rows,
  scratchDir,
  seedContent,
  type Json,
} from '../../../../../harness/transfer';

const dts = dataTransfer();
const { createTransferEngine } = dts.engine;
let strapi: Core.Strapi;

before(async () => {
  strapi = await bootStrapi({ name: 'dts-providers-overview' });
  await superAdmin(strapi);
  await seedContent(strapi);
});
after(async () => {
  await stopStrapi(strapi);
});

const localSource = () => dts.strapi.providers.createLocalStrapiSourceProvider({ getStrapi: () => strapi, autoDestroy: false });
const engineOf = (source: Json, destination: Json, options: Json = {}) =>
  createTransferEngine(source, destination, { versionStrategy: 'ignore', schemaStrategy: 'ignore', ...options });
const walk = (dir: string, prefix = ''): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(path.join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`],
  );

claim(
  {
    id: 'factories-and-names',
    says: 'The namespaces (strapi, file, directory) are those of the package entry point',
  },
  async () => {
    const dir = scratchDir('providers-overview-names');
    const made = {
      'source::local-strapi': dts.strapi.providers.createLocalStrapiSourceProvider({ getStrapi: () => strapi }),
      'destination::local-strapi': dts.strapi.providers.createLocalStrapiDestinationProvider({
        getStrapi: () => strapi,
        strategy: 'restore',
      }),
      'source::remote-strapi': dts.strapi.providers.createRemoteStrapiSourceProvider({
        url: new URL('http://127.0.0.1/admin'),
        getStrapi: () => strapi,
      }),
      'destination::remote-strapi': dts.strapi.providers.createRemoteStrapiDestinationProvider({
        url: new URL('http://127.0.0.1/admin'),
        strategy: 'restore',
      }),
      'source::local-file': dts.file.providers.createLocalFileSourceProvider({
        file: { path: 'x.tar' },
        compression: { enabled: false },
        encryption: { enabled: false },
      }),
      'destination::local-file': dts.file.providers.createLocalFileDestinationProvider({
        file: { path: 'x' },
        compression: { enabled: false },
        encryption: { enabled: false },
      }),
      'source::local-directory': dts.directory.providers.createLocalDirectorySourceProvider({ directory: { path: dir } }),
      'destination::local-directory': dts.directory.providers.createLocalDirectoryDestinationProvider({
        directory: { path: dir },
        file: {},
      }),
    };
    for (const [name, provider] of Object.entries(made)) {
      assert.equal((provider as Json).name, name);
      assert.equal((provider as Json).type, name.split('::')[0]);
    }
  },
);

claim(
  {
    id: 'directory-same-layout',
    says: 'The directory providers read and write the same layout as the archive, unpacked into a folder and without compression or encryption',
  },
  async () => {
    const dir = scratchDir('providers-overview-layout');
    await engineOf(
      localSource(),
      dts.directory.providers.createLocalDirectoryDestinationProvider({ directory: { path: path.join(dir, 'out') }, file: {} }),
    ).transfer();
    await engineOf(
      localSource(),
      dts.file.providers.createLocalFileDestinationProvider({
        file: { path: path.join(dir, 'out') },
        compression: { enabled: false },
        encryption: { enabled: false },
      }),
    ).transfer();
    const folder = walk(path.join(dir, 'out')).sort();
    const archive = (await readArchive(path.join(dir, 'out.tar'))).map((e) => e.path).sort();
    assert.deepEqual(folder, archive);
    assert.ok(folder.includes('metadata.json') && folder.includes('entities/entities_00001.jsonl'));
    const reread = memoryDestination();
    await engineOf(
      dts.directory.providers.createLocalDirectorySourceProvider({ directory: { path: path.join(dir, 'out') } }),
      reread.provider,
    ).transfer();
    assert.ok(reread.received.entities.length > 0 && reread.received.assets.length > 0);
  },
);

claim(
  {
    id: 'type-checked-by-engine',
    says: "Every provider carries a type ('source' or 'destination') that the engine checks in its constructor through validateProvider",
  },
  async () => {
    assert.throws(
      () => createTransferEngine(undefined as Json, memoryDestination().provider, {} as Json),
      /Invalid provider supplied\. Expected an instance of "SourceProvider", but got "undefined" instead\./,
    );
    assert.throws(
      () => createTransferEngine(memorySource({}), localSource(), {} as Json),
      /Expected the provider to be of type "destination" but got "source" instead\./,
    );
  },
);

claim(
  {
    id: 'rollback-unless-closing',
    says: "On a failure the engine calls the destination's rollback (only if closing has not started) and then close on both providers.",
  },
  async () => {
    const run = async (source: Json) => {
      const calls: string[] = [];
      const { provider } = memoryDestination({
        rollback: async () => void calls.push('rollback'),
        close: async () => void calls.push('destination.close'),
      });
      await assert.rejects(
        engineOf(
          {
            ...source,
            close: async () => {
              calls.push('source.close');
              await source.close?.();
            },
          },
          provider,
        ).transfer(),
      );
      return calls;
    };
    assert.deepEqual(await run(memorySource({}, { getMetadata: () => Promise.reject(new Error('early')) })), [
      'rollback',
      'source.close',
      'destination.close',
    ]);
    const lateFailure = memorySource({}, { close: async () => Promise.reject(new Error('late')) });
    assert.deepEqual(await run(lateFailure), ['source.close', 'destination.close']);
  },
);

claim(
  {
    id: 'missing-write-stream-skips',
    says: 'Omitting a createXReadStream or createXWriteStream method makes the engine skip that stage (stage::skip)',
  },
  async () => {
    const { provider, received } = memoryDestination({ createEntitiesWriteStream: undefined });
    const engine = engineOf(memorySource({ entities: [{ type: 'x', id: 1, data: {} }] }), provider);
    const skipped: string[] = [];
    engine.progress.stream.on('stage::skip', ({ stage }: Json) => skipped.push(stage));
    await engine.transfer();
    assert.ok(skipped.includes('entities'));
    assert.equal(received.entities, undefined);
  },
);

claim({ id: 'null-metadata-no-version-check', says: 'getMetadata returning null on either side disables the version check.' }, async () => {
  const versioned = (version: string | null) => (version ? { strapi: { version } } : null);
  for (const [source, destination] of [
    [null, '4.0.0'],
    ['4.0.0', null],
  ])
    await engineOf(
      memorySource({}, { getMetadata: () => versioned(source) }),
      memoryDestination({ getMetadata: () => versioned(destination) }).provider,
      {
        versionStrategy: 'exact',
      },
    ).transfer();
  await assert.rejects(
    engineOf(
      memorySource({}, { getMetadata: () => versioned('5.54.0') }),
      memoryDestination({ getMetadata: () => versioned('4.0.0') }).provider,
      {
        versionStrategy: 'exact',
      },
    ).transfer(),
  );
});

claim(
  {
    id: 'no-schemas-no-schema-check',
    says: 'getSchemas returning nothing on either side disables the schema check',
  },
  async () => {
    const destinationSchemas = { 'api::a.a': { modelType: 'contentType', attributes: { title: {} } } };
    const entities = [
      { type: 'api::a.a', id: 1, data: { title: 'kept', extra: 'stripped' } },
      { type: 'api::b.b', id: 2, data: {} },
    ];
    const { provider, received } = memoryDestination({ getSchemas: () => destinationSchemas });
    await engineOf(memorySource({ entities }, { getSchemas: () => undefined }), provider, { schemaStrategy: 'exact' }).transfer();
    assert.deepEqual(
      received.entities,
      [{ type: 'api::a.a', id: 1, data: { title: 'kept' } }],
      'the destination schemas still guard entities',
    );
    const open = memoryDestination({ getSchemas: () => undefined });
    await engineOf(memorySource({ entities }, { getSchemas: () => ({ 'api::z.z': {} }) }), open.provider, {
      schemaStrategy: 'exact',
    }).transfer();
    assert.deepEqual(open.received.entities, entities, 'without destination schemas, nothing is guarded');
  },
);

claim(
  {
    id: 'id-map-survives-second-run',
    says: "the local destination's ID map survives a second run, and links of that run resolve through the first run's ids",
  },
  async () => {
    const destination = () =>
      dts.strapi.providers.createLocalStrapiDestinationProvider({
        getStrapi: () => strapi,
        autoDestroy: false,
        strategy: 'restore',
        restore: { entities: { include: ['api::article.article'] }, configuration: { coreStore: false, webhook: false } },
      });
    const firstRun = memorySource({
      entities: [{ type: 'api::author.author', id: 10, data: { documentId: 'run-one-author', name: 'From run one' } }],
    });
    const secondRun = () =>
      memorySource({
        entities: [{ type: 'api::article.article', id: 20, data: { documentId: 'run-two-article', title: 'Run two', locale: 'en' } }],
        links: [
          {
            kind: 'relation.basic',
            relation: 'manyToOne',
            left: { type: 'api::article.article', ref: 20, field: 'author' },
            right: { type: 'api::author.author', ref: 10 },
          },
        ],
      });
    const reused = destination();
    await engineOf(firstRun, reused, { exclude: ['files'] }).transfer();
    await engineOf(secondRun(), reused, { exclude: ['files'] }).transfer();
    const [article] = await strapi.db.query('api::article.article').findMany({ populate: ['author'] });
    assert.equal(article.author?.name, 'From run one', 'the second run mapped author 10 with the first run’s map');
    await engineOf(secondRun(), destination(), { exclude: ['files'] }).transfer();
    const [fresh] = await strapi.db.query('api::article.article').findMany({ populate: ['author'] });
    assert.equal(fresh.author, null, 'a new destination skips the unmapped link');
  },
);

claim(
  {
    id: 'restore-backup-example',
    says: 'entities.exclude only keeps those tables from being emptied; the destination still tries to create the rows of those types that the archive holds unless an entities transform filters them out.',
  },
  async () => {
    const dir = scratchDir('providers-overview-restore');
    const key = 'a backup passphrase';
    await engineOf(
      localSource(),
      dts.file.providers.createLocalFileDestinationProvider({
        file: { path: path.join(dir, 'backup') },
        compression: { enabled: true },
        encryption: { enabled: true, key },
      }),
    ).transfer();
    const adminsBefore = (await rows(strapi, 'admin::user')).length;
    assert.equal(adminsBefore, 1);
    const tagsBefore = (await rows(strapi, 'api::tag.tag')).length;
    await strapi.documents('api::tag.tag').create({ data: { name: 'added after the backup' } });
    const { restoreBackup } = runExample<Json>(codeBlock({ contains: 'export const restoreBackup' }), {
      filename: 'src/restore-backup.ts',
    });
    await restoreBackup(strapi, path.join(dir, 'backup.tar.gz.enc'), key);
    assert.equal((await rows(strapi, 'api::tag.tag')).length, tagsBefore, 'the tag added after the backup is gone');
    assert.equal((await rows(strapi, 'admin::user')).length, 2, 'the kept admin plus the archive’s copy of it');
  },
);
