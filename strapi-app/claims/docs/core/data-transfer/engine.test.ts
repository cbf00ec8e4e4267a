import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { after, before } from 'node:test';
import type { Core } from '@strapi/strapi';
import { bootStrapi, claim, codeBlock, defect, stopStrapi } from '../../../../harness';
import {
  appModule,
  dataTransfer,
  jsonLines,
  memoryDestination,
  memorySource,
  readArchive,
  recordCalls,
  runScriptExample,
  scratchDir,
  seedContent,
  type Json,
  type Seed,
} from '../../../../harness/transfer';

const dts = dataTransfer();
const { createTransferEngine } = dts.engine;
let strapi: Core.Strapi;
let seed: Seed;
let destroyed = false;

before(async () => {
  strapi = await bootStrapi({ name: 'dts-engine' });
  seed = await seedContent(strapi);
});
after(async () => {
  if (!destroyed) await stopStrapi(strapi);
});

const localSource = () => dts.strapi.providers.createLocalStrapiSourceProvider({ getStrapi: () => strapi, autoDestroy: false });
const engineOf = (source: Json, destination: Json, options: Json = {}) =>
  createTransferEngine(source, destination, { versionStrategy: 'ignore', schemaStrategy: 'ignore', ...options });

/** The schema map the local providers report for this application. */
async function schemasOf(): Promise<Json> {
  const source = localSource();
  await source.bootstrap();
  const schemas = source.getSchemas();
  strapi.db.lifecycles.enable();
  return schemas;
}

/** The stages that started, in order, and the ones skipped. */
function watchStages(engine: Json) {
  const started: string[] = [];
  const skipped: string[] = [];
  engine.progress.stream.on('stage::start', ({ stage }: Json) => started.push(stage));
  engine.progress.stream.on('stage::skip', ({ stage }: Json) => skipped.push(stage));
  return { started, skipped };
}

/** A metadata-only pair for the integrity checks: no stream factory, so every stage is skipped. */
const versions = (source: string | undefined, destination: string | undefined, options: Json = {}) =>
  createTransferEngine(
    memorySource({}, { getMetadata: () => ({ strapi: { version: source } }) }),
    memoryDestination({ getMetadata: () => ({ strapi: { version: destination } }) }).provider,
    { schemaStrategy: 'ignore', ...options },
  ).transfer();

claim(
  { id: 'stage-order', says: 'Stages run one after the other in this order: schemas, entities, assets, links, configuration' },
  async () => {
    const { provider, received } = memoryDestination();
    const engine = engineOf(localSource(), provider);
    const { started } = watchStages(engine);
    await engine.transfer();
    assert.deepEqual(started, ['schemas', 'entities', 'assets', 'links', 'configuration']);
    assert.ok(received.entities.length > 0 && received.links.length > 0 && received.assets.length > 0);
  },
);

claim(
  {
    id: 'before-transfer-after-start',
    says: 'transfer::start is emitted and beforeTransfer() runs on the source, then on the destination',
  },
  async () => {
    const calls: string[] = [];
    const source = recordCalls(localSource(), 'source', calls);
    const destination = recordCalls(memoryDestination({ beforeTransfer: () => undefined }).provider, 'destination', calls);
    const engine = engineOf(source, destination);
    engine.progress.stream.on('transfer::start', () => calls.push('transfer::start'));
    await engine.transfer();
    const at = (name: string) => calls.indexOf(name);
    assert.ok(at('source.validateStage') === -1, 'the local source has no validateStage');
    assert.ok(at('source.getSchemas') < at('transfer::start'));
    assert.ok(at('transfer::start') < at('source.beforeTransfer') || at('source.beforeTransfer') === -1);
    assert.ok(at('transfer::start') < at('destination.beforeTransfer'));
    assert.ok(at('destination.beforeTransfer') < at('source.createSchemasReadStream'));
  },
);

claim(
  {
    id: 'init-hands-source-metadata',
    says: "hands the source metadata to destinationProvider.setMetadata('source', metadata)",
  },
  async () => {
    const seen: Json[] = [];
    const { provider } = memoryDestination({ setMetadata: (target: string, metadata: Json) => seen.push([target, metadata]) });
    await engineOf(localSource(), provider, { only: ['config'], exclude: [] }).transfer();
    assert.equal(seen.length, 1);
    assert.equal(seen[0][0], 'source');
    assert.equal(seen[0][1].strapi.version, strapi.config.get('info.strapi'));
  },
);

