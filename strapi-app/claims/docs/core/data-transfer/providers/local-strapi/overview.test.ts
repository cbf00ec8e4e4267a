import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import type { Core } from '@strapi/strapi';
import path from 'node:path';
import { bootStrapi, claim, codeBlock, defect, runExample, stopStrapi } from '../../../../../../harness';
import {
  createTransferToken,
  dataTransfer,
  memoryDestination,
  openTransferSocket,
  rows,
  scratchDir,
  seedContent,
  waitFor,
  type Json,
} from '../../../../../../harness/transfer';

const dts = dataTransfer();
let strapi: Core.Strapi;
let token: string;
let base: string;
/** Tag creations the lifecycle subscriber saw. */
const created: string[] = [];

before(async () => {
  strapi = await bootStrapi({ name: 'dts-local-overview', listen: true });
  await seedContent(strapi);
  token = (await createTransferToken(strapi)).accessKey;
  base = `ws://127.0.0.1:${strapi.config.get('server.port')}/admin/transfer/runner`;
  strapi.db.lifecycles.subscribe({ models: ['api::tag.tag'], afterCreate: (event: Json) => void created.push(event.result.name) });
});
after(async () => {
  await stopStrapi(strapi);
});

/**
 * Creates a tag through the query engine and tells whether the lifecycle subscriber saw it. With a
 * local destination bootstrapped, the write goes through its transaction (on SQLite it holds the
 * only connection).
 */
async function lifecyclesFire(name: string, destination?: Json): Promise<boolean> {
  const create = () => strapi.db.query('api::tag.tag').create({ data: { name } });
  await (destination ? destination.transaction.attach(create) : create());
  return created.includes(name);
}

const source = (options: Json = {}) => dts.strapi.providers.createLocalStrapiSourceProvider({ getStrapi: () => strapi, ...options });
const destination = (options: Json = {}) =>
  dts.strapi.providers.createLocalStrapiDestinationProvider({
    getStrapi: () => strapi,
    strategy: 'restore',
    restore: { entities: { include: [] }, configuration: { coreStore: false, webhook: false } },
    ...options,
  });

claim(
  {
    id: 'auto-destroy-unless-false',
    says: 'When not false, close() calls strapi.destroy()',
  },
  async () => {
    const realDestroy = strapi.destroy;
    let destroyed = 0;
    strapi.destroy = async () => void (destroyed += 1);
    try {
      for (const make of [source, destination]) {
        const kept = make({ autoDestroy: false });
        await kept.bootstrap();
        await kept.close();
        assert.equal(destroyed, 0);
        const closing = make({});
        await closing.bootstrap();
        await closing.close();
        assert.equal(destroyed, 1);
        destroyed = 0;
      }
    } finally {
      strapi.destroy = realDestroy;
    }
  },
);

claim(
  {
    id: 'lifecycles-off-between-bootstrap-and-close',
    says: 'so model lifecycle subscribers do not fire for every row read or written, and re-enable them in close()',
  },
  async () => {
    for (const make of [source, destination]) {
      const provider = make({ autoDestroy: false });
      await provider.bootstrap();
      assert.equal(await lifecyclesFire(`during ${provider.name}`, provider.transaction ? provider : undefined), false);
      await provider.close();
      assert.equal(await lifecyclesFire(`after ${provider.name}`), true);
    }
  },
);

claim(
  {
    id: 'failure-path-restores-lifecycles',
    says: 'The engine closes providers on the failure path too, precisely so that a programmatic caller does not keep an instance with lifecycles switched off.',
  },
  async () => {
    const engine = dts.engine.createTransferEngine(
      source({ autoDestroy: false }),
      memoryDestination({ getMetadata: () => Promise.reject(new Error('no')) }).provider,
      {
        versionStrategy: 'ignore',
        schemaStrategy: 'ignore',
      },
    );
    await assert.rejects(engine.transfer(), /no/);
    assert.equal(await lifecyclesFire('after a failed transfer'), true);
  },
);

claim(
  {
    id: 'close-without-instance-warns',
    says: "One catch: close() calls assertValidStrapi first, so closing a provider whose bootstrap never obtained an instance throws, which the engine's failure path reports as a warning.",
  },
  async () => {
    const failing = dts.strapi.providers.createLocalStrapiSourceProvider({ getStrapi: () => Promise.reject(new Error('not loaded')) });
    const engine = dts.engine.createTransferEngine(failing, memoryDestination().provider, {
      versionStrategy: 'ignore',
      schemaStrategy: 'ignore',
    });
    await assert.rejects(engine.transfer(), /not loaded/);
    const warning = engine.diagnostics.stack.items.find((d: Json) => d.kind === 'warning');
    assert.equal(warning.details.origin, 'transfer(cleanup)');
    assert.equal(warning.details.message, 'Failed to close the source::local-strapi provider: . Strapi instance not found.');
  },
);

