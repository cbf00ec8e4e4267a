import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import type { Core } from '@strapi/strapi';
import { WebSocket } from 'ws';
import { bootStrapi, claim, codeBlock, defect, startStrapiProcess, stopStrapi, type StrapiProcess } from '../../../../../../harness';
import {
  dataTransfer,
  memorySource,
  openDatabase,
  runScriptExample,
  scratchDir,
  seedContent,
  type Json,
} from '../../../../../../harness/transfer';

const dts = dataTransfer();
let strapi: Core.Strapi;
let remote: StrapiProcess;
let keys: { token: string; pushOnly: string; pullOnly: string };

before(async () => {
  [strapi, remote] = await Promise.all([
    bootStrapi({ name: 'dts-remote-destination' }).then(async (s) => {
      await seedContent(s);
      await s.documents('api::article.article').create({ data: { title: 'Written on the pushing side' }, locale: 'en' });
      return s;
    }),
    startStrapiProcess({ name: 'dts-remote-destination-server', setup: 'strapi-app/harness/setups/transfer-server.ts' }),
  ]);
  keys = remote.data as typeof keys;
});
let destroyed = false;
after(async () => {
  await remote?.stop();
  if (!destroyed) await stopStrapi(strapi);
});

const isAdmin = (uid: string) => uid.startsWith('admin::');
const KEEP = { entities: { include: ['api::tag.tag'] }, configuration: { coreStore: false, webhook: false } };
const destinationOf = (options: Json = {}) =>
  dts.strapi.providers.createRemoteStrapiDestinationProvider({
    url: new URL(`${remote.url}/admin`),
    auth: { type: 'token', token: keys.token },
    strategy: 'restore',
    restore: KEEP,
    ...options,
  });
const engineOf = (source: Json, destination: Json, options: Json = {}) =>
  dts.engine.createTransferEngine(source, destination, { versionStrategy: 'exact', schemaStrategy: 'strict', ...options });
const localSource = () => dts.strapi.providers.createLocalStrapiSourceProvider({ getStrapi: () => strapi, autoDestroy: false });
/** Rows of the remote's database, read directly. */
async function remoteRows(table: string) {
  const db = openDatabase(remote.env);
  try {
    return await db(table).select('*');
  } finally {
    await db.destroy();
  }
}
/** The frames sent while `fn` runs, parsed. */
async function sentFrames<T>(fn: () => Promise<T>): Promise<{ result: T; frames: Json[] }> {
  const frames: Json[] = [];
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function patched(this: WebSocket, data: Json, ...rest: Json[]) {
    frames.push(JSON.parse(String(data)));
    return (send as Json).call(this, data, ...rest);
  } as typeof send;
  try {
    return { result: await fn(), frames };
  } finally {
    WebSocket.prototype.send = send;
  }
}

/** One push of the local content and media to the remote, as the CLI's transfer --to would. */
let pushed: { destination: Json; frames: Json[]; phases: string[]; skipped: string[]; adminsBefore: number } | undefined;
async function push() {
  if (pushed) return pushed;
  const adminsBefore = (await remoteRows('admin_users')).length;
  const phases: string[] = [];
  const destination = destinationOf({
    restore: { assets: true, entities: { exclude: [] }, configuration: { coreStore: true, webhook: true } },
    verifyChecksums: true,
    onTransferPhase: (m: string) => phases.push(m),
  });
  const engine = engineOf(localSource(), destination, {
    transforms: {
      entities: [{ filter: (e: Json) => !isAdmin(e.type) }],
      links: [{ filter: (l: Json) => !isAdmin(l.left.type) && !isAdmin(l.right.type) }],
    },
  });
  const skipped: string[] = [];
  engine.progress.stream.on('stage::skip', ({ stage }: Json) => skipped.push(stage));
  const { frames } = await sentFrames(() => engine.transfer());
  pushed = { destination, frames, phases, skipped, adminsBefore };
  return pushed;
}

claim(
  {
    id: 'push-writes-on-server',
    says: 'The actual writes happen on the server, in a destination::local-strapi configured with the strategy and restore options this provider sends in init',
  },
  async () => {
    await push();
    const titles = (await remoteRows('articles')).map((a: Json) => a.title);
    assert.ok(titles.includes('Written on the pushing side'));
    assert.deepEqual(titles.sort(), (await strapi.db.query('api::article.article').findMany({})).map((a: Json) => a.title).sort());
  },
);

claim(
  {
    id: 'admin-never-emptied-remotely',
    says: 'The server adds every admin::* UID to restore.entities.exclude on its own, so admin tables on the remote are never emptied.',
  },
  async () => {
    const { adminsBefore } = await push();
    assert.ok(adminsBefore >= 0);
    assert.equal((await remoteRows('admin_users')).length, adminsBefore);
    assert.ok((await remoteRows('strapi_transfer_tokens')).length >= 3, 'the transfer tokens survived the restore');
  },
);

