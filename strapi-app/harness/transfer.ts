/**
 * What the data-transfer claims (claims/docs/core/data-transfer/**, claims/guides/e2e/data-transfer)
 * share: the package as this application resolves it, a small content set with relations,
 * components and an image with formats, a reader for export archives, transfer tokens, a raw
 * websocket client for the transfer protocol, and a way to run a page's script example against
 * the instance a test booted.
 */
import { createReadStream, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PassThrough, Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { format } from 'node:util';
import { createGunzip } from 'node:zlib';
import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import { WebSocket } from 'ws';
import { runExample, type CodeBlock } from './examples';
import { APP_DIR, STATE_DIR } from './paths';

const appRequire = createRequire(path.join(APP_DIR, 'package.json'));

/** Transfer items, provider results and protocol messages are free-form JSON. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export type Json = any;

/** `@strapi/data-transfer` as the application resolves it (the copy `@strapi/strapi` 5.54.0 uses), untyped. */
export function dataTransfer(): Json {
  return appRequire('@strapi/data-transfer');
}

/** A module of the application's dependency tree (`ws`, `tar`, `sharp`, `knex`...). */
export function appModule<T = Json>(id: string): T {
  return appRequire(id);
}

/** A fresh scratch folder under .cache/strapi-claims/tmp/. */
/**
 * Works around a defect of 5.54.0 (`first-batch-lost-with-start-answer`, remote-strapi/source): a pull
 * stage's listener is registered after the `step start` answer is handled, so a first batch read in the
 * same chunk as that answer reaches no listener and the stage stalls. `ws` emits the messages of one
 * chunk back to back; here every client socket of this process emits each message in a turn of the
 * event loop of its own, in order (what `ws` does with `allowSynchronousEvents: false`), so claims
 * about other behaviour cannot hit the race on a loaded machine. Returns the function that restores `ws`.
 */
export function deferWebSocketMessages(): () => void {
  const proto = WebSocket.prototype as unknown as { emit: (event: string | symbol, ...args: unknown[]) => boolean };
  const emit = proto.emit;
  proto.emit = function deferred(this: unknown, event: string | symbol, ...args: unknown[]) {
    if (event !== 'message') return emit.call(this, event, ...args);
    setImmediate(() => emit.call(this, event, ...args));
    return true;
  };
  return () => {
    proto.emit = emit;
  };
}

export function scratchDir(name: string): string {
  const dir = path.join(STATE_DIR, 'tmp', name.replace(/[^a-zA-Z0-9_-]+/g, '_'));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** A PNG of the given size (sharp, as the upload plugin uses it). */
export async function pngImage(width: number, height: number): Promise<Buffer> {
  const sharp = appModule('sharp');
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .png()
    .toBuffer();
}

/** Uploads a PNG through the upload plugin's own service (local provider: the file lands in <public>/uploads). */
export async function uploadImage(strapi: Core.Strapi, name: string, width = 300, height = 200): Promise<Json> {
  const dir = scratchDir(`upload-${process.pid}-${name}`);
  const filepath = path.join(dir, name);
  const data = await pngImage(width, height);
  writeFileSync(filepath, data);
  const [file] = await strapi
    .plugin('upload')
    .service('upload')
    .upload({ data: {}, files: { filepath, originalFilename: name, mimetype: 'image/png', size: data.length } });
  rmSync(dir, { recursive: true, force: true });
  return file;
}

export interface Seed {
  author: Json;
  tags: Json[];
  articles: Json[];
  image: Json;
  webhook: Json;
}

/**
 * Content with something for every stage: an author, two tags, two articles (one published) with a
 * many-to-one and a many-to-many relation, a component and a dynamic zone, an image with a
 * thumbnail format used as a cover, and a webhook.
 */
export async function seedContent(strapi: Core.Strapi): Promise<Seed> {
  const image = await uploadImage(strapi, 'cover.png');
  const author = await strapi.documents('api::author.author').create({ data: { name: 'Ada', email: 'ada@example.com' } });
  const tags = [
    await strapi.documents('api::tag.tag').create({ data: { name: 'news' } }),
    await strapi.documents('api::tag.tag').create({ data: { name: 'howto' } }),
  ];
  const articles = [
    await strapi.documents('api::article.article').create({
      data: {
        title: 'First',
        body: 'Hello',
        author: author.documentId,
        tags: tags.map((t) => t.documentId),
        cover: image.id,
        seo: { metaTitle: 'First article' },
        blocks: [{ __component: 'shared.quote', text: 'Quoted' }],
      },
      locale: 'en',
    }),
    await strapi.documents('api::article.article').create({ data: { title: 'Second', author: author.documentId }, locale: 'en' }),
  ];
  await strapi.documents('api::article.article').publish({ documentId: articles[0].documentId, locale: 'en' });
  const webhook = await strapi.get('webhookStore').createWebhook({
    name: 'claims',
    url: 'http://127.0.0.1:9/hook',
    headers: {},
    events: ['entry.create'],
    isEnabled: false,
  });
  return { author, tags, articles, image, webhook };
}

/** Rows of a model, read with the query engine. */
export function rows(strapi: Core.Strapi, uid: string, where: Record<string, unknown> = {}): Promise<Json[]> {
  return strapi.db.query(uid as never).findMany({ where });
}

export interface ArchiveEntry {
  path: string;
  size: number;
  data: Buffer;
}

/** Every entry of an export archive, in order, after peeling the cipher and gzip layers. */
export async function readArchive(file: string, options: { key?: string; gzip?: boolean } = {}): Promise<ArchiveEntry[]> {
  const { Parser } = appModule('tar');
  const entries: ArchiveEntry[] = [];
  const streams: Array<NodeJS.ReadableStream | NodeJS.WritableStream> = [createReadStream(file)];
  if (options.key !== undefined) streams.push(dataTransfer().utils.encryption.createDecryptionCipher(options.key));
  if (options.gzip) streams.push(createGunzip());
  const pending: Array<Promise<void>> = [];
  streams.push(
    new Parser({
      onReadEntry(entry: Json) {
        const chunks: Buffer[] = [];
        const record = { path: entry.path as string, size: entry.size as number, data: Buffer.alloc(0) };
        entries.push(record);
        pending.push(
          new Promise((resolve, reject) => {
            entry.on('data', (c: Buffer) => chunks.push(c));
            entry.on('end', () => {
              record.data = Buffer.concat(chunks);
              resolve();
            });
            entry.on('error', reject);
          }),
        );
      },
    }),
  );
  await pipeline(streams as never);
  await Promise.all(pending);
  return entries;
}

/** JSON lines of an archive entry. */
export function jsonLines(entry: ArchiveEntry): Json[] {
  return entry.data
    .toString('utf8')
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => JSON.parse(line));
}

/** A transfer token made with the admin's own service; `accessKey` is what a client sends. */
export async function createTransferToken(
  strapi: Core.Strapi,
  options: { name?: string; permissions?: Array<'push' | 'pull'>; accessKey?: string; lifespan?: number | null } = {},
): Promise<{ id: number; accessKey: string }> {
  const token = await strapi.service('admin::transfer').token.create({
    name: options.name ?? `claims-${Date.now()}-${Math.random().toString(36).slice(2)}`,
    description: '',
    permissions: options.permissions ?? ['push', 'pull'],
    lifespan: options.lifespan ?? null,
    ...(options.accessKey ? { accessKey: options.accessKey } : {}),
  });
  return { id: token.id, accessKey: token.accessKey };
}

/** A source that emits the given items per stage and no metadata (the engine skips the version check). */
export function memorySource(
  items: Partial<Record<'schemas' | 'entities' | 'links' | 'assets' | 'configuration', Json[]>>,
  extra: Json = {},
) {
  const stream = (stage: keyof typeof items) => () => Readable.from(items[stage] ?? []);
  return {
    type: 'source' as const,
    name: 'source::claims-memory',
    getMetadata: () => null,
    ...(items.schemas ? { createSchemasReadStream: stream('schemas') } : {}),
    ...(items.entities ? { createEntitiesReadStream: stream('entities') } : {}),
    ...(items.links ? { createLinksReadStream: stream('links') } : {}),
    ...(items.assets ? { createAssetsReadStream: stream('assets') } : {}),
    ...(items.configuration ? { createConfigurationReadStream: stream('configuration') } : {}),
    ...extra,
  };
}

/** A destination that records what each stage receives (asset streams are drained into `bytes`). */
export function memoryDestination(extra: Json = {}) {
  const received: Record<string, Json[]> = {};
  const writer = (stage: string) => () =>
    new Writable({
      objectMode: true,
      write(item: Json, _encoding, callback) {
        (received[stage] ??= []).push(item);
        if (stage === 'assets' && item?.stream) {
          const chunks: Buffer[] = [];
          item.stream.on('data', (c: Buffer) => chunks.push(c));
          item.stream.on('end', () => {
            item.bytes = Buffer.concat(chunks);
            callback();
          });
          item.stream.on('error', callback);
          return;
        }
        callback();
      },
    });
  return {
    received,
    provider: {
      type: 'destination' as const,
      name: 'destination::claims-memory',
      getMetadata: () => null,
      createSchemasWriteStream: writer('schemas'),
      createEntitiesWriteStream: writer('entities'),
      createAssetsWriteStream: writer('assets'),
      createLinksWriteStream: writer('links'),
      createConfigurationWriteStream: writer('configuration'),
      ...extra,
    },
  };
}

/**
 * Wraps a provider so that every method call is recorded as `<label>.<method>` in `calls`
 * (in the order the engine makes them), the call itself unchanged.
 */
export function recordCalls<T extends object>(provider: T, label: string, calls: string[]): T {
  return new Proxy(provider, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (typeof value !== 'function' || typeof key !== 'string') return value;
      return (...args: unknown[]) => {
        calls.push(`${label}.${key}`);
        return value.apply(target, args);
      };
    },
  });
}

