import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before } from 'node:test';
import type { Core } from '@strapi/strapi';
import { bootStrapi, claim, clearOutbound, codeBlock, defect, outbound, respondToOutbound, stopStrapi } from '../../../../../../harness';
import { dataTransfer, runScriptExample, scratchDir, seedContent, type Json, type Seed } from '../../../../../../harness/transfer';

const dts = dataTransfer();
let strapi: Core.Strapi;
let seed: Seed;
let destroyed = false;

before(async () => {
  strapi = await bootStrapi({ name: 'dts-local-source' });
  seed = await seedContent(strapi);
});
after(async () => {
  if (!destroyed) await stopStrapi(strapi);
});

/** A bootstrapped local source whose reports land in `diagnostics`. */
async function bootstrapped() {
  const diagnostics = dts.utils.diagnostics.createDiagnosticReporter();
  const provider = dts.strapi.providers.createLocalStrapiSourceProvider({ getStrapi: () => strapi, autoDestroy: false });
  await provider.bootstrap(diagnostics);
  return {
    provider,
    diagnostics,
    warnings: () => diagnostics.stack.items.filter((d: Json) => d.kind === 'warning').map((d: Json) => d.details.message),
  };
}
async function collect(stream: Json): Promise<Json[]> {
  const items: Json[] = [];
  for await (const item of stream) items.push(item);
  return items;
}
/** Runs `fn` on a bootstrapped source and switches lifecycles back on afterwards. */
async function withSource<T>(fn: (s: Awaited<ReturnType<typeof bootstrapped>>) => Promise<T>): Promise<T> {
  const source = await bootstrapped();
  try {
    return await fn(source);
  } finally {
    await source.provider.close();
  }
}

claim({ id: 'metadata', says: "createdAt now and strapi.version from config.get('info.strapi')" }, async () => {
  await withSource(async ({ provider }) => {
    const before = Date.now();
    const metadata = provider.getMetadata();
    assert.equal(metadata.strapi.version, strapi.config.get('info.strapi'));
    assert.equal(metadata.strapi.version, '5.54.0');
    assert.ok(Date.parse(metadata.createdAt) >= before - 5);
  });
});

claim(
  { id: 'schemas-normalised', says: 'contentTypes and components, normalised with schemasToValidJSON then mapSchemasValues' },
  async () => {
    await withSource(async ({ provider }) => {
      const schemas = provider.getSchemas();
      assert.deepEqual(Object.keys(schemas).sort(), [...Object.keys(strapi.contentTypes), ...Object.keys(strapi.components)].sort());
      const allowed = [
        'collectionName',
        'info',
        'options',
        'pluginOptions',
        'attributes',
        'kind',
        'modelType',
        'modelName',
        'uid',
        'plugin',
        'globalId',
      ];
      for (const schema of Object.values<Json>(schemas)) for (const key of Object.keys(schema)) assert.ok(allowed.includes(key), key);
      assert.equal(
        typeof (strapi.contentTypes as Json)['api::article.article'].lifecycles,
        'object',
        'the raw schema has more than the copy',
      );
    });
  },
);

claim(
  {
    id: 'entity-items',
    says: 'each row becomes { type: uid, id, data }, where data is the row without id',
  },
  async () => {
    await withSource(async ({ provider }) => {
      const entities = await collect(await provider.createEntitiesReadStream());
      const first = entities.find((e) => e.type === 'api::article.article' && e.data.title === 'First' && e.data.publishedAt === null);
      assert.equal(typeof first.id, 'number');
      assert.equal('id' in first.data, false);
      assert.equal(first.data.seo.metaTitle, 'First article', 'components are populated');
      assert.equal(first.data.blocks[0].__component, 'shared.quote', 'and dynamic zones');
    });
  },
);

claim(
  {
    id: 'draft-and-published-rows',
    says: 'so draft and published rows of the same document are separate IEntity items sharing a documentId',
  },
  async () => {
    await withSource(async ({ provider }) => {
      const entities = await collect(await provider.createEntitiesReadStream());
      const rowsOfFirst = entities.filter((e) => e.data.documentId === seed.articles[0].documentId);
      assert.equal(rowsOfFirst.length, 2);
      assert.deepEqual(rowsOfFirst.map((e) => e.data.publishedAt === null).sort(), [false, true]);
    });
  },
);

