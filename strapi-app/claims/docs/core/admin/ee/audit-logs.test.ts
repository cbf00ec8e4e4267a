/**
 * The audit-logs pipeline on a licensed instance. A copy of the application adds two routes that
 * emit an event-hub event from inside a request, as feature code does: an admin route (admin JWT,
 * `admin::isAuthenticatedAdmin`) and a Content API route. Everything else goes through the
 * audit-logs HTTP API.
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before } from 'node:test';
import type { Core } from '@strapi/strapi';
import {
  appVariant,
  baseUrl,
  bootStrapi,
  claim,
  codeBlock,
  editor,
  runExample,
  stopStrapi,
  superAdminClient,
  waitFor,
  type AdminClient,
} from '../../../../../harness';

const LOG = 'admin::audit-log';
let strapi: Core.Strapi;
let admin: AdminClient;
const errors: string[] = [];
const warnings: string[] = [];

const EMITTER = `
const emit = async (ctx) => {
  const { event, args = [], circular = false } = ctx.request.body;
  if (circular) {
    const loop = { uid: 'api::article.article' };
    loop.self = loop;
    args.unshift(loop);
  }
  await strapi.eventHub.emit(event, ...args);
  ctx.body = { emitted: event };
};
module.exports = {
  register() {},
  bootstrap({ strapi }) {
    strapi.server.routes({
      type: 'admin',
      prefix: '/audit-claims',
      routes: [{ method: 'POST', path: '/emit', handler: emit, config: { policies: ['admin::isAuthenticatedAdmin'] } }],
    });
    strapi.server.routes({
      type: 'content-api',
      prefix: '/audit-claims',
      routes: [{ method: 'POST', path: '/emit', handler: emit, config: { auth: false } }],
    });
  },
};
`;

const rows = (action: string) => strapi.db.query(LOG).findMany({ where: { action }, populate: ['user'], orderBy: { id: 'asc' } });
const emitAsAdmin = (event: string, args: unknown[] = [], extra: Record<string, unknown> = {}) =>
  admin.post('/audit-claims/emit', { event, args, ...extra });
/** Emits `event` in an admin request, then waits until a row of `action` appears (or `timeoutMs` passes without one). */
async function loggedAfter(emit: () => Promise<unknown>, action: string, expectRow = true) {
  const before = (await rows(action)).length;
  await emit();
  if (!expectRow) {
    // A marker event emitted after it is logged once the first has been processed.
    await emitAsAdmin('entry.create', [{ uid: 'api::article.article', marker: action }]);
    await waitFor(
      () => rows('entry.create'),
      (r) => r.some((x: { payload: { marker?: string } }) => x.payload.marker === action),
      'the marker row',
    );
    return (await rows(action)).slice(before);
  }
  return (
    await waitFor(
      () => rows(action),
      (r) => r.length > before,
      `a ${action} row`,
    )
  ).slice(before);
}

before(async () => {
  const dir = appVariant('audit-logs-emitter', (variant) => writeFileSync(path.join(variant, 'src/index.js'), EMITTER));
  strapi = await bootStrapi({ ee: true, listen: true, name: 'audit-logs', appDir: dir });
  const log = strapi.log as unknown as Record<'error' | 'warn', (...args: unknown[]) => unknown>;
  for (const [level, sink] of [
    ['error', errors],
    ['warn', warnings],
  ] as const) {
    const original = log[level].bind(strapi.log);
    log[level] = (...args: unknown[]) => {
      sink.push(args.map((a) => (typeof a === 'string' ? a : a instanceof Error ? a.message : JSON.stringify(a))).join(' '));
      return original(...args);
    };
  }
  admin = await superAdminClient(strapi);
});
after(async () => {
  await stopStrapi(strapi);
});

claim(
  {
    id: 'actions-registered',
    says: 'The EE bootstrap registers the admin::audit-logs.read and admin::audit-logs.export actions',
  },
  async () => {
    const ids = strapi
      .service('admin::permission')
      .actionProvider.values()
      .map((a: { actionId: string }) => a.actionId)
      .filter((id: string) => id.startsWith('admin::audit-logs.'));
    assert.deepEqual(ids.sort(), ['admin::audit-logs.export', 'admin::audit-logs.read']);
    assert.equal(strapi.has('audit-logs'), true);
    assert.equal(strapi.has('audit-logs-lifecycle'), true);
  },
);

