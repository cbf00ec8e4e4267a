import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before } from 'node:test';
import type { Core } from '@strapi/strapi';
import {
  APP_DIR,
  adminSession,
  appVariant,
  baseUrl,
  bootStrapi,
  claim,
  codeBlock,
  runExample,
  stopStrapi,
  type AdminSession,
  type Json,
} from '../../../../harness';
import { tempDir } from '../../../../harness/temp-dirs';

const FILE = 'plugin::upload.file';
const sharp = require(path.join(APP_DIR, 'node_modules/sharp')) as typeof import('sharp').default;
const uploadConfig = require(path.join(APP_DIR, 'node_modules/@strapi/upload/dist/server/config.js')).config as {
  default: Json;
  validator(config: Json): void;
};

let strapi: Core.Strapi;
let admin: AdminSession;
let apiToken = '';

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 90, b: 160 } } })
    .png()
    .toBuffer();

/** A multipart upload, as the Media Library or a Content API client sends it. */
async function upload(
  url: string,
  files: Array<{ name: string; type: string; data: Buffer }>,
  fields: Record<string, string> = {},
  token = admin.token,
) {
  const form = new FormData();
  for (const f of files) form.append('files', new Blob([f.data], { type: f.type }), f.name);
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const res = await fetch(baseUrl(strapi) + url, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  return { status: res.status, body: (await res.json()) as Json };
}
const publicDir = () => strapi.dirs.static.public;
const onDisk = (url: string) => existsSync(path.join(publicDir(), url));

before(async () => {
  strapi = await bootStrapi({ name: 'upload-intro', listen: true });
  admin = await adminSession(strapi);
  apiToken = (
    await strapi.service('admin::api-token').create({ kind: 'content-api', name: 'uploads', type: 'full-access', lifespan: null })
  ).accessKey;
});
after(async () => {
  if (strapi) await stopStrapi(strapi);
});

claim(
  {
    id: 'core-plugin-and-media-relations',
    says: 'It is a core plugin: every project has it, and media attributes in any content type are relations to its file content type.',
  },
  () => {
    // The application declares no plugin; upload is there.
    assert.equal(existsSync(path.join(APP_DIR, 'config/plugins.js')), false);
    assert.ok(strapi.plugin('upload'), 'the upload plugin is loaded');
    const attributes = strapi.db.metadata.get('api::article.article').attributes as Json;
    for (const media of ['cover', 'gallery']) {
      assert.equal(attributes[media].type, 'relation', media);
      assert.equal(attributes[media].target, FILE, media);
    }
    assert.equal((strapi.db.metadata.get('shared.seo').attributes as Json).image.target, FILE);
  },
);

claim(
  {
    id: 'config-defaults-and-validator',
    says: 'a validator rejects the two concurrency settings unless they are integers ≥ 1',
  },
  () => {
    const config = strapi.config.get('plugin::upload') as Json;
    assert.deepEqual(
      {
        enabled: config.enabled,
        provider: config.provider,
        sizeLimit: config.sizeLimit,
        actionOptions: config.actionOptions,
        sharp: config.sharp,
        concurrentUploadSize: config.concurrentUploadSize,
        concurrentUploadRequests: config.concurrentUploadRequests,
      },
      {
        enabled: true,
        provider: 'local',
        sizeLimit: 1000000000,
        actionOptions: {},
        sharp: { cache: false, concurrency: 1 },
        concurrentUploadSize: 1,
        concurrentUploadRequests: 1,
      },
    );
    for (const bad of [0, 1.5, '2', -1])
      for (const key of ['concurrentUploadSize', 'concurrentUploadRequests'])
        assert.throws(() => uploadConfig.validator({ [key]: bad }), {
          message: `upload plugin config: "${key}" must be an integer greater than or equal to 1`,
        });
    uploadConfig.validator({ concurrentUploadSize: 3, concurrentUploadRequests: 2 });
  },
);

claim(
  {
    id: 'default-settings',
    says: 'Default settings (sizeOptimization: true, responsiveDimensions: true, autoOrientation: false, aiMetadata: true)',
  },
  async () => {
    assert.deepEqual(await strapi.plugin('upload').service('upload').getSettings(), {
      sizeOptimization: true,
      responsiveDimensions: true,
      autoOrientation: false,
      aiMetadata: true,
    });
  },
);

claim(
  {
    id: 'image-upload-formats',
    says: 'For an image, uploadImage reads its dimensions and queues the upload of the original and, for resizable images, of the thumbnail and every responsive format, then awaits them together with one Promise.all.',
  },
  async () => {
    const res = await upload('/upload', [{ name: 'Wide Photo.png', type: 'image/png', data: await png(1200, 800) }]);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const [file] = res.body as unknown as Json[];
    assert.deepEqual([file.width, file.height, file.ext, file.mime, file.provider], [1200, 800, '.png', 'image/png', 'local']);
    assert.match(file.hash, /^Wide_Photo_[0-9a-f]{10}$/);
    assert.deepEqual(Object.keys(file.formats).sort(), ['large', 'medium', 'small', 'thumbnail']);
    assert.deepEqual(Object.fromEntries(Object.entries(file.formats as Record<string, Json>).map(([k, f]) => [k, f.width])), {
      large: 1000,
      medium: 750,
      small: 500,
      thumbnail: 234,
    });
    for (const url of [file.url, ...Object.values(file.formats as Record<string, Json>).map((f) => f.url)]) assert.ok(onDisk(url), url);
    // Uploaded by an admin: the entry records who.
    const row = await strapi.db.query(FILE).findOne({ where: { id: file.id }, populate: ['createdBy'] });
    assert.equal(row.createdBy?.email, 'claims@example.com');
  },
);

claim(
  {
    id: 'temp-dir-per-request',
    says: 'upload creates a temporary directory (strapi-upload- prefix in the OS temp folder) shared by all files of the request and removes it in a finally block.',
  },
  async () => {
    const tmp = tempDir('claims-tmp-');
    const seen: string[][] = [];
    const unsubscribe = strapi.db.lifecycles.subscribe({
      models: [FILE],
      beforeCreate: () => void seen.push(readdirSync(tmp)),
    }) as unknown as () => void;
    const saved = process.env.TMPDIR;
    process.env.TMPDIR = tmp; // os.tmpdir() reads it on each call
    try {
      const res = await upload('/upload', [
        { name: 'one.txt', type: 'text/plain', data: Buffer.from('one') },
        { name: 'two.txt', type: 'text/plain', data: Buffer.from('two') },
      ]);
      assert.equal(res.status, 201);
    } finally {
      if (saved === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = saved;
      unsubscribe();
    }
    assert.equal(seen.length, 2);
    assert.equal(seen[0].length, 1);
    assert.match(seen[0][0], /^strapi-upload-/);
    assert.deepEqual(seen[1], seen[0]);
    assert.deepEqual(readdirSync(tmp), []);
  },
);

claim(
  {
    id: 'batches-of-concurrent-upload-size',
    says: 'Files are processed in batches of concurrentUploadSize (default 1, so one after the other); the files of a batch run in parallel.',
  },
  async () => {
    const provider = strapi.plugin('upload').provider as Json;
    const original = provider.uploadStream;
    let running = 0;
    let most = 0;
    provider.uploadStream = async (file: Json, options: unknown) => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 60));
      try {
        return await original(file, options);
      } finally {
        running--;
      }
    };
    const files = ['a', 'b', 'c', 'd'].map((n) => ({ name: `${n}.txt`, type: 'text/plain', data: Buffer.from(n) }));
    try {
      await upload('/upload', files);
      assert.equal(most, 1);
      most = 0;
      strapi.config.set('plugin::upload.concurrentUploadSize', 2);
      await upload('/upload', files);
      assert.equal(most, 2);
    } finally {
      provider.uploadStream = original;
      strapi.config.set('plugin::upload.concurrentUploadSize', 1);
    }
  },
);

