import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before } from 'node:test';
import type { Core } from '@strapi/strapi';
import { bootStrapi, claim, codeBlock, stopStrapi } from '../../../../../../harness';
import {
  dataTransfer,
  jsonLines,
  memoryDestination,
  readArchive,
  runScriptExample,
  scratchDir,
  seedContent,
  writeArchive,
  type ArchiveEntry,
  type Json,
  type Seed,
} from '../../../../../../harness/transfer';

const dts = dataTransfer();
let strapi: Core.Strapi;
let seed: Seed;
let dir: string;
let entries: ArchiveEntry[];
const KEY = 'structure-passphrase';

before(async () => {
  strapi = await bootStrapi({ name: 'dts-file-structure' });
  seed = await seedContent(strapi);
  dir = scratchDir('file-structure');
  await exportTo(path.join(dir, 'export'), { compression: true, key: KEY });
  entries = await readArchive(path.join(dir, 'export.tar.gz.enc'), { key: KEY, gzip: true });
});
after(async () => {
  await stopStrapi(strapi);
});

function exportTo(file: string, options: { compression?: boolean; key?: string; maxSizeJsonl?: number } = {}) {
  return dts.engine
    .createTransferEngine(
      dts.strapi.providers.createLocalStrapiSourceProvider({ getStrapi: () => strapi, autoDestroy: false }),
      dts.file.providers.createLocalFileDestinationProvider({
        file: { path: file, maxSizeJsonl: options.maxSizeJsonl },
        compression: { enabled: Boolean(options.compression) },
        encryption: { enabled: options.key !== undefined, key: options.key },
      }),
      { versionStrategy: 'ignore', schemaStrategy: 'ignore' },
    )
    .transfer();
}
const entry = (p: string) => entries.find((e) => e.path === p)!;
/** A file source over a hand-built, unencrypted, uncompressed archive. */
const sourceOf = (file: string) =>
  dts.file.providers.createLocalFileSourceProvider({
    file: { path: file },
    compression: { enabled: false },
    encryption: { enabled: false },
  });
const diagnostics = () => dts.utils.diagnostics.createDiagnosticReporter();

claim(
  {
    id: 'stage-order-metadata-last',
    says: 'Entries appear in the tar in the order the engine runs the stages (schemas, entities, assets, links, configuration), with metadata.json appended at the very end.',
  },
  async () => {
    const folders = entries.map((e) => e.path.split('/')[0]);
    const order = folders.filter((f, i) => folders.indexOf(f) === i);
    assert.deepEqual(order, ['schemas', 'entities', 'assets', 'links', 'configuration', 'metadata.json']);
    assert.equal(entries.at(-1)!.path, 'metadata.json');
  },
);

claim(
  {
    id: 'sidecar-before-upload',
    says: 'Within the assets, each assets/metadata/FILENAME.json entry is added just before its assets/uploads/FILENAME entry.',
  },
  async () => {
    const assets = entries.filter((e) => e.path.startsWith('assets/'));
    assert.equal(assets.length, 2 * (1 + Object.keys(seed.image.formats).length));
    for (let i = 0; i < assets.length; i += 2) {
      const name = path.posix.basename(assets[i + 1].path);
      assert.equal(assets[i].path, `assets/metadata/${name}.json`);
      assert.equal(assets[i + 1].path, `assets/uploads/${name}`);
    }
    assert.ok(entries.every((e) => !e.path.includes('\\')));
  },
);

claim({ id: 'metadata-json', says: 'Source IMetadata: createdAt and strapi.version' }, async () => {
  const metadata = entry('metadata.json').data.toString();
  assert.deepEqual(Object.keys(JSON.parse(metadata)).sort(), ['createdAt', 'strapi']);
  assert.equal(JSON.parse(metadata).strapi.version, '5.54.0');
  assert.equal(metadata, JSON.stringify(JSON.parse(metadata), null, 2), 'two-space indent');
});

