import assert from 'node:assert/strict';
import path from 'node:path';
import { after, afterEach, before } from 'node:test';
import type { Core } from '@strapi/strapi';
import { WebSocketServer } from 'ws';
import { APP_DIR, bootStrapi, claim, codeBlock, defect, freePort, stopStrapi } from '../../../../../../harness';
import {
  appModule,
  createTransferToken,
  dataTransfer,
  openTransferSocket as openSocket,
  runScriptExample,
  scratchDir,
  seedContent,
  waitFor,
  type Json,
} from '../../../../../../harness/transfer';

const dts = dataTransfer();
let strapi: Core.Strapi;
let token: string;
let http: string;
let ws: string;

before(async () => {
  strapi = await bootStrapi({ name: 'dts-websocket', listen: true });
  await seedContent(strapi);
  token = (await createTransferToken(strapi)).accessKey;
  http = `http://127.0.0.1:${strapi.config.get('server.port')}`;
  ws = `ws://127.0.0.1:${strapi.config.get('server.port')}/admin/transfer/runner`;
});
after(async () => {
  await stopStrapi(strapi);
});

/** Every socket a claim opens is closed after it, so a failed claim leaves no transaction open. */
const sockets: Json[] = [];
const openTransferSocket: typeof openSocket = async (...args) => {
  const socket = await openSocket(...args);
  sockets.push(socket);
  return socket;
};
afterEach(async () => {
  for (const socket of sockets.splice(0)) await socket.close();
  await new Promise((r) => setTimeout(r, 30));
});

const KEEP = { entities: { include: [] }, configuration: { coreStore: false, webhook: false } };
async function transfer(
  kind: 'push' | 'pull',
  params: Json = kind === 'push' ? { transfer: 'push', options: { strategy: 'restore', restore: KEEP } } : undefined,
  accessKey = token,
) {
  const socket = await openTransferSocket(`${ws}/${kind}`, { token: accessKey });
  const init = await socket.request({ type: 'command', command: 'init', ...(params ? { params } : {}) });
  const transferID = init.data?.transferID;
  return {
    socket,
    init,
    transferID,
    action: (action: string) => socket.request({ type: 'transfer', kind: 'action', action, transferID }),
    step: (step: string, action: string, data?: Json) =>
      socket.request({ type: 'transfer', kind: 'step', step, action, transferID, ...(data ? { data } : {}) }),
  };
}
const silent = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

claim(
  {
    id: 'uuid-echoed',
    says: 'every client message carries a uuid, and the server answers with the same uuid',
  },
  async () => {
    const socket = await openTransferSocket(`${ws}/push`, { token });
    const answer = await socket.request({ type: 'command', command: 'status' }, 'my-own-uuid');
    assert.equal(answer.uuid, 'my-own-uuid');
    assert.deepEqual(Object.keys(answer).sort(), ['data', 'error', 'uuid']);
    assert.equal(answer.error, null);
    await socket.close();
  },
);

claim(
  {
    id: 'idle-push-status',
    says: 'Opening the socket has side effects on the server even for a status check: it disables the HTTP timeouts and the database lifecycles until the socket closes.',
  },
  async () => {
    const { log } = await withEnv({ TRANSFER_URL: `${ws}/push`, TRANSFER_TOKEN: token }, () =>
      runScriptExample(codeBlock({ title: 'scripts/transfer-status.ts' }), {
        strapi,
        cwd: scratchDir('websocket-status'),
        filename: 'scripts/transfer-status.ts',
        done: ({ log: lines }) => lines.length > 0,
      }),
    );
    assert.equal(log[0], '{ active: false, kind: null, elapsed: null, startedAt: null }');
    const heard: string[] = [];
    strapi.db.lifecycles.subscribe({ models: ['api::tag.tag'], afterCreate: (event: Json) => void heard.push(event.result.name) });
    const server = strapi.server.httpServer;
    await waitFor(
      () => server.headersTimeout,
      (t) => t !== 0,
      "the example's socket to be closed on the server",
    );
    const socket = await openTransferSocket(`${ws}/push`, { token });
    await socket.request({ type: 'command', command: 'status' });
    assert.equal(server.headersTimeout, 0);
    await strapi.db.query('api::tag.tag').create({ data: { name: 'during a status check' } });
    await socket.close();
    assert.deepEqual(heard, []);
  },
);

