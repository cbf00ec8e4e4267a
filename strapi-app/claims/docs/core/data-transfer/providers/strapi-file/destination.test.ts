import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { after, before } from 'node:test';
import type { Core } from '@strapi/strapi';
import { appVariant, bootStrapi, claim, codeBlock, runStrapiCli, stopStrapi } from '../../../../../../harness';
import {
  dataTransfer,
  memo,
  memorySource,
  readArchive,
  runScriptExample,
  scratchDir,
  seedContent,
  type Json,
} from '../../../../../../harness/transfer';

const dts = dataTransfer();
let strapi: Core.Strapi | undefined;
let dir: string;

before(async () => {
  strapi = await bootStrapi({ name: 'dts-file-destination' });
  await seedContent(strapi);
  dir = scratchDir('file-destination');
});
after(async () => {
  if (strapi) await stopStrapi(strapi);
});

const destinationOf = (name: string, options: { gzip?: boolean; key?: string; maxSize?: number } = {}) =>
  dts.file.providers.createLocalFileDestinationProvider({
    file: { path: path.join(dir, name), maxSize: options.maxSize },
    compression: { enabled: Boolean(options.gzip) },
    encryption: { enabled: options.key !== undefined, key: options.key },
  });
const engineOf = (source: Json, destination: Json, options: Json = {}) =>
  dts.engine.createTransferEngine(source, destination, { versionStrategy: 'ignore', schemaStrategy: 'ignore', ...options });
const localSource = () => dts.strapi.providers.createLocalStrapiSourceProvider({ getStrapi: () => strapi, autoDestroy: false });
const reporter = () => dts.utils.diagnostics.createDiagnosticReporter();

claim(
  {
    id: 'archive-path',
    says: "The archive path is file.path + '.tar', plus '.gz' when compressed, plus '.enc' when encrypted.",
  },
  async () => {
    const cases: Array<[Json, string]> = [
      [{}, 'a.tar'],
      [{ gzip: true }, 'a.tar.gz'],
      [{ key: 'k' }, 'a.tar.enc'],
      [{ gzip: true, key: 'k' }, 'a.tar.gz.enc'],
    ];
    for (const [options, name] of cases) {
      const destination = destinationOf('a', options);
      await destination.bootstrap(reporter());
      assert.equal(destination.results.file.path, path.join(dir, name));
      await destination.close();
      assert.ok(existsSync(path.join(dir, name)));
      await destination.rollback();
    }
  },
);

claim({ id: 'no-key', says: "bootstrap throws Can't encrypt without a key when needed" }, async () => {
  const destination = dts.file.providers.createLocalFileDestinationProvider({
    file: { path: path.join(dir, 'nokey') },
    compression: { enabled: false },
    encryption: { enabled: true },
  });
  assert.throws(() => destination.bootstrap(reporter()), { message: "Can't encrypt without a key" });
});

claim(
  {
    id: 'no-destination-metadata',
    says: 'getMetadata() returns null, so the engine skips the version check for this side',
  },
  async () => {
    const destination = destinationOf('versionless');
    assert.equal(destination.getMetadata(), null);
    await engineOf(memorySource({}, { getMetadata: () => ({ strapi: { version: '3.0.0' } }) }), destination, {
      versionStrategy: 'exact',
    }).transfer();
  },
);

claim(
  {
    id: 'asset-entries',
    says: 'for each IAsset it adds assets/metadata/FILENAME.json (the serialised metadata) and then an assets/uploads/FILENAME entry of stats.size bytes, piping asset.stream into it',
  },
  async () => {
    const metadata = { id: 9, hash: 'doc_1', ext: '.txt', name: 'doc.txt' };
    const asset = { filename: 'doc_1.txt', filepath: 'x', stats: { size: 5 }, metadata, stream: Readable.from([Buffer.from('hello')]) };
    await engineOf(memorySource({ assets: [asset] }), destinationOf('assets')).transfer();
    const entries = (await readArchive(path.join(dir, 'assets.tar'))).filter((e) => e.path.startsWith('assets/'));
    assert.deepEqual(
      entries.map((e) => [e.path, e.data.toString()]),
      [
        ['assets/metadata/doc_1.txt.json', JSON.stringify(metadata)],
        ['assets/uploads/doc_1.txt', 'hello'],
      ],
    );
  },
);

claim(
  {
    id: 'wrong-asset-size',
    says: 'the assets stage can stall without an error: the entry waits for bytes its header announced, or the extra bytes are never taken',
  },
  async () => {
    for (const [size, bytes] of [
      [20, 'short'],
      [0, 'not empty'],
    ] as const) {
      const asset = {
        filename: 'wrong.txt',
        filepath: 'x',
        stats: { size },
        metadata: { id: 1 },
        stream: Readable.from([Buffer.from(bytes)]),
      };
      const engine = engineOf(
        memorySource({ assets: [asset] }, { getMetadata: () => ({ strapi: { version: '5.54.0' } }) }),
        destinationOf(`wrong-size-${size}`),
      );
      const outcome = await Promise.race([
        engine.transfer().then(
          () => 'finished',
          (e: Json) => `failed: ${e.message}`,
        ),
        new Promise((resolve) => setTimeout(() => resolve('stalled'), 2000)),
      ]);
      assert.equal(outcome, 'stalled', `header ${size}, ${bytes.length} bytes`);
      assert.equal(engine.diagnostics.stack.items.filter((d: Json) => d.kind === 'error').length, 0);
      engine.abortTransfer().catch(() => undefined);
    }
  },
);

