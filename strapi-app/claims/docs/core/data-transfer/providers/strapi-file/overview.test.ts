import assert from 'node:assert/strict';
import { createDecipheriv, scryptSync } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { after, before } from 'node:test';
import type { Core } from '@strapi/strapi';
import { bootStrapi, claim, codeBlock, runStrapiCli, stopStrapi } from '../../../../../../harness';
import {
  appModule,
  dataTransfer,
  memoryDestination,
  memorySource,
  readArchive,
  runScriptExample,
  scratchDir,
  seedContent,
  type Json,
} from '../../../../../../harness/transfer';

const dts = dataTransfer();
let strapi: Core.Strapi;
let dir: string;
const KEY = 'overview-passphrase';

before(async () => {
  strapi = await bootStrapi({ name: 'dts-file-overview' });
  await seedContent(strapi);
  dir = scratchDir('file-overview');
  await exportTo('backup', { gzip: true, key: KEY });
});
after(async () => {
  await stopStrapi(strapi);
});

function exportTo(name: string, options: { gzip?: boolean; key?: string }, source?: Json) {
  return dts.engine
    .createTransferEngine(
      source ?? dts.strapi.providers.createLocalStrapiSourceProvider({ getStrapi: () => strapi, autoDestroy: false }),
      dts.file.providers.createLocalFileDestinationProvider({
        file: { path: path.join(dir, name) },
        compression: { enabled: Boolean(options.gzip) },
        encryption: { enabled: options.key !== undefined, key: options.key },
      }),
      { versionStrategy: 'ignore', schemaStrategy: 'ignore' },
    )
    .transfer();
}
const sourceOf = (file: string, options: { gzip?: boolean; key?: string }) =>
  dts.file.providers.createLocalFileSourceProvider({
    file: { path: file },
    compression: { enabled: Boolean(options.gzip) },
    encryption: { enabled: options.key !== undefined, key: options.key },
  });
const reporter = () => dts.utils.diagnostics.createDiagnosticReporter();

claim({ id: 'file-name-grows', says: 'The file name grows accordingly: <path>.tar, then .gz, then .enc.' }, async () => {
  const { destination } = await exportTo('named', { gzip: true, key: 'k' }, memorySource({}));
  assert.equal(destination.file.path, path.join(dir, 'named.tar.gz.enc'));
});

claim(
  {
    id: 'cipher-and-layers',
    says: "The cipher is aes-128-ecb with a key derived by scryptSync(key, '', 16) (empty salt).",
  },
  async () => {
    const decipher = createDecipheriv('aes-128-ecb', scryptSync(KEY, '', 16), null);
    const gzipped = Buffer.concat([decipher.update(readFileSync(path.join(dir, 'backup.tar.gz.enc'))), decipher.final()]);
    const tar = gunzipSync(gzipped);
    writeFileSync(path.join(dir, 'peeled.tar'), tar);
    const entries = await readArchive(path.join(dir, 'peeled.tar'));
    assert.equal(entries.at(-1)!.path, 'metadata.json');
  },
);

claim(
  {
    id: 'flags-must-match',
    says: 'The compression flag may stay off for a gzipped archive, because the tar parser detects gzip on its own, but turning it on for an archive that is not gzipped fails.',
  },
  async () => {
    const file = path.join(dir, 'backup.tar.gz.enc');
    for (const options of [{ gzip: true }, {}])
      await assert.rejects(sourceOf(file, options).bootstrap(reporter()), /is not a valid Strapi data file/, JSON.stringify(options));
    await sourceOf(file, { gzip: true, key: KEY }).bootstrap(reporter());
    await sourceOf(file, { key: KEY }).bootstrap(reporter());
    await exportTo('uncompressed', {});
    await assert.rejects(
      sourceOf(path.join(dir, 'uncompressed.tar'), { gzip: true }).bootstrap(reporter()),
      /is not a valid Strapi data file/,
    );
  },
);

claim(
  {
    id: 'constructor-missing-key',
    says: 'The constructor throws Missing encryption key when encryption.enabled is true and key is undefined.',
  },
  async () => {
    assert.throws(
      () =>
        dts.file.providers.createLocalFileSourceProvider({
          file: { path: 'x' },
          compression: { enabled: false },
          encryption: { enabled: true },
        }),
      { message: 'Missing encryption key' },
    );
  },
);

claim(
  {
    id: 'wrong-key-like-corrupt',
    says: 'A wrong key and a corrupt file produce the same ProviderInitializationError message family',
  },
  async () => {
    const corrupt = path.join(dir, 'corrupt.tar.gz.enc');
    writeFileSync(corrupt, Buffer.alloc(4096, 7));
    const wrong = await sourceOf(path.join(dir, 'backup.tar.gz.enc'), { gzip: true, key: 'wrong' })
      .bootstrap(reporter())
      .catch((e: Json) => e);
    const broken = await sourceOf(corrupt, { gzip: true, key: KEY })
      .bootstrap(reporter())
      .catch((e: Json) => e);
    assert.equal(wrong.message, `Key is incorrect or the file '${path.join(dir, 'backup.tar.gz.enc')}' is not a valid Strapi data file.`);
    assert.equal(broken.message, `Key is incorrect or the file '${corrupt}' is not a valid Strapi data file.`);
    assert.equal(wrong.constructor.name, broken.constructor.name);
  },
);