claim(
  {
    id: 'validate-stages-before-deletes',
    says: "This runs before any provider's beforeTransfer, so a source can refuse (the file source checks asset metadata here) before the destination deletes anything.",
  },
  async () => {
    const calls: string[] = [];
    const source = memorySource(
      { entities: [] },
      {
        validateStage: (stage: string) => {
          calls.push(`validateStage(${stage})`);
          if (stage === 'assets') throw new Error('refused');
        },
        beforeTransfer: () => void calls.push('source.beforeTransfer'),
      },
    );
    const { provider } = memoryDestination({ beforeTransfer: () => void calls.push('destination.beforeTransfer') });
    await assert.rejects(engineOf(source, provider).transfer(), /refused/);
    assert.deepEqual(calls, ['validateStage(entities)', 'validateStage(links)', 'validateStage(assets)']);
  },
);

claim(
  {
    id: 'validate-stage-per-kept-stage',
    says: 'calls the optional sourceProvider.validateStage(stage) for every stage of TRANSFER_STAGES that is not skipped',
  },
  async () => {
    const validated: string[] = [];
    const source = memorySource({}, { validateStage: (s: string) => void validated.push(s) });
    await engineOf(source, memoryDestination().provider, { only: ['files', 'content'] }).transfer();
    assert.deepEqual(validated, ['entities', 'links', 'assets', 'schemas']);
  },
);

claim(
  {
    id: 'transfer-stages-only-in-validate',
    says: 'The engine only iterates it in validateStages.',
  },
  async () => {
    assert.deepEqual([...dts.engine.TRANSFER_STAGES], ['entities', 'links', 'assets', 'schemas', 'configuration']);
    const validated: string[] = [];
    const source = memorySource(
      { schemas: [], entities: [], links: [], configuration: [] },
      { validateStage: (s: string) => void validated.push(s) },
    );
    const engine = engineOf(source, memoryDestination().provider, { exclude: ['files'] });
    const { started } = watchStages(engine);
    await engine.transfer();
    assert.deepEqual(validated, ['entities', 'links', 'schemas', 'configuration']);
    assert.deepEqual(started, ['schemas', 'entities', 'links', 'configuration']);
  },
);

claim(
  {
    id: 'bootstrap-rejection-is-fatal',
    says: 'the first rejection is reported as a fatal diagnostic and thrown (panic)',
  },
  async () => {
    const failure = new Error('cannot open');
    const engine = engineOf(memorySource({}, { bootstrap: () => Promise.reject(failure) }), memoryDestination().provider);
    await assert.rejects(engine.transfer(), (e) => e === failure);
    const errors = engine.diagnostics.stack.items.filter((d: Json) => d.kind === 'error');
    assert.equal(errors.length, 1, 'the failure path does not report the same error twice');
    assert.equal(errors[0].details.severity, 'fatal');
    assert.equal(errors[0].details.error, failure);
  },
);

claim(
  {
    id: 'error-uses-its-severity',
    says: "using the error's severity or 'fatal'",
  },
  async () => {
    const silly = new dts.engine.errors.TransferEngineError('silly', 'metadata unavailable');
    const engine = engineOf(memorySource({}, { getMetadata: () => Promise.reject(silly) }), memoryDestination().provider);
    const events: Json[] = [];
    engine.progress.stream.on('transfer::error', (payload: Json) => events.push(payload));
    await assert.rejects(engine.transfer(), (e) => e === silly);
    assert.deepEqual(events, [{ error: silly }]);
    const [error] = engine.diagnostics.stack.items.filter((d: Json) => d.kind === 'error');
    assert.equal(error.details.severity, 'silly');
    const plain = engineOf(memorySource({}, { getMetadata: () => Promise.reject(new Error('plain')) }), memoryDestination().provider);
    await assert.rejects(plain.transfer(), /plain/);
    assert.equal(plain.diagnostics.stack.items.find((d: Json) => d.kind === 'error').details.severity, 'fatal');
  },
);