claim(
  {
    id: 'unknown-events-ignored',
    says: 'The event name must be in the event map.',
  },
  async () => {
    const total = await strapi.db.query(LOG).count();
    await loggedAfter(() => emitAsAdmin('docs.not-audited', [{ uid: 'api::article.article' }]), 'docs.not-audited', false);
    assert.equal((await rows('docs.not-audited')).length, 0);
    assert.equal(await strapi.db.query(LOG).count(), total + 1, 'only the marker row was added');
  },
);

claim(
  {
    id: 'legacy-payload',
    says: 'the stored payload is the first event argument spread into a new object with origin added',
  },
  async () => {
    const [row] = await loggedAfter(
      () => emitAsAdmin('entry.update', [{ uid: 'api::article.article', entry: { id: 7, title: 'Seven' } }, { second: 'argument' }]),
      'entry.update',
    );
    assert.deepEqual(row.payload, { uid: 'api::article.article', entry: { id: 7, title: 'Seven' }, origin: 'admin-panel' });
    assert.equal(row.user.id, admin.user.id);
  },
);

claim(
  {
    id: 'upload-uids-dropped',
    says: 'events whose first argument has uid plugin::upload.file or plugin::upload.folder are dropped',
  },
  async () => {
    const added = await loggedAfter(
      () => emitAsAdmin('entry.delete', [{ uid: 'plugin::upload.file', entry: { id: 1 } }]),
      'entry.delete',
      false,
    );
    assert.deepEqual(added, []);
    const folder = await loggedAfter(() => emitAsAdmin('entry.delete', [{ uid: 'plugin::upload.folder' }]), 'entry.delete', false);
    assert.deepEqual(folder, []);
  },
);

claim(
  {
    id: 'outside-admin-requests-dropped',
    says: 'Events emitted from the Content API, bootstrap code or cron jobs without one of these are dropped.',
  },
  async () => {
    const fromContentApi = await loggedAfter(
      () =>
        fetch(`${baseUrl(strapi)}/api/audit-claims/emit`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ event: 'entry.publish', args: [{ uid: 'api::article.article', from: 'content api' }] }),
        }).then((r) => assert.equal(r.status, 200)),
      'entry.publish',
      false,
    );
    assert.deepEqual(fromContentApi, []);
    const fromCode = await loggedAfter(
      () => strapi.eventHub.emit('entry.publish', { uid: 'api::article.article', from: 'code' }),
      'entry.publish',
      false,
    );
    assert.deepEqual(fromCode, []);
  },
);

claim(
  {
    id: 'plugin-event-example',
    says: "The row gets action: 'my-plugin.report.export', the admin user as user, and a payload with actor, origin: 'admin-panel', resource, details and outcome.",
  },
  async () => {
    // The page's bootstrap, run as written; the emit the page shows in a comment goes through an admin route.
    const example = runExample<{ default: (ctx: { strapi: Core.Strapi }) => Promise<void> }>(
      codeBlock({ contains: 'my-plugin.report.export' }),
      {
        filename: 'src/plugins/my-plugin/server/bootstrap.ts',
      },
    );
    await example.default({ strapi });
    const [row] = await loggedAfter(
      () => emitAsAdmin('my-plugin.report.export', [{ id: 3, name: 'Sales', rows: 1200 }]),
      'my-plugin.report.export',
    );
    assert.equal(row.action, 'my-plugin.report.export');
    assert.equal(row.user.id, admin.user.id);
    assert.deepEqual(row.payload, {
      action: 'my-plugin.report.export',
      date: row.payload.date,
      actor: { type: 'admin-user', user: { id: admin.user.id, email: 'claims@example.com', name: 'Claims Runner' } },
      origin: 'admin-panel',
      resource: { type: 'report', id: 3, name: 'Sales' },
      details: { rows: 1200 },
      outcome: 'success',
    });
  },
);

claim(
  {
    id: 'transformer-throws',
    says: 'If the transformer throws, the error is logged and the row is saved with only action, date, actor and origin.',
  },
  async () => {
    strapi.get('audit-logs-lifecycle').registerEvent('docs.broken', () => {
      throw new Error('no shape today');
    });
    errors.length = 0;
    const [row] = await loggedAfter(() => emitAsAdmin('docs.broken', [{ anything: true }]), 'docs.broken');
    assert.deepEqual(Object.keys(row.payload).sort(), ['action', 'actor', 'date', 'origin']);
    assert.ok(
      errors.some((e) => e.startsWith('Failed to build the audit log payload for docs.broken')),
      errors.join('\n'),
    );
  },
);

