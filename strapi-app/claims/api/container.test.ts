import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import type { Core } from '@strapi/strapi';
import { bootStrapi, claim, codeBlock, requireCore, runExample, stopStrapi } from '../../harness';

type Provider = { init?: (s: Core.Strapi) => void; bootstrap?: (s: Core.Strapi) => Promise<void> };
const { Container } = requireCore<{ Container: new () => Core.Container }>('container');
const { providers } = requireCore<{ providers: Provider[] }>('providers/index');

/** The container's private maps (TypeScript `private`, plain properties at run time). */
interface Maps {
  registerMap: Map<string, unknown>;
  serviceMap: Map<string, unknown>;
}
const maps = (c: unknown) => c as Maps;

// The page's example provider, compiled as a file of @strapi/core and listed in its providers array
// before the instance is created, as the page says a new provider would be.
const example = runExample<{ default: Provider }>(codeBlock({ title: 'packages/core/core/src/providers/audit-trail.ts' }), {
  modules: { './provider': requireCore('providers/provider') },
});
providers.push(example.default);

let strapi: Core.Strapi;
let keysAfterConstruction: string[];
before(async () => {
  strapi = await bootStrapi({ name: 'container' });
  keysAfterConstruction = [...maps(strapi).registerMap.keys()];
});
after(async () => {
  providers.splice(providers.indexOf(example.default), 1);
  if (strapi) await stopStrapi(strapi);
});

claim({ id: 'lazy-and-reused', says: 'created lazily the first time they are requested, and then reused.' }, () => {
  const c = new Container();
  let created = 0;
  c.add('thing', () => ({ n: ++created }));
  assert.equal(created, 0);
  const first = c.get('thing');
  assert.equal(created, 1);
  assert.equal(c.get('thing'), first);
  assert.equal(created, 1);
  // The same holds for Strapi's own entries: the server is built once.
  assert.equal(strapi.get('server'), strapi.server);
});

claim({ id: 'strapi-is-the-container', says: "so strapi.get('db') and strapi.db are the same lookup." }, () => {
  assert.ok(strapi instanceof Container);
  assert.equal(strapi.get('db'), strapi.db);
  assert.equal(strapi.get('cron'), strapi.cron);
});

claim(
  {
    id: 'two-private-maps',
    says: 'The class keeps two private maps: registerMap (key to resolver) and serviceMap (key to resolved value).',
  },
  () => {
    const c = new Container();
    const resolver = () => 'value';
    c.add('k', resolver);
    assert.ok(maps(c).registerMap instanceof Map && maps(c).serviceMap instanceof Map);
    assert.equal(maps(c).registerMap.get('k'), resolver);
    assert.equal(maps(c).serviceMap.has('k'), false);
    c.get('k');
    assert.equal(maps(c).serviceMap.get('k'), 'value');
  },
);

claim(
  {
    id: 'factory-receives-container-and-args',
    says: 'it runs once, on the first get, and receives the container (the Strapi instance) and the optional args.',
  },
  () => {
    const calls: unknown[][] = [];
    strapi.add('docs.factory', (...args: unknown[]) => {
      calls.push(args);
      return {};
    });
    strapi.get('docs.factory', { first: true });
    strapi.get('docs.factory', { second: true });
    assert.equal(calls.length, 1);
    assert.equal(calls[0][0], strapi);
    assert.deepEqual(calls[0][1], { first: true });
  },
);

claim({ id: 'values-stored-as-is', says: 'Any other value (an object, a class instance) is stored and returned as is.' }, () => {
  class Thing {}
  const object = { a: 1 };
  const instance = new Thing();
  const c = new Container();
  c.add('object', object).add('instance', instance).add('number', 42);
  assert.equal(c.get('object'), object);
  assert.equal(c.get('instance'), instance);
  assert.equal(c.get('number'), 42);
});

claim({ id: 'args-first-call-only', says: 'entries are singletons, and args only matter on the very first call.' }, () => {
  const c = new Container();
  c.add('greeting', (_c: unknown, args: { name: string }) => ({ text: `hello ${args.name}` }));
  const first = c.get('greeting', { name: 'first' });
  const second = c.get('greeting', { name: 'second' });
  assert.equal(second, first);
  assert.equal(second.text, 'hello first');
});

claim({ id: 'args-row', says: 'Passed to the factory on first resolution only' }, () => {
  const seen: unknown[] = [];
  const c = new Container();
  c.add('k', (_c: unknown, args: unknown) => seen.push(args));
  c.get('k', 1);
  c.get('k', 2);
  c.get('k');
  assert.deepEqual(seen, [1]);
});

claim(
  {
    id: 'functions-are-called',
    says: 'a value that is itself a function is always called, never stored; to keep a function in the container, wrap it in a factory that returns it.',
  },
  () => {
    const helper = () => 'called';
    const c = new Container();
    c.add('helper', helper);
    assert.equal(c.get('helper'), 'called');
    c.add('wrapped', () => helper);
    assert.equal(c.get('wrapped'), helper);
    // A class is a function too: the container calls it without `new`.
    class Service {}
    c.add('class', Service);
    assert.throws(() => c.get('class'), TypeError);
  },
);

