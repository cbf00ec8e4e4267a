import assert from 'node:assert/strict';
import { STATUS_CODES } from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { writeFileSync } from 'node:fs';
import { after, before } from 'node:test';
import type { Core } from '@strapi/strapi';
import {
  APP_DIR,
  addLocalPlugin,
  appVariant,
  bootStrapi,
  captureConsole,
  claim,
  codeBlock,
  freePort,
  jestGlobals,
  runExample,
  stopStrapi,
  supertestLike,
} from '../../harness';

/**
 * The application with two local plugins: `my-plugin` (one route in the array form, which puts it
 * on the admin API under /my-plugin) and `status`, whose `register` is the page's snippet adding
 * a content API route without a routes file. No browser opening at listen.
 */
const snippet = codeBlock({ contains: 'plugin::status.status.get' }).code;
const variant = appVariant('strapi-server', (dir) => {
  writeFileSync(
    path.join(dir, 'config/admin.js'),
    `const base = require(${JSON.stringify(path.join(APP_DIR, 'config/admin.js'))});\nmodule.exports = (ctx) => ({ ...base(ctx), autoOpen: false });\n`,
  );
  addLocalPlugin(dir, 'my-plugin', {
    'strapi-server.js': `module.exports = {
  routes: [{ method: 'GET', path: '/ping', handler: 'ping.index', config: { auth: false } }],
  controllers: { ping: { index(ctx) { ctx.body = 'pong'; } } },
};\n`,
  });
  addLocalPlugin(dir, 'status', {
    'strapi-server.js': `module.exports = {
  register({ strapi }) {
${snippet}
  },
  controllers: { status: { get(ctx) { ctx.body = { status: 'ok' }; } } },
};\n`,
  });
});

let strapi: Core.Strapi;
let port: number;
let base: string;
let beforeMount: { paths: string[]; listening: boolean };
before(async () => {
  port = await freePort();
  strapi = await bootStrapi({ name: 'strapi-server', appDir: variant, env: { PORT: String(port), HOST: '127.0.0.1' } });
  base = `http://127.0.0.1:${port}`;
  beforeMount = { paths: strapi.server.listRoutes().map((l) => l.path), listening: strapi.server.httpServer.listening };
  // Root routes, added before the routers are mounted.
  type Ctx = Record<string, (...args: unknown[]) => void> & { body: unknown; params: Record<string, string> };
  const route = (p: string, handler: (ctx: Ctx) => void) => ({ method: 'GET', path: p, handler, config: { auth: false } });
  strapi.server.routes([
    route('/helpers/send', (ctx) => ctx.send({ sent: true }, 202)),
    route('/helpers/send-default', (ctx) => ctx.send('plain')),
    route('/helpers/created', (ctx) => ctx.created({ id: 1 })),
    route('/helpers/deleted', (ctx) => ctx.deleted()),
    route('/helpers/deleted-with-data', (ctx) => ctx.deleted({ id: 1 })),
    route('/helpers/teapot', (ctx) => ctx.imATeapot()),
    route('/helpers/bad-request', (ctx) => ctx.badRequest('Title is missing', { field: 'title' })),
    route('/context', (ctx) => {
      ctx.body = { same: strapi.requestContext.get() === (ctx as unknown) };
    }),
    route('/duplicate', (ctx) => {
      ctx.body = 'first';
    }),
    route('/duplicate', (ctx) => {
      ctx.body = 'second';
    }),
  ] as never);
});
after(async () => {
  if (strapi) await stopStrapi(strapi);
});

let listenReturn: unknown;
let listening: Promise<void> | undefined;
/** Starts listening once (Strapi's own listen), keeping what server.listen returned. */
function ensureListening() {
  listening ??= (async () => {
    const original = strapi.server.listen;
    strapi.server.listen = (...args: unknown[]) => (listenReturn = original.apply(strapi.server, args as never));
    const output = captureConsole();
    try {
      await strapi.listen();
    } finally {
      output.restore();
      strapi.server.listen = original;
    }
  })();
  return listening;
}