claim(
  {
    id: 'configuration-items',
    says: 'as core-store, then every strapi::webhook row as webhook',
  },
  async () => {
    await withSource(async ({ provider }) => {
      const items = await collect(provider.createConfigurationReadStream());
      const coreStore = await strapi.db.query('strapi::core-store').count();
      const webhooks = await strapi.db.query('strapi::webhook').count();
      assert.equal(items.length, coreStore + webhooks);
      assert.deepEqual(
        items.map((i) => i.type),
        [...Array(coreStore).fill('core-store'), ...Array(webhooks).fill('webhook')],
      );
      const entry = items.find((i) => i.type === 'core-store' && i.value.key === 'plugin_upload_settings');
      assert.equal(typeof entry.value.value, 'object', 'the core-store value is parsed JSON');
    });
  },
);

claim({ id: 'totals-only-for-assets', says: "for 'assets', from estimateAssetTotals(strapi); null for every other stage" }, async () => {
  await withSource(async ({ provider }) => {
    for (const stage of ['schemas', 'entities', 'links', 'configuration']) assert.equal(await provider.getStageTotals(stage), null);
    const totals = await provider.getStageTotals('assets');
    assert.equal(totals.totalCount, 1 + Object.keys(seed.image.formats).length);
  });
});

claim(
  {
    id: 'methods-assert-instance',
    says: 'Every method that needs the instance calls assertValidStrapi first',
  },
  async () => {
    const provider = dts.strapi.providers.createLocalStrapiSourceProvider({ getStrapi: () => strapi });
    assert.throws(() => provider.getSchemas(), { message: 'Not able to get Schemas. Strapi instance not found.' });
    assert.throws(() => provider.createSchemasReadStream(), { message: 'Not able to get Schemas. Strapi instance not found.' });
    await assert.rejects(provider.createEntitiesReadStream(), { message: 'Not able to stream entities. Strapi instance not found.' });
    assert.throws(() => provider.createLinksReadStream(), { message: 'Not able to stream links. Strapi instance not found.' });
    assert.throws(() => provider.createAssetsReadStream(), { message: 'Not able to stream assets. Strapi instance not found.' });
    await assert.rejects(provider.close(), { message: '. Strapi instance not found.' });
  },
);

claim(
  {
    id: 'orphaned-links-capped',
    says: 'for the first ten such links (then one "further detailed warnings suppressed" notice)',
  },
  async () => {
    const [file] = await strapi.db.query('plugin::upload.file').findMany({});
    const table = 'files_related_mph';
    await strapi.db.connection(table).insert(
      Array.from({ length: 11 }, (_, i) => ({
        file_id: file.id,
        related_id: 9000 + i,
        related_type: 'api::article.article',
        field: 'cover',
        order: 1,
      })),
    );
    const logged: string[] = [];
    const warn = strapi.log.warn;
    strapi.log.warn = ((message: string) => void logged.push(message)) as never;
    try {
      await withSource(async ({ provider, warnings }) => {
        const links = await collect(provider.createLinksReadStream());
        assert.equal(links.filter((l) => l.right.ref >= 9000).length, 0);
        const messages = warnings();
        assert.equal(messages.length, 12);
        assert.equal(
          messages[0],
          `Omitting link plugin::upload.file:${file.id} -> api::article.article:9000 from export because a referenced entity no longer exists in the database.`,
        );
        assert.equal(messages[10], 'Further detailed warnings suppressed after 10 messages. See the stage summary for totals.');
        assert.equal(
          messages[11],
          'Links export omitted 11 relation(s) pointing at missing entities. Verify relations after import if this is unexpected.',
        );
        assert.deepEqual(logged, messages);
      });
    } finally {
      strapi.log.warn = warn;
      await strapi.db.connection(table).where('related_id', '>=', 9000).del();
    }
  },
);

claim(
  {
    id: 'asset-items',
    says: 'Each entry of formats is emitted as its own asset whose metadata also carries type (the format name), id and mainHash of the parent',
  },
  async () => {
    await withSource(async ({ provider }) => {
      const assets = await collect(provider.createAssetsReadStream());
      for (const asset of assets) asset.stream.destroy();
      const [main, ...formats] = assets;
      assert.equal(main.filename, `${seed.image.hash}${seed.image.ext}`);
      assert.equal(main.metadata.id, seed.image.id);
      assert.equal(main.stats.size, (await import('node:fs')).statSync(path.join(strapi.dirs.static.public, seed.image.url)).size);
      assert.deepEqual(
        formats.map((f) => f.metadata.type),
        Object.keys(seed.image.formats),
      );
      for (const format of formats) {
        assert.equal(format.metadata.id, seed.image.id);
        assert.equal(format.metadata.mainHash, seed.image.hash);
      }
    });
  },
);

