import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before } from 'node:test';
import type { Core } from '@strapi/strapi';
import { WebSocket } from 'ws';
import { mkdirSync } from 'node:fs';
import {
  APP_DIR,
  appVariant,
  bootStrapi,
  claim,
  codeBlock,
  defect,
  runStrapiCli,
  startStrapiProcess,
  STATE_DIR,
  stopStrapi,
  type StrapiProcess,
} from '../../../../../../harness';
import { freshDatabase } from '../../../../../../harness/database';
import {
  appModule,
  dataTransfer,
  deferWebSocketMessages,
  memoryDestination,
  openDatabase,
  runScriptExample,
  scratchDir,
  type Json,
} from '../../../../../../harness/transfer';

const dts = dataTransfer();
let strapi: Core.Strapi;
let remote: StrapiProcess;
let keys: { token: string; pushOnly: string; pullOnly: string; articles: string[] };

// Every claim but the defect's own runs with the workaround of that defect (see the harness).
const restoreWebSocket = deferWebSocketMessages();
before(async () => {
  strapi = await bootStrapi({ name: 'dts-remote-source' });
  remote = await startStrapiProcess({ name: 'dts-remote-source-server', setup: 'strapi-app/harness/setups/transfer-server.ts' });
  keys = remote.data as typeof keys;
});
let destroyed = false;
after(async () => {
  await remote?.stop();
  if (!destroyed) await stopStrapi(strapi);
});

const remoteSource = (options: Json = {}) =>
  dts.strapi.providers.createRemoteStrapiSourceProvider({
    url: new URL(`${remote.url}/admin`),
    auth: { type: 'token', token: keys.token },
    getStrapi: () => strapi,
    ...options,
  });
const isAdmin = (uid: string) => uid.startsWith('admin::');
/** The frames a provider sends while `fn` runs, parsed. */
async function sentFrames<T>(fn: () => Promise<T>): Promise<{ result: T; frames: Json[] }> {
  const frames: Json[] = [];
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function patched(this: WebSocket, data: Json, ...rest: Json[]) {
    try {
      frames.push(JSON.parse(String(data)));
    } catch {
      // not JSON
    }
    return (send as Json).call(this, data, ...rest);
  } as typeof send;
  try {
    return { result: await fn(), frames };
  } finally {
    WebSocket.prototype.send = send;
  }
}

/** One pull of the remote's content into the local instance, as the CLI's transfer --from would. */
let pulled: { engine: Json; source: Json; frames: Json[]; assetTotals: Json; skipped: string[] } | undefined;
async function pull() {
  if (pulled) return pulled;
  const source = remoteSource({ verifyChecksums: true, getStrapi: () => Promise.reject(new Error('the remote source called getStrapi')) });
  const destination = dts.strapi.providers.createLocalStrapiDestinationProvider({
    getStrapi: () => strapi,
    autoDestroy: false,
    strategy: 'restore',
    restore: {
      assets: true,
      entities: { exclude: Object.keys(strapi.contentTypes).filter(isAdmin) },
      configuration: { coreStore: true, webhook: true },
    },
  });
  const engine = dts.engine.createTransferEngine(source, destination, {
    versionStrategy: 'exact',
    schemaStrategy: 'strict',
    transforms: {
      entities: [{ filter: (e: Json) => !isAdmin(e.type) }],
      links: [{ filter: (l: Json) => !isAdmin(l.left.type) && !isAdmin(l.right.type) }],
    },
  });
  const skipped: string[] = [];
  let assetTotals: Json;
  engine.progress.stream.on('stage::skip', ({ stage }: Json) => skipped.push(stage));
  engine.progress.stream.on('stage::start', ({ stage, data }: Json) => stage === 'assets' && (assetTotals = { ...data.assets }));
  const { frames } = await sentFrames(() => engine.transfer());
  pulled = { engine, source, frames, assetTotals, skipped };
  return pulled;
}

claim(
  {
    id: 'pull-into-local',
    says: 'turns the batches the server sends into ordinary object streams for the engine, including one binary stream per media file',
  },
  async () => {
    await pull();
    const titles = (await strapi.db.query('api::article.article').findMany({})).map((a: Json) => a.title).sort();
    assert.deepEqual(titles, keys.articles);
    const [file] = await strapi.db.query('plugin::upload.file').findMany({});
    assert.ok(existsSync(path.join(strapi.dirs.static.public, file.url)));
    for (const format of Object.values<Json>(file.formats)) assert.ok(existsSync(path.join(strapi.dirs.static.public, format.url)));
  },
);