claim({ id: 'single-conflict-strategy', says: 'the only entry of VALID_CONFLICT_STRATEGIES' }, async () => {
  assert.deepEqual(dts.strapi.providers.VALID_CONFLICT_STRATEGIES, ['restore']);
  await assert.rejects(destination({ strategy: 'replace' }).bootstrap(), /Invalid strategy replace/);
});

claim(
  {
    id: 'reads-bypass-document-service',
    says: 'so document-service middlewares and lifecycle subscribers see none of these reads and values are exported as stored',
  },
  async () => {
    const seen: string[] = [];
    strapi.documents.use(async (context: Json, next: Json) => {
      seen.push(`${context.uid}.${context.action}`);
      return next();
    });
    const reads: string[] = [];
    const unsubscribe = strapi.db.lifecycles.subscribe({
      beforeFindMany: (event: Json) => void reads.push(event.model.uid),
    }) as unknown as () => void;
    const { provider, received } = memoryDestination();
    await dts.engine
      .createTransferEngine(source({ autoDestroy: false }), provider, {
        versionStrategy: 'ignore',
        schemaStrategy: 'ignore',
        only: ['content'],
      })
      .transfer();
    unsubscribe();
    assert.ok(received.entities.length > 0);
    assert.deepEqual(seen, []);
    assert.deepEqual(reads, []);
  },
);

defect(
  {
    id: 'lifecycles-one-switch-for-all-sockets',
    says: 'closing any transfer socket turns them back on for the whole server while other transfers are still running',
    summary:
      'Database lifecycles are one on/off flag: every transfer socket disables them when it opens and enables them when it closes, so closing one connection re-enables lifecycles under another transfer that is still running',
  },
  async () => {
    const running = await openTransferSocket(`${base}/push`, { token });
    await running.request({
      type: 'command',
      command: 'init',
      params: { transfer: 'push', options: { strategy: 'restore', restore: {} } },
    });
    assert.equal(await lifecyclesFire('while a push is open'), false);
    const status = await openTransferSocket(`${base}/push`, { token });
    await status.request({ type: 'command', command: 'status' });
    await status.close();
    await waitFor(
      () => lifecyclesFire(`after the status socket closed ${Date.now()}`),
      (fired) => fired,
      'lifecycles to come back',
    );
    assert.equal(running.ws.readyState, running.ws.OPEN, 'the push connection is still open');
    await running.close();
  },
);

claim(
  {
    id: 'reset-content-example',
    says: 'Run against the archive of a seeded app, it empties and refills the article and author tables alone, with their relations and components; tags, webhooks and the core store keep their rows.',
  },
  async () => {
    const dir = scratchDir('local-overview-golden');
    await dts.engine
      .createTransferEngine(
        source({ autoDestroy: false }),
        dts.file.providers.createLocalFileDestinationProvider({
          file: { path: path.join(dir, 'golden') },
          compression: { enabled: true },
          encryption: { enabled: false },
        }),
        { versionStrategy: 'ignore', schemaStrategy: 'ignore' },
      )
      .transfer();
    const articles = await rows(strapi, 'api::article.article');
    const webhooks = await rows(strapi, 'strapi::webhook');
    const coreStore = await rows(strapi, 'strapi::core-store');
    await strapi.documents('api::article.article').create({ data: { title: 'Written by a test' }, locale: 'en' });
    await strapi.documents('api::tag.tag').create({ data: { name: 'left alone' } });
    const { resetContent } = runExample<Json>(codeBlock({ title: 'tests/utils/reset-content.ts' }), {
      filename: 'tests/utils/reset-content.ts',
    });
    await resetContent(strapi, path.join(dir, 'golden.tar.gz'));
    assert.deepEqual((await rows(strapi, 'api::article.article')).map((a) => a.title).sort(), articles.map((a) => a.title).sort());
    assert.ok(
      (await rows(strapi, 'api::tag.tag')).some((t) => t.name === 'left alone'),
      'tags are not in TYPES',
    );
    assert.equal((await rows(strapi, 'strapi::webhook')).length, webhooks.length);
    assert.equal((await rows(strapi, 'strapi::core-store')).length, coreStore.length);
    const [first] = await strapi.db.query('api::article.article').findMany({ where: { title: 'First' }, populate: ['author', 'seo'] });
    assert.equal(first.author.name, 'Ada');
    assert.equal(first.seo.metaTitle, 'First article');
  },
);
