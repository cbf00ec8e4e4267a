import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { after, before } from 'node:test';
import type { Core } from '@strapi/strapi';
import { bootStrapi, claim, defect, stopStrapi, superAdmin } from '../../../../../../harness';
import {
  createTransferToken,
  dataTransfer,
  openTransferSocket,
  seedContent,
  upgradeStatus,
  waitFor,
  type Json,
  type TransferSocket,
} from '../../../../../../harness/transfer';

const dts = dataTransfer();
let strapi: Core.Strapi;
let token: { id: number; accessKey: string };
let http: string;
let ws: string;

before(async () => {
  strapi = await bootStrapi({ name: 'dts-remote-overview', listen: true });
  await superAdmin(strapi);
  await seedContent(strapi);
  token = await createTransferToken(strapi);
  http = `http://127.0.0.1:${strapi.config.get('server.port')}`;
  ws = `ws://127.0.0.1:${strapi.config.get('server.port')}/admin/transfer/runner`;
});
after(async () => {
  await stopStrapi(strapi);
});

const count = (uid: string) => strapi.db.query(uid as never).count();
const push = (options: Json = {}) =>
  dts.strapi.providers.createRemoteStrapiDestinationProvider({
    url: new URL(`${http}/admin`),
    auth: { type: 'token', token: token.accessKey },
    strategy: 'restore',
    ...options,
  });
/** An initialised push transfer on a raw socket: `send(kind, body)` adds the transfer id. */
async function pushTransfer(restore: Json = {}, accessKey = token.accessKey) {
  const socket = await openTransferSocket(`${ws}/push`, { token: accessKey });
  const init = await socket.request({
    type: 'command',
    command: 'init',
    params: { transfer: 'push', options: { strategy: 'restore', restore } },
  });
  const transferID = init.data?.transferID;
  const action = (name: string) => socket.request({ type: 'transfer', kind: 'action', action: name, transferID });
  const step = (name: string, stepAction: string, data?: Json) =>
    socket.request({ type: 'transfer', kind: 'step', step: name, action: stepAction, transferID, ...(data ? { data } : {}) });
  return { socket, init, transferID, action, step };
}
async function closeNormally(t: { socket: TransferSocket; transferID: string; action: (n: string) => Promise<Json> }) {
  await t.action('close');
  await t.socket.request({ type: 'command', command: 'end', params: { transferID: t.transferID } });
  await t.socket.close();
}

claim(
  {
    id: 'socket-url-from-admin-url',
    says: 'This is why the CLI expects the URL of the admin panel, not the site root.',
  },
  async () => {
    const withSlash = push({ url: new URL(`${http}/admin/`) });
    await withSlash.bootstrap();
    assert.equal(withSlash.ws!.url, `${ws}/push`);
    await withSlash.rollback();
    await withSlash.close();
    withSlash.ws!.close();
    const root = push({ url: new URL(http) });
    await assert.rejects(root.bootstrap(), {
      message: 'Failed to initialize the connection: Data transfer is not enabled on the remote host',
    });
  },
);

claim(
  {
    id: 'no-auth-401',
    says: 'without auth, it connects with no header and the server answers 401',
  },
  async () => {
    assert.equal(await upgradeStatus(`${ws}/push`), 401);
    await assert.rejects(push({ auth: undefined }).bootstrap(), { message: 'Failed to initialize the connection: Authentication Error' });
  },
);

claim(
  {
    id: 'token-hash',
    says: 'authenticate looks the token up by its HMAC-SHA512 hash keyed with admin.transfer.token.salt, refuses an expired one',
  },
  async () => {
    const [row] = await strapi.db.connection('strapi_transfer_tokens').where('id', token.id).select('access_key');
    assert.equal(
      row.access_key,
      createHmac('sha512', strapi.config.get('admin.transfer.token.salt') as string)
        .update(token.accessKey)
        .digest('hex'),
    );
    const expired = await createTransferToken(strapi);
    await strapi.db
      .query('admin::transfer-token')
      .update({ where: { id: expired.id }, data: { expiresAt: new Date(Date.now() - 60_000) } });
    assert.equal(await upgradeStatus(`${ws}/push`, { Authorization: `Bearer ${expired.accessKey}` }), 401);
  },
);

