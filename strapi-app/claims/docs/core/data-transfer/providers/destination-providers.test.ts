import assert from 'node:assert/strict';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PassThrough, Readable, Writable } from 'node:stream';
import { after, before } from 'node:test';
import type { Core } from '@strapi/strapi';
import { bootStrapi, claim, codeBlock, runExample, stopStrapi } from '../../../../../harness';
import {
  dataTransfer,
  memoryDestination,
  memorySource,
  recordCalls,
  rows,
  scratchDir,
  seedContent,
  type Json,
  type Seed,
} from '../../../../../harness/transfer';

const dts = dataTransfer();
const { createTransferEngine } = dts.engine;
let strapi: Core.Strapi;
let seed: Seed;

before(async () => {
  strapi = await bootStrapi({ name: 'dts-destination-providers' });
  seed = await seedContent(strapi);
});
after(async () => {
  await stopStrapi(strapi);
});

const localSource = () => dts.strapi.providers.createLocalStrapiSourceProvider({ getStrapi: () => strapi, autoDestroy: false });
const engineOf = (source: Json, destination: Json, options: Json = {}) =>
  createTransferEngine(source, destination, { versionStrategy: 'ignore', schemaStrategy: 'ignore', ...options });
const fileDestination = (dir: string) =>
  dts.file.providers.createLocalFileDestinationProvider({
    file: { path: path.join(dir, 'backup') },
    compression: { enabled: false },
    encryption: { enabled: false },
  });
/** A source whose entities stage fails after one item reached the destination. */
const failingSource = (extra: Json = {}) =>
  memorySource(
    {},
    {
      createEntitiesReadStream: () =>
        new Readable({
          objectMode: true,
          read() {
            this.push({ type: 'api::tag.tag', id: 1, data: { name: 'written before the failure' } });
            this.destroy(new Error('source broke'));
          },
        }),
      ...extra,
    },
  );

claim(
  {
    id: 'counting-destination-dry-run',
    says: 'Run it against a local source to see what an export would contain without touching the disk.',
  },
  async () => {
    const { createCountingDestination } = runExample<Json>(codeBlock({ title: 'tests/utils/counting-destination.ts' }), {
      filename: 'tests/utils/counting-destination.ts',
    });
    const counting = createCountingDestination();
    const { provider, received } = memoryDestination();
    const { destination } = await engineOf(localSource(), counting).transfer();
    await engineOf(localSource(), provider).transfer();
    for (const stage of ['schemas', 'entities', 'assets', 'links', 'configuration'])
      assert.equal(destination.counts[stage], received[stage].length, stage);
    assert.equal(destination.counts.assets, 1 + Object.keys(seed.image.formats ?? {}).length);
  },
);

claim({ id: 'bootstrapped-in-parallel', says: 'The destination is bootstrapped in parallel with the source.' }, async () => {
  let destinationStarted!: () => void;
  const started = new Promise<void>((resolve) => (destinationStarted = resolve));
  const source = memorySource({}, { bootstrap: () => started });
  const { provider } = memoryDestination({ bootstrap: () => destinationStarted() });
  const result = await Promise.race([
    engineOf(source, provider)
      .transfer()
      .then(() => 'done'),
    new Promise((resolve) => setTimeout(() => resolve('the source waited for a destination that never started'), 3000)),
  ]);
  assert.equal(result, 'done');
});

claim(
  {
    id: 'init-reads-both-metadata',
    says: "During init() the engine reads both sides' metadata and passes the source's to setMetadata('source', metadata).",
  },
  async () => {
    const calls: string[] = [];
    const metadata = { strapi: { version: '5.54.0' }, createdAt: 'then' };
    const source = recordCalls(memorySource({}, { getMetadata: () => metadata }), 'source', calls);
    let received: Json;
    const { provider } = memoryDestination({ setMetadata: (_target: string, m: Json) => (received = m) });
    await engineOf(source, recordCalls(provider, 'destination', calls)).transfer();
    assert.deepEqual(calls.slice(0, 3), ['source.getMetadata', 'destination.getMetadata', 'destination.setMetadata']);
    assert.equal(received, metadata);
  },
);

claim(
  {
    id: 'rollback-then-close-on-early-failure',
    says: 'On any failure before close() started (including one during bootstrap or the integrity check) it calls rollback(error) and then close()',
  },
  async () => {
    for (const failure of ['bootstrap', 'integrity']) {
      const calls: string[] = [];
      const error = new Error(failure);
      const source = memorySource(
        {},
        failure === 'bootstrap' ? { bootstrap: () => Promise.reject(error) } : { getSchemas: () => ({ a: { attributes: { x: {} } } }) },
      );
      const { provider } = memoryDestination({
        getSchemas: () => ({ a: { attributes: { y: {} } } }),
        rollback: async (e: Error) => void calls.push(`rollback(${e.message.split(' ')[0]})`),
        close: async () => void calls.push('close'),
      });
      await assert.rejects(engineOf(source, provider, { schemaStrategy: 'exact' }).transfer());
      assert.deepEqual(calls, [failure === 'bootstrap' ? 'rollback(bootstrap)' : 'rollback(Invalid)', 'close'], failure);
    }
  },
);