claim(
  {
    id: 'no-metadata-rejected',
    says: 'a process killed midway leaves an archive without metadata.json, which the source rejects at bootstrap',
  },
  async () => {
    const destination = dts.file.providers.createLocalFileDestinationProvider({
      file: { path: path.join(dir, 'killed') },
      compression: { enabled: false },
      encryption: { enabled: false },
    });
    await destination.bootstrap(reporter());
    await destination.close();
    const file = path.join(dir, 'killed.tar');
    assert.equal((await readArchive(file)).length, 0);
    await assert.rejects(sourceOf(file, {}).bootstrap(reporter()), { message: `File '${file}' is not a valid Strapi data file.` });
  },
);

claim(
  {
    id: 'import-refuses-extension',
    says: 'For a file, import refuses any name whose remaining extension is not .tar',
  },
  async () => {
    const result = await runStrapiCli(['import', '-f', 'backup.zip', '--force']);
    assert.equal(result.code, 1);
    assert.match(
      result.stdout + result.stderr,
      /The file 'backup\.zip' does not appear to be a valid Strapi data file\. Use a path ending in \.tar\[\.gz\]\[\.enc\], or an existing directory that contains an unpacked export \(e\.g\. metadata\.json\)\./,
    );
  },
);

claim(
  { id: 'key-needs-encryption', says: 'rejected with Key may not be present unless encryption is used when encryption is off' },
  async () => {
    const result = await runStrapiCli(['export', '--no-encrypt', '-k', 'secret']);
    assert.equal(result.code, 1);
    assert.match(result.stdout + result.stderr, /Key may not be present unless encryption is used/);
  },
);

claim(
  {
    id: 'inspect-export-example',
    says: 'It prints the Strapi version and date the archive records, and how many schemas it holds.',
  },
  async () => {
    const argv = process.argv[2];
    process.argv[2] = path.join(dir, 'backup.tar.gz.enc');
    process.env.EXPORT_KEY = KEY;
    try {
      const { log } = await runScriptExample(codeBlock({ title: 'scripts/inspect-export.ts' }), {
        strapi,
        cwd: dir,
        filename: 'scripts/inspect-export.ts',
        done: ({ log: lines }) => lines.some((l) => l.endsWith(' schemas')),
      });
      assert.match(log[0], /^Exported from Strapi 5\.54\.0 at \d{4}-\d\d-\d\dT/);
      assert.equal(log[1], `${Object.keys(strapi.contentTypes).length + Object.keys(strapi.components).length} schemas`);
    } finally {
      process.argv[2] = argv;
      delete process.env.EXPORT_KEY;
    }
  },
);

claim(
  {
    id: 'metadata-records-version-and-date',
    says: "metadata.json only records the source's Strapi version and a date",
  },
  async () => {
    const entries = await readArchive(path.join(dir, 'backup.tar.gz.enc'), { key: KEY, gzip: true });
    const metadata = JSON.parse(entries.find((e) => e.path === 'metadata.json')!.data.toString());
    assert.deepEqual(Object.keys(metadata).sort(), ['createdAt', 'strapi']);
    assert.deepEqual(Object.keys(metadata.strapi), ['version']);
  },
);

claim(
  {
    id: 'jsonl-per-stage-raw-assets',
    says: "On export, every stage's items are serialised one per line and appended to the tar pack as numbered .jsonl entries; assets are added as raw file entries.",
  },
  async () => {
    const entries = await readArchive(path.join(dir, 'backup.tar.gz.enc'), { key: KEY, gzip: true });
    for (const stage of ['schemas', 'entities', 'links', 'configuration']) {
      const files = entries.filter((e) => e.path.startsWith(`${stage}/`));
      assert.deepEqual(
        files.map((e) => e.path),
        [`${stage}/${stage}_00001.jsonl`],
      );
      assert.ok(
        files[0].data
          .toString()
          .trim()
          .split('\n')
          .every((line) => typeof JSON.parse(line) === 'object'),
      );
    }
    const image = entries.find((e) => e.path.startsWith('assets/uploads/'))!;
    assert.equal(image.data.subarray(1, 4).toString(), 'PNG');
  },
);

claim(
  {
    id: 'fresh-read-per-use',
    says: 'and for every stage it streams, and filters tar entries by folder',
  },
  async () => {
    const file = path.join(dir, 'backup.tar.gz.enc');
    const fse = appModule('fs-extra');
    const real = fse.createReadStream;
    let reads = 0;
    fse.createReadStream = (target: string, ...rest: unknown[]) => {
      if (target === file) reads += 1;
      return real(target, ...rest);
    };
    try {
      await dts.engine
        .createTransferEngine(sourceOf(file, { gzip: true, key: KEY }), memoryDestination().provider, {
          versionStrategy: 'ignore',
          schemaStrategy: 'ignore',
        })
        .transfer();
    } finally {
      fse.createReadStream = real;
    }
    assert.equal(reads, 1 + 1 + 1 + 5, 'bootstrap, getSchemas, the asset preflight and the five stages');
  },
);