defect(
  {
    id: 'last-used-at-on-api-tokens',
    says: 'its lastUsedAt refresh writes to admin::api-token, the API token table, at the transfer token’s id',
    summary:
      "The data-transfer auth strategy refreshes lastUsedAt with strapi.db.query('admin::api-token'), so it updates the API token that shares the transfer token's id and leaves the transfer token's lastUsedAt as it was",
  },
  async () => {
    const user = await superAdmin(strapi);
    const transfer = await createTransferToken(strapi);
    const apiToken = await strapi
      .service('admin::api-token')
      .create({ name: `shares-id-${transfer.id}`, type: 'read-only', lifespan: null, description: '' });
    await strapi.db.connection('strapi_api_tokens').where('id', apiToken.id).update({ id: transfer.id });
    const twoHoursAgo = new Date(Date.now() - 2 * 3600 * 1000);
    await strapi.db.query('admin::transfer-token').update({ where: { id: transfer.id }, data: { lastUsedAt: twoHoursAgo } });
    const socket = await openTransferSocket(`${ws}/push`, { token: transfer.accessKey });
    await socket.close();
    const transferRow = await strapi.db.query('admin::transfer-token').findOne({ where: { id: transfer.id } });
    const apiRow = await strapi.db.query('admin::api-token').findOne({ where: { id: transfer.id } });
    assert.equal(new Date(transferRow.lastUsedAt).getTime(), twoHoursAgo.getTime(), 'the transfer token is not refreshed');
    assert.ok(apiRow.lastUsedAt && Date.now() - new Date(apiRow.lastUsedAt).getTime() < 60_000, 'the API token with the same id is');
    assert.ok(user);
  },
);

claim(
  {
    id: 'revoked-token-keeps-connection',
    says: 'A token revoked (deleted) or edited while a transfer runs keeps working on that connection until the socket closes',
  },
  async () => {
    const revoked = await createTransferToken(strapi);
    const socket = await openTransferSocket(`${ws}/push`, { token: revoked.accessKey });
    await strapi.service('admin::transfer').token.revoke(revoked.id);
    const init = await socket.request({
      type: 'command',
      command: 'init',
      params: { transfer: 'push', options: { strategy: 'restore', restore: {} } },
    });
    assert.equal(init.error, null);
    assert.ok(init.data.transferID);
    await socket.close();
    assert.equal(await upgradeStatus(`${ws}/push`, { Authorization: `Bearer ${revoked.accessKey}` }), 401, 'a new connection is refused');
  },
);

claim(
  {
    id: 'expiry-stops-next-message',
    says: 'only an expiry date passing mid-transfer stops the next message',
  },
  async () => {
    const expiring = await createTransferToken(strapi);
    await strapi.db.query('admin::transfer-token').update({ where: { id: expiring.id }, data: { expiresAt: new Date(Date.now() + 1500) } });
    const socket = await openTransferSocket(`${ws}/push`, { token: expiring.accessKey });
    await new Promise((r) => setTimeout(r, 1800));
    const init = await socket.request({ type: 'command', command: 'init', params: { transfer: 'push', options: {} } });
    assert.equal(init.error?.message, 'Token expired');
    await socket.close();
  },
);

claim(
  {
    id: 'admin-tables-never-emptied',
    says: 'and adds every admin::* content type and model to entities.exclude, so admin tables are never emptied',
  },
  async () => {
    const admins = await count('admin::user');
    const t = await pushTransfer({
      entities: { include: ['admin::user', 'api::tag.tag'] },
      configuration: { coreStore: false, webhook: false },
    });
    await t.action('bootstrap');
    await t.action('beforeTransfer');
    await closeNormally(t);
    assert.equal(await count('admin::user'), admins);
    assert.equal(await count('api::tag.tag'), 0);
  },
);