claim(
  {
    id: 'no-schemas-stream',
    says: 'The remote source implements no createSchemasReadStream, so the engine skips the schemas stage and relies on getSchemas() for the integrity check.',
  },
  async () => {
    const { source, skipped } = await pull();
    assert.equal(source.createSchemasReadStream, undefined);
    assert.ok(skipped.includes('schemas'));
    const schemas = await remoteSource().getSchemas.call({ dispatcher: null });
    assert.equal(schemas, null, 'before bootstrap there is no dispatcher to ask');
  },
);

claim(
  {
    id: 'asset-totals-from-start-answer',
    says: "getStageTotals('assets') returns the totals the server sent with its step start answer for assets, or null.",
  },
  async () => {
    const { assetTotals, source } = await pull();
    assert.ok(assetTotals.totalCount >= 1 && assetTotals.totalBytes > 0);
    assert.deepEqual(await source.getStageTotals('assets'), { totalBytes: assetTotals.totalBytes, totalCount: assetTotals.totalCount });
    assert.equal(await source.getStageTotals('entities'), null);
  },
);

claim(
  {
    id: 'init-params-only-for-checksums',
    says: "(with params: { transfer: 'pull', checksums: true } only when checksums are wanted; no params otherwise)",
  },
  async () => {
    const { frames } = await pull();
    const init = frames.find((f) => f.type === 'command' && f.command === 'init');
    assert.deepEqual(init.params, { transfer: 'pull', checksums: true });
    const plain = remoteSource();
    const { frames: plainFrames } = await sentFrames(() => plain.bootstrap());
    const plainInit = plainFrames.find((f) => f.type === 'command' && f.command === 'init');
    assert.equal('params' in plainInit, false);
    plain.ws!.close();
  },
);

claim(
  {
    id: 'get-strapi-never-called',
    says: 'Inherited from the local options; the CLI passes getStrapi, but the remote source never calls it',
  },
  async () => {
    const { engine } = await pull();
    assert.equal(
      engine.diagnostics.stack.items.filter((d: Json) => d.kind === 'error').length,
      0,
      'its getStrapi rejects, and the pull succeeded',
    );
  },
);

claim({ id: 'protocols', says: 'Admin URL of the remote server; only http: and https: are accepted' }, async () => {
  const error: Json = await remoteSource({ url: new URL('ftp://127.0.0.1/admin') })
    .bootstrap()
    .catch((e: Json) => e);
  assert.equal(error.message, 'Invalid protocol "ftp:"');
  assert.equal(error.details.step, 'validation');
});

claim(
  { id: 'auth-method', says: "Any other auth.type makes bootstrap throw ProviderValidationError('Auth method not available')." },
  async () => {
    await assert.rejects(remoteSource({ auth: { type: 'password', token: 'x' } }).bootstrap(), { message: 'Auth method not available' });
  },
);

claim(
  {
    id: 'push-only-token-403',
    says: 'The pull endpoint requires a token with the pull scope; a push-only token gets a 403 during the upgrade',
  },
  async () => {
    await assert.rejects(remoteSource({ auth: { type: 'token', token: keys.pushOnly } }).bootstrap(), {
      message: 'Failed to initialize the connection: Authorization Error',
    });
    const pullOnly = remoteSource({ auth: { type: 'token', token: keys.pullOnly } });
    await pullOnly.bootstrap();
    pullOnly.ws!.close();
  },
);

claim(
  {
    id: 'stream-timeout-default',
    says: 'Abort an asset that makes no forward progress (no new chunk received, no chunk handed on) for this long',
  },
  async () => {
    assert.equal(remoteSource().options.streamTimeout, 300000);
    assert.equal(remoteSource({ streamTimeout: 5 }).options.streamTimeout, 5);
  },
);

claim(
  {
    id: 'retry-options-whole',
    says: 'retryMessageOptions is passed whole to the dispatcher, so give both fields when you set it.',
  },
  async () => {
    const noRetries = await manualRetries({ retryMessageTimeout: 100 });
    assert.deepEqual(noRetries.ticks[0], { frames: 1, settled: 'Request timed out' }, 'without retryMessageMaxRetries: no re-send at all');
    const noTimeout = await manualRetries({ retryMessageMaxRetries: 3 });
    assert.equal(noTimeout.delay, undefined, 'without retryMessageTimeout the interval gets no delay (Node.js uses 1 ms)');
  },
);