claim(
  {
    id: 'metadata-on-close',
    says: 'writes metadata.json from the stored source metadata, finalises the pack and waits for the output pipeline to close',
  },
  async () => {
    const metadata = { createdAt: '2025-01-01T00:00:00.000Z', strapi: { version: '5.54.0' } };
    const destination = destinationOf('meta');
    await engineOf(memorySource({}, { getMetadata: () => metadata }), destination).transfer();
    const [entry] = await readArchive(path.join(dir, 'meta.tar'));
    assert.equal(entry.path, 'metadata.json');
    assert.deepEqual(JSON.parse(entry.data.toString()), metadata);
  },
);

claim({ id: 'max-size-unread', says: 'Declared in the type, not read by the provider' }, async () => {
  await engineOf(localSource(), destinationOf('tiny-max', { maxSize: 1 })).transfer();
  assert.ok(readFileSync(path.join(dir, 'tiny-max.tar')).length > 1000);
});

claim(
  {
    id: 'info-diagnostics',
    says: 'Each step also reports an info diagnostic with origin file-destination-provider ("creating entities write stream", "writing metadata"...).',
  },
  async () => {
    const engine = engineOf(localSource(), destinationOf('diagnostics'), { only: ['content'] });
    await engine.transfer();
    const infos = engine.diagnostics.stack.items
      .filter((d: Json) => d.details.origin === 'file-destination-provider')
      .map((d: Json) => d.details.message);
    for (const message of [
      'creating schemas write stream',
      'creating entities write stream',
      'creating links write stream',
      'writing metadata',
    ])
      assert.ok(infos.includes(message), message);
  },
);

claim(
  {
    id: 'help-text',
    says: 'The default algorithm is aes-128-ecb, and the --no-encrypt help text says so.',
  },
  async () => {
    const help = await runStrapiCli(['export', '--help']);
    assert.match(help.stdout, /--no-encrypt\s+Disables 'aes-128-ecb' encryption of the output file/);
    assert.doesNotMatch(help.stdout, /max-?size/i, 'and no flag for maxSizeJsonl');
  },
);

claim(
  {
    id: 'export-for-diff-example',
    says: 'It writes snapshot.tar in the working directory, without media files, and its local source destroys the instance when the transfer closes.',
  },
  async () => {
    const cwd = scratchDir('file-destination-example');
    const result = await runScriptExample(codeBlock({ title: 'scripts/export-for-diff.ts' }), {
      strapi: strapi!,
      cwd,
      filename: 'scripts/export-for-diff.ts',
      done: ({ log }) => log.includes('snapshot.tar'),
    });
    if (result.destroyed) strapi = undefined;
    assert.equal(result.destroyed, true);
    const entries = await readArchive(path.join(cwd, 'snapshot.tar'));
    assert.equal(entries.filter((e) => e.path.startsWith('assets/')).length, 0);
    assert.ok(entries.filter((e) => e.path.endsWith('.jsonl')).every((e) => e.data.toString().length <= 1_000_000));
    assert.equal(entries.at(-1)!.path, 'metadata.json');
  },
);

/** One `strapi export` run on the seeded database (the in-process instance stopped first). */
const cliExport = memo(async () => {
  if (strapi) await stopStrapi(strapi);
  strapi = undefined;
  const app = appVariant('file-destination-export', () => undefined);
  const result = await runStrapiCli(['export', '--file', 'backup', '--key', 'cli-passphrase'], { appDir: app });
  return { app, result };
});

claim(
  {
    id: 'cli-prints-results-path',
    says: 'The final path is exposed as results.file.path, which the CLI prints at the end of an export.',
  },
  async () => {
    const { app, result } = await cliExport();
    assert.equal(result.code, 0, result.stdout + result.stderr);
    assert.match(result.stdout, /Export archive is in backup\.tar\.gz\.enc/);
    const entries = await readArchive(path.join(app, 'backup.tar.gz.enc'), { key: 'cli-passphrase', gzip: true });
    assert.equal(entries.at(-1)!.path, 'metadata.json');
  },
);

claim(
  {
    id: 'cli-log-file',
    says: "The CLI's formatDiagnostic writes info diagnostics to an export_<milliseconds>.log file in the working directory and prints them on the console only with --verbose",
  },
  async () => {
    const { app, result } = await cliExport();
    const logs = readdirSync(app).filter((f) => /^export_\d+\.log$/.test(f));
    assert.equal(logs.length, 1);
    const log = readFileSync(path.join(app, logs[0]), 'utf8');
    assert.match(log, /creating entities write stream/);
    assert.doesNotMatch(result.stdout + result.stderr, /creating entities write stream/);
  },
);