claim(
  {
    id: 'register-event-rules',
    says: 'for a legacy name, and logs a warning when it replaces an already registered standard event',
  },
  async () => {
    const lifecycle = strapi.get('audit-logs-lifecycle');
    assert.throws(() => lifecycle.registerEvent('entry.publish', () => ({ resource: { type: 'entry' } })), {
      message: 'Cannot register the audit log event "entry.publish": it is one of the built-in events, whose stored shape is frozen.',
    });
    warnings.length = 0;
    lifecycle.registerEvent('docs.twice', () => ({ resource: { type: 'doc' } }));
    assert.deepEqual(warnings, []);
    lifecycle.registerEvent('docs.twice', () => ({ resource: { type: 'doc', id: 2 } }));
    assert.deepEqual(warnings, ['The audit log event "docs.twice" was already registered and is replaced.']);
  },
);

claim(
  {
    id: 'fail-open',
    says: "audit logging is fail-open, a failed insert loses the entry without failing the user's request",
  },
  async () => {
    errors.length = 0;
    // A first argument that cannot be serialised: the insert throws.
    const res = await emitAsAdmin('entry.create', [], { circular: true });
    assert.equal(res.status, 200, res.text);
    await waitFor(
      () => errors,
      (e) => e.some((x) => x.startsWith('Failed to save the audit log entry for entry.create')),
      'the logged failure',
    );
    const saved = await rows('entry.create');
    assert.ok(saved.every((r: { payload: { self?: unknown } }) => r.payload.self === undefined));
  },
);

claim(
  {
    id: 'user-on-read',
    says: 'On read, the service populates user and replaces it with { id, email, displayName }',
  },
  async () => {
    const named = await editor(strapi, 'named-auditor@example.com', []);
    await strapi.db.query('admin::user').update({ where: { id: named.user.id }, data: { username: 'auditor' } });
    const [row] = await loggedAfter(
      () => named.post('/audit-claims/emit', { event: 'entry.unpublish', args: [{ uid: 'api::article.article' }] }),
      'entry.unpublish',
    );
    const one = await admin.get(`/admin/audit-logs/${row.id}`);
    assert.equal(one.status, 200);
    assert.deepEqual(one.body.user, { id: named.user.id, email: 'named-auditor@example.com', displayName: 'auditor' });
    const list = await admin.get('/admin/audit-logs?pageSize=100&sort=date:DESC');
    const mine = list.body.results.find((r: { id: number }) => r.id === row.id);
    assert.deepEqual(mine.user, one.body.user);
    // firstname lastname when there is no username.
    const own = list.body.results.find((r: { user: { id: number } | null }) => r.user?.id === admin.user.id);
    assert.equal(own.user.displayName, 'Claims Runner');
  },
);

claim(
  {
    id: 'routes-policies',
    says: "All routes are admin routes with enableFeatureMiddleware('audit-logs') and the policies admin::isAuthenticatedAdmin and admin::hasPermissions.",
  },
  async () => {
    const nobody = await editor(strapi, 'audit-nobody@example.com', []);
    for (const path of ['/admin/audit-logs', '/admin/audit-logs/users', '/admin/audit-logs/export', '/admin/audit-logs/1']) {
      assert.equal((await fetch(`${baseUrl(strapi)}${path}`)).status, 401, `${path} without a token`);
      assert.equal((await nobody.get(path)).status, 403, `${path} without permission`);
    }
    // The admin is not in strapi.plugins: its routers are on strapi.admin.
    const admin_ = (
      strapi as unknown as { admin: { routes: Record<string, { type: string; routes: Array<{ config: { middlewares?: unknown[] } }> }> } }
    ).admin;
    const routes = admin_.routes['audit-logs'];
    assert.equal(routes.type, 'admin');
    assert.ok(routes.routes.every((r) => r.config.middlewares?.length === 1));
  },
);

claim(
  {
    id: 'find-many-validation',
    says: 'Query validated: page integer of 1 or more, pageSize 1 to 100, sort one of action:ASC, action:DESC, date:ASC, date:DESC',
  },
  async () => {
    assert.equal((await admin.get('/admin/audit-logs?pageSize=101')).status, 400);
    assert.equal((await admin.get('/admin/audit-logs?page=0')).status, 400);
    assert.equal((await admin.get('/admin/audit-logs?sort=id:ASC')).status, 400);
    const ok = await admin.get('/admin/audit-logs?page=1&pageSize=2&sort=action:ASC');
    assert.equal(ok.status, 200);
    assert.deepEqual(Object.keys(ok.body).sort(), ['pagination', 'results']);
    assert.equal(ok.body.results.length, 2);
    assert.ok(ok.body.results[0].action <= ok.body.results[1].action);
  },
);