claim(
  {
    id: 'rollback-and-cleanup-warnings',
    says: 'It then closes both providers, turning close failures into warnings with origin transfer(cleanup), and rethrows the original error.',
  },
  async () => {
    const calls: string[] = [];
    const failure = new Error('write failed');
    const { provider } = memoryDestination({
      createEntitiesWriteStream: () =>
        new Writable({
          objectMode: true,
          write: (_item, _encoding, callback) => callback(failure),
        }),
      rollback: (error: Error) => {
        calls.push(`rollback(${error.message})`);
        throw new Error('rollback broke');
      },
      close: async () => {
        calls.push('destination.close');
        throw new Error('close broke');
      },
    });
    const source = memorySource({ entities: [{ type: 'x', id: 1, data: {} }] }, { close: () => void calls.push('source.close') });
    const engine = engineOf(source, provider);
    await assert.rejects(engine.transfer(), (e) => e === failure);
    assert.deepEqual(calls, ['rollback(write failed)', 'source.close', 'destination.close']);
    const warnings = engine.diagnostics.stack.items.filter((d: Json) => d.kind === 'warning').map((d: Json) => d.details);
    assert.deepEqual(
      warnings.map((w: Json) => [w.origin, w.message]),
      [
        ['transfer(rollback)', 'Failed to rollback the destination::claims-memory provider: rollback broke'],
        ['transfer(cleanup)', 'Failed to close the destination::claims-memory provider: close broke'],
      ],
    );
  },
);

defect(
  {
    id: 'synchronous-close-escapes-cleanup',
    says: 'so a synchronous throw leaves the method before any warning is reported',
    summary:
      "The engine's failure path calls each provider's close() inside Promise.allSettled's array literal, so a close() that throws synchronously replaces the original error instead of becoming a warning",
  },
  async () => {
    const failure = new Error('write failed');
    const { provider } = memoryDestination({
      createEntitiesWriteStream: () => new Writable({ objectMode: true, write: (_item, _encoding, callback) => callback(failure) }),
      close: () => {
        throw new Error('close broke');
      },
    });
    const engine = engineOf(memorySource({ entities: [{ type: 'x', id: 1, data: {} }] }), provider);
    const error: Json = await engine.transfer().catch((e: Json) => e);
    assert.equal(error.message, 'close broke');
    assert.equal(engine.diagnostics.stack.items.filter((d: Json) => d.details.origin === 'transfer(cleanup)').length, 0);
  },
);

claim(
  {
    id: 'missing-stream-skips-stage',
    says: 'If either is missing, the engine destroys whichever stream exists',
  },
  async () => {
    const links = Readable.from([{ kind: 'relation.basic' }]);
    const source = memorySource({ entities: [] }, { createLinksReadStream: () => links });
    const { provider } = memoryDestination({ createLinksWriteStream: undefined });
    const engine = engineOf(source, provider);
    const { skipped } = watchStages(engine);
    await engine.transfer();
    assert.ok(skipped.includes('links'));
    assert.equal(links.destroyed, true);
  },
);

claim(
  {
    id: 'entity-guard',
    says: "and reduces data to the destination's attribute names plus documentId",
  },
  async () => {
    const schemas = await schemasOf();
    const entities = [
      { type: 'api::article.article', id: 1, data: { documentId: 'abc', title: 'Kept', notAnAttribute: 1 } },
      { type: 'shared.seo', id: 2, data: { metaTitle: 'a component' } },
      { type: 'api::gone.gone', id: 3, data: {} },
    ];
    const { provider, received } = memoryDestination({ getSchemas: () => schemas });
    await engineOf(memorySource({ entities }), provider).transfer();
    assert.deepEqual(received.entities, [{ type: 'api::article.article', id: 1, data: { documentId: 'abc', title: 'Kept' } }]);
  },
);

claim(
  {
    id: 'link-guard',
    says: 'For links it drops any link whose left.type or right.type is not a key of the destination schema map (content types and components).',
  },
  async () => {
    const schemas = {
      'api::article.article': { modelType: 'contentType', attributes: {} },
      'shared.quote': { modelType: 'component', attributes: {} },
    };
    const links = [
      { kind: 'relation.basic', left: { type: 'shared.quote', ref: 1, field: 'source' }, right: { type: 'api::article.article', ref: 2 } },
      {
        kind: 'relation.basic',
        left: { type: 'api::article.article', ref: 1, field: 'author' },
        right: { type: 'api::author.author', ref: 2 },
      },
      { kind: 'relation.basic', left: { type: 'api::gone.gone', ref: 1, field: 'x' }, right: { type: 'api::article.article', ref: 2 } },
    ];
    const { provider, received } = memoryDestination({ getSchemas: () => schemas });
    await engineOf(memorySource({ links }), provider).transfer();
    assert.deepEqual(received.links, [links[0]]);
  },
);

claim({ id: 'no-schemas-no-guards', says: 'When the destination returns no schemas, both guards let everything through.' }, async () => {
  const entities = [{ type: 'api::gone.gone', id: 3, data: { anything: true } }];
  const links = [{ kind: 'relation.basic', left: { type: 'a', ref: 1, field: 'f' }, right: { type: 'b', ref: 2 } }];
  const { provider, received } = memoryDestination({ getSchemas: () => null });
  await engineOf(memorySource({ entities, links }), provider).transfer();
  assert.deepEqual(received.entities, entities);
  assert.deepEqual(received.links, links);
});