async function withEnv<T>(env: Record<string, string>, fn: () => Promise<T>): Promise<T> {
  Object.assign(process.env, env);
  try {
    return await fn();
  } finally {
    for (const key of Object.keys(env)) delete process.env[key];
  }
}

claim(
  {
    id: 'diagnostics-forwarded',
    says: "sent for every diagnostic the handler reports; the client forwards it to the engine's reporter",
  },
  async () => {
    const socket = await openTransferSocket(`${ws}/push`, { token });
    await socket.request({ type: 'command', command: 'status' }, 'diagnosed');
    const diagnostic = await socket.next((m) => 'diagnostic' in m);
    assert.equal(diagnostic.diagnostic.details.message, 'received command:status uuid:diagnosed');
    assert.equal(diagnostic.diagnostic.details.origin, 'push-handler');
    await socket.close();
    const destination = dts.strapi.providers.createRemoteStrapiDestinationProvider({
      url: new URL(`${http}/admin`),
      auth: { type: 'token', token },
      strategy: 'restore',
      restore: KEEP,
    });
    const reporter = dts.utils.diagnostics.createDiagnosticReporter();
    await destination.bootstrap(reporter);
    await destination.rollback();
    await destination.close();
    destination.ws!.close();
    assert.ok(
      reporter.stack.items.some((d: Json) => d.details.origin === 'push-handler' && d.details.message.startsWith('received command:init')),
    );
  },
);

claim(
  {
    id: 'init-answers',
    says: "The push handler echoes assetEncoding: 'base64' only when the client asked for it.",
  },
  async () => {
    const asked = await transfer('push', { transfer: 'push', options: {}, assetEncoding: 'base64' });
    assert.deepEqual(Object.keys(asked.init.data).sort(), ['assetEncoding', 'checksums', 'transferID']);
    assert.equal(asked.init.data.assetEncoding, 'base64');
    await asked.socket.close();
    const plain = await transfer('push', { transfer: 'push', options: {} });
    assert.deepEqual(Object.keys(plain.init.data).sort(), ['checksums', 'transferID']);
    assert.equal(plain.init.data.checksums, true);
    await plain.socket.close();
    const pull = await transfer('pull');
    assert.deepEqual(Object.keys(pull.init.data).sort(), ['checksums', 'transferID']);
    await pull.socket.close();
  },
);

claim({ id: 'status-skips-verification', says: 'status is the only message that does not re-verify the token.' }, async () => {
  const expiring = await createTransferToken(strapi);
  await strapi.db.query('admin::transfer-token').update({ where: { id: expiring.id }, data: { expiresAt: new Date(Date.now() + 1200) } });
  const t = await transfer('push', undefined, expiring.accessKey);
  await silent(1500);
  assert.equal((await t.socket.request({ type: 'command', command: 'status' })).error, null);
  for (const answer of [
    await t.socket.request({ type: 'command', command: 'end', params: { transferID: t.transferID } }),
    await t.action('getMetadata'),
    await t.step('entities', 'start'),
  ])
    assert.equal(answer.error?.message, 'Token expired');
  await t.socket.close();
});

claim({ id: 'end-checks-id', says: '{ ok: true }; fails with Bad transfer ID provided on mismatch' }, async () => {
  const t = await transfer('push');
  const wrong = await t.socket.request({ type: 'command', command: 'end', params: { transferID: 'not-it' } });
  assert.equal(wrong.error?.message, 'Bad transfer ID provided');
  const right = await t.socket.request({ type: 'command', command: 'end', params: { transferID: t.transferID } });
  assert.deepEqual(right.data, { ok: true });
  assert.equal((await t.socket.request({ type: 'command', command: 'status' })).data.active, false, 'end cleared the state');
  await t.socket.close();
});

claim({ id: 'invalid-action', says: 'Any other action fails with Invalid action provided: "<action>".' }, async () => {
  const push = await transfer('push');
  assert.equal((await push.action('teleport')).error?.message, 'Invalid action provided: "teleport"');
  await push.socket.close();
  const pull = await transfer('pull');
  assert.equal((await pull.action('rollback')).error?.message, 'Invalid action provided: "rollback"');
  assert.equal((await pull.action('beforeTransfer')).error?.message, 'Invalid action provided: "beforeTransfer"');
  await pull.socket.close();
});