claim(
  {
    id: 'missing-local-file-skipped',
    says: 'and the item is skipped',
  },
  async () => {
    const format = Object.keys(seed.image.formats)[0];
    const formatFile = path.join(strapi.dirs.static.public, seed.image.formats[format].url);
    const bytes = (await import('node:fs')).readFileSync(formatFile);
    rmSync(formatFile);
    try {
      await withSource(async ({ provider, warnings }) => {
        const assets = await collect(provider.createAssetsReadStream());
        for (const asset of assets) asset.stream.destroy();
        assert.equal(assets.length, Object.keys(seed.image.formats).length);
        assert.deepEqual(warnings(), [
          `[Data transfer] Media item ${seed.image.id} (hash: ${seed.image.hash}) exists in database but no corresponding file was found to transfer (format: ${format}). Path: ${formatFile}`,
        ]);
      });
    } finally {
      writeFileSync(formatFile, bytes);
    }
  },
);

claim(
  {
    id: 'remote-asset-status',
    says: 'any other error, or a remote answer other than 200 (Request failed with status code N), fails the stage',
  },
  async () => {
    const remote = await strapi.db.query('plugin::upload.file').create({
      data: {
        name: 'remote.png',
        hash: 'remote_abc',
        ext: '.png',
        mime: 'image/png',
        size: 1,
        url: 'https://cdn.example.com/remote.png',
        provider: 'aws-s3',
      },
    });
    clearOutbound();
    respondToOutbound(() => new Response('gone', { status: 404 }));
    try {
      await withSource(async ({ provider }) => {
        const stream = provider.createAssetsReadStream();
        await assert.rejects(collect(stream), { message: 'Request failed with status code 404' });
      });
      assert.equal(outbound()[0].url, 'https://cdn.example.com/remote.png');
      for (const [headers, size] of [
        [{ 'content-length': '3' }, 3],
        [{}, 0],
      ] as const) {
        respondToOutbound(() => new Response(new Uint8Array([1, 2, 3]), { status: 200, headers }));
        await withSource(async ({ provider }) => {
          const assets = await collect(provider.createAssetsReadStream());
          const item = assets.find((a) => a.metadata.id === remote.id);
          for (const asset of assets) asset.stream.destroy();
          assert.equal(item.stats.size, size);
        });
      }
    } finally {
      respondToOutbound(undefined);
      await strapi.db.query('plugin::upload.file').delete({ where: { id: remote.id } });
    }
  },
);

claim(
  {
    id: 'remote-totals-from-database',
    says: 'for remote files the database size of the file and of every format when all of them have one; otherwise it signs the URLs and fetches each file or format that has no database size',
  },
  async () => {
    const local: Json = await withSource(({ provider }) => provider.getStageTotals('assets'));
    const remote = await strapi.db.query('plugin::upload.file').create({
      data: {
        name: 'remote.png',
        hash: 'remote_sized',
        ext: '.png',
        mime: 'image/png',
        size: 2.5,
        url: 'https://cdn.example.com/remote_sized.png',
        provider: 'aws-s3',
        formats: { thumbnail: { url: 'https://cdn.example.com/thumbnail_remote_sized.png', size: 0.5 } },
      },
    });
    clearOutbound();
    respondToOutbound(() => new Response('abcd', { status: 200, headers: { 'content-length': '4' } }));
    try {
      await withSource(async ({ provider }) => {
        const totals = await provider.getStageTotals('assets');
        assert.equal(totals.totalCount, local.totalCount + 2);
        assert.equal(totals.totalBytes, local.totalBytes + 3);
        assert.equal(outbound().length, 0, 'no request while every size is in the database');
        await strapi.db.query('plugin::upload.file').update({
          where: { id: remote.id },
          data: { formats: { thumbnail: { url: 'https://cdn.example.com/thumbnail_remote_sized.png' } } },
        });
        const fetched = await provider.getStageTotals('assets');
        assert.equal(fetched.totalBytes, local.totalBytes + 2.5 + 4, 'the format without a size is fetched, the file is not');
        assert.deepEqual(
          outbound().map((r) => r.url),
          ['https://cdn.example.com/thumbnail_remote_sized.png'],
        );
      });
    } finally {
      respondToOutbound(undefined);
      await strapi.db.query('plugin::upload.file').delete({ where: { id: remote.id } });
    }
  },
);