claim(
  {
    id: 'assets-stage-totals',
    says: "Before the assets stage starts, the engine asks the source for getStageTotals('assets') and, when it answers, stores totalBytes and totalCount in the stage's progress entry.",
  },
  async () => {
    const asked: string[] = [];
    const source = localSource();
    const getStageTotals = source.getStageTotals.bind(source);
    source.getStageTotals = (stage: Json) => {
      asked.push(stage);
      return getStageTotals(stage);
    };
    const engine = engineOf(source, memoryDestination().provider);
    let atStart: Json;
    engine.progress.stream.on('stage::start', ({ stage, data }: Json) => {
      if (stage === 'assets') atStart = { ...data.assets };
    });
    await engine.transfer();
    assert.deepEqual(asked, ['assets']);
    const formats = Object.keys(seed.image.formats ?? {}).length;
    assert.equal(atStart.totalCount, 1 + formats);
    assert.ok(atStart.totalBytes > 0);
    assert.equal(atStart.count, 0);
  },
);

defect(
  {
    id: 'prerelease-difference-rejected',
    says: "5.54.0-beta.1 against 5.54.0-beta.2 is rejected by 'patch', 'minor' and 'major' alike",
    summary:
      "The engine's accepted version differences are spelled 'prelease', so no version strategy except 'ignore' accepts two prereleases of the same version",
  },
  async () => {
    for (const versionStrategy of ['patch', 'minor', 'major'])
      await assert.rejects(
        versions('5.54.0-beta.1', '5.54.0-beta.2', { versionStrategy }),
        /incompatible Strapi versions/,
        versionStrategy,
      );
    await versions('5.54.0-beta.1', '5.54.0-beta.2', { versionStrategy: 'ignore' });
  },
);

claim({ id: 'version-strategy-default', says: "'ignore' when falsy" }, async () => {
  await versions('5.54.0', '4.0.0', { versionStrategy: undefined });
  await assert.rejects(versions('5.54.0', '4.0.0', { versionStrategy: 'exact' }), /incompatible Strapi versions/);
});

claim({ id: 'schema-strategy-default', says: "'strict' when falsy" }, async () => {
  const schema = (required: boolean, type = 'string') => ({ 'api::a.a': { attributes: { title: { type, required } } } });
  const run = (source: Json, destination: Json) =>
    createTransferEngine(memorySource({}, { getSchemas: () => source }), memoryDestination({ getSchemas: () => destination }).provider, {
      versionStrategy: 'ignore',
    } as Json).transfer();
  await run(schema(true), schema(false));
  await assert.rejects(run(schema(true), schema(true, 'text')), /using the strict strategy/);
});

claim(
  {
    id: 'only-keeps-covered-stages',
    says: 'Keep only stages covered by these presets',
  },
  async () => {
    const all = () => memorySource({ schemas: [], entities: [], assets: [], links: [], configuration: [] });
    const run = async (options: Json) => {
      const engine = engineOf(all(), memoryDestination().provider, options);
      const { started } = watchStages(engine);
      await engine.transfer();
      return started;
    };
    assert.deepEqual(await run({ only: ['content'] }), ['schemas', 'entities', 'links']);
    assert.deepEqual(await run({ only: ['files', 'config'] }), ['schemas', 'assets', 'configuration']);
  },
);

claim({ id: 'without-only-every-stage', says: 'Without only, every other stage is included' }, async () => {
  const engine = engineOf(
    memorySource({ schemas: [], entities: [], assets: [], links: [], configuration: [] }),
    memoryDestination().provider,
    {
      only: [],
    },
  );
  const { started } = watchStages(engine);
  await engine.transfer();
  assert.deepEqual(started, ['schemas', 'entities', 'assets', 'links', 'configuration']);
});

claim({ id: 'exclude-removes-covered-stages', says: 'A non-empty exclude then removes stages covered by its presets.' }, async () => {
  const all = () => memorySource({ schemas: [], entities: [], assets: [], links: [], configuration: [] });
  const run = async (options: Json) => {
    const engine = engineOf(all(), memoryDestination().provider, options);
    const { started } = watchStages(engine);
    await engine.transfer();
    return started;
  };
  assert.deepEqual(await run({ exclude: ['files'] }), ['schemas', 'entities', 'links', 'configuration']);
  assert.deepEqual(await run({ only: ['content', 'config'], exclude: ['content'] }), ['schemas', 'configuration']);
  assert.deepEqual(await run({ exclude: [] }), ['schemas', 'entities', 'assets', 'links', 'configuration']);
});