claim(
  {
    id: 'eaddrinuse',
    says: "EADDRINUSE stops Strapi through strapi.stopWithError('The port <port> is already used by another application.')",
  },
  async () => {
    // Before the instance listens: its own server, on a port another server holds, then on an address this machine does not have.
    assert.equal(strapi.server.httpServer.listening, false);
    const occupied = await freePort();
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(occupied, '127.0.0.1', resolve));
    const calls: unknown[] = [];
    const { stopWithError } = strapi;
    strapi.stopWithError = ((message: unknown) => void calls.push(message)) as never;
    const errors: unknown[] = [];
    const logError = strapi.log.error;
    strapi.log.error = ((e: unknown) => void errors.push(e)) as never;
    const failed = () => new Promise((resolve) => strapi.server.httpServer.once('error', () => setTimeout(resolve, 10)));
    try {
      let error = failed();
      strapi.server.httpServer.listen(occupied, '127.0.0.1');
      await error;
      error = failed();
      strapi.server.httpServer.listen(0, '10.255.255.1');
      await error;
    } finally {
      strapi.stopWithError = stopWithError;
      strapi.log.error = logError;
      await new Promise((resolve) => blocker.close(resolve));
    }
    assert.deepEqual(calls, [`The port ${occupied} is already used by another application.`]);
    assert.equal(errors.length, 1);
    assert.equal((errors[0] as NodeJS.ErrnoException).code, 'EADDRNOTAVAIL');
    assert.equal(strapi.server.httpServer.listening, false);
  },
);

claim({ id: 'http-server-row', says: 'Created at once, listening only after listen' }, async () => {
  assert.equal(beforeMount.listening, false);
  await ensureListening();
  assert.equal(strapi.server.httpServer.listening, true);
  assert.equal(listenReturn, strapi.server.httpServer);
});

claim(
  { id: 'list-routes-row', says: 'before mount() only /_health and root routes; after it, also the layers copied from the API routers' },
  async () => {
    // /_health first, then routes that plugins and middlewares add to the root router; none from the API routers.
    assert.equal(beforeMount.paths[0], '/_health');
    assert.deepEqual(
      beforeMount.paths.filter((p) => p.startsWith('/api/') || p.startsWith('/admin/')),
      [],
    );
    await ensureListening();
    const paths = strapi.server.listRoutes().map((l) => l.path);
    assert.ok(paths.includes('/helpers/send'));
    assert.ok(paths.includes('/api/articles'));
    assert.ok(paths.includes('/admin/login'));
    // A copy: changing it changes nothing.
    const copy = strapi.server.listRoutes();
    copy.length = 0;
    assert.ok(strapi.server.listRoutes().length > 0);
  },
);

claim({ id: 'late-middlewares-included', says: 'so a middleware added with use() even after the first request is included' }, async () => {
  await ensureListening();
  // Added after listen, before any request.
  strapi.server.use(async (ctx: { set(k: string, v: string): void }, next: () => Promise<void>) => {
    ctx.set('x-before-first-request', 'yes');
    await next();
  });
  const first = await fetch(`${base}/no-such-route`);
  assert.equal(first.headers.get('x-before-first-request'), 'yes');
  // Added after the first request: the callback built then still runs it.
  strapi.server.use(async (ctx: { set(k: string, v: string): void }, next: () => Promise<void>) => {
    ctx.set('x-after-first-request', 'yes');
    await next();
  });
  const second = await fetch(`${base}/no-such-route`);
  assert.equal(second.headers.get('x-after-first-request'), 'yes');
  assert.equal(second.headers.get('x-before-first-request'), 'yes');
});