claim(
  {
    id: 'flow-moves-forward',
    says: 'A registered step may only move forward (steps may be skipped, and the same stage may repeat)',
  },
  async () => {
    const t = await transfer('push');
    assert.equal((await t.action('bootstrap')).error, null);
    assert.equal((await t.action('beforeTransfer')).error, null, 'init, a registered action, skipped');
    const back = await t.action('bootstrap');
    assert.equal(back.error?.message, 'Invalid action "bootstrap" found for the current flow ');
    for (const round of [1, 2]) {
      assert.equal((await t.step('links', 'start')).error, null, `links round ${round}`);
      assert.equal((await t.step('links', 'end')).error, null);
    }
    assert.match((await t.step('entities', 'start')).error?.message ?? '', /^Invalid stage \(entities\) provided for the current flow$/);
    for (const action of ['getMetadata', 'getSchemas', 'rollback']) assert.equal((await t.action(action)).error, null, action);
    await t.socket.close();
  },
);

claim(
  {
    id: 'stage-lock-messages',
    says: 'Streaming into a stage that is not locked fails with You need to initialize the transfer stage ([object Object]) before starting to stream data (the message interpolates the step object), and ending one fails with You need to initialize the transfer stage (<stage>) before ending it.',
  },
  async () => {
    const t = await transfer('push');
    await t.action('bootstrap');
    await t.action('beforeTransfer');
    await t.step('entities', 'start');
    assert.equal(
      (await t.step('links', 'start')).error?.message,
      "It's not possible to start a new transfer stage (links) while another one is in progress (entities)",
    );
    await t.step('entities', 'end');
    assert.equal(
      (await t.step('entities', 'stream', [])).error?.message,
      'You need to initialize the transfer stage ([object Object]) before starting to stream data',
    );
    assert.equal((await t.step('links', 'end')).error?.message, 'You need to initialize the transfer stage (links) before ending it');
    await t.socket.close();
  },
);

claim(
  {
    id: 'end-returns-stats',
    says: "On end the handler ends the stage's writable, waits for it to close, and returns stats",
  },
  async () => {
    const t = await transfer('push');
    await t.action('bootstrap');
    await t.action('beforeTransfer');
    await t.step('configuration', 'start');
    await t.step('configuration', 'stream', [
      { type: 'webhook', value: { name: 'w', url: 'http://127.0.0.1:9/w', headers: {}, events: [], enabled: false } },
    ]);
    assert.deepEqual((await t.step('configuration', 'end')).data, { ok: true, stats: { started: 1, finished: 1 } });
    await t.socket.close();
  },
);

claim(
  {
    id: 'terminal-after-rejected-batch',
    says: 'a rejected batch rolls the destination back, closes it, and marks the connection terminal, so every later message gets Transfer has been terminated',
  },
  async () => {
    const t = await transfer('push');
    await t.action('bootstrap');
    await t.action('beforeTransfer');
    await t.step('links', 'start');
    const rejected = await t.step('links', 'stream', [
      { kind: 'relation.basic', left: { type: 'admin::role', ref: 1, field: 'users' }, right: { type: 'api::tag.tag', ref: 1 } },
    ]);
    assert.equal(rejected.error?.message, 'Remote push cannot transfer protected type "admin::role" at link.left');
    for (const message of [
      { type: 'command', command: 'status' },
      { type: 'command', command: 'end', params: { transferID: t.transferID } },
      { type: 'transfer', kind: 'action', action: 'getMetadata', transferID: t.transferID },
    ])
      assert.equal((await t.socket.request(message)).error?.message, 'Transfer has been terminated');
    await t.socket.close();
  },
);