claim({ id: 'schemas-never-skipped', says: 'shouldSkipStage never skips schemas' }, async () => {
  const engine = engineOf(memorySource({ schemas: [{ uid: 'x', modelType: 'contentType' }] }), memoryDestination().provider, {
    exclude: ['content', 'files', 'config'],
  });
  const { started } = watchStages(engine);
  await engine.transfer();
  assert.deepEqual(started, ['schemas']);
  assert.equal(engine.shouldSkipStage('schemas'), false);
});

claim(
  {
    id: 'version-strategies',
    says: "'major' accepts minor, preminor, patch and prepatch differences, 'minor' accepts patch and prepatch",
  },
  async () => {
    await versions('5.54.0', '5.60.1', { versionStrategy: 'major' });
    await versions('5.54.0', '5.55.0-beta.1', { versionStrategy: 'major' });
    await versions('5.54.0', '5.54.3', { versionStrategy: 'minor' });
    await versions('5.54.0', '5.54.1-beta.0', { versionStrategy: 'minor' });
    await assert.rejects(versions('5.54.0', '6.0.0', { versionStrategy: 'major' }), /incompatible/);
    await assert.rejects(versions('5.54.0', '5.55.0', { versionStrategy: 'minor' }), /incompatible/);
  },
);

claim(
  {
    id: 'exact-ignores-build-metadata',
    says: "'exact' rejects any difference except one in build metadata alone",
  },
  async () => {
    await assert.rejects(versions('5.54.0', '5.54.1', { versionStrategy: 'exact' }), /incompatible/);
    await versions('5.54.0+build.1', '5.54.0+build.2', { versionStrategy: 'exact' });
  },
);

claim({ id: 'unparsable-version-rejected', says: 'an unparsable version is rejected' }, async () => {
  await assert.rejects(versions('5.54.0', 'next', { versionStrategy: 'major' }), /incompatible Strapi versions/);
});

claim(
  {
    id: 'version-rejection-error',
    says: "A rejection throws TransferEngineValidationError whose details is { step: 'validation', details: { check: 'strapi.version', strategy, versions } }",
  },
  async () => {
    const error: Json = await versions('5.54.0', '5.55.0', { versionStrategy: 'minor' }).catch((e: Json) => e);
    assert.ok(error instanceof dts.engine.errors.TransferEngineValidationError);
    assert.deepEqual(error.details, {
      step: 'validation',
      details: { check: 'strapi.version', strategy: 'minor', versions: { source: '5.54.0', destination: '5.55.0' } },
    });
    assert.ok(
      error.message.startsWith(
        'The source and destination provide are targeting incompatible Strapi versions (using the "minor" strategy). ',
      ),
    );
  },
);

/** A pair whose schemas differ as `edit` says, checked with `strategy`. */
async function schemaCheck(strategy: string, edit: (attributes: Json) => void, handler?: Json) {
  const source = localSource();
  const schemas = await schemasOf();
  const changed = structuredClone(schemas);
  edit(changed['api::article.article'].attributes);
  const engine = createTransferEngine(source, memoryDestination({ getSchemas: () => changed }).provider, {
    versionStrategy: 'ignore',
    schemaStrategy: strategy,
  } as Json);
  if (handler) engine.onSchemaDiff(handler);
  try {
    await engine.transfer();
    return null;
  } catch (error) {
    return error as Json;
  } finally {
    strapi.db.lifecycles.enable();
  }
}

claim(
  {
    id: 'strict-drops-attribute-property-diffs',
    says: "'strict' drops diffs on an attribute's private, required, configurable or default property",
  },
  async () => {
    const loosen = (a: Json) => {
      a.title.required = false;
      a.views.default = 5;
      a.body.private = true;
      a.body.configurable = false;
    };
    assert.equal(await schemaCheck('strict', loosen), null);
    const error = await schemaCheck('exact', loosen);
    assert.equal(error?.details?.details?.check, 'schema.changes');
  },
);

claim({ id: 'exact-keeps-every-diff', says: "'exact' keeps every diff." }, async () => {
  const error = await schemaCheck('exact', (a) => {
    a.title.required = false;
    a.views.default = 5;
  });
  const paths = error.details.details.diffs['api::article.article'].map((d: Json) => d.path.join('.')).sort();
  assert.deepEqual(paths, ['attributes.title.required', 'attributes.views.default']);
});