claim(
  {
    id: 'protected-entity-terminates',
    says: 'A rejection aborts the transfer for good: the handler rolls the destination back, closes it, and answers every later message on that connection with Transfer has been terminated.',
  },
  async () => {
    const authors = await count('api::author.author');
    const t = await pushTransfer({ entities: { include: ['api::author.author'] }, configuration: { coreStore: false, webhook: false } });
    await t.action('bootstrap');
    await t.action('beforeTransfer');
    await t.step('entities', 'start');
    const rejected = await t.step('entities', 'stream', [
      { type: 'api::author.author', id: 1, data: { name: 'fine' } },
      { type: 'admin::user', id: 2, data: { email: 'x@example.com' } },
    ]);
    assert.equal(rejected.error?.message, 'Remote push cannot transfer protected type "admin::user" at admin::user');
    const later = await t.socket.request({ type: 'command', command: 'status' });
    assert.equal(later.error?.message, 'Transfer has been terminated');
    await t.socket.close();
    assert.equal(await count('api::author.author'), authors, 'rolled back: neither deleted nor written');
  },
);

claim(
  {
    id: 'relation-to-admin-rejected',
    says: 'a relation attribute targeting an admin::* type, a morph relation entry whose type field names one',
  },
  async () => {
    const t = await pushTransfer({ entities: { include: [] }, configuration: { coreStore: false, webhook: false } });
    await t.action('bootstrap');
    await t.action('beforeTransfer');
    await t.step('entities', 'start');
    const rejected = await t.step('entities', 'stream', [{ type: 'api::article.article', id: 1, data: { title: 'x', createdBy: 1 } }]);
    assert.equal(rejected.error?.message, 'Remote push cannot transfer protected type "admin::user" at api::article.article.createdBy');
    await t.socket.close();
    const links = await pushTransfer({ entities: { include: [] }, configuration: { coreStore: false, webhook: false } });
    await links.action('bootstrap');
    await links.action('beforeTransfer');
    await links.step('links', 'start');
    const link = await links.step('links', 'stream', [
      {
        kind: 'relation.basic',
        relation: 'manyToOne',
        left: { type: 'api::article.article', ref: 1, field: 'updatedBy' },
        right: { type: 'admin::user', ref: 1 },
      },
    ]);
    assert.equal(link.error?.message, 'Remote push cannot transfer protected type "admin::user" at link.right');
    await links.socket.close();
  },
);

claim({ id: 'configuration-not-checked', says: 'Configuration and assets batches are not checked this way.' }, async () => {
  const t = await pushTransfer({ entities: { include: [] }, configuration: { coreStore: false, webhook: false } });
  await t.action('bootstrap');
  await t.action('beforeTransfer');
  await t.step('configuration', 'start');
  const accepted = await t.step('configuration', 'stream', [
    {
      type: 'core-store',
      value: { key: 'claims_admin_note', value: { role: 'admin::user' }, type: 'object', environment: null, tag: null },
    },
  ]);
  assert.equal(accepted.error, null);
  const ended = await t.step('configuration', 'end');
  assert.deepEqual(ended.data, { ok: true, stats: { started: 1, finished: 1 } });
  await t.socket.close();
});

claim({ id: 'remote-enabled-default', says: 'The default for server.transfer.remote.enabled is true' }, async () => {
  assert.equal(strapi.config.get('server.transfer.remote.enabled'), true);
});

claim(
  {
    id: 'switch-responses',
    says: 'Only the value false leads to the 404 branch.',
  },
  async () => {
    const headers = { Authorization: `Bearer ${token.accessKey}` };
    const salt = strapi.config.get('admin.transfer.token.salt');
    try {
      strapi.config.set('server.transfer.remote.enabled', false);
      assert.equal(await upgradeStatus(`${ws}/push`, headers), 404);
      await assert.rejects(push().bootstrap(), {
        message: 'Failed to initialize the connection: Data transfer is not enabled on the remote host',
      });
      strapi.config.set('server.transfer.remote.enabled', 0);
      assert.equal(await upgradeStatus(`${ws}/push`, headers), 500);
    } finally {
      strapi.config.set('server.transfer.remote.enabled', true);
      strapi.config.set('admin.transfer.token.salt', salt);
    }
  },
);

