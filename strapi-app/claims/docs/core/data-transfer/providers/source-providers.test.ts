import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { after, before } from 'node:test';
import type { Core } from '@strapi/strapi';
import { bootStrapi, claim, codeBlock, runExample, stopStrapi } from '../../../../../harness';
import {
  dataTransfer,
  memoryDestination,
  memorySource,
  recordCalls,
  rows,
  seedContent,
  type Json,
  type Seed,
} from '../../../../../harness/transfer';

const dts = dataTransfer();
const { createTransferEngine } = dts.engine;
let strapi: Core.Strapi;
let seed: Seed;

before(async () => {
  strapi = await bootStrapi({ name: 'dts-source-providers' });
  seed = await seedContent(strapi);
});
after(async () => {
  await stopStrapi(strapi);
});

const localSource = () => dts.strapi.providers.createLocalStrapiSourceProvider({ getStrapi: () => strapi, autoDestroy: false });
/** A local destination that empties and refills the given content types only. */
const localDestination = (include: string[]) =>
  dts.strapi.providers.createLocalStrapiDestinationProvider({
    getStrapi: () => strapi,
    autoDestroy: false,
    strategy: 'restore',
    restore: { entities: { include }, configuration: { coreStore: false, webhook: false } },
  });
const engineOf = (source: Json, destination: Json, options: Json = {}) =>
  createTransferEngine(source, destination, { versionStrategy: 'ignore', schemaStrategy: 'ignore', ...options });

claim(
  {
    id: 'metadata-twice-schemas-once',
    says: 'getMetadata is called twice (once by init(), once by integrityCheck()), getSchemas once: the engine caches the result.',
  },
  async () => {
    const calls: string[] = [];
    await engineOf(recordCalls(localSource(), 'source', calls), memoryDestination().provider, { schemaStrategy: 'strict' }).transfer();
    assert.equal(calls.filter((c) => c === 'source.getMetadata').length, 2);
    assert.equal(calls.filter((c) => c === 'source.getSchemas').length, 1);
    assert.ok(calls.indexOf('source.getSchemas') > calls.lastIndexOf('source.getMetadata'));
  },
);

claim(
  {
    id: 'streams-requested-lazily',
    says: 'Read streams are requested lazily, one stage at a time, right before that stage runs, and only for stages that only/exclude keep.',
  },
  async () => {
    const calls: string[] = [];
    const engine = engineOf(recordCalls(localSource(), 'source', calls), memoryDestination().provider, { exclude: ['files'] });
    engine.progress.stream.on('stage::start', ({ stage }: Json) => calls.push(`start ${stage}`));
    engine.progress.stream.on('stage::finish', ({ stage }: Json) => calls.push(`finish ${stage}`));
    await engine.transfer();
    const sequence = calls.filter((c) => c.startsWith('source.create') || c.startsWith('start') || c.startsWith('finish'));
    assert.deepEqual(sequence, [
      'source.createSchemasReadStream',
      'start schemas',
      'finish schemas',
      'source.createEntitiesReadStream',
      'start entities',
      'finish entities',
      'source.createLinksReadStream',
      'start links',
      'finish links',
      'source.createConfigurationReadStream',
      'start configuration',
      'finish configuration',
    ]);
  },
);

claim({ id: 'type-checked-in-constructor', says: 'Checked by validateProvider in the engine constructor' }, async () => {
  assert.throws(
    () => createTransferEngine({ ...localSource(), type: 'destination' } as Json, memoryDestination().provider, {} as Json),
    (e: Json) =>
      e instanceof dts.engine.errors.TransferEngineValidationError &&
      e.message === 'Invalid provider supplied. Expected the provider to be of type "source" but got "destination" instead.',
  );
});

claim({ id: 'results-as-results-source', says: 'Free-form object returned as results.source' }, async () => {
  const results = { read: 3 };
  const out = await engineOf(memorySource({}, { results }), memoryDestination().provider).transfer();
  assert.equal(out.source, results);
});

claim({ id: 'totals-for-assets-only', says: 'Optional totalBytes/totalCount; the engine currently asks for assets only' }, async () => {
  const asked: string[] = [];
  const source = localSource();
  const real = source.getStageTotals.bind(source);
  source.getStageTotals = (stage: string) => {
    asked.push(stage);
    return real(stage);
  };
  await engineOf(source, memoryDestination().provider).transfer();
  assert.deepEqual(asked, ['assets']);
});