claim(
  {
    id: 'schema-error',
    says: "with details.details.check === 'schema.changes' and the diffs map",
  },
  async () => {
    const error = await schemaCheck('strict', (a) => {
      a.title.type = 'text';
    });
    assert.ok(error instanceof dts.engine.errors.TransferEngineValidationError);
    assert.equal(error.details.details.check, 'schema.changes');
    assert.deepEqual(Object.keys(error.details.details.diffs), ['api::article.article']);
    const [first, ...lines] = error.message.split('\n');
    assert.equal(
      first,
      'Invalid schema changes detected during integrity checks (using the strict strategy). Please find a summary of the changes below:',
    );
    assert.ok(lines.some((l: string) => l.includes('attributes.title.type')));
  },
);

claim(
  {
    id: 'unresolved-schema-diffs',
    says: "any remaining difference makes it panic with TransferEngineValidationError('Unresolved differences in schema') (check: 'schema.changes')",
  },
  async () => {
    const edit = (a: Json) => {
      a.title.type = 'text';
      a.views.type = 'biginteger';
    };
    const acceptAll = async (context: Json, next: Json) => {
      context.ignoredDiffs = context.diffs;
      return next(context);
    };
    assert.equal(await schemaCheck('strict', edit, acceptAll), null);
    const acceptOne = async (context: Json, next: Json) => {
      const diffs = context.diffs['api::article.article'];
      context.ignoredDiffs = { 'api::article.article': diffs.filter((d: Json) => d.path.includes('title')) };
      return next(context);
    };
    const error = await schemaCheck('strict', edit, acceptOne);
    assert.equal(error.message, 'Unresolved differences in schema');
    assert.equal(error.details.details.check, 'schema.changes');
  },
);

claim(
  {
    id: 'transforms-filter-and-map',
    says: 'Each entry is either { filter: (data) => boolean } or { map: (data) => data }; they are chained in order with stream-chain.',
  },
  async () => {
    const entities = [1, 2, 3, 4].map((id) => ({ type: 'x', id, data: {} }));
    const { provider, received } = memoryDestination();
    await engineOf(memorySource({ entities }), provider, {
      transforms: {
        entities: [
          { map: (e: Json) => ({ ...e, id: e.id * 10 }) },
          { filter: (e: Json) => e.id > 15 },
          { map: (e: Json) => ({ ...e, last: true }) },
        ],
      },
    }).transfer();
    assert.deepEqual(
      received.entities.map((e: Json) => [e.id, e.last]),
      [
        [20, true],
        [30, true],
        [40, true],
      ],
    );
  },
);

defect(
  {
    id: 'stage-transforms-drop-global-and-throttle',
    says: 'a stage that has its own transforms skips the global transforms and the throttle',
    summary:
      'The engine pipes global transforms, throttle and stage transforms into each other but hands the pipeline only the last piece, so a stage with its own transforms runs neither the global transforms nor the throttle',
  },
  async () => {
    const entities = [1, 2, 3, 4, 5].map((id) => ({ type: 'x', id, data: {} }));
    const run = async (options: Json) => {
      const { provider, received } = memoryDestination();
      const started = Date.now();
      await engineOf(memorySource({ entities }), provider, options).transfer();
      return { item: received.entities[0], ms: Date.now() - started };
    };
    const global = [{ map: (e: Json) => ({ ...e, global: true }) }];
    const stage = [{ map: (e: Json) => ({ ...e, stage: true }) }];
    assert.deepEqual((await run({ transforms: { global } })).item, { type: 'x', id: 1, data: {}, global: true });
    assert.deepEqual((await run({ transforms: { global, entities: stage } })).item, { type: 'x', id: 1, data: {}, stage: true });
    assert.ok((await run({ throttle: 100 })).ms >= 450, 'alone, the throttle delays each of the five records');
    assert.ok((await run({ throttle: 100, transforms: { entities: stage } })).ms < 400, 'with a stage transform, no delay');
  },
);

claim(
  {
    id: 'throttle-when-positive',
    says: 'Milliseconds to wait before passing each record on, when greater than 0',
  },
  async () => {
    const entities = Array.from({ length: 10 }, (_, i) => ({ type: 'x', id: i, data: {} }));
    const timed = async (throttle: number) => {
      const started = Date.now();
      await engineOf(memorySource({ entities }), memoryDestination().provider, { throttle }).transfer();
      return Date.now() - started;
    };
    assert.ok((await timed(0)) < 200);
    assert.ok((await timed(-50)) < 200);
    assert.ok((await timed(40)) >= 400);
  },
);