claim(
  {
    id: 'checksums-negotiated',
    says: "Checksums are used only when requested and the server's init answer has checksums: true",
  },
  async () => {
    const { engine } = await pull();
    const warnings = engine.diagnostics.stack.items.filter((d: Json) => d.kind === 'warning').map((d: Json) => d.details.message);
    assert.ok(!warnings.some((m: string) => m.includes('checksum')));
    const reporter = dts.utils.diagnostics.createDiagnosticReporter();
    const assets = memoryDestination();
    const checked = remoteSource({ verifyChecksums: true });
    await checked.bootstrap(reporter);
    const ends: Json[] = [];
    checked.ws!.on('message', (raw: Json) => {
      const message = JSON.parse(String(raw));
      for (const batch of message.data?.data ?? []) for (const item of [batch].flat()) if (item?.action === 'end') ends.push(item);
    });
    const stream = await checked.createAssetsReadStream();
    const writable = assets.provider.createAssetsWriteStream();
    await new Promise<void>((resolve, reject) => stream.pipe(writable).on('finish', resolve).on('error', reject));
    assert.ok(ends.length > 0 && ends.every((e) => e.checksum?.algorithm === 'sha256'));
    checked.ws!.close();
  },
);

/** A dispatch whose retry interval the test ticks by hand; counts the frames a silent server receives. */
async function manualRetries(retryMessageOptions?: Json) {
  const { WebSocketServer } = await import('ws');
  const { freePort: port } = await import('../../../../../../harness');
  const listen = await port();
  const server = new WebSocketServer({ host: '127.0.0.1', port: listen });
  const frames: string[] = [];
  server.on('connection', (socket) => socket.on('message', (raw) => frames.push(String(raw))));
  const client = new WebSocket(`ws://127.0.0.1:${listen}`);
  await new Promise((resolve) => client.once('open', resolve));
  const { createDispatcher } = appModule(path.join(APP_DIR, 'node_modules/@strapi/data-transfer/dist/strapi/providers/utils.js'));
  const dispatcher = createDispatcher(client, retryMessageOptions);
  let tick!: () => void;
  let delay = 0;
  const realSetInterval = global.setInterval;
  global.setInterval = ((fn: () => void, ms: number) => {
    tick = fn;
    delay = ms;
    return realSetInterval(() => undefined, 1e9).unref();
  }) as typeof setInterval;
  let settled: string | undefined;
  dispatcher.dispatchCommand({ command: 'status' }).catch((e: Json) => (settled = e.message));
  global.setInterval = realSetInterval;
  const ticks: Array<{ frames: number; settled?: string }> = [];
  for (let i = 0; i < 7; i++) {
    tick();
    await new Promise((r) => setTimeout(r, 30));
    ticks.push({ frames: frames.length, settled });
  }
  client.close();
  await new Promise((r) => server.close(r));
  return { delay, ticks };
}

claim({ id: 'retry-timeout-default', says: 'Re-send an unanswered message every this many milliseconds' }, async () => {
  assert.equal((await manualRetries()).delay, 30000);
  assert.equal((await manualRetries({ retryMessageTimeout: 1234, retryMessageMaxRetries: 1 })).delay, 1234);
});

claim(
  {
    id: 'retry-schedule',
    says: 'With the defaults, a message is sent, re-sent every 30 s while fewer than six re-sends happened',
  },
  async () => {
    const { ticks } = await manualRetries();
    assert.deepEqual(
      ticks.map((t) => t.frames),
      [2, 3, 4, 5, 6, 7, 7],
    );
    assert.equal(ticks[5].settled, undefined);
    assert.equal(ticks[6].settled, 'Request timed out');
  },
);

defect(
  {
    id: 'close-leaves-socket-open',
    says: 'so close() resolves without calling ws.close()',
    summary:
      "The remote source's close() tests ws.CLOSED (the constant 3) instead of the socket's readyState, so it never closes its websocket",
  },
  async () => {
    const { source } = await pull();
    assert.equal(source.ws.CLOSED, 3);
    assert.equal(source.ws.readyState, WebSocket.OPEN, 'the transfer ended, the socket is still open');
    source.ws.close();
  },
);

claim({ id: 'cli-transfer-from', says: 'It is the source of strapi transfer --from <url>.' }, async () => {
  const target = freshDatabase('dts-remote-source-cli');
  const publicDir = path.join(STATE_DIR, 'public', 'dts-remote-source-cli');
  mkdirSync(path.join(publicDir, 'uploads'), { recursive: true });
  const app = appVariant('remote-source-cli', () => undefined);
  // Without the media files: the CLI's process cannot get this file's workaround of the defect
  // first-batch-lost-with-start-answer (below), and its assets stage, whose first batch is ready at
  // once, stalled on it in 2 of about 20 runs beside another claims file. The in-process pull above
  // moves the same files.
  const result = await runStrapiCli(
    ['transfer', '--from', `${remote.url}/admin`, '--from-token', keys.token, '--force', '--exclude', 'files'],
    {
      appDir: app,
      env: { ...target, STRAPI_TEST_PUBLIC_DIR: publicDir },
    },
  );
  assert.equal(result.code, 0, result.stdout + result.stderr);
  assert.match(result.stdout, /Transfer process has been completed successfully!/);
  const db = openDatabase(target);
  try {
    assert.deepEqual((await db('articles').select('title')).map((r: Json) => r.title).sort(), keys.articles);
  } finally {
    await db.destroy();
  }
});