claim({ id: 'use-after-mount', says: 'so routed requests that do not call next() never reach them.' }, async () => {
  await ensureListening();
  // The middleware of the previous claim was added after mounting: unrouted requests reach it, routed ones do not.
  assert.equal((await fetch(`${base}/no-such-route`)).headers.get('x-before-first-request'), 'yes');
  const routed = await fetch(`${base}/helpers/send-default`);
  assert.equal(routed.status, 200);
  assert.equal(routed.headers.get('x-before-first-request'), null);
});

claim({ id: 'health', says: 'which answers any method with 204 and the header strapi: You are so French!' }, async () => {
  await ensureListening();
  for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
    const res = await fetch(`${base}/_health`, { method });
    assert.equal(res.status, 204, method);
    assert.equal(res.headers.get('strapi'), 'You are so French!', method);
  }
});

claim({ id: 'request-context', says: 'so strapi.requestContext.get() works anywhere down the chain' }, async () => {
  await ensureListening();
  assert.deepEqual(await (await fetch(`${base}/context`)).json(), { same: true });
  assert.equal(strapi.requestContext.get(), undefined);
});

claim({ id: 'middlewares-before-routing', says: 'every configured middleware runs before routing.' }, async () => {
  await ensureListening();
  // /_health is routed and ends there; the default middlewares' headers are on its response.
  const res = await fetch(`${base}/_health`, { headers: { origin: 'http://example.test' } });
  assert.equal(res.headers.get('x-powered-by'), 'Strapi <strapi.io>');
  assert.ok(res.headers.get('content-security-policy'));
  assert.equal(res.headers.get('access-control-allow-origin'), 'http://example.test');
});

claim(
  { id: 'default-middlewares', says: 'The default middlewares configuration (used when config/middlewares is absent) is' },
  async () => {
    assert.equal(strapi.config.get('middlewares'), undefined);
    await ensureListening();
    const res = await fetch(`${base}/api/articles`, { headers: { origin: 'http://example.test' } });
    // strapi::errors shaped the 401; strapi::poweredBy, strapi::security and strapi::cors set their headers.
    assert.equal(res.status, 401);
    assert.equal((await res.json()).error.name, 'UnauthorizedError');
    assert.equal(res.headers.get('x-powered-by'), 'Strapi <strapi.io>');
    assert.ok(res.headers.get('x-frame-options'));
    assert.equal(res.headers.get('access-control-allow-origin'), 'http://example.test');
  },
);

claim({ id: 'required-middlewares', says: 'errors, security, cors, query, body, public and favicon are required' }, async () => {
  try {
    strapi.config.set('middlewares', ['strapi::logger', 'strapi::poweredBy', 'strapi::session']);
    await assert.rejects(strapi.server.initMiddlewares(), {
      message:
        'Missing required middlewares in configuration. Add the following middlewares: "strapi::errors, strapi::security, strapi::cors, strapi::query, strapi::body, strapi::public, strapi::favicon".',
    });
  } finally {
    strapi.config.set('middlewares', undefined);
  }
});

claim(
  { id: 'invalid-middleware-entry', says: 'An entry that is neither a string nor an object with only name, resolve and config throws' },
  async () => {
    const message = 'Invalid middleware configuration. Expected Array<string|{name?: string, resolve?: string, config: any}.';
    try {
      for (const entry of [42, { name: 'strapi::logger', options: {} }, null]) {
        strapi.config.set('middlewares', ['strapi::errors', entry]);
        await assert.rejects(strapi.server.initMiddlewares(), { message }, JSON.stringify(entry));
      }
    } finally {
      strapi.config.set('middlewares', undefined);
    }
  },
);

claim(
  {
    id: 'create-server-reads',
    says: 'Reads server.proxy.koa (Koa proxy), server.proxy.ipHeader (Koa proxyIpHeader, default X-Forwarded-For), server.proxy.maxIpsCount (default 0)',
  },
  () => {
    const app = strapi.server.app;
    assert.equal(strapi.config.get('server.proxy'), false);
    assert.equal(app.proxy, false);
    assert.equal(app.proxyIpHeader, 'X-Forwarded-For');
    assert.equal(app.maxIpsCount, 0);
    assert.deepEqual(app.keys, strapi.config.get('server.app.keys'));
  },
);