/** The envelope the transfer server answers with. */
export interface TransferResponse {
  uuid?: string;
  data: Json;
  error: null | { code: string; message: string; details: Json };
  diagnostic?: Json;
}

/**
 * A raw websocket client for `/admin/transfer/runner/<push|pull>`: `request()` sends a message
 * with a fresh uuid and resolves with the answer carrying that uuid; `messages` keeps every frame
 * received, parsed.
 */
export interface TransferSocket {
  ws: WebSocket;
  messages: TransferResponse[];
  request(message: Record<string, unknown>, uuid?: string): Promise<TransferResponse>;
  send(message: Record<string, unknown>): void;
  /** Resolves with the next frame that satisfies `test` (already received ones count). */
  next(test: (message: TransferResponse) => boolean, timeoutMs?: number): Promise<TransferResponse>;
  close(): Promise<void>;
}

export function openTransferSocket(
  url: string,
  options: { token?: string; headers?: Record<string, string> } = {},
): Promise<TransferSocket> {
  const headers = { ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}), ...options.headers };
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    const messages: TransferResponse[] = [];
    const waiters: Array<{ test: (m: TransferResponse) => boolean; resolve: (m: TransferResponse) => void }> = [];
    ws.on('message', (raw) => {
      const message = JSON.parse(raw.toString()) as TransferResponse;
      messages.push(message);
      for (const waiter of [...waiters]) {
        if (waiter.test(message)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(message);
        }
      }
    });
    ws.once('unexpected-response', (_req, res) =>
      reject(Object.assign(new Error(`HTTP ${res.statusCode}`), { statusCode: res.statusCode })),
    );
    ws.once('error', reject);
    ws.once('open', () => {
      const next = (test: (m: TransferResponse) => boolean, timeoutMs = 15_000) => {
        const found = messages.find(test);
        if (found) return Promise.resolve(found);
        return new Promise<TransferResponse>((res, rej) => {
          const timer = setTimeout(() => rej(new Error('no matching transfer message in time')), timeoutMs);
          waiters.push({
            test,
            resolve: (m) => {
              clearTimeout(timer);
              res(m);
            },
          });
        });
      };
      resolve({
        ws,
        messages,
        send: (message) => ws.send(JSON.stringify(message)),
        request(message, uuid = `claims-${Math.random().toString(36).slice(2)}`) {
          const answer = next((m) => m.uuid === uuid && !('diagnostic' in m));
          ws.send(JSON.stringify({ ...message, uuid }));
          return answer;
        },
        next,
        close: () =>
          new Promise<void>((done) => {
            if (ws.readyState === WebSocket.CLOSED) return done();
            ws.once('close', () => done());
            ws.close();
          }),
      });
    });
  });
}

