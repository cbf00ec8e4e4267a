import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { after, before } from 'node:test';
import type { Core } from '@strapi/strapi';
import { appVariant, bootStrapi, claim, codeBlock, defect, runStrapiCli, stopStrapi, STATE_DIR } from '../../../../../../harness';
import { freshDatabase } from '../../../../../../harness/database';
import {
  appModule,
  dataTransfer,
  openDatabase,
  runScriptExample,
  scratchDir,
  seedContent,
  writeArchive,
  type Json,
  type Seed,
} from '../../../../../../harness/transfer';

const dts = dataTransfer();
let strapi: Core.Strapi;
let seed: Seed;
let dir: string;
let archive: string;
const KEY = 'source-passphrase';

before(async () => {
  strapi = await bootStrapi({ name: 'dts-file-source' });
  seed = await seedContent(strapi);
  dir = scratchDir('file-source');
  for (const key of [KEY, undefined])
    await dts.engine
      .createTransferEngine(
        dts.strapi.providers.createLocalStrapiSourceProvider({ getStrapi: () => strapi, autoDestroy: false }),
        dts.file.providers.createLocalFileDestinationProvider({
          file: { path: path.join(dir, key ? 'backup' : 'plain') },
          compression: { enabled: true },
          encryption: { enabled: Boolean(key), key },
        }),
        { versionStrategy: 'ignore', schemaStrategy: 'ignore' },
      )
      .transfer();
  archive = path.join(dir, 'backup.tar.gz.enc');
});
after(async () => {
  await stopStrapi(strapi);
});

const encrypted = () =>
  dts.file.providers.createLocalFileSourceProvider({
    file: { path: archive },
    compression: { enabled: true },
    encryption: { enabled: true, key: KEY },
  });
const plain = (file: string, gzip = false) =>
  dts.file.providers.createLocalFileSourceProvider({
    file: { path: file },
    compression: { enabled: gzip },
    encryption: { enabled: false },
  });
const reporter = () => dts.utils.diagnostics.createDiagnosticReporter();
async function collect(stream: Json): Promise<Json[]> {
  const items: Json[] = [];
  for await (const item of stream) items.push(item);
  return items;
}
/** The read streams opened on `file` while `fn` runs. */
async function readsOf(file: string, fn: () => Promise<unknown>): Promise<number> {
  const fse = appModule('fs-extra');
  const real = fse.createReadStream;
  let reads = 0;
  fse.createReadStream = (target: string, ...rest: unknown[]) => {
    if (target === file) reads += 1;
    return real(target, ...rest);
  };
  try {
    await fn();
  } finally {
    fse.createReadStream = real;
  }
  return reads;
}
const schemaLine = JSON.stringify({ uid: 'api::tag.tag', modelType: 'contentType', attributes: {}, lifecycles: { kept: true } }) + '\n';
const metadataJson = JSON.stringify({ strapi: { version: '5.54.0' }, createdAt: '2025-01-01T00:00:00.000Z' });

claim(
  {
    id: 'one-read-per-call',
    says: 'open a new read stream over the whole file and re-apply the decipher and gunzip layers',
  },
  async () => {
    const source = encrypted();
    assert.equal(await readsOf(archive, () => source.bootstrap(reporter())), 1);
    assert.equal(await readsOf(archive, () => source.getMetadata()), 0, 'cached after bootstrap');
    assert.equal(await readsOf(archive, () => source.getSchemas()), 1);
    assert.equal(await readsOf(archive, () => source.validateStage('assets')), 1);
    for (const stage of ['Schemas', 'Entities', 'Links', 'Configuration'])
      assert.equal(await readsOf(archive, async () => collect(source[`create${stage}ReadStream`]())), 1, stage);
  },
);

claim({ id: 'preflight-assets-only', says: "Asset preflight for 'assets'; returns at once for other stages" }, async () => {
  const source = encrypted();
  await source.bootstrap(reporter());
  for (const stage of ['schemas', 'entities', 'links', 'configuration'])
    assert.equal(await readsOf(archive, () => source.validateStage(stage)), 0, stage);
});

claim(
  {
    id: 'asset-items',
    says: 'every entry under assets/uploads becomes an IAsset whose stream is the tar entry itself and whose stats.size is the entry size',
  },
  async () => {
    const source = encrypted();
    await source.bootstrap(reporter());
    await source.validateStage('assets');
    const assets: Json[] = [];
    for await (const asset of await source.createAssetsReadStream()) {
      const chunks: Buffer[] = [];
      for await (const chunk of asset.stream) chunks.push(chunk);
      assets.push({ ...asset, bytes: Buffer.concat(chunks) });
    }
    assert.equal(assets.length, 1 + Object.keys(seed.image.formats).length);
    for (const asset of assets) {
      assert.equal(asset.stats.size, asset.bytes.length);
      assert.equal(asset.filepath, `assets/uploads/${asset.filename}`);
      assert.equal(asset.metadata.id, seed.image.id);
    }
  },
);