claim({ id: 'api-row', says: 'The named API router object' }, () => {
  assert.equal(typeof strapi.server.api('content-api').routes, 'function');
  assert.notEqual(strapi.server.api('content-api'), strapi.server.api('admin'));
  assert.equal(strapi.server.api('nope' as never), undefined);
});

claim({ id: 'use-row', says: 'app.use(...): adds a global Koa middleware' }, () => {
  const count = strapi.server.app.middleware.length;
  const mw = async (_ctx: unknown, next: () => Promise<void>) => next();
  assert.equal(strapi.server.use(mw), strapi.server);
  assert.equal(strapi.server.app.middleware.length, count + 1);
  assert.equal(strapi.server.app.middleware.at(-1), mw);
});

claim({ id: 'routes-row', says: 'throws API <type> not found. Possible APIs are ...' }, () => {
  assert.throws(() => strapi.server.routes({ type: 'public', routes: [] } as never), {
    message: 'API public not found. Possible APIs are content-api,admin',
  });
  assert.throws(() => strapi.server.routes([{ method: 'TRACE', path: '/x', handler: () => {} }] as never), /^Error: Invalid route config/);
});

claim({ id: 'koa-helpers', says: 'created(data) (201), deleted(data) (204 without data, else 200 with the data)' }, async () => {
  await ensureListening();
  const send = await fetch(`${base}/helpers/send`);
  assert.equal(send.status, 202);
  assert.deepEqual(await send.json(), { sent: true });
  const plain = await fetch(`${base}/helpers/send-default`);
  assert.equal(plain.status, 200);
  assert.equal(await plain.text(), 'plain');
  const created = await fetch(`${base}/helpers/created`);
  assert.equal(created.status, 201);
  assert.deepEqual(await created.json(), { id: 1 });
  assert.equal((await fetch(`${base}/helpers/deleted`)).status, 204);
  const deleted = await fetch(`${base}/helpers/deleted-with-data`);
  assert.equal(deleted.status, 200);
  assert.deepEqual(await deleted.json(), { id: 1 });
});

claim(
  {
    id: 'error-helpers',
    says: "one method per status from 400 to 599 that Node's http.STATUS_CODES knows, named by camel-casing the reason phrase",
  },
  async () => {
    const { camelCase: camel } = require('lodash') as { camelCase(s: string): string };
    const response = strapi.server.app.response as unknown as Record<string, unknown>;
    const context = strapi.server.app.context as unknown as Record<string, unknown>;
    for (const [code, phrase] of Object.entries(STATUS_CODES)) {
      if (Number(code) < 400 || Number(code) > 599 || !phrase) continue;
      const name = camel(phrase);
      assert.equal(typeof response[name], 'function', `${code} ${phrase} → ${name}`);
      assert.equal(typeof context[name], 'function', name);
    }
    await ensureListening();
    const teapot = await fetch(`${base}/helpers/teapot`);
    assert.equal(teapot.status, 418);
    assert.deepEqual((await teapot.json()).error.message, "I'm a Teapot");
  },
);

claim({ id: 'error-helper-arguments', says: 'Each error method takes (response = <reason phrase>, details = {})' }, async () => {
  await ensureListening();
  const res = await fetch(`${base}/helpers/bad-request`);
  assert.equal(res.status, 400);
  const body = await res.json();
  assert.equal(body.data, null);
  assert.equal(body.error.status, 400);
  assert.equal(body.error.name, 'BadRequestError');
  assert.equal(body.error.message, 'Title is missing');
  assert.deepEqual(body.error.details, { field: 'title' });
  const teapot = await (await fetch(`${base}/helpers/teapot`)).json();
  assert.deepEqual(teapot.error.details, {});
});