claim(
  {
    id: 'invalid-file-names',
    says: 'reserved characters and Windows reserved device names used as the whole name (CON, nul, lpt1...) are rejected with File name contains invalid characters',
  },
  async () => {
    for (const name of ['bad<name>.txt', 'CON', 'nul']) {
      const res = await upload('/upload', [{ name, type: 'text/plain', data: Buffer.from('x') }]);
      assert.equal(res.status, 400, name);
      assert.equal(res.body.error?.message, 'File name contains invalid characters', name);
    }
    // With an extension, the same name passes.
    assert.equal((await upload('/upload', [{ name: 'CON.txt', type: 'text/plain', data: Buffer.from('x') }])).status, 201);
  },
);

claim({ id: 'related-from-ref', says: 'sets related when refId, ref and field are sent' }, async () => {
  const article = await strapi.documents('api::article.article').create({ locale: 'en', data: { title: 'With a cover' } });
  const row = await strapi.db.query('api::article.article').findOne({ where: { documentId: article.documentId } });
  const res = await upload(
    '/api/upload',
    [{ name: 'cover.png', type: 'image/png', data: await png(300, 200) }],
    { ref: 'api::article.article', refId: String(row.id), field: 'cover' },
    apiToken,
  );
  assert.equal(res.status, 201, JSON.stringify(res.body));
  const linked = await strapi.db.query('api::article.article').findOne({ where: { id: row.id }, populate: ['cover'] });
  assert.equal(linked.cover?.id, (res.body as unknown as Json[])[0].id);
});