claim(
  {
    id: 'find-many-users',
    says: 'The admin users that appear in at least one log, paginated (page, pageSize up to 100, default 1 and 10), each as { id, email, displayName }.',
  },
  async () => {
    const silent = await editor(strapi, 'never-logged@example.com', []);
    const res = await admin.get('/admin/audit-logs/users');
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.pagination.page, 1);
    assert.deepEqual(res.body.pagination.pageSize, 10);
    const ids = res.body.results.map((u: { id: number }) => u.id);
    assert.ok(ids.includes(admin.user.id));
    // Logging in emits admin.auth.success, an audited event: "never-logged" appears once it logs in, not before.
    const logins = await rows('admin.auth.success');
    assert.equal(
      ids.includes(silent.user.id),
      logins.some((r: { user: { id: number } | null }) => r.user?.id === silent.user.id),
    );
    for (const u of res.body.results) assert.deepEqual(Object.keys(u).sort(), ['displayName', 'email', 'id']);
    assert.equal((await admin.get('/admin/audit-logs/users?pageSize=101')).status, 400);
  },
);

claim({ id: 'find-one-missing', says: 'an unknown id answers 204 with no body' }, async () => {
  const res = await admin.get('/admin/audit-logs/987654');
  assert.equal(res.status, 204);
  assert.equal(res.text, '');
});

claim(
  {
    id: 'export-permissions',
    says: 'Requires both admin::audit-logs.read and admin::audit-logs.export.',
  },
  async () => {
    const reader = await editor(strapi, 'audit-reader@example.com', [{ action: 'admin::audit-logs.read' }]);
    assert.equal((await reader.get('/admin/audit-logs')).status, 200);
    assert.equal((await reader.get('/admin/audit-logs/export')).status, 403);
    const exporter = await editor(strapi, 'audit-exporter@example.com', [
      { action: 'admin::audit-logs.read' },
      { action: 'admin::audit-logs.export' },
    ]);
    assert.equal((await exporter.get('/admin/audit-logs/export')).status, 200);
  },
);

claim(
  {
    id: 'csv-part',
    says: 'The response is text/csv with a byte-order mark and the header row id,action,date,user_id,user_email,user_display_name,origin,payload, gzip-compressed when the client accepts it.',
  },
  async () => {
    const exports = (await rows('audit-log.export')).length;
    const res = await fetch(`${baseUrl(strapi)}/admin/audit-logs/export?pageSize=3`, {
      headers: { authorization: `Bearer ${admin.token}`, 'accept-encoding': 'gzip' },
    });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'text/csv; charset=utf-8');
    // fetch decodes gzip itself: the header says what was sent.
    assert.equal(res.headers.get('content-encoding'), 'gzip');
    const bytes = Buffer.from(await res.arrayBuffer());
    assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'the UTF-8 byte-order mark');
    const text = bytes.subarray(3).toString('utf8');
    assert.ok(
      text.startsWith('id,action,date,user_id,user_email,user_display_name,origin,payload\r\n'),
      JSON.stringify(text.slice(0, 120)),
    );
    assert.equal(text.trim().split('\r\n').length, 4, 'the header and three rows');
    assert.ok(Number(res.headers.get('x-audit-logs-export-until')) > 0);
    assert.match(res.headers.get('x-audit-logs-export-next-cursor') ?? '', /^\d+$/);
    assert.equal(res.headers.get('x-audit-logs-export-part-size'), '3');
    assert.match(res.headers.get('x-audit-logs-export-token') ?? '', /^\d+\./);
    for (const h of [
      'X-Audit-Logs-Export-Until',
      'X-Audit-Logs-Export-Next-Cursor',
      'X-Audit-Logs-Export-Part-Size',
      'X-Audit-Logs-Export-Token',
    ]) {
      assert.ok(res.headers.get('access-control-expose-headers')?.includes(h), h);
    }
    // Exporting is itself audited.
    await waitFor(
      () => rows('audit-log.export'),
      (r) => r.length > exports,
      'the audit-log.export row',
    );
    // Without gzip in Accept-Encoding, the same part comes uncompressed.
    const plain = await admin.get('/admin/audit-logs/export?pageSize=1', { 'accept-encoding': 'identity' });
    assert.equal(plain.headers.get('content-encoding'), null);
  },
);

