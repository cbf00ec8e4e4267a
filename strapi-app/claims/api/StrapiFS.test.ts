import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before } from 'node:test';
import type { Core } from '@strapi/strapi';
import { STATE_DIR, appVariant, bootStrapi, claim, codeBlock, defect, runExample, stopStrapi } from '../../harness';

/**
 * The application is booted from <sandbox>/parent/app, a link to an application variant, so that
 * what climbs out of the root lands in <sandbox>/parent, a folder this file owns and may lose.
 */
const sandbox = path.join(STATE_DIR, 'strapi-fs');
const parent = path.join(sandbox, 'parent');
const root = path.join(parent, 'app');
const outside = path.join(sandbox, 'outside');

let strapi: Core.Strapi | undefined;
before(async () => {
  const variant = appVariant('strapi-fs', () => {});
  rmSync(sandbox, { recursive: true, force: true });
  mkdirSync(parent, { recursive: true });
  mkdirSync(outside, { recursive: true });
  symlinkSync(variant, root);
  strapi = await bootStrapi({ name: 'strapi-fs', appDir: root });
});
after(async () => {
  if (strapi) await stopStrapi(strapi);
});
const fs = () => strapi!.fs;
const inRoot = (...segments: string[]) => path.join(root, ...segments);
const read = (file: string) => readFileSync(file, 'utf8');

claim({ id: 'root-is-app-dir', says: 'resolves what is left against strapi.dirs.app.root' }, async () => {
  assert.equal(strapi!.dirs.app.root, root);
  await fs().writeAppFile('root-check.txt', 'here');
  assert.equal(read(inRoot('root-check.txt')), 'here');
});

claim(
  { id: 'each-method-normalizes', says: 'Every method except writePluginFile calls the internal normalizePath(optPath) directly' },
  async () => {
    await fs().writeAppFile('../../written.txt', 'w');
    fs().appendFile('../../appended.txt', 'a');
    assert.equal(read(inRoot('written.txt')), 'w');
    assert.equal(read(inRoot('appended.txt')), 'a');
    writeFileSync(inRoot('to-remove.txt'), 'r');
    await fs().removeAppFile('../to-remove.txt');
    assert.equal(existsSync(inRoot('to-remove.txt')), false);
  },
);

claim({ id: 'row-dot-env', says: '/srv/app/.env' }, () => {
  fs().appendFile('.env', 'ONE=1\n');
  fs().appendFile('.env', 'TWO=2\n');
  assert.equal(read(inRoot('.env')), 'ONE=1\nTWO=2\n');
});

claim({ id: 'row-array', says: '/srv/app/exports/graphql/schema.graphql' }, async () => {
  await fs().writeAppFile(['exports', 'graphql', 'schema.graphql'], 'type Query');
  assert.equal(read(inRoot('exports/graphql/schema.graphql')), 'type Query');
});

claim({ id: 'row-leading-parents-stripped', says: '/srv/app/secrets.txt' }, async () => {
  await fs().writeAppFile('../../secrets.txt', 's');
  assert.equal(read(inRoot('secrets.txt')), 's');
  assert.equal(existsSync(path.join(sandbox, 'secrets.txt')), false);
});

claim({ id: 'row-normalised-then-stripped', says: '/srv/app/b.txt' }, async () => {
  await fs().writeAppFile('a/../../b.txt', 'b');
  assert.equal(read(inRoot('b.txt')), 'b');
  assert.equal(existsSync(path.join(parent, 'b.txt')), false);
});

claim({ id: 'row-bare-parent', says: '/srv (parent of the app)' }, async () => {
  await assert.rejects(fs().writeAppFile('..', 'x'), (error: NodeJS.ErrnoException) => {
    assert.equal(error.code, 'EISDIR');
    assert.equal(error.path, parent);
    return true;
  });
});

claim({ id: 'row-two-parents', says: '(only the first ../ is removed)' }, () => {
  for (const input of ['../..', ['..', '..'], 'a/../../..'])
    assert.throws(
      () => fs().appendFile(input, 'x'),
      (error: NodeJS.ErrnoException) => error.code === 'EISDIR' && error.path === parent,
    );
});

claim({ id: 'row-root-itself', says: '/srv/app (the app root itself)' }, () => {
  for (const input of ['', '.'])
    assert.throws(
      () => fs().appendFile(input, 'x'),
      (error: NodeJS.ErrnoException) => error.code === 'EISDIR' && error.path === root,
    );
});

claim({ id: 'row-absolute', says: 'unchanged (no ./ or ../ after the slash)' }, async () => {
  const target = path.join(outside, 'absolute.txt');
  await fs().writeAppFile(target, 'outside');
  assert.equal(read(target), 'outside');
  assert.equal(existsSync(inRoot(target)), false);
});

claim({ id: 'row-deep-climb-stays', says: '/srv/app/etc/passwd' }, async () => {
  await fs().writeAppFile('a/../../../etc/passwd', 'not the real one');
  assert.equal(read(inRoot('etc/passwd')), 'not the real one');
});

claim({ id: 'plugin-argument-climbs', says: 'outside extensions/.' }, async () => {
  await fs().writePluginFile('../..', 'x', 'climbed');
  assert.equal(read(inRoot('x')), 'climbed');
  assert.equal(existsSync(inRoot('extensions')), false);
});

claim(
  {
    id: 'write-app-file-row',
    says: 'fse.ensureFile (creates missing parent folders and an empty file), then fse.writeFile; replaces existing content',
  },
  async () => {
    await fs().writeAppFile(['deep', 'er', 'file.txt'], 'first version, longer');
    await fs().writeAppFile(['deep', 'er', 'file.txt'], 'second');
    assert.equal(read(inRoot('deep/er/file.txt')), 'second');
  },
);