claim(
  {
    id: 'faulty-image',
    says: 'An image whose header sharp reads but whose data does not decode (a truncated PNG, for example) is rejected with File is not a valid image',
  },
  async () => {
    const whole = await png(300, 200);
    const truncated = whole.subarray(0, whole.length - 40);
    const res = await upload('/upload', [{ name: 'truncated.png', type: 'image/png', data: truncated }]);
    assert.equal(res.status, 400, JSON.stringify(res.body));
    assert.equal(res.body.error?.message, 'File is not a valid image');
  },
);

claim(
  {
    id: 'unreadable-image-stored-as-file',
    says: 'a file sharp cannot read at all is not treated as an image and is stored as it is, under its declared MIME type',
  },
  async () => {
    const garbage = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
    const res = await upload('/upload', [{ name: 'garbage.png', type: 'image/png', data: garbage }]);
    assert.equal(res.status, 201);
    const [file] = res.body as unknown as Json[];
    assert.deepEqual([file.mime, file.width, file.formats], ['image/png', null, null]);
    assert.ok(onDisk(file.url), file.url);
  },
);

claim(
  {
    id: 'size-limit',
    says: 'checkFileSize (throws PayloadTooLargeError above sizeLimit)',
  },
  async () => {
    strapi.config.set('plugin::upload.sizeLimit', 1000);
    try {
      const res = await upload('/upload', [{ name: 'big.txt', type: 'text/plain', data: Buffer.alloc(5000, 65) }]);
      assert.equal(res.status, 413);
      assert.deepEqual([res.body.error?.name, res.body.error?.message], ['PayloadTooLargeError', 'big.txt exceeds size limit of 1 KB.']);
      assert.equal((await upload('/upload', [{ name: 'small.txt', type: 'text/plain', data: Buffer.alloc(500, 65) }])).status, 201);
    } finally {
      strapi.config.set('plugin::upload.sizeLimit', 1000000000);
    }
  },
);

claim(
  {
    id: 'media-events',
    says: 'update and remove emit media.update and media.delete the same way',
  },
  async () => {
    const events: Array<[string, Json]> = [];
    for (const name of ['media.create', 'media.update', 'media.delete'])
      strapi.eventHub.on(name, async ({ media }: { media: Json }) => void events.push([name, media]));
    const created = (await upload('/api/upload', [{ name: 'event.txt', type: 'text/plain', data: Buffer.from('e') }], {}, apiToken))
      .body as unknown as Json[];
    const id = created[0].id;
    const updated = await upload(`/upload?id=${id}`, [], { fileInfo: JSON.stringify({ name: 'renamed.txt', caption: 'c' }) });
    assert.equal(updated.status, 200, JSON.stringify(updated.body));
    const removed = await fetch(`${baseUrl(strapi)}/api/upload/files/${id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${apiToken}` },
    });
    assert.equal(removed.status, 200);
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.deepEqual(
      events.map(([name, media]) => [name, media.id, media.name]),
      [
        ['media.create', id, 'event.txt'],
        ['media.update', id, 'renamed.txt'],
        ['media.delete', id, 'renamed.txt'],
      ],
    );
    assert.equal(await strapi.db.query(FILE).findOne({ where: { id } }), null);
  },
);