claim(
  {
    id: 'throttle-per-record',
    says: 'throttle is per record: throttle: 10 adds about ten seconds per thousand entities',
  },
  async () => {
    const entities = Array.from({ length: 20 }, (_, i) => ({ type: 'x', id: i, data: {} }));
    const started = Date.now();
    await engineOf(memorySource({ entities }), memoryDestination().provider, { throttle: 25 }).transfer();
    assert.ok(Date.now() - started >= 20 * 25, 'each of the 20 records waited 25 ms');
  },
);

claim({ id: 'totals-asked-for-assets-only', says: '(from sourceProvider.getStageTotals, asked only for assets)' }, async () => {
  const asked: string[] = [];
  const source = memorySource(
    { schemas: [], entities: [], assets: [], links: [], configuration: [] },
    { getStageTotals: (stage: string) => void asked.push(stage) },
  );
  const { engine: progress } = await engineOf(source, memoryDestination().provider).transfer();
  assert.deepEqual(asked, ['assets']);
  assert.equal(progress.assets, undefined, 'no totals, no item: the assets stage has no progress entry');
});

claim(
  {
    id: 'progress-bytes-and-aggregates',
    says: 'For every stage except assets, bytes is the length of JSON.stringify of each item and the aggregate key is the schema modelType (schemas) or the entity type (entities).',
  },
  async () => {
    const { provider, received } = memoryDestination();
    const engine = engineOf(localSource(), provider);
    const { engine: progress } = await engine.transfer();
    for (const stage of ['schemas', 'entities', 'links', 'configuration']) {
      const bytes = received[stage].reduce((sum: number, item: Json) => sum + JSON.stringify(item).length, 0);
      assert.equal(progress[stage].count, received[stage].length, stage);
      assert.equal(progress[stage].bytes, bytes, stage);
    }
    assert.deepEqual(Object.keys(progress.schemas.aggregates).sort(), ['component', 'contentType']);
    assert.equal(
      progress.entities.aggregates['api::article.article'].count,
      received.entities.filter((e: Json) => e.type === 'api::article.article').length,
    );
    assert.equal(progress.links.aggregates, undefined);
  },
);

claim(
  {
    id: 'asset-progress-counts-bytes',
    says: "so bytes is the real byte count, count grows when an asset's stream ends, and the aggregate key is the file extension (or 'No extension')",
  },
  async () => {
    const { provider, received } = memoryDestination();
    const { engine: progress } = await engineOf(localSource(), provider).transfer();
    const total = received.assets.reduce((sum: number, a: Json) => sum + a.bytes.length, 0);
    assert.equal(progress.assets.bytes, total);
    assert.equal(progress.assets.count, received.assets.length);
    assert.deepEqual(Object.keys(progress.assets.aggregates), ['.png']);
    const bare = memorySource({
      assets: [{ filename: 'README', stats: { size: 2 }, stream: Readable.from([Buffer.from('hi')]), metadata: {} }],
    });
    const { engine: second } = await engineOf(bare, memoryDestination().provider).transfer();
    assert.deepEqual(second.assets.aggregates, { 'No extension': { count: 1, bytes: 2 } });
  },
);

claim(
  {
    id: 'stage-events-payload',
    says: '{ stage, data } where data is progress.data',
  },
  async () => {
    const engine = engineOf(memorySource({ entities: [{ type: 'x', id: 1, data: {} }] }), memoryDestination().provider);
    const seen: Json[] = [];
    for (const event of ['stage::start', 'stage::progress', 'stage::finish', 'stage::skip'])
      engine.progress.stream.on(event, (payload: Json) => seen.push([event, payload.stage, payload.data === engine.progress.data]));
    await engine.transfer();
    assert.ok(seen.length >= 4);
    assert.ok(seen.every(([, , same]) => same === true));
    assert.deepEqual(
      seen.filter(([, stage]) => stage === 'entities').map(([event]) => event),
      ['stage::start', 'stage::progress', 'stage::finish'],
    );
  },
);