claim(
  {
    id: 'pull-staging-example',
    says: "Run against a staging server, it replaces the local content types with the server's and leaves the local admin users, media files, core store and webhooks as they were",
  },
  async () => {
    await strapi.documents('api::tag.tag').create({ data: { name: 'local only' } });
    const uids = ['admin::user', 'plugin::upload.file', 'strapi::core-store', 'strapi::webhook'];
    const kept = Object.fromEntries(await Promise.all(uids.map(async (uid) => [uid, await strapi.db.query(uid as never).count()])));
    const env = { ...process.env };
    Object.assign(process.env, { STAGING_URL: `${remote.url}/admin`, STAGING_TRANSFER_TOKEN: keys.token });
    try {
      const result = await runScriptExample(codeBlock({ title: 'scripts/pull-staging.ts' }), {
        strapi,
        cwd: scratchDir('remote-source-example'),
        filename: 'scripts/pull-staging.ts',
      });
      destroyed = result.destroyed;
      // the remote source's close() is still waiting for the answer to its `close` action
      await new Promise((resolve) => setTimeout(resolve, 1000));
    } finally {
      delete process.env.STAGING_URL;
      delete process.env.STAGING_TRANSFER_TOKEN;
    }
    const db = openDatabase(env);
    try {
      assert.deepEqual((await db('articles').select('title')).map((r: Json) => r.title).sort(), keys.articles);
      assert.ok(!(await db('tags').select('name')).some((t: Json) => t.name === 'local only'));
      const tables: Record<string, string> = {
        'admin::user': 'admin_users',
        'plugin::upload.file': 'files',
        'strapi::core-store': 'strapi_core_store_settings',
        'strapi::webhook': 'strapi_webhooks',
      };
      for (const uid of uids) assert.equal((await db(tables[uid]).select('id')).length, kept[uid], uid);
    } finally {
      await db.destroy();
    }
  },
);

/** Bytes the kernel holds, not yet read, for the local TCP socket on `port` (rx_queue of /proc/net/tcp). */
function receiveQueue(port: number): number {
  const hex = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  const line = readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .map((l) => l.trim().split(/\s+/))
    .find((f) => f[1]?.endsWith(hex));
  return line ? parseInt(line[4].split(':')[1], 16) : -1;
}

defect(
  {
    id: 'first-batch-lost-with-start-answer',
    says: 'A first batch that reaches the client together with the answer is therefore dropped',
    summary:
      "A pull stage's stream starts listening only after the `step start` answer is handled, but the server sends its first batch right behind that answer: read together, the batch is dropped, never acknowledged, and the stage stalls for good",
  },
  async () => {
    restoreWebSocket();
    const source = remoteSource();
    await source.bootstrap();
    const batches: Json[] = [];
    source.ws.on('message', (raw: Json) => {
      const message = JSON.parse(String(raw));
      if (message.data?.type === 'transfer') batches.push(message.data);
    });
    const port = source.ws._socket.localPort;
    const stream = source.createAssetsReadStream();
    // Keep this process busy until the answer to `step start` (a few hundred bytes) and the first asset
    // batch (about 2 KB) both wait in the socket's receive queue, so that they are read in one chunk, as
    // a client busy elsewhere reads them.
    const deadline = Date.now() + 10_000;
    while (receiveQueue(port) < 1000) if (Date.now() > deadline) throw new Error(`nothing queued (${receiveQueue(port)} bytes)`);
    const assets = await stream;
    const items: Json[] = [];
    assets.on('data', (asset: Json) => {
      items.push(asset);
      asset.stream.resume();
    });
    assert.equal(batches.length, 1, 'the first batch arrived with the answer');
    assert.equal(batches[0].ended, false);
    assert.ok(
      batches[0].data.flat().some((item: Json) => item.action === 'start'),
      "it holds the first asset's start item",
    );
    // The server waits for that batch's acknowledgement (its confirm() has no retry and no timeout).
    let timer: NodeJS.Timeout | undefined;
    const next = await Promise.race([
      new Promise((resolve) => source.ws.once('message', () => resolve('another message'))),
      new Promise((resolve) => (timer = setTimeout(() => resolve('silence'), 3000))),
    ]);
    clearTimeout(timer);
    assert.equal(next, 'silence');
    assert.equal(items.length, 0, 'the stream has received nothing');
    source.ws.close();
  },
);
