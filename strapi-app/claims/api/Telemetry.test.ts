import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { writeFileSync } from 'node:fs';
import { after, before } from 'node:test';
import type { Core } from '@strapi/strapi';
import {
  APP_DIR,
  appVariant,
  bootStrapi,
  captureConsole,
  claim,
  clearOutbound,
  codeBlock,
  defect,
  outbound,
  requireCore,
  respondToOutbound,
  runExample,
  stopStrapi,
  superAdmin,
  type OutboundRequest,
} from '../../harness';

type Telemetry = Core.Strapi['telemetry'] & { register(): void; bootstrap(): void; destroy(): void };
const createTelemetry = requireCore<(s: Core.Strapi) => Telemetry>('services/metrics/index');
const createMiddleware =
  requireCore<
    (o: {
      sendEvent: (...a: unknown[]) => Promise<boolean>;
      strapi: Core.Strapi;
    }) => (ctx: unknown, next: () => Promise<void>) => Promise<void>
  >('services/metrics/middleware');
const { MCP_LIMITED_TELEMETRY_EVENTS } = requireCore<{ MCP_LIMITED_TELEMETRY_EVENTS: Record<string, string> }>(
  'services/mcp/metrics/metrics',
);
const openBrowserModule = requireCore<{ openBrowser: (config: unknown) => Promise<unknown> }>('utils/open-browser');
const { generateInstallId } = require('@strapi/utils') as { generateInstallId(uuid?: string, installId?: string): string };

const ANALYTICS = 'https://analytics.strapi.io/api/v2/track';
const UUID = '00000000-0000-4000-8000-00000000d0c5';

/** The application with more keys in package.json's `strapi` field, and no browser opening at listen. */
const variant = (name: string, strapiField: Record<string, unknown>) =>
  appVariant(name, (dir, json) => {
    json('package.json', (pkg) => void Object.assign(pkg.strapi, strapiField));
    writeFileSync(
      path.join(dir, 'config/admin.js'),
      `const base = require(${JSON.stringify(path.join(APP_DIR, 'config/admin.js'))});\nmodule.exports = (ctx) => ({ ...base(ctx), autoOpen: false });\n`,
    );
  });

/** Analytics requests recorded by the network guard since the last clear, with their bodies parsed. */
const analytics = () =>
  outbound()
    .filter((r) => r.url.startsWith('https://analytics.strapi.io/'))
    .map((r) => ({ ...r, json: JSON.parse(r.body ?? '{}') as Record<string, any> })); // eslint-disable-line @typescript-eslint/no-explicit-any -- the payload is free-form JSON
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until<T>(read: () => T, ok: (v: T) => boolean, what: string, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}
/** Runs `fn` inside a request context holding `ctx`, as the server does for each request. */
const inContext = <T>(ctx: unknown, fn: () => Promise<T>): Promise<T> =>
  (strapi.requestContext.run as unknown as (c: unknown, f: () => Promise<T>) => Promise<T>)(ctx, fn);
let answer: (request: OutboundRequest) => Response | Promise<Response> = () => new Response('{}', { status: 200 });

let strapi: Core.Strapi;
let base: string;
let atBoot: ReturnType<typeof analytics>;
before(async () => {
  clearOutbound();
  respondToOutbound((request) =>
    request.url.startsWith('https://analytics.strapi.io/') ? answer(request) : Promise.reject(new TypeError('fetch failed')),
  );
  const output = captureConsole();
  try {
    strapi = await bootStrapi({
      name: 'telemetry',
      appDir: variant('telemetry', { projectId: 'from-package-json', customKey: 'custom value' }),
      telemetry: true,
      listen: true,
    });
  } finally {
    output.restore();
  }
  base = `http://127.0.0.1:${strapi.config.get('server.port')}`;
  atBoot = await until(analytics, (list) => list.some((r) => r.json.event === 'didStartServer'), 'didStartServer');
});
after(async () => {
  respondToOutbound(undefined);
  if (strapi) await stopStrapi(strapi);
});

claim({ id: 'enabled-with-uuid', says: "strapi.config.get('uuid'), from the strapi.uuid field of the project's package.json" }, () => {
  assert.equal(strapi.config.get('uuid'), UUID);
  assert.equal(strapi.telemetry.isDisabled, false);
});