claim({ id: 'validate-stage-aborts', says: 'Throw to abort before the destination mutates anything' }, async () => {
  const before = await rows(strapi, 'api::tag.tag');
  const source = memorySource(
    { entities: [] },
    {
      // Like the file source, which reads the archive first (a destination rolled back before its
      // transaction started would never settle: see the local destination's known defects).
      validateStage: async (stage: string) => {
        await new Promise((resolve) => setTimeout(resolve, 300));
        if (stage === 'links') throw new Error('not this archive');
      },
    },
  );
  await assert.rejects(engineOf(source, localDestination(['api::tag.tag'])).transfer(), /not this archive/);
  assert.equal((await rows(strapi, 'api::tag.tag')).length, before.length);
});

claim(
  { id: 'stream-factories-optional', says: 'All five stream factories are optional; a missing one makes the engine skip the stage.' },
  async () => {
    const engine = engineOf(memorySource({}), memoryDestination().provider);
    const skipped: string[] = [];
    engine.progress.stream.on('stage::skip', ({ stage }: Json) => skipped.push(stage));
    await engine.transfer();
    assert.deepEqual(skipped, ['schemas', 'entities', 'assets', 'links', 'configuration']);
  },
);

claim(
  {
    id: 'links-resolved-through-id-map',
    says: 'A link whose end is missing from that map is skipped.',
  },
  async () => {
    const warnings: string[] = [];
    const destination = localDestination(['api::author.author', 'api::article.article']);
    destination.onWarning = (m: string) => warnings.push(m);
    const source = memorySource({
      entities: [
        { type: 'api::author.author', id: 500, data: { documentId: 'author-doc-500', name: 'Grace' } },
        { type: 'api::article.article', id: 900, data: { documentId: 'article-doc-900', title: 'Mapped', locale: 'en' } },
      ],
      links: [
        {
          kind: 'relation.basic',
          relation: 'manyToOne',
          left: { type: 'api::article.article', ref: 900, field: 'author' },
          right: { type: 'api::author.author', ref: 500 },
        },
        {
          kind: 'relation.basic',
          relation: 'manyToOne',
          left: { type: 'api::article.article', ref: 901, field: 'author' },
          right: { type: 'api::author.author', ref: 500 },
        },
      ],
    });
    await engineOf(source, destination, { exclude: ['files'] }).transfer();
    const [article] = await strapi.db.query('api::article.article').findMany({ populate: ['author'] });
    const [author] = await rows(strapi, 'api::author.author');
    assert.notEqual(article.id, 900, 'the destination created new ids');
    assert.equal(article.author.id, author.id, 'and the link followed them');
    assert.deepEqual(warnings, [
      'Skipping link api::article.article:901 -> api::author.author:500 because api::article.article:901 was not transferred during the entities stage.',
      'Links restore skipped 1 relation(s) (1 unmapped). Verify relations in the admin after transfer.',
    ]);
  },
);

claim(
  {
    id: 'document-id-ref-used-as-is',
    says: 'right.ref is a document id string and is used as is',
  },
  async () => {
    const source = memorySource({
      entities: [{ type: 'api::tag.tag', id: 70, data: { documentId: 'tag-doc-70', name: 'solo' } }],
      links: [
        {
          kind: 'relation.circular',
          relation: 'oneToMany',
          left: { type: 'api::tag.tag', ref: 70, field: 'localizations' },
          right: { type: 'api::tag.tag', ref: 'renamed-doc-id' },
        },
      ],
    });
    await engineOf(source, localDestination(['api::tag.tag']), { exclude: ['files'] }).transfer();
    const [tag] = await rows(strapi, 'api::tag.tag');
    assert.equal(tag.documentId, 'renamed-doc-id');
  },
);