claim(
  {
    id: 'replace-keeps-url',
    says: 'replace checks the size, keeps the existing hash and ext so the public URL does not change',
  },
  async () => {
    const [file] = (await upload('/upload', [{ name: 'replace-me.png', type: 'image/png', data: await png(1200, 800) }]))
      .body as unknown as Json[];
    const oldFormats = file.formats as Record<string, Json>;
    const res = await upload(`/upload?id=${file.id}`, [{ name: 'smaller.jpg', type: 'image/png', data: await png(300, 200) }]);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const replaced = res.body as Json;
    assert.deepEqual([replaced.hash, replaced.ext, replaced.url], [file.hash, file.ext, file.url]);
    assert.deepEqual([replaced.width, replaced.height], [300, 200]);
    // The new image is too small for the responsive formats: their old files are deleted.
    assert.deepEqual(Object.keys(replaced.formats), ['thumbnail']);
    for (const key of ['large', 'medium', 'small']) assert.equal(onDisk(oldFormats[key].url), false, key);
    assert.ok(onDisk(replaced.formats.thumbnail.url), 'thumbnail');
  },
);

claim(
  {
    id: 'replace-from-another-provider',
    says: 'When the file came from another provider, the new content is uploaded to the current one and nothing is deleted from the old one.',
  },
  async () => {
    const [file] = (await upload('/upload', [{ name: 'elsewhere.txt', type: 'text/plain', data: Buffer.from('old') }]))
      .body as unknown as Json[];
    // Pretend another provider stored it, and watch deletions on the current one.
    await strapi.db.query(FILE).update({ where: { id: file.id }, data: { provider: 'aws-s3' } });
    const provider = strapi.plugin('upload').provider as Json;
    const deleted: string[] = [];
    const [originalDelete, originalReplace] = [provider.delete, provider.replaceStream];
    provider.delete = async (f: Json) => void deleted.push(f.url);
    provider.replaceStream = async () => assert.fail('replace on the current provider');
    try {
      const res = await upload(`/upload?id=${file.id}`, [{ name: 'new.txt', type: 'text/plain', data: Buffer.from('new') }]);
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(res.body.provider, 'local');
    } finally {
      provider.delete = originalDelete;
      provider.replaceStream = originalReplace;
    }
    assert.deepEqual(deleted, []);
  },
);

claim(
  {
    id: 'base-provider-prototype',
    says: 'A base prototype supplies extend, checkFileSize (throws PayloadTooLargeError above sizeLimit), getSignedUrl (returns the file unchanged) and isPrivate (false) when the provider does not define them.',
  },
  async () => {
    const provider = strapi.plugin('upload').provider as Json;
    const base = Object.getPrototypeOf(provider) as Json;
    assert.deepEqual(Object.keys(base).sort(), ['checkFileSize', 'extend', 'getSignedUrl', 'isPrivate']);
    // The local provider defines none of getSignedUrl, isPrivate, extend: the prototype answers.
    const file = { url: '/uploads/x.png' };
    assert.equal(provider.getSignedUrl(file), file);
    assert.equal(provider.isPrivate(), false);
    provider.extend({ claimsExtra: 1 });
    assert.equal(provider.claimsExtra, 1);
    delete provider.claimsExtra;
  },
);

claim({ id: 'content-api-routes', says: 'are mounted under /api/upload' }, async () => {
  const auth = { authorization: `Bearer ${apiToken}` };
  const [file] = (await upload('/api/upload', [{ name: 'route.txt', type: 'text/plain', data: Buffer.from('r') }], {}, apiToken))
    .body as unknown as Json[];
  const get = async (url: string) => {
    const res = await fetch(baseUrl(strapi) + url, { headers: auth });
    return { status: res.status, body: (await res.json()) as Json };
  };
  const list = await get('/api/upload/files');
  assert.ok(Array.isArray(list.body) && list.body.some((f: Json) => f.id === file.id), 'GET /files lists it');
  const page = await get('/api/upload/files/page?pagination[pageSize]=1');
  assert.equal(page.status, 200, JSON.stringify(page.body));
  assert.equal(page.body.meta?.pagination?.pageSize, 1);
  assert.equal(page.body.data.length, 1);
  assert.equal((await get(`/api/upload/files/${file.id}`)).body.name, 'route.txt');
  const del = await fetch(`${baseUrl(strapi)}/api/upload/files/${file.id}`, { method: 'DELETE', headers: auth });
  assert.equal(del.status, 200);
  assert.equal((await get(`/api/upload/files/${file.id}`)).status, 404);
});