claim({ id: 'did-start-server', says: 'Strapi.sendStartupTelemetry() after listen' }, () => {
  const start = atBoot.find((r) => r.json.event === 'didStartServer')!;
  const group = start.json.groupProperties;
  assert.equal(group.database, strapi.config.get('database.connection.client'));
  assert.deepEqual(group.plugins, Object.keys(strapi.plugins));
  assert.equal(group.numberOfAllContentTypes, Object.keys(strapi.contentTypes).length);
  assert.equal(group.numberOfComponents, Object.keys(strapi.components).length);
  assert.equal(group.numberOfDynamicZones, 1);
  assert.equal(typeof group.numberOfConditionalFields, 'number');
  assert.equal(typeof group.numberOfCustomControllers, 'number');
  assert.equal(group.environment, 'development');
});

claim(
  {
    id: 'post-to-track',
    says: 'The body is JSON, posted to ${STRAPI_ANALYTICS_URL}/api/v2/track (the environment variable defaults to https://analytics.strapi.io)',
  },
  async () => {
    clearOutbound();
    assert.equal(await strapi.telemetry.send('didDocsCheck', { eventProperties: { n: 1 } }), true);
    const [request] = analytics();
    assert.equal(request.url, ANALYTICS);
    assert.equal(request.method, 'POST');
    assert.equal(request.headers['content-type'], 'application/json');
    assert.equal(request.headers['x-strapi-event'], 'didDocsCheck');
    assert.deepEqual(Object.keys(request.json), ['event', 'userId', 'installId', 'eventProperties', 'userProperties', 'groupProperties']);
    assert.deepEqual(request.json.eventProperties, { n: 1 });
  },
);

claim(
  {
    id: 'send-results',
    says: 'false when a limited event was already sent in the current window or strapi.fetch threw (network error), and otherwise whether the HTTP response was ok',
  },
  async () => {
    const saved = answer;
    try {
      answer = () => new Response('no', { status: 503 });
      assert.equal(await strapi.telemetry.send('didDocsCheck'), false);
      answer = () => Promise.reject(new TypeError('fetch failed'));
      assert.equal(await strapi.telemetry.send('didDocsCheck'), false);
    } finally {
      answer = saved;
    }
    assert.equal(await strapi.telemetry.send('didDocsCheck'), true);
  },
);

claim(
  {
    id: 'limited-events',
    says: 'The limited events are didSaveMediaWithAlternativeText, didSaveMediaWithCaption, didDisableResponsiveDimensions, didEnableResponsiveDimensions, didInitializePluginUpload and the MCP events of MCP_LIMITED_TELEMETRY_EVENTS.',
  },
  async () => {
    const limited = [
      'didSaveMediaWithAlternativeText',
      'didSaveMediaWithCaption',
      'didDisableResponsiveDimensions',
      'didEnableResponsiveDimensions',
      'didInitializePluginUpload',
      ...Object.values(MCP_LIMITED_TELEMETRY_EVENTS),
    ];
    // The upload plugin sent didInitializePluginUpload while Strapi booted: it is already used up.
    assert.ok(atBoot.some((r) => r.json.event === 'didInitializePluginUpload'));
    assert.equal(await strapi.telemetry.send('didInitializePluginUpload'), false);
    const others = limited.filter((e) => e !== 'didInitializePluginUpload');
    clearOutbound();
    for (const event of others) {
      assert.equal(await strapi.telemetry.send(event), true, event);
      assert.equal(await strapi.telemetry.send(event), false, event);
    }
    // Another event is not limited.
    assert.equal(await strapi.telemetry.send('didDocsCheck'), true);
    assert.equal(await strapi.telemetry.send('didDocsCheck'), true);
    assert.deepEqual(
      analytics().map((r) => r.json.event),
      [...others, 'didDocsCheck', 'didDocsCheck'],
    );
  },
);

claim(
  { id: 'limiter-window', says: 'clears it when 24 hours have passed since the last reset (checked on the next limited send)' },
  async () => {
    // didSaveMediaWithCaption was sent above; 24 hours and a minute later it goes through once more.
    const now = Date.now;
    try {
      assert.equal(await strapi.telemetry.send('didSaveMediaWithCaption'), false);
      Date.now = () => now() + 24 * 3600_000 + 60_000;
      assert.equal(await strapi.telemetry.send('didSaveMediaWithCaption'), true);
      assert.equal(await strapi.telemetry.send('didSaveMediaWithCaption'), false);
    } finally {
      Date.now = now;
    }
  },
);