defect(
  {
    id: 'remote-database-sizes-are-kilobytes',
    says: 'adds the kilobytes of remote files to a byte count',
    summary:
      "estimateAssetTotals adds remote files' database size, which the upload plugin stores in kilobytes, to a total in bytes, so asset totals and ETAs undercount remote media a thousandfold",
  },
  async () => {
    const bytes = (await import('node:fs')).statSync(path.join(strapi.dirs.static.public, seed.image.url)).size;
    assert.equal(seed.image.size, Math.round((bytes / 1000) * 100) / 100, 'the upload plugin stores kilobytes');
    await strapi.db.connection('files').where('id', seed.image.id).update({ provider: 'aws-s3', formats: null });
    try {
      await withSource(async ({ provider }) => {
        const totals = await provider.getStageTotals('assets');
        assert.equal(totals.totalBytes, seed.image.size);
        assert.equal(totals.totalCount, 1);
      });
    } finally {
      await strapi.db
        .connection('files')
        .where('id', seed.image.id)
        .update({ provider: 'local', formats: JSON.stringify(seed.image.formats) });
    }
  },
);

claim(
  {
    id: 'project-settings-logo-embedded',
    says: 'Only the core-store row with key core_admin_project-settings is changed',
  },
  async () => {
    const logo = path.join(strapi.dirs.static.public, 'uploads', 'logo_claims.png');
    writeFileSync(logo, Buffer.from('not really a png'));
    await strapi.store.set({
      type: 'core',
      name: 'admin',
      key: 'project-settings',
      value: { menuLogo: { name: 'logo.png', hash: 'logo_claims', url: '/uploads/logo_claims.png', ext: '.png', provider: 'local' } },
    });
    await withSource(async ({ provider }) => {
      const items = await collect(provider.createConfigurationReadStream());
      const stored = await strapi.db.query('strapi::core-store').findMany();
      for (const item of items.filter((i) => i.type === 'core-store')) {
        const row = stored.find((r: Json) => r.key === item.value.key);
        if (item.value.key === 'core_admin_project-settings')
          assert.equal(item.value.value.menuLogo.__transferBuffer, Buffer.from('not really a png').toString('base64'));
        else assert.deepEqual(item.value.value, JSON.parse(row.value), item.value.key);
      }
    });
  },
);

claim(
  {
    id: 'links-content-types-then-components',
    says: 'for each content type UID, then each component UID, every relation found by the link query',
  },
  async () => {
    await strapi.documents('api::article.article').create({
      data: { title: 'Quoting', blocks: [{ __component: 'shared.quote', text: 'Said', source: seed.author.documentId }] },
      locale: 'en',
    });
    await withSource(async ({ provider }) => {
      const links = await collect(provider.createLinksReadStream());
      const kinds = links.map((l) => (l.left.type.includes('::') ? 'content type' : 'component'));
      assert.ok(kinds.includes('component'));
      assert.equal(kinds.indexOf('component'), kinds.lastIndexOf('content type') + 1);
      const fields = new Set(links.filter((l) => l.left.type === 'api::article.article').map((l) => l.left.field));
      for (const field of ['author', 'tags', 'localizations']) assert.ok(fields.has(field), field);
      assert.ok(links.some((l) => l.left.type === 'shared.quote' && l.right.type === 'api::author.author'));
    });
  },
);

claim(
  {
    id: 'unreadable-type-skipped',
    says: "An error while reading one content type's rows does not fail the stage",
  },
  async () => {
    await strapi.db.connection.raw('ALTER TABLE tags RENAME TO tags_hidden');
    try {
      await withSource(async ({ provider, warnings }) => {
        const entities = await collect(await provider.createEntitiesReadStream());
        assert.ok(entities.some((e) => e.type === 'api::article.article'));
        assert.equal(entities.filter((e) => e.type === 'api::tag.tag').length, 0);
        const [warning] = warnings();
        assert.ok(
          warning.startsWith(
            'Failed to read all entities of type "api::tag.tag" from the source, the remaining entities of this type were skipped: ',
          ),
          warning,
        );
      });
    } finally {
      await strapi.db.connection.raw('ALTER TABLE tags_hidden RENAME TO tags');
    }
  },
);

claim(
  {
    id: 'dump-articles-example',
    says: 'It prints one JSON line per article row, drafts and published rows apart, and its close() destroys the instance it loaded.',
  },
  async () => {
    const articleRows = await strapi.db.query('api::article.article').count();
    const result = await runScriptExample(codeBlock({ title: 'scripts/dump-articles.ts' }), {
      strapi,
      cwd: scratchDir('local-source-dump'),
      filename: 'scripts/dump-articles.ts',
    });
    destroyed = result.destroyed;
    const lines = result.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    assert.equal(lines.length, articleRows, 'one line per row, drafts and published rows apart');
    assert.ok(lines.every((l) => l.type === 'api::article.article'));
  },
);