claim({ id: 'rollback-errors-become-warnings', says: 'Undo partial writes; errors here become warnings' }, async () => {
  const { provider } = memoryDestination({ rollback: async () => Promise.reject(new Error('cannot undo')) });
  const engine = engineOf(failingSource(), provider);
  await assert.rejects(engine.transfer(), /source broke/);
  const warning = engine.diagnostics.stack.items.find((d: Json) => d.kind === 'warning');
  assert.equal(warning.details.origin, 'transfer(rollback)');
  assert.equal(warning.details.message, 'Failed to rollback the destination::claims-memory provider: cannot undo');
});

claim(
  {
    id: 'engine-never-sets-on-warning',
    says: 'Optional sink; the local destination hands it to its links writer. The engine never sets it: the import command and the push handler do',
  },
  async () => {
    const destination = dts.strapi.providers.createLocalStrapiDestinationProvider({
      getStrapi: () => strapi,
      autoDestroy: false,
      strategy: 'restore',
      restore: { entities: { include: [] }, configuration: { coreStore: false, webhook: false } },
    });
    const links = [
      {
        kind: 'relation.basic',
        left: { type: 'api::article.article', ref: 1, field: 'author' },
        right: { type: 'api::author.author', ref: 2 },
      },
    ];
    const engine = engineOf(memorySource({ links }), destination, { exclude: ['files'] });
    await engine.transfer();
    assert.equal(destination.onWarning, undefined);
    const warnings = engine.diagnostics.stack.items.filter((d: Json) => d.kind === 'warning');
    assert.equal(warnings.length, 0, 'without onWarning, the skipped link is reported nowhere');
  },
);

claim(
  {
    id: 'no-get-schemas-no-checks',
    says: 'A destination without getSchemas (the file and directory destinations have none) or one that returns null disables those guards and the schema check.',
  },
  async () => {
    const dir = scratchDir('destination-providers-no-schemas');
    assert.equal(typeof (fileDestination(dir) as Json).getSchemas, 'undefined');
    const directory = dts.directory.providers.createLocalDirectoryDestinationProvider({
      directory: { path: path.join(dir, 'out') },
      file: {},
    });
    assert.equal(typeof directory.getSchemas, 'undefined');
    const entities = [{ type: 'api::gone.gone', id: 1, data: { free: 'form' } }];
    const source = () => memorySource({ entities }, { getSchemas: () => ({ 'api::gone.gone': { attributes: {} } }) });
    const { provider, received } = memoryDestination({ getSchemas: () => null });
    await engineOf(source(), provider, { schemaStrategy: 'exact' }).transfer();
    assert.deepEqual(received.entities, entities);
  },
);

claim(
  {
    id: 'results-file-path',
    says: 'The file destination, for instance, sets results.file.path to the archive it produced.',
  },
  async () => {
    const dir = scratchDir('destination-providers-results');
    const destination = fileDestination(dir);
    const results = await engineOf(localSource(), destination, { only: ['config'] }).transfer();
    assert.equal(results.destination, destination.results);
    assert.equal(results.destination.file.path, path.join(dir, 'backup.tar'));
    assert.ok(existsSync(results.destination.file.path));
  },
);

claim({ id: 'file-rollback-deletes', says: 'closes the archive, then deletes the file' }, async () => {
  const dir = scratchDir('destination-providers-file-rollback');
  const destination = fileDestination(dir);
  await assert.rejects(engineOf(failingSource(), destination).transfer(), /source broke/);
  assert.deepEqual(readdirSync(dir), []);
});

claim({ id: 'directory-rollback-removes-folder', says: 'deletes the whole output folder (fs.rm recursive)' }, async () => {
  const dir = scratchDir('destination-providers-dir-rollback');
  const out = path.join(dir, 'out');
  const destination = dts.directory.providers.createLocalDirectoryDestinationProvider({ directory: { path: out }, file: {} });
  await assert.rejects(engineOf(failingSource(), destination).transfer(), /source broke/);
  assert.equal(existsSync(out), false);
});

claim(
  {
    id: 'local-rollback-restores-rows',
    says: 'rolls the transaction back',
  },
  async () => {
    const before = (await rows(strapi, 'api::tag.tag')).map((t) => t.name).sort();
    const destination = dts.strapi.providers.createLocalStrapiDestinationProvider({
      getStrapi: () => strapi,
      autoDestroy: false,
      strategy: 'restore',
      restore: { entities: { include: ['api::tag.tag'] }, configuration: { coreStore: false, webhook: false } },
    });
    await assert.rejects(engineOf(failingSource(), destination, { exclude: ['files'] }).transfer(), /source broke/);
    assert.deepEqual((await rows(strapi, 'api::tag.tag')).map((t) => t.name).sort(), before);
  },
);