claim({ id: 'entity-lines', says: 'One IEntity per line: type, id, data' }, async () => {
  const lines = jsonLines(entry('entities/entities_00001.jsonl'));
  assert.ok(lines.length > 0);
  for (const line of lines) assert.deepEqual(Object.keys(line), ['type', 'id', 'data']);
  assert.ok(lines.some((l) => l.type === 'api::article.article' && l.data.documentId === seed.articles[0].documentId));
});

claim({ id: 'link-lines', says: 'One ILink per line: kind, relation, left, right' }, async () => {
  const lines = jsonLines(entry('links/links_00001.jsonl'));
  for (const line of lines) assert.deepEqual(Object.keys(line).sort(), ['kind', 'left', 'relation', 'right']);
  const author = lines.find((l) => l.left.type === 'api::article.article' && l.left.field === 'author');
  assert.deepEqual(Object.keys(author.left).sort(), ['field', 'ref', 'type']);
  assert.equal(author.right.type, 'api::author.author');
  assert.equal(typeof author.right.ref, 'number', 'source row ids');
});

claim(
  {
    id: 'document-id-ref',
    says: 'The one exception is a joinColumn relation that references document_id (such as i18n localizations), whose right.ref is a document id string.',
  },
  async () => {
    const lines = jsonLines(entry('links/links_00001.jsonl'));
    const localization = lines.find((l) => l.left.type === 'api::article.article' && l.left.field === 'localizations');
    assert.equal(typeof localization.right.ref, 'string');
    assert.ok(seed.articles.some((a) => a.documentId === localization.right.ref));
  },
);

claim({ id: 'configuration-lines', says: 'One IConfiguration per line: type (core-store or webhook) and value' }, async () => {
  const lines = jsonLines(entry('configuration/configuration_00001.jsonl'));
  assert.deepEqual([...new Set(lines.map((l) => l.type))], ['core-store', 'webhook']);
  assert.ok(lines.every((l) => Object.keys(l).join() === 'type,value'));
});

claim(
  {
    id: 'sidecar-content',
    says: 'The IFile metadata of that binary; formats carry type, id and mainHash of their parent',
  },
  async () => {
    const main = JSON.parse(entry(`assets/metadata/${seed.image.hash}${seed.image.ext}.json`).data.toString());
    assert.equal(main.id, seed.image.id);
    assert.equal(main.hash, seed.image.hash);
    for (const [name, format] of Object.entries<Json>(seed.image.formats)) {
      const sidecar = JSON.parse(entry(`assets/metadata/${format.hash}${format.ext}.json`).data.toString());
      assert.deepEqual([sidecar.type, sidecar.id, sidecar.mainHash], [name, seed.image.id, seed.image.hash]);
    }
  },
);

claim(
  {
    id: 'jsonl-split-at-limit',
    says: 'flushes the buffer as a new tar entry when the next line would push it past the limit',
  },
  async () => {
    const file = path.join(dir, 'split');
    await exportTo(file, { maxSizeJsonl: 60000 });
    const split = (await readArchive(`${file}.tar`)).filter((e) => e.path.startsWith('configuration/'));
    assert.ok(split.length > 1);
    split.forEach((e, i) => {
      assert.equal(e.path, `configuration/configuration_${String(i + 1).padStart(5, '0')}.jsonl`);
      assert.ok(e.data.toString().length <= 60000);
    });
    const lines = split.flatMap(jsonLines);
    for (let i = 0; i < split.length - 1; i++) {
      const nextLine = jsonLines(split[i + 1])[0];
      assert.ok(split[i].data.toString().length + JSON.stringify(nextLine).length + 1 > 60000, 'each file was full for the next line');
    }
    assert.ok(lines.length > 0);
  },
);

claim({ id: 'line-over-limit-fails', says: 'A single line larger than the limit fails the stage with payload too large.' }, async () => {
  await assert.rejects(exportTo(path.join(dir, 'tiny'), { maxSizeJsonl: 50 }), /^Error: payload too large: \d+>50$/);
});