claim(
  {
    id: 'api-uploads-folder',
    says: 'The API Uploads folder (its id kept in the core store; a suffix such as (1) is added if the name is taken) used for files sent through the Content API',
  },
  async () => {
    // The folder is made on the first Content API upload (above); its id is in the store.
    const stored = (await strapi.store({ type: 'plugin', name: 'upload', key: 'api-folder' }).get({})) as Json;
    const folder = await strapi.db.query('plugin::upload.folder').findOne({ where: { id: stored.id } });
    assert.equal(folder.name, 'API Uploads');
    const [file] = (await upload('/api/upload', [{ name: 'in-folder.txt', type: 'text/plain', data: Buffer.from('f') }], {}, apiToken))
      .body as unknown as Json[];
    assert.equal((await strapi.db.query(FILE).findOne({ where: { id: file.id }, populate: ['folder'] })).folder?.id, folder.id);
    // If that folder goes, the next Content API upload makes a new one; the name is free again... unless taken.
    await strapi.db.query('plugin::upload.folder').update({ where: { id: folder.id }, data: { name: 'API Uploads' } });
    await strapi.store({ type: 'plugin', name: 'upload', key: 'api-folder' }).set({ value: { id: 999999 } });
    const [next] = (await upload('/api/upload', [{ name: 'next.txt', type: 'text/plain', data: Buffer.from('n') }], {}, apiToken))
      .body as unknown as Json[];
    const nextFolder = (await strapi.db.query(FILE).findOne({ where: { id: next.id }, populate: ['folder'] })).folder;
    assert.equal(nextFolder?.name, 'API Uploads (1)');
  },
);

claim(
  {
    id: 'listener-errors-stay-out-of-the-upload',
    says: 'a listener that throws rejects that un-awaited promise: the upload does not fail',
  },
  async () => {
    const rejected: unknown[] = [];
    const emit = strapi.eventHub.emit.bind(strapi.eventHub);
    strapi.eventHub.emit = ((event: string, ...args: unknown[]) => {
      const promise = emit(event, ...args);
      // Observe the promise the upload service drops, so this test leaves no unhandled rejection.
      if (event === 'media.create') promise.catch((error: unknown) => void rejected.push(error));
      return promise;
    }) as typeof strapi.eventHub.emit;
    const listener = async () => {
      throw new Error('listener failed');
    };
    strapi.eventHub.on('media.create', listener);
    try {
      const res = await upload('/upload', [{ name: 'survives.txt', type: 'text/plain', data: Buffer.from('s') }]);
      assert.equal(res.status, 201);
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      strapi.eventHub.off('media.create', listener);
      strapi.eventHub.emit = emit;
    }
    assert.deepEqual(
      rejected.map((e) => (e as Error).message),
      ['listener failed'],
    );
  },
);

claim(
  {
    id: 'example-scans-documents',
    says: 'A contributor adding a virus-scan hook does not need to touch the upload service: listen to the media events.',
  },
  async () => {
    const { bootstrap } = runExample<{ bootstrap: (ctx: { strapi: Core.Strapi }) => void }>(
      codeBlock({ title: 'src/plugins/av-scan/server/src/bootstrap.ts' }),
    );
    const queued: Array<[number, string]> = [];
    let failNext = false;
    const scanner = {
      enqueue: async (id: number, url: string) => {
        if (failNext) throw new Error('scanner down');
        queued.push([id, url]);
      },
    };
    // The real Strapi, with an av-scan plugin that only exists for this example.
    const withPlugin = new Proxy(strapi, {
      get: (target, key) =>
        key === 'plugin'
          ? (name: string) => (name === 'av-scan' ? { service: () => scanner } : target.plugin(name))
          : Reflect.get(target, key),
    });
    const errors: unknown[][] = [];
    const logError = strapi.log.error;
    strapi.log.error = ((...args: unknown[]) => void errors.push(args)) as unknown as typeof strapi.log.error;
    try {
      bootstrap({ strapi: withPlugin });
      const [pdf] = (await upload('/upload', [{ name: 'report.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.4') }]))
        .body as unknown as Json[];
      await upload('/upload', [{ name: 'picture.png', type: 'image/png', data: await png(50, 50) }]);
      failNext = true;
      await upload('/upload', [{ name: 'second.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.4') }]);
      await new Promise((resolve) => setTimeout(resolve, 50));
      assert.deepEqual(queued, [[pdf.id, pdf.url]]);
      assert.equal(errors.length, 1);
      assert.equal(errors[0][0], 'Could not enqueue virus scan');
    } finally {
      strapi.log.error = logError;
    }
  },
);