claim(
  {
    id: 'reporter-drops-empty-messages',
    says: 'The reporter silently drops an entry without kind, details or a non-empty details.message.',
  },
  async () => {
    const reporter = dts.utils.diagnostics.createDiagnosticReporter();
    const heard: Json[] = [];
    reporter.onDiagnostic((d: Json) => heard.push(d));
    reporter.on('warning', (d: Json) => heard.push(d));
    reporter.report({ kind: 'warning', details: { message: '', createdAt: new Date() } } as Json);
    reporter.report({ kind: 'warning' } as Json);
    reporter.report({ details: { message: 'no kind', createdAt: new Date() } } as Json);
    assert.equal(reporter.stack.size, 0);
    reporter.report({ kind: 'warning', details: { message: 'kept', createdAt: new Date() } } as Json);
    assert.equal(reporter.stack.size, 1);
    assert.equal(heard.length, 2, 'one diagnostic event and one diagnostic.warning event');
  },
);

claim(
  {
    id: 'abort-throws',
    says: "abortTransfer() always throws TransferEngineError('fatal', 'Transfer aborted.'); a stage that starts after the abort throws the same error.",
  },
  async () => {
    const engine = engineOf(memorySource({ entities: [{ type: 'x', id: 1, data: {} }], links: [] }), memoryDestination().provider);
    let abortError: Json;
    engine.progress.stream.on('stage::finish', ({ stage }: Json) => {
      if (stage === 'entities') engine.abortTransfer().catch((e: Json) => (abortError = e));
    });
    const transferError: Json = await engine.transfer().catch((e: Json) => e);
    for (const error of [abortError, transferError]) {
      assert.ok(error instanceof dts.engine.errors.TransferEngineError);
      assert.equal(error.message, 'Transfer aborted.');
      assert.equal(error.severity, 'fatal');
    }
  },
);

claim(
  {
    id: 'error-handler-consulted',
    says: "Consulted when a provider's beforeTransfer throws a ProviderTransferError whose details.details.code is that code; set context.ignore = true to go on",
  },
  async () => {
    const { ProviderTransferError } = appModule('@strapi/data-transfer/dist/errors/providers.js');
    const { provider, received } = memoryDestination({
      beforeTransfer: () => {
        throw new ProviderTransferError('no backup', { code: 'ASSETS_DIRECTORY_ERR' });
      },
    });
    const engine = engineOf(memorySource({ entities: [{ type: 'x', id: 1, data: {} }] }), provider);
    const contexts: Json[] = [];
    engine.addErrorHandler('ASSETS_DIRECTORY_ERR', async (context: Json, next: Json) => {
      contexts.push(context);
      context.ignore = true;
      return next(context);
    });
    await engine.transfer();
    assert.equal(contexts.length, 1);
    assert.equal(received.entities.length, 1);
  },
);

claim({ id: 'rollback-destination-only', says: 'Only destinationProvider.rollback is called on failure.' }, async () => {
  const calls: string[] = [];
  const source = memorySource(
    { entities: [{ type: 'x', id: 1, data: {} }] },
    { rollback: () => void calls.push('source.rollback'), close: async () => void calls.push('source.close') },
  );
  const { provider } = memoryDestination({
    createEntitiesWriteStream: () => new Writable({ objectMode: true, write: (_i, _e, cb) => cb(new Error('no')) }),
    rollback: async () => void calls.push('destination.rollback'),
    close: async () => void calls.push('destination.close'),
  });
  await assert.rejects(engineOf(source, provider).transfer(), /no/);
  assert.deepEqual(calls, ['destination.rollback', 'source.close', 'destination.close']);
});

claim(
  {
    id: 'example-filtered-export',
    says: "The local source's close() destroys the instance because autoDestroy is left unset, so the script does not call app.destroy() itself.",
  },
  async () => {
    const cwd = scratchDir('engine-example');
    const result = await runScriptExample(codeBlock({ title: 'scripts/export-articles.ts' }), {
      strapi,
      cwd,
      filename: 'scripts/export-articles.ts',
      done: ({ log }) => log.some((l) => l.startsWith('written to')),
    });
    destroyed = result.destroyed;
    assert.equal(result.destroyed, true);
    assert.ok(result.log.includes('written to articles-only.tar.gz'), result.log.join('\n'));
    assert.ok(result.log.includes('entities: 2 items') || result.log.some((l) => /^entities: \d+ items$/.test(l)));
    const archive = path.join(cwd, 'articles-only.tar.gz');
    assert.ok(existsSync(archive));
    const entries = await readArchive(archive, { gzip: true });
    const types = new Set(entries.filter((e) => e.path.startsWith('entities/')).flatMap((e) => jsonLines(e).map((x: Json) => x.type)));
    assert.deepEqual([...types], ['api::article.article']);
    assert.equal(entries.filter((e) => e.path.startsWith('assets/')).length, 0);
  },
);