claim(
  {
    id: 'write-error-fails-stage',
    says: 'Call the write callback with an error to fail the stage; the engine destroys the pipeline, reports the error and triggers rollback.',
  },
  async () => {
    const calls: string[] = [];
    const source = new PassThrough({ objectMode: true });
    source.write({ type: 'x', id: 1, data: {} });
    const { provider } = memoryDestination({
      createEntitiesWriteStream: () => new Writable({ objectMode: true, write: (_i, _e, callback) => callback(new Error('refused')) }),
      rollback: async (e: Error) => void calls.push(`rollback(${e.message})`),
    });
    const engine = engineOf(memorySource({}, { createEntitiesReadStream: () => source }), provider);
    await assert.rejects(engine.transfer(), /refused/);
    assert.equal(source.destroyed, true);
    assert.deepEqual(calls, ['rollback(refused)']);
    const [error] = engine.diagnostics.stack.items.filter((d: Json) => d.kind === 'error');
    assert.equal(error.details.message, 'refused');
  },
);

claim(
  {
    id: 'no-rollback-after-close',
    says: 'rollback is not called for errors thrown after close() started, because a transaction may already have been committed by then.',
  },
  async () => {
    const calls: string[] = [];
    const source = memorySource({}, { close: async () => Promise.reject(new Error('source close failed')) });
    const { provider } = memoryDestination({
      rollback: async () => void calls.push('rollback'),
      close: async () => void calls.push('close'),
    });
    await assert.rejects(engineOf(source, provider).transfer(), /source close failed/);
    assert.deepEqual(calls, ['close']);
  },
);

claim(
  {
    id: 'close-noop-after-rollback',
    says: "the file destination's close() returns early once it has run, and the directory destination's returns early after a rollback",
  },
  async () => {
    const dir = scratchDir('destination-providers-close-after-rollback');
    const file = fileDestination(dir);
    await file.bootstrap(dts.utils.diagnostics.createDiagnosticReporter());
    await file.rollback();
    await file.close();
    assert.deepEqual(readdirSync(dir), []);
    const out = path.join(dir, 'out');
    const directory = dts.directory.providers.createLocalDirectoryDestinationProvider({ directory: { path: out }, file: {} });
    directory.setMetadata('source', { strapi: { version: '5.54.0' }, createdAt: 'now' });
    await directory.bootstrap(dts.utils.diagnostics.createDiagnosticReporter());
    await directory.rollback();
    await directory.close();
    assert.equal(existsSync(out), false, 'close wrote no metadata.json after the rollback');
  },
);

claim(
  {
    id: 'directory-rollback-takes-existing-files',
    says: "The directory destination's rollback removes its whole output folder recursively, including files that were there before the export",
  },
  async () => {
    const out = path.join(scratchDir('destination-providers-dir-existing'), 'out');
    const destination = dts.directory.providers.createLocalDirectoryDestinationProvider({ directory: { path: out }, file: {} });
    await destination.bootstrap(dts.utils.diagnostics.createDiagnosticReporter());
    writeFileSync(path.join(out, 'notes.txt'), 'kept by hand');
    await destination.rollback();
    assert.equal(existsSync(path.join(out, 'notes.txt')), false);
  },
);

claim(
  {
    id: 'undrained-asset-hangs',
    says: 'An IAsset.stream that nobody reads never ends, so the write callback never fires and the whole assets stage hangs without an error.',
  },
  async () => {
    const bytes = Buffer.alloc(256 * 1024, 1);
    const asset = { filename: 'big.bin', filepath: 'big.bin', stats: { size: bytes.length }, metadata: {}, stream: Readable.from([bytes]) };
    const { provider } = memoryDestination({
      createAssetsWriteStream: () =>
        new Writable({
          objectMode: true,
          write(item: Json, _e, callback) {
            item.stream.once('end', () => callback());
          },
        }),
    });
    const engine = engineOf(memorySource({ assets: [asset] }), provider);
    const transfer = engine.transfer();
    const outcome = await Promise.race([
      transfer.then(
        () => 'finished',
        () => 'failed',
      ),
      new Promise((r) => setTimeout(() => r('still running'), 1500)),
    ]);
    assert.equal(outcome, 'still running');
    assert.equal(engine.diagnostics.stack.items.filter((d: Json) => d.kind === 'error').length, 0);
    await engine.abortTransfer().catch(() => undefined);
    await transfer.catch(() => undefined);
  },
);

claim(
  {
    id: 'final-before-next-stage',
    says: "Each stage then asks for a write stream and ends it when the source stream ends, so per-stage flushing belongs in the writable's final callback.",
  },
  async () => {
    const calls: string[] = [];
    const writer = (stage: string) => () =>
      new Writable({
        objectMode: true,
        write: (_item, _e, callback) => {
          calls.push(`${stage}.write`);
          callback();
        },
        final: (callback) => {
          calls.push(`${stage}.final`);
          callback();
        },
      });
    const { provider } = memoryDestination({ createEntitiesWriteStream: writer('entities'), createLinksWriteStream: writer('links') });
    await engineOf(memorySource({ entities: [{ type: 'x', id: 1, data: {} }], links: [{ left: {}, right: {} }] }), provider).transfer();
    assert.deepEqual(calls, ['entities.write', 'entities.final', 'links.write', 'links.final']);
  },
);