claim(
  {
    id: 'extra-pass-without-preflight',
    says: 'does the provider read assets/metadata/FILENAME.json with an extra pass over the archive',
  },
  async () => {
    const source = encrypted();
    await source.bootstrap(reporter());
    const uploads = 1 + Object.keys(seed.image.formats).length;
    const reads = await readsOf(archive, async () => {
      for await (const asset of await source.createAssetsReadStream()) asset.stream.resume();
    });
    assert.equal(reads, 1 + uploads);
  },
);

claim(
  {
    id: 'invalid-sidecar',
    says: 'Asset metadata preflight failed for "<file>.json": <reason>. The destination was not modified; re-export and try again.',
  },
  async () => {
    const file = path.join(dir, 'invalid-sidecar.tar');
    const sidecar = {
      id: 3,
      size: 1,
      name: 'photo.png',
      hash: 'other_hash',
      ext: '.png',
      mime: 'image/png',
      url: '/uploads/photo_abc.png',
    };
    await writeArchive(file, [
      { path: 'assets/metadata/photo_abc.png.json', data: JSON.stringify(sidecar) },
      { path: 'assets/uploads/photo_abc.png', data: 'png' },
      { path: 'metadata.json', data: metadataJson },
    ]);
    const error: Json = await plain(file)
      .validateStage('assets')
      .catch((e: Json) => e);
    assert.match(
      error.message,
      /^Asset metadata preflight failed for "photo_abc\.png\.json": .+\. The destination was not modified; re-export and try again\.$/,
    );
    assert.equal(error.details.step, 'validation');
  },
);

defect(
  {
    id: 'missing-sidecar-stalls-stream',
    says: 'it surfaces as an unhandled rejection (Failed to read metadata for <file>) instead of failing the stream, and the stream neither errors nor ends',
    summary:
      "Without the asset preflight, the file source's missing-sidecar error is thrown in an un-awaited tar callback: an unhandled rejection, while the assets stream neither errors nor ends",
  },
  async () => {
    const file = path.join(dir, 'no-sidecar.tar');
    await writeArchive(file, [
      { path: 'assets/uploads/lonely.png', data: 'png' },
      { path: 'metadata.json', data: metadataJson },
    ]);
    const saved = process.listeners('unhandledRejection');
    process.removeAllListeners('unhandledRejection');
    const unhandled: string[] = [];
    process.on('unhandledRejection', (reason: Json) => void unhandled.push(reason?.message));
    try {
      const stream = await plain(file).createAssetsReadStream();
      const outcome = await Promise.race([
        collect(stream).then(
          () => 'ended',
          (e: Json) => `errored: ${e.message}`,
        ),
        new Promise((resolve) => setTimeout(() => resolve('still open'), 1500)),
      ]);
      assert.equal(outcome, 'still open');
      assert.deepEqual(unhandled, ['Failed to read metadata for lonely.png']);
      stream.destroy();
    } finally {
      process.removeAllListeners('unhandledRejection');
      for (const listener of saved) process.on('unhandledRejection', listener as never);
    }
  },
);

claim(
  {
    id: 'no-close-no-totals',
    says: 'It implements neither close nor getStageTotals, so the engine has no asset totals for the CLI to show on import.',
  },
  async () => {
    const source = encrypted();
    assert.equal((source as Json).close, undefined);
    assert.equal((source as Json).getStageTotals, undefined);
    let totals: Json = 'unset';
    const engine = dts.engine.createTransferEngine(
      source,
      dts.file.providers.createLocalFileDestinationProvider({
        file: { path: path.join(dir, 'copy') },
        compression: { enabled: false },
        encryption: { enabled: false },
      }),
      {
        versionStrategy: 'ignore',
        schemaStrategy: 'ignore',
        only: ['files'],
      },
    );
    engine.progress.stream.on('stage::start', ({ stage, data }: Json) => stage === 'assets' && (totals = { ...data.assets }));
    await engine.transfer();
    assert.equal(totals.totalBytes, undefined);
    assert.equal(totals.totalCount, undefined);
  },
);

claim(
  { id: 'schemas-without-map', says: 'Reads schemas/, keys by uid, normalises with schemasToValidJSON (no mapSchemasValues)' },
  async () => {
    const file = path.join(dir, 'schemas.tar');
    await writeArchive(file, [
      { path: 'schemas/schemas_00001.jsonl', data: schemaLine },
      { path: 'metadata.json', data: metadataJson },
    ]);
    const schemas = await plain(file).getSchemas();
    assert.deepEqual(Object.keys(schemas), ['api::tag.tag']);
    assert.deepEqual(schemas['api::tag.tag'].lifecycles, { kept: true }, 'a property mapSchemasValues would drop');
  },
);

claim({ id: 'missing-key', says: 'Passphrase; the constructor throws Missing encryption key if enabled and undefined' }, async () => {
  assert.throws(
    () =>
      dts.file.providers.createLocalFileSourceProvider({
        file: { path: archive },
        compression: { enabled: true },
        encryption: { enabled: true },
      }),
    { message: 'Missing encryption key' },
  );
});