claim(
  {
    id: 'asset-flow-errors',
    says: 'A stream or end for an unknown id fails with No asset "<id>" for <action> action; send start before stream/end.',
  },
  async () => {
    const uploads = path.join(strapi.dirs.static.public, 'uploads');
    const kept = `${uploads}_kept`;
    (await import('node:fs')).cpSync(uploads, kept, { recursive: true });
    const t = await transfer('push', {
      transfer: 'push',
      options: { strategy: 'restore', restore: { ...KEEP, assets: true } },
      checksums: true,
    });
    await t.action('bootstrap');
    await t.action('beforeTransfer');
    await t.step('entities', 'start');
    const file = { name: 'a.txt', hash: 'a', ext: '.txt', mime: 'text/plain', size: 0.01, url: '/uploads/a.txt', provider: 'local' };
    await t.step('entities', 'stream', [
      { type: 'plugin::upload.file', id: 1, data: file },
      { type: 'plugin::upload.file', id: 2, data: { ...file, hash: 'b', url: '/uploads/b.txt' } },
    ]);
    await t.step('entities', 'end');
    await t.step('assets', 'start');
    const unknown = await t.step('assets', 'stream', [{ action: 'stream', assetID: 'ghost', encoding: 'base64', data: 'aGk=' }]);
    assert.equal(unknown.error?.message, 'No asset "ghost" for stream action; send start before stream/end');
    const start = {
      action: 'start',
      assetID: 'a1',
      data: { filename: 'a.txt', filepath: 'a.txt', stats: { size: 2 }, metadata: { id: 1 } },
    };
    const mismatch = await t.step('assets', 'stream', [
      start,
      { action: 'stream', assetID: 'a1', encoding: 'base64', data: 'aGk=' },
      { action: 'end', assetID: 'a1', checksum: { algorithm: 'sha256', value: 'beef' } },
    ]);
    assert.match(mismatch.error?.message ?? '', /^Checksum mismatch for asset "a1" \(expected beef, got [0-9a-f]{64}\)$/);
    const missing = await t.step('assets', 'stream', [
      { ...start, assetID: 'a2', data: { ...start.data, metadata: { id: 2 } } },
      { action: 'end', assetID: 'a2' },
    ]);
    assert.equal(missing.error?.message, 'Missing checksum for asset "a2"');
    await t.socket.close();
    const fs = await import('node:fs');
    fs.rmSync(uploads, { recursive: true, force: true });
    fs.renameSync(kept, uploads);
    for (const entry of fs.readdirSync(strapi.dirs.static.public))
      if (entry.startsWith('uploads_backup_')) fs.rmSync(path.join(strapi.dirs.static.public, entry), { recursive: true, force: true });
  },
);

claim(
  {
    id: 'pull-waits-for-acks',
    says: "Every data message goes through confirm(), which waits for the client's { uuid } before the next one is sent; the server neither times out nor re-sends.",
  },
  async () => {
    const t = await transfer('pull');
    await t.action('bootstrap');
    const start = await t.step('configuration', 'start');
    assert.equal(start.data.ok, true);
    const id = start.data.id;
    const first = await t.socket.next((m) => m.data?.type === 'transfer' && m.data.id === id);
    assert.equal(first.data.ended, false);
    assert.ok(first.data.data.length > 0);
    await silent(700);
    assert.equal(t.socket.messages.filter((m) => m.data?.type === 'transfer').length, 1, 'nothing more until the ack');
    t.socket.send({ uuid: first.uuid });
    const last = await t.socket.next((m) => m.data?.type === 'transfer' && m.data.ended === true);
    assert.equal(last.data.error, null);
    t.socket.send({ uuid: last.uuid });
    await t.socket.close();
  },
);

claim(
  {
    id: 'pull-assets-totals',
    says: 'for assets it first computes estimateAssetTotals and adds totals to the answer',
  },
  async () => {
    const t = await transfer('pull');
    await t.action('bootstrap');
    const start = await t.step('assets', 'start');
    assert.deepEqual(Object.keys(start.data).sort(), ['id', 'ok', 'totals']);
    assert.ok(start.data.totals.totalCount >= 1);
    await t.socket.close();
  },
);