claim(
  {
    id: 'fixture-source-seeds',
    says: "Pair it with a local destination and schemaStrategy: 'ignore' (or real schemas copied from the target app) to seed a database before a test",
  },
  async () => {
    const { createFixtureSourceProvider } = runExample<Json>(codeBlock({ title: 'tests/utils/fixture-source.ts' }), {
      filename: 'tests/utils/fixture-source.ts',
    });
    const source = createFixtureSourceProvider({
      version: '5.54.0',
      schemas: {},
      entities: [
        { type: 'api::author.author', id: 1, data: { documentId: 'fixture-author-1', name: 'Fixture one' } },
        { type: 'api::author.author', id: 2, data: { documentId: 'fixture-author-2', name: 'Fixture two' } },
      ],
    });
    const destination = localDestination(['api::author.author']);
    const failing = createTransferEngine(source, destination, { versionStrategy: 'exact', schemaStrategy: 'ignore' } as Json);
    await assert.rejects(failing.transfer(), /Attempting to transfer assets when `assets` is not set in restore options/);
    const engine = createTransferEngine(source, localDestination(['api::author.author']), {
      versionStrategy: 'exact',
      schemaStrategy: 'ignore',
      exclude: ['files'],
    } as Json);
    const skipped: string[] = [];
    engine.progress.stream.on('stage::skip', ({ stage }: Json) => skipped.push(stage));
    await engine.transfer();
    assert.deepEqual((await rows(strapi, 'api::author.author')).map((a) => a.name).sort(), ['Fixture one', 'Fixture two']);
    assert.deepEqual(skipped, ['schemas', 'links', 'configuration'], 'the local destination has no schemas stream');
  },
);

claim(
  {
    id: 'raw-schemas-show-diffs',
    says: 'a custom source that returns raw strapi.contentTypes objects will show spurious diffs under the strict strategy',
  },
  async () => {
    const raw = memorySource({}, { getSchemas: () => ({ ...strapi.contentTypes, ...strapi.components }) });
    const destination = () => memoryDestination({ getSchemas: () => localSchemas() }).provider;
    const error: Json = await engineOf(raw, destination(), { schemaStrategy: 'strict' })
      .transfer()
      .catch((e: Json) => e);
    assert.equal(error?.details?.details?.check, 'schema.changes');
    const normalised = memorySource({}, { getSchemas: () => localSchemas() });
    await engineOf(normalised, destination(), { schemaStrategy: 'strict' }).transfer();
  },
);

async function localSchemas() {
  const source = localSource();
  await source.bootstrap();
  const schemas = source.getSchemas();
  strapi.db.lifecycles.enable();
  return schemas;
}

claim(
  {
    id: 'unknown-entities-dropped',
    says: 'Entities whose type is not a content type in the destination schemas are dropped silently by the engine',
  },
  async () => {
    const { provider, received } = memoryDestination({ getSchemas: () => localSchemas() });
    const engine = engineOf(
      memorySource({
        entities: [
          { type: 'api::gone.gone', id: 1, data: {} },
          { type: 'shared.seo', id: 2, data: {} },
        ],
      }),
      provider,
    );
    await engine.transfer();
    assert.equal(received.entities, undefined, 'the destination received nothing');
    assert.equal(engine.diagnostics.stack.items.filter((d: Json) => d.kind !== 'info').length, 0, 'and nothing was reported');
  },
);

claim(
  {
    id: 'asset-stream-replaced',
    says: 'For assets, the engine replaces asset.stream with a byte-counting Transform',
  },
  async () => {
    const original = Readable.from([Buffer.from('abc')]);
    const { provider, received } = memoryDestination();
    await engineOf(
      memorySource({ assets: [{ filename: 'a.txt', filepath: 'a.txt', stats: { size: 3 }, stream: original, metadata: {} }] }),
      provider,
    ).transfer();
    assert.notEqual(received.assets[0].stream, original);
    assert.equal(received.assets[0].bytes.toString(), 'abc');
    assert.equal(seed.image.ext, '.png');
  },
);

claim(
  {
    id: 'close-rejection-warning-bootstrap-fatal',
    says: 'Rejecting from close after a failure only produces a warning; throwing from bootstrap is fatal.',
  },
  async () => {
    const failing = memorySource(
      { entities: [{ type: 'x', id: 1, data: {} }] },
      { getMetadata: () => Promise.reject(new Error('boom')), close: async () => Promise.reject(new Error('close failed')) },
    );
    const engine = engineOf(failing, memoryDestination().provider);
    await assert.rejects(engine.transfer(), /boom/);
    const warning = engine.diagnostics.stack.items.find((d: Json) => d.kind === 'warning');
    assert.equal(warning.details.message, 'Failed to close the source::claims-memory provider: close failed');
    const broken = engineOf(
      memorySource({}, { bootstrap: async () => Promise.reject(new Error('no file')) }),
      memoryDestination().provider,
    );
    await assert.rejects(broken.transfer(), /no file/);
    assert.equal(broken.diagnostics.stack.items.find((d: Json) => d.kind === 'error').details.severity, 'fatal');
  },
);