claim(
  {
    id: 'continuation-checked',
    says: 'The export continuation is invalid or has expired. Restart the export.',
  },
  async () => {
    const first = await admin.get('/admin/audit-logs/export?pageSize=2');
    const until = first.headers.get('x-audit-logs-export-until');
    const cursor = first.headers.get('x-audit-logs-export-next-cursor');
    const token = first.headers.get('x-audit-logs-export-token') ?? '';
    const next = await admin.get(`/admin/audit-logs/export?pageSize=2&cursor=${cursor}&until=${until}&token=${encodeURIComponent(token)}`);
    assert.equal(next.status, 200);
    assert.ok(!next.text.replace(/^\uFEFF/, '').startsWith('id,action,'), 'a continuation part has no header row');
    const forged = await admin.get(
      `/admin/audit-logs/export?pageSize=2&cursor=${cursor}&until=${Number(until) + 1}&token=${encodeURIComponent(token)}`,
    );
    assert.equal(forged.status, 400);
    assert.equal(forged.body.error.message, 'The export continuation is invalid or has expired. Restart the export.');
  },
);

claim(
  {
    id: 'export-too-large',
    says: 'The export matches more entries than the configured limit. Add filters to reduce it.',
  },
  async () => {
    strapi.config.set('admin.auditLogs.exportMaxRows', 2);
    try {
      const res = await admin.get('/admin/audit-logs/export');
      assert.equal(res.status, 413);
      assert.equal(res.body.error.name, 'PayloadTooLargeError');
      assert.equal(res.body.error.message, 'The export matches more entries than the configured limit. Add filters to reduce it.');
      const filtered = await admin.get('/admin/audit-logs/export?filters[action][$eq]=docs.broken');
      assert.equal(filtered.status, 200);
    } finally {
      strapi.config.set('admin.auditLogs.exportMaxRows', undefined);
    }
  },
);

claim(
  {
    id: 'retention-job',
    says: 'When the feature is enabled, register() adds a cron task named deleteExpiredAuditLogs with strapi.cron.add, rule 0 0 * * * (daily at midnight, server time).',
  },
  async () => {
    const job = strapi.cron.jobs.find((j: { name: string | null }) => j.name === 'deleteExpiredAuditLogs');
    assert.ok(job);
    assert.equal(job.options, '0 0 * * *');
    const day = 24 * 3600 * 1000;
    const old = await strapi.db.query(LOG).create({ data: { action: 'docs.old', date: new Date(Date.now() - 91 * day), payload: {} } });
    const recent = await strapi.db
      .query(LOG)
      .create({ data: { action: 'docs.recent', date: new Date(Date.now() - 89 * day), payload: {} } });
    await (job.job as unknown as { invoke(): Promise<void> }).invoke();
    assert.equal(await strapi.db.query(LOG).findOne({ where: { id: old.id } }), null, 'older than the 90 days of DEFAULT_RETENTION_DAYS');
    assert.ok(await strapi.db.query(LOG).findOne({ where: { id: recent.id } }));
  },
);

claim(
  {
    id: 'license-events',
    says: 'The lifecycle service listens to ee.enable and ee.update (tear down, then register again with the new license) and to ee.disable (tear down only).',
  },
  async () => {
    await strapi.eventHub.emit('ee.disable');
    assert.equal(
      strapi.cron.jobs.some((j: { name: string | null }) => j.name === 'deleteExpiredAuditLogs'),
      false,
    );
    const res = await emitAsAdmin('entry.create', [{ uid: 'api::article.article', during: 'disabled' }]);
    assert.equal(res.status, 200);
    await strapi.eventHub.emit('ee.enable');
    await waitFor(
      () => strapi.cron.jobs.some((j: { name: string | null }) => j.name === 'deleteExpiredAuditLogs'),
      Boolean,
      'the retention job to come back',
    );
    const [row] = await loggedAfter(
      () => emitAsAdmin('entry.create', [{ uid: 'api::article.article', during: 'enabled again' }]),
      'entry.create',
    );
    assert.equal(row.payload.during, 'enabled again');
    assert.ok((await rows('entry.create')).every((r: { payload: { during?: string } }) => r.payload.during !== 'disabled'));
  },
);