/** The HTTP status a plain GET (no websocket upgrade) or an upgrade attempt gets from a transfer route. */
export function upgradeStatus(url: string, headers: Record<string, string> = {}): Promise<number> {
  return openTransferSocket(url, { headers }).then(
    async (socket) => {
      await socket.close();
      return 101;
    },
    (error: { statusCode?: number }) => {
      if (error.statusCode === undefined) throw error;
      return error.statusCode;
    },
  );
}

/**
 * A knex connection to the database of another Strapi process (a child from startStrapiProcess, a
 * CLI run), read from the environment that process was given.
 */
export function openDatabase(env: Record<string, string | undefined>): Knex {
  const knex = appModule('knex');
  if ((env.STRAPI_TEST_DB ?? 'sqlite') === 'postgres') {
    return knex({
      client: 'pg',
      connection: {
        host: env.DATABASE_HOST,
        port: Number(env.DATABASE_PORT),
        database: env.DATABASE_NAME,
        user: env.DATABASE_USERNAME ?? 'postgres',
      },
    });
  }
  return knex({ client: 'better-sqlite3', connection: { filename: env.DATABASE_FILENAME }, useNullAsDefault: true });
}

/**
 * Runs a page's script example (one that loads Strapi with `createStrapi(await compileStrapi()).load()`
 * and calls its own `main()`) against `strapi`: its `@strapi/strapi` import resolves to a module whose
 * `compileStrapi` gives this application's folders and whose `createStrapi(...).load()` gives
 * `strapi`. Runs in `cwd` (files the script writes land there), collects what it prints, and
 * resolves once `done` says the script finished (default: the instance was destroyed).
 */