claim(
  {
    id: 'transfer-phase-once',
    says: 'Called once in beforeTransfer with "Remote: waiting for server to clear data and prepare destination…"',
  },
  async () => {
    assert.deepEqual((await push()).phases, ['Remote: waiting for server to clear data and prepare destination…']);
  },
);

claim(
  {
    id: 'assets-base64-with-checksums',
    says: "Chunks are base64 strings (encoding: 'base64') when the server echoed assetEncoding: 'base64' in init",
  },
  async () => {
    const { frames } = await push();
    const init = frames.find((f) => f.command === 'init');
    assert.equal(init.params.assetEncoding, 'base64');
    const items = frames.filter((f) => f.kind === 'step' && f.step === 'assets' && f.action === 'stream').flatMap((f) => f.data);
    const chunks = items.filter((i: Json) => i.action === 'stream');
    assert.ok(chunks.length > 0 && chunks.every((c: Json) => c.encoding === 'base64' && typeof c.data === 'string'));
    const ends = items.filter((i: Json) => i.action === 'end');
    assert.ok(ends.length > 0 && ends.every((e: Json) => e.checksum?.algorithm === 'sha256'));
  },
);

claim({ id: 'checksum-on-end-items', says: "Send a sha256 with every asset's end item, if the server agrees in init" }, async () => {
  const { frames } = await push();
  const init = frames.find((f) => f.command === 'init');
  assert.equal(init.params.checksums, true);
  const items = frames.filter((f) => f.kind === 'step' && f.step === 'assets' && f.action === 'stream').flatMap((f) => f.data);
  const starts = items.filter((i: Json) => i.action === 'start').length;
  const ends = items.filter(
    (i: Json) => i.action === 'end' && i.checksum?.algorithm === 'sha256' && /^[0-9a-f]{64}$/.test(i.checksum.value),
  ).length;
  assert.ok(starts > 0);
  assert.equal(ends, starts);
});

claim({ id: 'close-sends-close-and-end', says: 'Both only when a transferID exists; see the pitfall on the socket' }, async () => {
  const { frames, destination } = await push();
  const tail = frames.slice(-2);
  assert.deepEqual(
    tail.map((f) => [f.type, f.kind ?? f.command, f.action ?? null]),
    [
      ['transfer', 'action', 'close'],
      ['command', 'end', null],
    ],
  );
  assert.equal(tail[1].params.transferID, destination.transferID);
});

claim(
  {
    id: 'no-schemas-step',
    says: 'There is no schemas write stream, so the engine skips that stage in a push.',
  },
  async () => {
    const { frames, skipped } = await push();
    assert.ok(skipped.includes('schemas'));
    assert.equal(frames.filter((f) => f.kind === 'step' && f.step === 'schemas').length, 0);
    assert.ok(frames.some((f) => f.kind === 'action' && f.action === 'getSchemas'));
  },
);

claim(
  {
    id: 'batches-of-one-hundred',
    says: 'The batch is flushed with step stream when, after adding an item, its JSON byte size reaches 512 KiB, it holds 100 items, or its first item has waited 450 ms',
  },
  async () => {
    const entities = Array.from({ length: 250 }, (_, i) => ({
      type: 'api::tag.tag',
      id: i + 1,
      data: { documentId: `batched-${i}`, name: `batched ${i}` },
    }));
    const { frames } = await sentFrames(() =>
      engineOf(memorySource({ entities }, { getMetadata: () => ({ strapi: { version: '5.54.0' } }) }), destinationOf(), {
        exclude: ['files'],
        schemaStrategy: 'ignore',
      }).transfer(),
    );
    const batches = frames.filter((f) => f.kind === 'step' && f.step === 'entities' && f.action === 'stream').map((f) => f.data.length);
    assert.equal(
      batches.reduce((a: number, b: number) => a + b, 0),
      250,
    );
    assert.ok(batches.every((n: number) => n <= 100));
    assert.deepEqual(batches.slice(0, 2), [100, 100]);
    assert.equal((await remoteRows('tags')).length, 250);
  },
);

claim(
  {
    id: 'admin-rows-terminate-push',
    says: 'the first batch holding an admin::* entity or link makes the server roll back and terminate the transfer',
  },
  async () => {
    const tags = (await remoteRows('tags')).length;
    const error: Json = await engineOf(localSource(), destinationOf(), { only: ['content'] })
      .transfer()
      .catch((e: Json) => e);
    assert.match(error.message, /^Remote push cannot transfer protected type "admin::[a-z-]+" at admin::[a-z-]+$/);
    assert.equal((await remoteRows('tags')).length, tags, 'rolled back');
  },
);