claim({ id: 'wrong-key', says: "Key is incorrect or the file '...' is not a valid Strapi data file." }, async () => {
  const wrong = dts.file.providers.createLocalFileSourceProvider({
    file: { path: archive },
    compression: { enabled: true },
    encryption: { enabled: true, key: 'not it' },
  });
  const error: Json = await wrong.bootstrap(reporter()).catch((e: Json) => e);
  assert.equal(error.message, `Key is incorrect or the file '${archive}' is not a valid Strapi data file.`);
  assert.equal(error.details.step, 'initialization');
});

claim({ id: 'plain-unreadable', says: "File '...' is not a valid Strapi data file." }, async () => {
  const file = path.join(dir, 'noise.tar');
  (await import('node:fs')).writeFileSync(file, Buffer.alloc(2048, 3));
  await assert.rejects(plain(file, false).bootstrap(reporter()), { message: `File '${file}' is not a valid Strapi data file.` });
});

claim(
  {
    id: 'gzip-detected-by-tar',
    says: 'with compression.enabled: false a gzipped archive still reads, while true on an archive that is not gzipped fails at bootstrap',
  },
  async () => {
    const gzipped = path.join(dir, 'plain.tar.gz');
    const source = plain(gzipped, false);
    await source.bootstrap(reporter());
    assert.ok((await collect(source.createEntitiesReadStream())).length > 0);
    const tarOnly = path.join(dir, 'metadata-only.tar');
    await writeArchive(tarOnly, [{ path: 'metadata.json', data: metadataJson }]);
    await plain(tarOnly, false).bootstrap(reporter());
    await assert.rejects(plain(tarOnly, true).bootstrap(reporter()), { message: `File '${tarOnly}' is not a valid Strapi data file.` });
  },
);

claim(
  {
    id: 'metadata-null-or-missing',
    says: 'Bootstrap, metadata.json holds null',
  },
  async () => {
    const missing = path.join(dir, 'no-metadata.tar');
    await writeArchive(missing, [{ path: 'schemas/schemas_00001.jsonl', data: schemaLine }]);
    await assert.rejects(plain(missing).bootstrap(reporter()), { message: `File '${missing}' is not a valid Strapi data file.` });
    const empty = path.join(dir, 'null-metadata.tar');
    await writeArchive(empty, [{ path: 'metadata.json', data: 'null' }]);
    await assert.rejects(plain(empty).bootstrap(reporter()), { message: 'Could not load metadata from Strapi data file.' });
  },
);

claim({ id: 'no-schema-lines', says: 'Could not load schemas from Strapi data file.' }, async () => {
  const file = path.join(dir, 'no-schemas.tar');
  await writeArchive(file, [{ path: 'metadata.json', data: metadataJson }]);
  const source = plain(file);
  await source.bootstrap(reporter());
  await assert.rejects(source.getSchemas(), { message: 'Could not load schemas from Strapi data file.' });
});

claim(
  {
    id: 'count-entities-example',
    says: 'It prints a table of entity counts per content type, drafts and published rows counted apart.',
  },
  async () => {
    const cwd = scratchDir('file-source-count');
    copyFileSync(path.join(dir, 'plain.tar.gz'), path.join(cwd, 'export_20250101120000.tar.gz'));
    const expected = await strapi.db.query('api::article.article').count();
    const { log, stdout } = await runScriptExample(codeBlock({ title: 'scripts/count-entities.ts' }), {
      strapi,
      cwd,
      filename: 'scripts/count-entities.ts',
      done: ({ log }) => log.some((l) => l.includes('└')),
    });
    const row = [...log, stdout]
      .join('\n')
      .split('\n')
      .find((l) => l.includes("'api::article.article'"));
    assert.ok(row, log.join('\n'));
    assert.ok(row!.includes(` ${expected} `), row);
  },
);

claim(
  {
    id: 'cli-import-from-extensions',
    says: 'The import command derives them from the .enc and .gz extensions',
  },
  async () => {
    const target = freshDatabase('dts-file-source-import');
    const publicDir = path.join(STATE_DIR, 'public', 'dts-file-source-import');
    mkdirSync(path.join(publicDir, 'uploads'), { recursive: true });
    const app = appVariant('file-source-import', () => undefined);
    const result = await runStrapiCli(['import', '-f', archive, '-k', KEY, '--force'], {
      appDir: app,
      env: { ...target, STRAPI_TEST_PUBLIC_DIR: publicDir },
    });
    assert.equal(result.code, 0, result.stdout + result.stderr);
    assert.match(result.stdout, /Import process has been completed successfully!/);
    const db = openDatabase(target);
    try {
      const titles = (await db('articles').select('title')).map((r: Json) => r.title).sort();
      const expected = (await strapi.db.query('api::article.article').findMany({})).map((a: Json) => a.title).sort();
      assert.deepEqual(titles, expected);
      const { joinTable } = (strapi.db.metadata.get('api::article.article') as Json).attributes.author;
      const linked = await db(joinTable.name).count({ n: '*' });
      assert.equal(
        Number(linked[0].n),
        await strapi.db
          .connection(joinTable.name)
          .count({ n: '*' })
          .then((r: Json) => Number(r[0].n)),
      );
    } finally {
      await db.destroy();
    }
    assert.ok(existsSync(path.join(publicDir, seed.image.url)), 'the image was restored into public/uploads');
  },
);