claim(
  { id: 'write-plugin-file-row', says: 'Calls writeAppFile with the string extensions/<plugin>/<optPath> (array segments joined with /)' },
  async () => {
    const calls: unknown[][] = [];
    const writeAppFile = fs().writeAppFile;
    fs().writeAppFile = (...args) => {
      calls.push(args);
      return writeAppFile(...args);
    };
    try {
      await fs().writePluginFile('my-plugin', ['config', 'settings.json'], '{}');
    } finally {
      fs().writeAppFile = writeAppFile;
    }
    assert.deepEqual(calls, [['extensions/my-plugin/config/settings.json', '{}']]);
    assert.equal(read(inRoot('extensions/my-plugin/config/settings.json')), '{}');
  },
);

claim(
  { id: 'remove-row', says: 'fse.remove: deletes a file or a whole directory tree recursively; resolves without error if nothing exists' },
  async () => {
    mkdirSync(inRoot('tree/branch'), { recursive: true });
    writeFileSync(inRoot('tree/branch/leaf.txt'), 'leaf');
    await fs().removeAppFile('tree');
    assert.equal(existsSync(inRoot('tree')), false);
    await fs().removeAppFile(['no', 'such', 'thing']);
  },
);

claim({ id: 'append-row', says: 'fse.appendFileSync: synchronous; creates the file if it is missing but not its parent folders' }, () => {
  assert.equal(fs().appendFile('appended-now.txt', 'sync'), undefined);
  // Written by the time the call returns.
  assert.equal(read(inRoot('appended-now.txt')), 'sync');
  assert.throws(() => fs().appendFile(['missing', 'folder', 'file.txt'], 'x'), { code: 'ENOENT' });
});

claim({ id: 'errors-not-caught', says: 'Nothing in fs.ts catches errors' }, async () => {
  writeFileSync(inRoot('a-file'), 'not a folder');
  await assert.rejects(fs().writeAppFile(['a-file', 'child.txt'], 'x'), (error: NodeJS.ErrnoException) =>
    ['ENOTDIR', 'EEXIST'].includes(error.code!),
  );
  assert.throws(() => fs().appendFile(['a-file', 'child.txt'], 'x'), { code: 'ENOTDIR' });
});

claim(
  { id: 'only-a-leading-run', says: 'normalizePath only removes a leading run of ./ and ../ segments that end in a slash.' },
  async () => {
    // A leading run goes; a run after the first real segment is resolved by normalize, not stripped.
    await fs().writeAppFile('./.././../lead.txt', 'l');
    assert.equal(read(inRoot('lead.txt')), 'l');
    await fs().writeAppFile('keep/./here/../there.txt', 't');
    assert.equal(read(inRoot('keep/there.txt')), 't');
  },
);

claim(
  {
    id: 'extensions-folder',
    says: "It writes under <app root>/extensions/<plugin>/. Strapi 5's dirs.app.extensions is <app root>/src/extensions",
  },
  async () => {
    assert.equal(strapi!.dirs.app.extensions, inRoot('src/extensions'));
    await fs().writePluginFile('upload', 'note.txt', 'n');
    assert.equal(read(inRoot('extensions/upload/note.txt')), 'n');
    assert.equal(existsSync(inRoot('src/extensions/upload/note.txt')), false);
  },
);

claim({ id: 'secret-example', says: 'A plugin that needs a signing key can copy the pattern of the built-in caller.' }, () => {
  const s = strapi!;
  assert.equal(process.env.NODE_ENV, 'development');
  delete process.env.WEBHOOK_SIGNER_SECRET;
  const info: string[] = [];
  const logInfo = s.log.info;
  s.log.info = ((message: string) => void info.push(message)) as unknown as typeof s.log.info;
  try {
    const { default: register } = runExample<{ default: (ctx: { strapi: Core.Strapi }) => void }>(
      codeBlock({ title: 'server/src/register.ts' }),
    );
    register({ strapi: s });
    const secret = s.config.get('plugin::webhook-signer.secret') as string;
    assert.match(secret, /^[0-9a-f]{64}$/);
    assert.ok(read(inRoot('.env')).endsWith(`WEBHOOK_SIGNER_SECRET=${secret}\n`));
    assert.deepEqual(info, ['Generated WEBHOOK_SIGNER_SECRET and appended it to .env']);
    // A second run finds the secret in the configuration and writes nothing.
    register({ strapi: s });
    assert.equal(read(inRoot('.env')).split('WEBHOOK_SIGNER_SECRET=').length, 2);
  } finally {
    s.log.info = logInfo;
  }
});

defect(
  {
    id: 'absolute-paths-escape',
    says: 'an absolute path keeps its leading /, and path.resolve then ignores the root',
    summary: '`strapi.fs` writes an absolute path where it points, outside the application folder',
  },
  async () => {
    const target = path.join(outside, 'escaped.txt');
    await fs().writeAppFile(`/..${target}`, 'escaped');
    assert.equal(read(target), 'escaped');
  },
);

defect(
  {
    id: 'bare-parent-escapes',
    says: "removeAppFile('..') deletes the folder that contains the application",
    summary: "`strapi.fs` resolves a bare `..` to the application's parent folder: `removeAppFile('..')` deletes it",
  },
  async () => {
    writeFileSync(path.join(parent, 'sibling.txt'), 'a file next to the application');
    await fs().removeAppFile('..');
    assert.equal(existsSync(parent), false);
    // The application's own files were behind the link, which went with the folder.
    assert.equal(existsSync(path.join(STATE_DIR, 'apps', 'strapi-fs', 'package.json')), true);
  },
);