claim({ id: 'plugin-route-snippet', says: "Adding a route from a plugin's register without a routes file:" }, async () => {
  await ensureListening();
  const res = await fetch(`${base}/api/status`);
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), { status: 'ok' });
});

claim({ id: 'health-example', says: "A Jest test of the health check and of a plugin's routes" }, async () => {
  await ensureListening();
  const globals = jestGlobals();
  runExample(codeBlock({ title: 'tests/health.test.ts' }), {
    filename: 'tests/health.test.ts',
    modules: {
      supertest: supertestLike,
      './helpers/strapi': { setupStrapi: async () => strapi, teardownStrapi: async () => {} },
    },
  });
  assert.deepEqual(await globals.run(), ['server > answers the health check', 'server > exposes a plugin route on the admin API']);
});

claim({ id: 'routes-after-mount-not-served', says: 'so routes added to an API afterwards are not served' }, async () => {
  await ensureListening();
  strapi.server.routes({
    type: 'content-api',
    routes: [{ method: 'GET', path: '/too-late', handler: (ctx: { body: unknown }) => void (ctx.body = 'late'), config: { auth: false } }],
  } as never);
  assert.ok(
    strapi.server
      .api('content-api')
      .listRoutes()
      .some((l) => l.path === '/api/too-late'),
  );
  assert.ok(!strapi.server.listRoutes().some((l) => l.path === '/api/too-late'));
  assert.equal((await fetch(`${base}/api/too-late`)).status, 404);
});

claim({ id: 'duplicates-kept', says: 'If two routers declare the same method and path, both layers stay in the stack' }, async () => {
  await ensureListening();
  assert.equal(strapi.server.listRoutes().filter((l) => l.path === '/duplicate').length, 2);
  assert.equal(await (await fetch(`${base}/duplicate`)).text(), 'first');
});

claim(
  {
    id: 'init-routing-row',
    says: "Runs register-routes.ts: admin routes (type admin, prefix /admin), then every API's routes (forced to type content-api)",
  },
  () => {
    const admin = strapi.server
      .api('admin')
      .listRoutes()
      .filter((l) => l.methods.length > 0)
      .map((l) => l.path);
    const firstPlugin = admin.findIndex((p) => !p.startsWith('/admin'));
    const lastAdmin = admin.map((p) => p.startsWith('/admin')).lastIndexOf(true);
    // The admin package's routes first, then the plugins' (the my-plugin route, given as an array, under /my-plugin).
    assert.ok(firstPlugin > 0 && lastAdmin < firstPlugin);
    assert.ok(admin.includes('/my-plugin/ping'));
  },
);

claim({ id: 'mount-twice', says: 'nothing stops an explicit second call, which would mount the routers twice.' }, async () => {
  await ensureListening();
  const count = (p: string) => strapi.server.listRoutes().filter((l) => l.path === p).length;
  assert.equal(count('/api/articles'), 2);
  assert.equal(strapi.server.mount(), strapi.server);
  assert.equal(count('/api/articles'), 4);
});

claim(
  { id: 'destroy', says: 'destroy() destroys every tracked socket first, then calls server.close() only if the server is listening.' },
  async () => {
    await ensureListening();
    // A connection in the middle of a request: server.close() alone would wait for it.
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write('GET /_health HTTP/1.1\r\nHost: x\r\n');
    const closed = new Promise((resolve) => socket.once('close', resolve));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    await strapi.server.destroy();
    await closed;
    assert.ok(Date.now() - started < 2000);
    assert.equal(strapi.server.httpServer.listening, false);
    // Not listening any more: a second call resolves without close().
    await strapi.server.destroy();
  },
);

claim({ id: 'destroy-row', says: 'Destroys every open socket, then closes the server if it is listening' }, async () => {
  assert.equal(strapi.server.httpServer.listening, false);
  await assert.doesNotReject(strapi.server.destroy());
});