claim(
  {
    id: 'authentication-before-switch',
    says: 'The route authenticates the token before this middleware runs, so a request without a valid token gets 401 whatever the switch says',
  },
  async () => {
    try {
      strapi.config.set('server.transfer.remote.enabled', false);
      assert.equal(await upgradeStatus(`${ws}/push`), 401);
      assert.equal(await upgradeStatus(`${ws}/push`, { Authorization: `Bearer ${token.accessKey}` }), 404);
    } finally {
      strapi.config.set('server.transfer.remote.enabled', true);
    }
  },
);

defect(
  {
    id: 'missing-salt-answers-500',
    says: 'so the runner routes answer a missing salt with a 500 and the client reports Unexpected server response 500',
    summary:
      'Route authentication hashes the transfer token before the admin::data-transfer middleware can answer 501 INVALID_TOKEN_SALT, so a server without a transfer token salt answers transfer clients with a 500',
  },
  async () => {
    const salt = strapi.config.get('admin.transfer.token.salt');
    try {
      strapi.config.set('admin.transfer.token.salt', '');
      const response = await fetch(`${http}/admin/transfer/runner/push`, { headers: { Authorization: `Bearer ${token.accessKey}` } });
      assert.equal(response.status, 500);
      await assert.rejects(push().bootstrap(), { message: 'Failed to initialize the connection: Unexpected server response 500' });
      const tokens = await fetch(`${http}/admin/transfer/tokens`);
      assert.equal(tokens.status, 401, 'the admin token routes authenticate first as well');
    } finally {
      strapi.config.set('admin.transfer.token.salt', salt);
    }
  },
);

claim(
  {
    id: 'verify-each-message-but-status',
    says: 'After the upgrade, the handlers call verifyAuth() again for init, end and every transfer message (not for status).',
  },
  async () => {
    const expiring = await createTransferToken(strapi);
    await strapi.db.query('admin::transfer-token').update({ where: { id: expiring.id }, data: { expiresAt: new Date(Date.now() + 1500) } });
    const t = await pushTransfer({}, expiring.accessKey);
    assert.ok(t.transferID);
    await new Promise((r) => setTimeout(r, 1800));
    assert.equal((await t.socket.request({ type: 'command', command: 'status' })).data.active, true);
    assert.equal((await t.action('getMetadata')).error?.message, 'Token expired');
    assert.equal(
      (await t.socket.request({ type: 'command', command: 'end', params: { transferID: t.transferID } })).error?.message,
      'Token expired',
    );
    await t.socket.close();
  },
);

claim(
  {
    id: 'normal-end-nothing-to-undo',
    says: 'After a normal end (close action, then end command) nothing is registered any more and the teardown has nothing to undo.',
  },
  async () => {
    const t = await pushTransfer({ entities: { include: ['api::tag.tag'] }, configuration: { coreStore: false, webhook: false } });
    await t.action('bootstrap');
    await t.action('beforeTransfer');
    await t.step('entities', 'start');
    await t.step('entities', 'stream', [{ type: 'api::tag.tag', id: 1, data: { documentId: 'pushed-tag', name: 'pushed' } }]);
    await t.step('entities', 'end');
    await closeNormally(t);
    await new Promise((r) => setTimeout(r, 200));
    assert.deepEqual(
      (await strapi.db.query('api::tag.tag').findMany({})).map((x: Json) => x.name),
      ['pushed'],
    );
  },
);