export async function runScriptExample(
  block: CodeBlock,
  options: {
    strapi: Core.Strapi;
    cwd: string;
    filename?: string;
    modules?: Record<string, unknown>;
    done?: (output: { log: string[]; stdout: string }) => boolean;
    timeoutMs?: number;
  },
): Promise<{ log: string[]; stdout: string; destroyed: boolean; exports: Json }> {
  const { strapi } = options;
  const log: string[] = [];
  let stdout = '';
  let destroyed = false;
  const realDestroy = strapi.destroy.bind(strapi);
  strapi.destroy = async () => {
    destroyed = true;
    return realDestroy();
  };
  const strapiModule = {
    ...appRequire('@strapi/strapi'),
    compileStrapi: async () => ({ appDir: APP_DIR, distDir: APP_DIR }),
    createStrapi: () => ({ load: async () => strapi }),
  };
  const realLog = console.log;
  const realWarn = console.warn;
  const realWrite = process.stdout.write.bind(process.stdout);
  const realCwd = process.cwd();
  console.log = (...args: unknown[]) => void log.push(format(...args));
  console.warn = (...args: unknown[]) => void log.push(format(...args));
  // The example writes strings; the test runner's own reports (serialized buffers) go through.
  process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    if (typeof chunk !== 'string') return (realWrite as (...a: unknown[]) => boolean)(chunk, ...rest);
    stdout += chunk;
    return true;
  }) as typeof process.stdout.write;
  process.chdir(options.cwd);
  try {
    const exports = runExample(block, { filename: options.filename, modules: { '@strapi/strapi': strapiModule, ...options.modules } });
    const done = options.done ?? (() => destroyed);
    const deadline = Date.now() + (options.timeoutMs ?? 60_000);
    while (!done({ log, stdout })) {
      if (Date.now() > deadline) throw new Error(`the example did not finish in time; it printed:\n${log.join('\n')}\n${stdout}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    return { log, stdout, destroyed, exports };
  } finally {
    process.chdir(realCwd);
    console.log = realLog;
    console.warn = realWarn;
    process.stdout.write = realWrite;
    strapi.destroy = realDestroy;
  }
}

/** Waits until `read()` satisfies `ok`. */
export async function waitFor<T>(read: () => T | Promise<T>, ok: (value: T) => boolean, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A readable of `bytes`, for hand-built asset items. */
export function bytesStream(bytes: Buffer): Readable {
  const stream = new PassThrough();
  stream.end(bytes);
  return stream;
}

/** Writes a hand-built tar archive (optionally gzipped) with the given entries, in order. */
export async function writeArchive(
  file: string,
  entries: Array<{ path: string; data: string | Buffer }>,
  options: { gzip?: boolean } = {},
) {
  const tar = appModule('tar-stream');
  const { createWriteStream } = await import('node:fs');
  const { createGzip } = await import('node:zlib');
  const pack = tar.pack();
  for (const entry of entries) pack.entry({ name: entry.path }, entry.data);
  pack.finalize();
  await pipeline([pack, ...(options.gzip ? [createGzip()] : []), createWriteStream(file)] as never);
}

/** Runs `fn` once; later calls get the same promise (for claims that share one CLI run). */
export function memo<T>(fn: () => Promise<T>): () => Promise<T> {
  let result: Promise<T> | undefined;
  return () => (result ??= fn());
}