claim({ id: 'no-request-context', says: "or '' when there is no request context or the user has no email" }, async () => {
  clearOutbound();
  await strapi.telemetry.send('didDocsCheck', { userProperties: { extra: 1 } });
  await inContext({ state: { user: { id: 1 } } } as never, () => strapi.telemetry.send('didDocsCheck'));
  const [outside, noEmail] = analytics().map((r) => r.json);
  assert.equal(outside.userId, '');
  assert.deepEqual(outside.userProperties, {});
  assert.equal(noEmail.userId, '');
});

claim(
  {
    id: 'user-id-and-properties',
    says: 'When userId is set: environment, os, osPlatform, osArch, osRelease, nodeVersion, merged with payload.userProperties; otherwise {}',
  },
  async () => {
    clearOutbound();
    const email = 'telemetry@example.com';
    await inContext({ state: { user: { email } } } as never, () =>
      strapi.telemetry.send('didDocsCheck', { userProperties: { nodeVersion: 'overridden', extra: true } }),
    );
    const [body] = analytics().map((r) => r.json);
    assert.equal(body.userId, crypto.createHash('sha256').update(email).digest('hex'));
    assert.deepEqual(body.userProperties, {
      environment: 'development',
      os: os.type(),
      osPlatform: os.platform(),
      osArch: os.arch(),
      osRelease: os.release(),
      nodeVersion: 'overridden',
      extra: true,
    });
  },
);

claim({ id: 'install-id', says: 'computed once per sender' }, async () => {
  clearOutbound();
  await strapi.telemetry.send('didDocsCheck');
  await strapi.telemetry.send('didDocsCheck');
  const [a, b] = analytics().map((r) => r.json.installId);
  assert.equal(a, b);
  // No strapi.installId in package.json: derived from the machine id and the uuid.
  assert.equal(strapi.config.get('installId'), undefined);
  assert.equal(a, generateInstallId(UUID, undefined));
  assert.match(a, /^[0-9a-f]{64}$/);
});

claim(
  {
    id: 'group-properties',
    says: 'the other keys of the strapi field of package.json (added with _.defaults, never overriding the previous ones)',
  },
  async () => {
    clearOutbound();
    await strapi.telemetry.send('didDocsCheck', { groupProperties: { isCI: 'overridden by the payload', extra: 1 } });
    const group = analytics()[0].json.groupProperties;
    assert.deepEqual(Object.keys(group), [
      'docker',
      'isCI',
      'version',
      'useTypescriptOnServer',
      'useTypescriptOnAdmin',
      'projectId',
      'isHostedOnStrapiCloud',
      'customKey',
      'projectType',
      'extra',
    ]);
    assert.equal(group.version, '5.54.0');
    assert.equal(group.useTypescriptOnServer, false);
    assert.equal(group.useTypescriptOnAdmin, false);
    // package.json's own projectId does not replace the uuid; its other key is added.
    assert.equal(group.projectId, UUID);
    assert.equal(group.customKey, 'custom value');
    assert.equal(group.isHostedOnStrapiCloud, false);
    assert.equal(group.projectType, 'Community');
    assert.equal(group.isCI, 'overridden by the payload');
  },
);

claim({ id: 'event-properties-as-given', says: 'payload.eventProperties as given' }, async () => {
  clearOutbound();
  await strapi.telemetry.send('didDocsCheck');
  await strapi.telemetry.send('didDocsCheck', { eventProperties: { nested: { a: [1, 2] } } });
  const [without, withProps] = analytics().map((r) => r.json);
  assert.equal('eventProperties' in without, false);
  assert.deepEqual(withProps.eventProperties, { nested: { a: [1, 2] } });
});

claim(
  {
    id: 'register-row',
    says: 'adds a named cron task sendPingEvent with schedule 0 0 12 * * * (every day at 12:00:00 server time) that sends ping',
  },
  async () => {
    const job = strapi.cron.jobs.find((j) => j.name === 'sendPingEvent')!;
    assert.equal(job.options, '0 0 12 * * *');
    assert.equal(job.job.isRunning(), true);
    const next = job.job.nextInvocation() as Date;
    assert.deepEqual([next.getHours(), next.getMinutes(), next.getSeconds()], [12, 0, 0]);
    clearOutbound();
    await job.job.invoke();
    assert.deepEqual(
      analytics().map((r) => r.json.event),
      ['ping'],
    );
  },
);