claim(
  {
    id: 'private-provider-signs',
    says: "the upload controllers sign the files they return with the file service's signFileUrls; the stored URLs stay unsigned",
  },
  async () => {
    // A provider given as a module path: the local provider, private, signing with a query string.
    const privateApp = appVariant('upload-private', (dir) => {
      mkdirSync(path.join(dir, 'providers'));
      writeFileSync(
        path.join(dir, 'providers/private.js'),
        `const local = require('@strapi/provider-upload-local');
module.exports = {
  init(options) {
    const base = local.init(options);
    return {
      ...base,
      isPrivate: () => true,
      getSignedUrl: (file) => ({ url: file.url + '?signed=1' }),
      uploadStream: (file, options) => {
        (globalThis.__claimsActionOptions ??= []).push(options);
        return base.uploadStream(file);
      },
    };
  },
};
`,
      );
      writeFileSync(
        path.join(dir, 'config/plugins.js'),
        `module.exports = () => ({ upload: { config: { provider: ${JSON.stringify(path.join(dir, 'providers/private.js'))}, actionOptions: { uploadStream: { acl: 'private' } } } } });\n`,
      );
    });
    await stopStrapi(strapi);
    strapi = await bootStrapi({ name: 'upload-intro', keepDatabase: true, appDir: privateApp, listen: true });
    admin = await adminSession(strapi);
    const [file] = (await upload('/upload', [{ name: 'secret.png', type: 'image/png', data: await png(400, 300) }]))
      .body as unknown as Json[];
    assert.match(file.url, /\?signed=1$/);
    assert.match(file.formats.thumbnail.url, /\?signed=1$/);
    const stored = await strapi.db.query(FILE).findOne({ where: { id: file.id } });
    assert.doesNotMatch(stored.url, /signed/);
    const listed = await admin.request('GET', `/upload/files/${file.id}`);
    assert.match(listed.body.url, /\?signed=1$/);
    // The document-service middleware signs media in every result.
    const article = await strapi
      .documents('api::article.article')
      .create({ locale: 'en', data: { title: 'Private', cover: file.id } as never, populate: ['cover'] });
    assert.match((article as Json).cover.url, /\?signed=1$/);
    const found = (await strapi.documents('api::article.article').findMany({
      locale: 'en',
      populate: ['cover'],
      filters: { title: 'Private' },
    })) as Json[];
    assert.equal(found.length, 1);
    assert.match(found[0].cover.url, /\?signed=1$/);
  },
);

claim(
  {
    id: 'action-options',
    says: 'Each method is wrapped so that actionOptions[methodName] from the config is passed as the second argument unless the caller passes one.',
  },
  async () => {
    // Still on the private provider above, configured with actionOptions.uploadStream.
    const recorded = ((globalThis as Json).__claimsActionOptions ?? []) as unknown[];
    assert.ok(recorded.length > 0, 'uploads went through uploadStream');
    assert.ok(
      recorded.every((o) => JSON.stringify(o) === '{"acl":"private"}'),
      JSON.stringify(recorded),
    );
    recorded.length = 0;
    const { Readable } = await import('node:stream');
    await strapi
      .plugin('upload')
      .provider.uploadStream({ hash: 'direct', ext: '.txt', stream: Readable.from(['x']) } as never, { acl: 'caller' } as never);
    assert.deepEqual(recorded, [{ acl: 'caller' }]);
  },
);

claim({ id: 'provider-load-failure', says: 'Loading failures throw Could not load upload provider "<name>".' }, async () => {
  const broken = appVariant('upload-broken', (dir) => {
    writeFileSync(path.join(dir, 'config/plugins.js'), "module.exports = () => ({ upload: { config: { provider: 'No-Such-Thing' } } });\n");
  });
  await stopStrapi(strapi);
  // The value is lower-cased before it is resolved, and named that way in the error.
  await assert.rejects(bootStrapi({ name: 'upload-intro', keepDatabase: true, appDir: broken }), {
    message: 'Could not load upload provider "no-such-thing".',
  });
  const failed = (globalThis as unknown as { strapi: Core.Strapi }).strapi;
  await stopStrapi(failed);
  strapi = undefined as unknown as Core.Strapi;
});