claim(
  {
    id: 'pull-error-loses-message',
    says: "An Error's message is not an enumerable property, so the client receives only the enumerable fields",
  },
  async () => {
    const { joinTable } = (strapi.db.metadata.get('api::article.article') as Json).attributes.author;
    await strapi.db.connection.raw(`ALTER TABLE ${joinTable.name} RENAME TO ${joinTable.name}_hidden`);
    try {
      const t = await transfer('pull');
      await t.action('bootstrap');
      const { data } = await t.step('links', 'start');
      const failed = await t.socket.next((m) => m.data?.type === 'transfer' && m.data.id === data.id && m.data.error !== null);
      assert.equal(failed.data.ended, true);
      assert.equal(typeof failed.data.error, 'object');
      assert.equal('message' in failed.data.error, false);
      t.socket.send({ uuid: failed.uuid });
      await t.socket.close();
    } finally {
      await strapi.db.connection.raw(`ALTER TABLE ${joinTable.name}_hidden RENAME TO ${joinTable.name}`);
    }
  },
);

claim(
  {
    id: 'duplicates-resent-not-rerun',
    says: 'a duplicate is not executed again, and if it matches the last response the handler sent, that response is sent again; otherwise it is ignored',
  },
  async () => {
    const socket = await openTransferSocket(`${ws}/push`, { token });
    const first = await socket.request({ type: 'command', command: 'init', params: { transfer: 'push', options: {} } }, 'dup-1');
    const again = await socket.request({ type: 'command', command: 'init', params: { transfer: 'push', options: {} } }, 'dup-1');
    assert.deepEqual(again, first, 'the same answer, not "Transfer already in progress"');
    await socket.request({ type: 'command', command: 'status' }, 'dup-2');
    const before = socket.messages.length;
    socket.send({ type: 'command', command: 'init', uuid: 'dup-1', params: {} });
    await silent(400);
    assert.equal(socket.messages.filter((m, i) => i >= before && !('diagnostic' in m)).length, 0);
    await socket.close();
  },
);

claim(
  {
    id: 'error-envelope',
    says: "code is the error's name, and details is the error's details for the package's ProviderErrors, {} for any other error",
  },
  async () => {
    const t = await transfer('push');
    const plain = await t.socket.request({ type: 'command', command: 'init', params: {} });
    assert.deepEqual(plain.error, { code: 'Error', message: 'Transfer already in progress', details: {} });
    const provider = await t.action('teleport');
    assert.equal(provider.error?.code, 'Error');
    assert.equal(provider.error?.details.step, 'transfer');
    assert.equal(provider.error?.details.details.action, 'teleport');
    await t.socket.close();
  },
);

claim(
  {
    id: 'client-rebuilds-errors',
    says: 'The client rebuilds them from details.step: transfer gives ProviderTransferError',
  },
  async () => {
    const { ProviderTransferError, ProviderError } = appModule(
      path.join(APP_DIR, 'node_modules/@strapi/data-transfer/dist/errors/providers.js'),
    );
    const socket = await openTransferSocket(`${ws}/push`, { token });
    const dispatcher = appModule(path.join(APP_DIR, 'node_modules/@strapi/data-transfer/dist/strapi/providers/utils.js')).createDispatcher(
      socket.ws,
    );
    await dispatcher
      .dispatchCommand({ command: 'init', params: { transfer: 'push', options: {} } })
      .then((r: Json) => dispatcher.setTransferProperties({ id: r.transferID, kind: 'push' }));
    const transferError = await dispatcher.dispatchTransferAction('teleport').catch((e: Json) => e);
    assert.ok(transferError instanceof ProviderTransferError);
    const plainError = await dispatcher.dispatchCommand({ command: 'init', params: {} }).catch((e: Json) => e);
    assert.ok(plainError instanceof ProviderError && !(plainError instanceof ProviderTransferError));
    assert.equal(plainError.message, 'Transfer already in progress');
    await socket.close();
  },
);

claim(
  {
    id: 'retries-then-timeout',
    says: "then re-sends it every retryMessageTimeout milliseconds (default 30000) while its re-send count is at most retryMessageMaxRetries (default 5), and then rejects with ProviderError('error', 'Request timed out')",
  },
  async () => {
    const port = await freePort();
    const server = new WebSocketServer({ host: '127.0.0.1', port });
    const frames: string[] = [];
    server.on('connection', (socket) => socket.on('message', (raw) => frames.push(raw.toString())));
    const client = await openTransferSocket(`ws://127.0.0.1:${port}`);
    const { error, timer } = await timedOutDispatch(client.ws);
    clearInterval(timer);
    assert.equal(error.message, 'Request timed out');
    assert.equal(frames.length, 4, 'sent once, re-sent three times');
    assert.equal(new Set(frames.map((f) => JSON.parse(f).uuid)).size, 1, 'with the same uuid');
    await client.close();
    await new Promise((r) => server.close(r));
  },
);