claim(
  {
    id: 'v4-variable-only-warns',
    says: 'whenever it is set, each check logs a warning pointing to transfer.remote.enabled',
  },
  async () => {
    const warnings: string[] = [];
    const warn = strapi.log.warn;
    strapi.log.warn = ((m: string) => void warnings.push(m)) as never;
    process.env.STRAPI_DISABLE_REMOTE_DATA_TRANSFER = 'true';
    try {
      assert.equal(await upgradeStatus(`${ws}/push`, { Authorization: `Bearer ${token.accessKey}` }), 101, 'still enabled');
    } finally {
      delete process.env.STRAPI_DISABLE_REMOTE_DATA_TRANSFER;
      strapi.log.warn = warn;
    }
    assert.ok(
      warnings.includes(
        'STRAPI_DISABLE_REMOTE_DATA_TRANSFER is no longer supported. Instead, set transfer.remote.enabled to false in your server configuration',
      ),
    );
  },
);

claim(
  {
    id: 'bad-upgrade-header',
    says: "anything else throws Transfer Upgrade header expected 'websocket', found '...', which is logged and the upgrade is not performed",
  },
  async () => {
    const errors: string[] = [];
    const error = strapi.log.error;
    strapi.log.error = ((m: Json) => void errors.push(m instanceof Error ? m.message : String(m))) as never;
    try {
      const response = await fetch(`${http}/admin/transfer/runner/push`, { headers: { Authorization: `Bearer ${token.accessKey}` } });
      assert.notEqual(response.status, 101);
    } finally {
      strapi.log.error = error;
    }
    assert.ok(
      errors.some((m) => m.startsWith("Transfer Upgrade header expected 'websocket', found 'undefined'.")),
      errors.join('\n'),
    );
  },
);

claim(
  {
    id: 'timeouts-off-while-open',
    says: "sets the HTTP server's headersTimeout and requestTimeout to 0",
  },
  async () => {
    const server = strapi.server.httpServer;
    const before = [server.headersTimeout, server.requestTimeout];
    const socket = await openTransferSocket(`${ws}/pull`, { token: token.accessKey });
    assert.deepEqual([server.headersTimeout, server.requestTimeout], [0, 0]);
    await socket.close();
    await waitFor(
      () => [server.headersTimeout, server.requestTimeout],
      (v) => v[0] === before[0] && v[1] === before[1],
      'the timeouts to come back',
    );
  },
);

claim(
  {
    id: 'dropped-push-rolls-back',
    says: 'so a connection dropped mid-push rolls the remote database back',
  },
  async () => {
    await strapi.documents('api::tag.tag').create({ data: { name: 'survives a dropped push' } });
    const tags = await count('api::tag.tag');
    const t = await pushTransfer({ entities: { include: ['api::tag.tag'] }, configuration: { coreStore: false, webhook: false } });
    await t.action('bootstrap');
    await t.action('beforeTransfer');
    t.socket.ws.terminate();
    await waitFor(
      () => count('api::tag.tag'),
      (n) => n === tags,
      'the rollback',
    );
  },
);

claim(
  {
    id: 'one-transfer-per-connection',
    says: 'Only one transfer can run per connection; init while a transfer is active fails with Transfer already in progress.',
  },
  async () => {
    const t = await pushTransfer();
    const again = await t.socket.request({ type: 'command', command: 'init', params: { transfer: 'push', options: {} } });
    assert.equal(again.error?.message, 'Transfer already in progress');
    await t.socket.close();
  },
);

claim(
  {
    id: 'lifecycles-off-for-every-request',
    says: 'While any transfer socket is open, lifecycle subscribers are off for every request the server handles, not just for the transfer.',
  },
  async () => {
    const seen: string[] = [];
    strapi.db.lifecycles.subscribe({ models: ['api::author.author'], afterCreate: (event: Json) => void seen.push(event.result.name) });
    const socket = await openTransferSocket(`${ws}/pull`, { token: token.accessKey });
    await strapi.documents('api::author.author').create({ data: { name: 'during' } });
    await socket.close();
    await waitFor(
      async () => {
        await strapi.documents('api::author.author').create({ data: { name: `after ${seen.length}` } });
        return seen;
      },
      (s) => s.some((n) => n.startsWith('after')),
      'lifecycles to come back',
    );
    assert.ok(!seen.includes('during'));
  },
);