claim({ id: 'add-chains', says: 'Returns the container, so calls can be chained.' }, () => {
  const c = new Container();
  assert.equal(c.add('a', 1).add('b', 2), c);
  assert.equal(strapi.add('docs.chained', {}), strapi);
});

claim({ id: 'add-twice-throws', says: 'Throws Cannot register already registered service <name> if the key was added before.' }, () => {
  assert.throws(() => strapi.add('db', {}), { message: 'Cannot register already registered service db' });
  const c = new Container();
  c.add('k', 1);
  assert.throws(() => c.add('k', 2), { message: 'Cannot register already registered service k' });
});

claim({ id: 'add-creates-nothing', says: 'Nothing is created at this point.' }, () => {
  let created = false;
  strapi.add('docs.lazy', () => {
    created = true;
    return {};
  });
  assert.equal(created, false);
  assert.equal(maps(strapi).serviceMap.has('docs.lazy'), false);
});

claim({ id: 'get-unknown-throws', says: 'Throws Could not resolve service <name> for an unknown key.' }, () => {
  assert.throws(() => strapi.get('docs.unknown'), { message: 'Could not resolve service docs.unknown' });
});

claim({ id: 'has-row', says: 'true when the key was added or has already been resolved.' }, () => {
  const c = new Container();
  assert.equal(c.has('k'), false);
  c.add('k', () => 1);
  assert.equal(c.has('k'), true);
  c.get('k');
  assert.equal(c.has('k'), true);
});

claim({ id: 'has-means-added', says: 'so in practice has answers "was this key added?".' }, () => {
  const c = new Container();
  assert.throws(() => c.get('k'));
  assert.equal(c.has('k'), false);
  c.add('k', () => undefined);
  // Added, resolved to undefined: still "has".
  assert.equal(c.get('k'), undefined);
  assert.equal(c.has('k'), true);
});

const INTERNAL = [
  'config',
  'query-params',
  'content-api',
  'content-api-schema-registry',
  'auth',
  'server',
  'fs',
  'eventHub',
  'startupLogger',
  'logger',
  'fetch',
  'features',
  'requestContext',
  'customFields',
  'entityValidator',
  'entityService',
  'documents',
  'db',
  'reload',
  'content-source-maps',
];
const REGISTRIES = [
  'content-types',
  'components',
  'services',
  'policies',
  'middlewares',
  'hooks',
  'controllers',
  'modules',
  'plugins',
  'custom-fields',
  'apis',
  'models',
  'sanitizers',
  'validators',
];
const OTHERS = ['admin', 'ai', 'coreStore', 'sessionManager', 'webhookStore', 'webhookRunner', 'telemetry', 'cron', 'ai.mcp'];

claim({ id: 'internal-keys', says: 'Strapi.registerInternalServices()' }, () => {
  assert.deepEqual(keysAfterConstruction.slice(0, INTERNAL.length), INTERNAL);
});

claim({ id: 'registries-keys', says: 'registries provider (init)' }, () => {
  assert.deepEqual(keysAfterConstruction.slice(INTERNAL.length, INTERNAL.length + REGISTRIES.length), REGISTRIES);
});

claim({ id: 'other-provider-keys', says: 'Other providers (init)' }, () => {
  const start = INTERNAL.length + REGISTRIES.length;
  // Then the page's example provider, appended to the providers array by this file.
  assert.deepEqual(keysAfterConstruction.slice(start, start + OTHERS.length + 1), [...OTHERS, 'auditTrail']);
});

claim(
  {
    id: 'ready-values',
    says: 'A few are added as ready values, built while registerInternalServices() runs: query-params, content-api, auth, requestContext, customFields and entityValidator',
  },
  () => {
    const builtIn = [...INTERNAL, ...REGISTRIES, ...OTHERS];
    const values = builtIn.filter((key) => typeof maps(strapi).registerMap.get(key) !== 'function');
    assert.deepEqual(values, [
      'query-params',
      'content-api',
      'auth',
      'requestContext',
      'customFields',
      'entityValidator',
      'sanitizers',
      'validators',
    ]);
  },
);

claim({ id: 'provider-example', says: 'which is what makes Strapi call its init, register, bootstrap and destroy:' }, () => {
  // Listed in `providers`, the example's init added a factory and its bootstrap recorded a line.
  const trail = strapi.get('auditTrail') as { list(): string[] };
  assert.equal(trail.list().length, 1);
  assert.match(trail.list()[0], /^\d{4}-\d\d-\d\dT[\d:.]+Z bootstrap finished$/);
  // The second block, as written, against the global strapi.
  runExample(codeBlock({ contains: 'trail.record("document published")' }));
  assert.match(trail.list()[1], / document published$/);
});

claim({ id: 'no-container-property', says: 'Strapi is the container and exposes only add, get and has.' }, () => {
  assert.equal((strapi as unknown as Record<string, unknown>).container, undefined);
  const core = require('@strapi/strapi') as Record<string, unknown>;
  assert.equal(core.createContainer, undefined);
  assert.deepEqual(Object.getOwnPropertyNames(Container.prototype).sort(), ['add', 'constructor', 'get', 'has']);
});

claim({ id: 'no-override', says: 'add throws on an existing key and resolved values are cached forever.' }, () => {
  const server = strapi.server;
  assert.throws(() => strapi.add('server', () => ({})));
  assert.equal(strapi.get('server'), server);
});