claim({ id: 'ping-row', says: 'daily cron task' }, async () => {
  clearOutbound();
  await strapi.cron.jobs.find((j) => j.name === 'sendPingEvent')!.job.invoke();
  const [ping] = analytics().map((r) => r.json);
  assert.equal('eventProperties' in ping, false);
  assert.deepEqual(ping.userProperties, {});
});

claim({ id: 'open-tab-row', says: 'Strapi.openAdmin() in development' }, async () => {
  const openBrowser = openBrowserModule.openBrowser;
  clearOutbound();
  strapi.config.set('admin.autoOpen', true);
  try {
    openBrowserModule.openBrowser = async () => undefined;
    await (strapi as unknown as { openAdmin(o: { isInitialized: boolean }): Promise<void> }).openAdmin({ isInitialized: false });
    openBrowserModule.openBrowser = async () => Promise.reject(new Error('no browser'));
    await (strapi as unknown as { openAdmin(o: { isInitialized: boolean }): Promise<void> }).openAdmin({ isInitialized: false });
    await until(analytics, (l) => l.length === 2, 'two tab events');
  } finally {
    openBrowserModule.openBrowser = openBrowser;
    strapi.config.set('admin.autoOpen', false);
  }
  const bodies = analytics().map((r) => r.json);
  assert.deepEqual(
    bodies.map((b) => b.event),
    ['didOpenTab', 'didNotOpenTab'],
  );
  assert.ok(bodies.every((b) => !('eventProperties' in b)));
});

claim({ id: 'middleware', says: 'it sends didReceiveRequest with eventProperties: { url, success, statusCode }' }, async () => {
  clearOutbound();
  const res = await fetch(`${base}/api/articles?sort=title`);
  assert.equal(res.status, 401);
  const [event] = await until(analytics, (l) => l.length > 0, 'didReceiveRequest');
  assert.equal(event.json.event, 'didReceiveRequest');
  assert.deepEqual(event.json.eventProperties, { url: '/api/articles?sort=title', success: false, statusCode: 401 });
});

claim(
  { id: 'middleware-filter', says: 'contains the REST prefix (api.rest.prefix) anywhere in it, and uses GET, PUT, POST or DELETE' },
  async () => {
    clearOutbound();
    await fetch(`${base}/api/articles`, { method: 'PATCH' });
    await fetch(`${base}/api/articles.json`);
    await fetch(`${base}/_health`);
    await fetch(`${base}/admin/init`);
    // Not a content API route, but its path contains "/api".
    await fetch(`${base}/admin/api-tokens`);
    await fetch(`${base}/api/articles`, { method: 'DELETE' });
    await sleep(200);
    assert.deepEqual(
      analytics()
        .filter((r) => r.json.event === 'didReceiveRequest')
        .map((r) => `${r.json.eventProperties.url} ${r.json.eventProperties.statusCode}`)
        .sort(),
      ['/admin/api-tokens 401', '/api/articles 405'],
    );
  },
);

