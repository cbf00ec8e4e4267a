import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import type { Core } from '@strapi/strapi';
import { bootStrapi, claim, runStrapiCli, stopStrapi } from '../../../../harness';
import { dataTransfer, memoryDestination, type Json } from '../../../../harness/transfer';

const dts = dataTransfer();
let strapi: Core.Strapi;

before(async () => {
  strapi = await bootStrapi({ name: 'dts-intro', listen: true });
});
after(async () => {
  await stopStrapi(strapi);
});

claim({ id: 'five-namespaces', says: 'it exposes five namespaces' }, async () => {
  assert.deepEqual(Object.keys(dts).sort(), ['directory', 'engine', 'file', 'strapi', 'utils']);
});

claim(
  {
    id: 'utils-namespace',
    says: 'encryption, stream, json, schema, transaction, middleware, diagnostics, asset-chunk helpers, write, createCappedWarningReporter',
  },
  async () => {
    const keys = Object.keys(dts.utils);
    for (const name of [
      'encryption',
      'stream',
      'json',
      'schema',
      'transaction',
      'middleware',
      'diagnostics',
      'write',
      'createCappedWarningReporter',
    ])
      assert.ok(keys.includes(name), name);
    assert.ok(keys.includes('createTransferAssetStreamChunk') && keys.includes('decodeTransferAssetStreamItem'));
  },
);

claim(
  {
    id: 'routes-under-admin',
    says: 'declares GET /transfer/runner/push and GET /transfer/runner/pull; the admin router serves them under /admin',
  },
  async () => {
    const base = `http://127.0.0.1:${strapi.config.get('server.port')}`;
    for (const method of ['push', 'pull']) {
      assert.equal((await fetch(`${base}/admin/transfer/runner/${method}`)).status, 401, `${method}: the route exists and wants a token`);
      assert.equal((await fetch(`${base}/transfer/runner/${method}`)).status, 404);
    }
  },
);

claim(
  {
    id: 'stage-order',
    says: 'then pipes one Node.js stream per stage from source to destination, in this order: schemas, entities, assets, links, configuration',
  },
  async () => {
    const engine = dts.engine.createTransferEngine(
      dts.strapi.providers.createLocalStrapiSourceProvider({ getStrapi: () => strapi, autoDestroy: false }),
      memoryDestination().provider,
      { versionStrategy: 'ignore', schemaStrategy: 'ignore' },
    );
    const started: string[] = [];
    engine.progress.stream.on('stage::start', ({ stage }: Json) => started.push(stage));
    await engine.transfer();
    assert.deepEqual(started, ['schemas', 'entities', 'assets', 'links', 'configuration']);
  },
);

claim({ id: 'restore-only-strategy', says: 'restore is the only conflict strategy the local destination accepts' }, async () => {
  assert.deepEqual(dts.strapi.providers.VALID_CONFLICT_STRATEGIES, ['restore']);
  const destination = dts.strapi.providers.createLocalStrapiDestinationProvider({
    getStrapi: () => strapi,
    strategy: 'merge',
    restore: {},
  } as Json);
  await assert.rejects(destination.bootstrap(), (e: Json) => e.message === 'Invalid strategy merge' && e.details.step === 'validation');
});

claim({ id: 'throttle-hidden-from-help', says: 'the --throttle CLI flag is hidden from help' }, async () => {
  const help = await runStrapiCli(['export', '--help']);
  assert.equal(help.code, 0);
  assert.match(help.stdout, /--exclude <comma-separated data types>/);
  assert.doesNotMatch(help.stdout, /throttle/);
  const accepted = await runStrapiCli(['export', '--throttle', 'soon']);
  assert.notEqual(accepted.code, 0);
  assert.match(accepted.stderr + accepted.stdout, /throttle/, 'the option exists: its value is parsed');
});