claim(
  {
    id: 'pull-token-refused',
    says: 'A token without the push scope fails the websocket upgrade with 403',
  },
  async () => {
    await assert.rejects(destinationOf({ auth: { type: 'token', token: keys.pullOnly } }).bootstrap(), {
      message: 'Failed to initialize the connection: Authorization Error',
    });
  },
);

claim(
  {
    id: 'close-needs-transfer-id',
    says: 'close() only sends close and end if bootstrap obtained a transferID; a failed init leaves nothing to clean on the server.',
  },
  async () => {
    const destination = destinationOf({ auth: { type: 'token', token: keys.pullOnly } });
    await destination.bootstrap().catch(() => undefined);
    const { frames } = await sentFrames(() => destination.close());
    assert.deepEqual(frames, []);
    assert.equal(destination.transferID, null);
  },
);

claim(
  {
    id: 'rollback-forwarded',
    says: 'Rolls back the remote transaction',
  },
  async () => {
    const tags = (await remoteRows('tags')).length;
    const source = memorySource(
      { entities: [{ type: 'api::tag.tag', id: 1, data: { documentId: 'never-kept', name: 'never kept' } }] },
      {
        getMetadata: () => ({ strapi: { version: '5.54.0' } }),
        createLinksReadStream: () => Promise.reject(new Error('links broke')),
      },
    );
    const { frames } = await sentFrames(() =>
      engineOf(source, destinationOf(), { exclude: ['files'], schemaStrategy: 'ignore' })
        .transfer()
        .catch((e: Json) => e),
    );
    assert.ok(frames.some((f) => f.kind === 'action' && f.action === 'rollback'));
    assert.equal((await remoteRows('tags')).length, tags);
  },
);

defect(
  {
    id: 'empty-stage-after-ended-stage',
    says: 'so a push whose links stage is empty after a non-empty entities stage fails',
    summary:
      "The remote destination sends 'step end' for an entities, links or configuration stage that received no item, and the push handler refuses to end a stage that was never started once another stage has ended",
  },
  async () => {
    const source = memorySource(
      { entities: [{ type: 'api::tag.tag', id: 1, data: { documentId: 'alone', name: 'alone' } }], links: [] },
      { getMetadata: () => ({ strapi: { version: '5.54.0' } }) },
    );
    const error: Json = await engineOf(source, destinationOf(), { exclude: ['files'], schemaStrategy: 'ignore' })
      .transfer()
      .catch((e: Json) => e);
    assert.equal(error?.message, 'You need to initialize the transfer stage (links) before ending it');
  },
);

defect(
  {
    id: 'close-leaves-push-socket-open',
    says: 'its socket-closing guard tests ws.CLOSED, the constant 3, so close() resolves without closing the socket',
    summary:
      "The remote destination's close() tests ws.CLOSED (the constant 3) instead of the socket's readyState, so it never closes its websocket",
  },
  async () => {
    const { destination } = await push();
    assert.equal(destination.ws.readyState, WebSocket.OPEN);
    destination.ws.close();
  },
);

claim(
  {
    id: 'push-to-staging-example',
    says: "Run against a staging server, it replaces the server's content and media with the local ones and leaves the server's admin users, core store and webhooks as they were.",
  },
  async () => {
    const [coreStore, webhooks, admins] = [
      (await remoteRows('strapi_core_store_settings')).length,
      (await remoteRows('strapi_webhooks')).length,
      (await remoteRows('admin_users')).length,
    ];
    const local = (await strapi.db.query('api::article.article').findMany({})).map((a: Json) => a.title).sort();
    Object.assign(process.env, { STAGING_URL: `${remote.url}/admin`, STAGING_PUSH_TOKEN: keys.token });
    try {
      const result = await runScriptExample(codeBlock({ title: 'scripts/push-to-staging.ts' }), {
        strapi,
        cwd: scratchDir('remote-destination-example'),
        filename: 'scripts/push-to-staging.ts',
        // the local source's close() destroys the instance while the destination's close() still
        // waits for the answer to `end`; the example logs every diagnostic, that answer included
        done: ({ log }) => log.some((l) => l.includes('received response to message command: end')),
      });
      destroyed = result.destroyed;
    } finally {
      delete process.env.STAGING_URL;
      delete process.env.STAGING_PUSH_TOKEN;
    }
    assert.deepEqual((await remoteRows('articles')).map((a: Json) => a.title).sort(), local);
    assert.equal((await remoteRows('strapi_core_store_settings')).length, coreStore);
    assert.equal((await remoteRows('strapi_webhooks')).length, webhooks);
    assert.equal((await remoteRows('admin_users')).length, admins);
  },
);