claim(
  { id: 'middleware-user', says: "so its userId is '' and its userProperties are empty, even for an authenticated admin request" },
  async () => {
    // An authenticated admin request whose path contains "/api": the event leaves at `finish`, outside the request context.
    await superAdmin(strapi, 'telemetry-admin@example.com');
    const login = await fetch(`${base}/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'telemetry-admin@example.com', password: 'Claims-Runner-1' }),
    });
    const { token } = (await login.json()).data;
    clearOutbound();
    const res = await fetch(`${base}/admin/api-tokens`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal(res.status, 200);
    const [event] = await until(analytics, (l) => l.length > 0, 'didReceiveRequest');
    assert.equal(event.json.eventProperties.statusCode, 200);
    assert.equal(event.json.userId, '');
    assert.deepEqual(event.json.userProperties, {});
  },
);

claim({ id: 'middleware-cap', says: 'at most 1,000 requests are tracked per window per process' }, async () => {
  const sent: unknown[] = [];
  const middleware = createMiddleware({ sendEvent: async (...args: unknown[]) => sent.push(args) > 0, strapi });
  const finishers: Array<() => void> = [];
  const request = async () => {
    const handlers: Record<string, () => void> = {};
    const ctx = {
      request: { url: '/api/things', method: 'GET' },
      response: { status: 200 },
      res: { once: (event: string, fn: () => void) => (handlers[event] = fn) },
    };
    await middleware(ctx, async () => {});
    if (handlers.finish) finishers.push(handlers.finish, handlers.close);
  };
  for (let n = 0; n < 1001; n++) await request();
  // Counted when the request arrives: 1,000 watched, the 1,001st not, before any response finished.
  assert.equal(finishers.length, 2000);
  assert.equal(sent.length, 0);
  finishers.forEach((finish) => finish());
  assert.equal(sent.length, 1000);
  // The first tracked request after 24 hours resets the window.
  const now = Date.now;
  try {
    Date.now = () => now() + 24 * 3600_000 + 1000;
    await request();
  } finally {
    Date.now = now;
  }
  assert.equal(finishers.length, 2002);
});

claim(
  { id: 'middleware-finish-or-close', says: 'once the response emits finish or close (whichever comes first; the second is ignored)' },
  async () => {
    const sent: unknown[][] = [];
    const middleware = createMiddleware({ sendEvent: async (...args: unknown[]) => sent.push(args) > 0, strapi });
    const handlers: Record<string, () => void> = {};
    const ctx = {
      request: { url: '/api/x', method: 'POST' },
      response: { status: undefined },
      res: { once: (event: string, fn: () => void) => (handlers[event] = fn) },
    };
    await middleware(ctx, async () => {});
    handlers.close();
    handlers.finish();
    assert.deepEqual(sent, [['didReceiveRequest', { eventProperties: { url: '/api/x', success: false, statusCode: 500 } }]]);
  },
);

claim({ id: 'decided-once', says: "Decided once, when the service is created (on the first strapi.get('telemetry'))." }, async () => {
  process.env.STRAPI_TELEMETRY_DISABLED = 'true';
  try {
    assert.equal(strapi.telemetry.isDisabled, false);
    clearOutbound();
    assert.equal(await strapi.telemetry.send('didDocsCheck'), true);
    assert.equal(analytics().length, 1);
    // A new service, created now, reads the variable.
    assert.equal(createTelemetry(strapi).isDisabled, true);
  } finally {
    delete process.env.STRAPI_TELEMETRY_DISABLED;
  }
});

claim({ id: 'env-switch', says: "environment; isTruthy accepts 1, true, or the strings 'true'/'1' in any letter case" }, async () => {
  clearOutbound();
  const jobs = strapi.cron.jobs.length;
  try {
    for (const [value, disabled] of [
      ['1', true],
      ['true', true],
      ['TRUE', true],
      ['True', true],
      ['yes', false],
      ['0', false],
      ['false', false],
    ] as const) {
      process.env.STRAPI_TELEMETRY_DISABLED = value;
      const telemetry = createTelemetry(strapi);
      assert.equal(telemetry.isDisabled, disabled, value);
      if (disabled) {
        telemetry.register();
        assert.equal(await telemetry.send('didDocsCheck'), true);
      }
    }
  } finally {
    delete process.env.STRAPI_TELEMETRY_DISABLED;
  }
  // Disabled: nothing scheduled, nothing sent.
  assert.equal(strapi.cron.jobs.length, jobs);
  assert.equal(analytics().length, 0);
});

claim({ id: 'uuid-switch', says: 'No project uuid' }, async () => {
  clearOutbound();
  strapi.config.set('uuid', undefined);
  try {
    const telemetry = createTelemetry(strapi);
    assert.equal(telemetry.isDisabled, true);
    assert.equal(await telemetry.send('didDocsCheck'), true);
  } finally {
    strapi.config.set('uuid', UUID);
  }
  assert.equal(analytics().length, 0);
});

claim(
  {
    id: 'disabled-means-true',
    says: 'send resolves true when telemetry is disabled, so a true result does not prove an event was delivered.',
  },
  async () => {
    strapi.config.set('packageJsonStrapi.telemetryDisabled', 'TRUE');
    clearOutbound();
    try {
      const telemetry = createTelemetry(strapi);
      assert.equal(telemetry.isDisabled, true);
      assert.equal(await telemetry.send('didDocsCheck', { eventProperties: { a: 1 } }), true);
    } finally {
      strapi.config.set('packageJsonStrapi.telemetryDisabled', undefined);
    }
    assert.equal(analytics().length, 0);
  },
);

claim({ id: 'bootstrap-row', says: 'Strapi bootstrap' }, () => {
  const jobs = strapi.cron.jobs.length;
  const middlewares = strapi.server.app.middleware.length;
  assert.equal(strapi.telemetry.bootstrap(), undefined);
  assert.equal(strapi.cron.jobs.length, jobs);
  assert.equal(strapi.server.app.middleware.length, middlewares);
});

claim({ id: 'bootstrap-destroy-rows', says: 'Nothing (the cron service stops the ping job itself)' }, async () => {
  clearOutbound();
  const jobs = strapi.cron.jobs.length;
  assert.equal(strapi.telemetry.bootstrap(), undefined);
  assert.equal(strapi.telemetry.destroy(), undefined);
  assert.equal(strapi.cron.jobs.length, jobs);
  assert.equal(strapi.cron.jobs.find((j) => j.name === 'sendPingEvent')!.job.isRunning(), true);
  assert.equal(analytics().length, 0);
});

claim(
  { id: 'exports-example', says: 'A plugin service that reports each export of a collection without waiting for the analytics endpoint:' },
  async () => {
    await strapi.documents('api::article.article').create({ data: { title: 'Exported' }, locale: 'en' });
    const { default: factory } = runExample<{
      default: (ctx: { strapi: Core.Strapi }) => { exportCollection(uid: string, format: string): Promise<unknown[]> };
    }>(codeBlock({ title: 'server/src/services/exports.ts' }));
    clearOutbound();
    let release: () => void = () => {};
    const saved = answer;
    // The analytics endpoint answers late: the service returns first.
    answer = () => new Promise((resolve) => (release = () => resolve(new Response('{}'))));
    try {
      const rows = await factory({ strapi }).exportCollection('api::article.article', 'csv');
      assert.equal(rows.length, 1);
      const [event] = await until(analytics, (l) => l.length > 0, 'didExportCollection');
      assert.equal(event.json.event, 'didExportCollection');
      assert.deepEqual(event.json.eventProperties, { format: 'csv', rowCount: 1 });
    } finally {
      release();
      answer = saved;
    }
  },
);

defect(
  {
    id: 'timeout-not-enforced',
    says: 'the request waits as long as the analytics endpoint takes',
    summary:
      "The telemetry sender passes `timeout: 1000` to `strapi.fetch`, which Node's `fetch` ignores: `send` waits for the endpoint however long it takes",
  },
  async () => {
    const options: unknown[] = [];
    const fetch = strapi.fetch;
    const wrapped = Object.assign((url: string, init: unknown) => {
      options.push(init);
      return fetch(url, init as never);
    }, fetch);
    const container = strapi as unknown as { serviceMap: Map<string, unknown> };
    container.serviceMap.set('fetch', wrapped);
    const saved = answer;
    answer = async () => {
      await sleep(1500);
      return new Response('{}');
    };
    try {
      const started = Date.now();
      assert.equal(await strapi.telemetry.send('didDocsCheck'), true);
      assert.ok(Date.now() - started >= 1450, `${Date.now() - started} ms`);
    } finally {
      answer = saved;
      container.serviceMap.set('fetch', fetch);
    }
    assert.equal((options[0] as { timeout: number }).timeout, 1000);
    assert.equal((options[0] as { signal?: unknown }).signal, undefined);
  },
);

claim({ id: 'package-json-switch', says: "strapi.telemetryDisabled in the project's package.json (packageJsonStrapi)" }, async () => {
  await stopStrapi(strapi);
  strapi = undefined as unknown as Core.Strapi;
  clearOutbound();
  const output = captureConsole();
  let instance: Core.Strapi;
  try {
    instance = await bootStrapi({
      name: 'telemetry-disabled',
      appDir: variant('telemetry-disabled', { telemetryDisabled: true }),
      telemetry: true,
      listen: true,
    });
  } finally {
    output.restore();
  }
  try {
    assert.equal(instance.telemetry.isDisabled, true);
    assert.equal(
      instance.cron.jobs.find((j) => j.name === 'sendPingEvent'),
      undefined,
    );
    await fetch(`http://127.0.0.1:${instance.config.get('server.port')}/api/articles`);
    assert.equal(await instance.telemetry.send('didDocsCheck'), true);
    await sleep(200);
    // Nothing at all went to the analytics endpoint: not the start, not the request, not the event.
    assert.deepEqual(analytics(), []);
  } finally {
    await stopStrapi(instance);
  }
});