claim(
  {
    id: 'nested-jsonl-ignored',
    says: 'The source only reads JSONL files that sit directly inside the stage folder; extra nesting is ignored.',
  },
  async () => {
    const file = path.join(dir, 'nested.tar');
    const line = (name: string) => JSON.stringify({ type: 'api::tag.tag', id: 1, data: { name } }) + '\n';
    await writeArchive(file, [
      { path: 'entities/entities_00001.jsonl', data: line('direct') },
      { path: 'entities/old/entities_00001.jsonl', data: line('nested') },
      { path: 'metadata.json', data: '{}' },
    ]);
    const seen: Json[] = [];
    for await (const item of sourceOf(file).createEntitiesReadStream()) seen.push(item.data.name);
    assert.deepEqual(seen, ['direct']);
  },
);

claim(
  {
    id: 'missing-sidecar-preflight',
    says: "the import's asset preflight (validateStage('assets')) fails with Asset metadata preflight failed: missing sidecar metadata ... before the destination deletes anything",
  },
  async () => {
    const file = path.join(dir, 'no-sidecar.tar');
    await writeArchive(file, [
      {
        path: 'schemas/schemas_00001.jsonl',
        data: JSON.stringify({ uid: 'api::tag.tag', modelType: 'contentType', attributes: {} }) + '\n',
      },
      { path: 'assets/uploads/photo_abc.png', data: Buffer.from('png') },
      { path: 'metadata.json', data: JSON.stringify({ strapi: { version: '5.54.0' } }) },
    ]);
    const calls: string[] = [];
    const source = sourceOf(file);
    const { provider } = memoryDestination({ beforeTransfer: () => void calls.push('destination.beforeTransfer') });
    const error: Json = await dts.engine
      .createTransferEngine(source, provider, { versionStrategy: 'ignore', schemaStrategy: 'ignore' })
      .transfer()
      .catch((e: Json) => e);
    assert.equal(
      error.message,
      'Asset metadata preflight failed: missing sidecar metadata for "photo_abc.png". The destination was not modified; re-export and try again.',
    );
    assert.deepEqual(calls, []);
  },
);

claim(
  {
    id: 'bad-jsonl-line',
    says: 'the parser runs with checkErrors: true and fails the stage on the first bad line',
  },
  async () => {
    const file = path.join(dir, 'bad-line.tar');
    await writeArchive(file, [
      { path: 'entities/entities_00001.jsonl', data: '{"type":"api::tag.tag","id":1,"data":{}}\n{"type": oops}\n' },
      { path: 'metadata.json', data: '{}' },
    ]);
    const source = sourceOf(file);
    await source.bootstrap(diagnostics());
    const error: Json = await (async () => {
      for await (const _item of source.createEntitiesReadStream());
    })().catch((e: Json) => e);
    assert.match(error.message, /^Error parsing backup files from backup file entities\/entities_00001\.jsonl: /);
  },
);

claim(
  {
    id: 'list-archive-example',
    says: "Run on an export made with --no-encrypt, it prints each entry's path and size in archive order, metadata.json last.",
  },
  async () => {
    const file = path.join(dir, 'listed');
    await exportTo(file, { compression: true });
    const listed = await readArchive(`${file}.tar.gz`, { gzip: true });
    const argv = process.argv[2];
    process.argv[2] = `${file}.tar.gz`;
    try {
      const { log } = await runScriptExample(codeBlock({ title: 'scripts/list-archive.ts' }), {
        strapi,
        cwd: dir,
        filename: 'scripts/list-archive.ts',
        done: ({ log: lines }) => lines.some((l) => l.startsWith('metadata.json ')),
      });
      assert.deepEqual(
        log,
        listed.map((e) => `${e.path} ${e.size}`),
      );
    } finally {
      process.argv[2] = argv;
    }
  },
);