/** A dispatch nobody answers (50 ms, two retries), with the dispatcher's retry timer captured. */
async function timedOutDispatch(socket: Json): Promise<{ error: Json; timer: NodeJS.Timeout }> {
  const { createDispatcher } = appModule(path.join(APP_DIR, 'node_modules/@strapi/data-transfer/dist/strapi/providers/utils.js'));
  const dispatcher = createDispatcher(socket, { retryMessageTimeout: 50, retryMessageMaxRetries: 2 });
  const realSetInterval = global.setInterval;
  let timer!: NodeJS.Timeout;
  global.setInterval = ((fn: () => void, ms: number) => (timer = realSetInterval(fn, ms))) as typeof setInterval;
  const pending = dispatcher.dispatchCommand({ command: 'status' });
  global.setInterval = realSetInterval;
  const error = await pending.catch((e: Json) => e);
  return { error, timer };
}

defect(
  {
    id: 'retry-timer-outlives-rejection',
    says: 'the dispatcher rejects with Request timed out but never clears its interval',
    summary:
      "The transfer client's dispatcher rejects a message with 'Request timed out' without clearing its retry interval, which then fires for ever and keeps the process alive",
  },
  async () => {
    const port = await freePort();
    const server = new WebSocketServer({ host: '127.0.0.1', port });
    const client = await openTransferSocket(`ws://127.0.0.1:${port}`);
    const { error, timer } = await timedOutDispatch(client.ws);
    assert.equal(error.message, 'Request timed out');
    await silent(300);
    const alive = !(timer as unknown as { _destroyed: boolean })._destroyed && timer.hasRef();
    clearInterval(timer);
    assert.equal(alive, true, 'the interval is still scheduled after the rejection');
    await client.close();
    await new Promise((r) => server.close(r));
  },
);

claim(
  {
    id: 'unknown-types-dropped',
    says: 'are dropped silently by isDataTransferMessage; a typo in a new message type looks like a hang, not an error',
  },
  async () => {
    const socket = await openTransferSocket(`${ws}/push`, { token });
    socket.send({ uuid: 'typo', type: 'comand', command: 'status' });
    socket.send({ uuid: 42, type: 'command', command: 'status' });
    await silent(500);
    assert.deepEqual(socket.messages, []);
    await socket.close();
  },
);

claim(
  {
    id: 'buffers-stay-buffer-json',
    says: 'a JSON.stringify whose replacer turns a bigint into a string and a typed array other than a Buffer into a base64 string',
  },
  async () => {
    const { stringifyTransferWebSocketPayload } = appModule(
      path.join(APP_DIR, 'node_modules/@strapi/data-transfer/dist/utils/transfer-websocket-json.js'),
    );
    assert.equal(
      stringifyTransferWebSocketPayload({ n: 10n, bytes: new Uint8Array([104, 105]), buffer: Buffer.from('hi') }),
      '{"n":"10","bytes":"aGk=","buffer":{"type":"Buffer","data":[104,105]}}',
    );
  },
);

defect(
  {
    id: 'pull-status-inverted',
    says: 'an idle pull connection reports active: true (with startedAt undefined) and a running one active: false',
    summary:
      "The pull handler's status command tests !isStarted, so it reports an idle connection as active and a running transfer as inactive",
  },
  async () => {
    const socket = await openTransferSocket(`${ws}/pull`, { token });
    const idle = await socket.request({ type: 'command', command: 'status' });
    assert.equal(idle.data.active, true);
    assert.equal(idle.data.kind, 'pull');
    assert.equal('startedAt' in idle.data, false, 'undefined, dropped by JSON');
    await socket.request({ type: 'command', command: 'init' });
    const running = await socket.request({ type: 'command', command: 'status' });
    assert.deepEqual(running.data, { active: false, kind: null, elapsed: null, startedAt: null });
    await socket.close();
  },
);
