/**
 * HTTP checks on the production nginx configuration (deploy/nginx), run by scripts/nginx-test.sh
 * against nginx serving the build on a loopback port (NGINX_URL, BUILD_DIR): clean URLs for every
 * route of the contract, canonical redirects, the 404 page, cache rules, compression and the
 * security headers, including a Content-Security-Policy that allows exactly the build's inline
 * scripts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { ROOT, ROUTES } from './docs';
import { createHash } from 'node:crypto';
import { markdownPath } from '../src/plugins/markdown-export/paths';
import { listedScripts } from '../src/config/ssrTemplate';

const BASE = process.env.NGINX_URL ?? '';
const BUILD = path.resolve(process.env.BUILD_DIR ?? path.join(ROOT, 'build'));
if (!BASE) throw new Error('NGINX_URL is not set: run this file through scripts/nginx-test.sh');

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body as sent (still compressed when content-encoding says so). */
  raw: Buffer;
}

/** One request, no redirect following, no automatic decompression. */
function get(urlPath: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${BASE}${urlPath}`, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, raw: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

/** The decoded body of an answer. */
function body(answer: Answer): string {
  return (answer.headers['content-encoding'] === 'gzip' ? gunzipSync(answer.raw) : answer.raw).toString('utf8');
}

/** The file Docusaurus wrote for a route (trailingSlash: false writes /a/b as a/b.html). */
function fileOf(route: string): string {
  if (route === '/') return path.join(BUILD, 'index.html');
  const flat = path.join(BUILD, `${route.slice(1)}.html`);
  return existsSync(flat) ? flat : path.join(BUILD, route.slice(1), 'index.html');
}

/** Every file under a folder, as URL paths. */
function urlPaths(dir: string, prefix: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? urlPaths(path.join(dir, entry.name), `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`],
  );
}

const NOT_FOUND_HTML = readFileSync(path.join(BUILD, '404.html'), 'utf8');
const HOME_HTML = readFileSync(path.join(BUILD, 'index.html'), 'utf8');
/** The files the home page loads: its stylesheet links and listed scripts, the real hashed assets a visitor fetches first. */
const ASSET_URLS = [
  ...[...HOME_HTML.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]),
  ...listedScripts(HOME_HTML).filter((url) => url.startsWith('/assets/')),
];
const SEARCH_INDEX = readdirSync(BUILD).find((name) => /^search-index-.*\.json$/.test(name));

test('every route of the contract answers 200 with its own page, without a trailing slash', async () => {
  assert.ok(ROUTES.length > 0);
  for (const route of ['/docs/intro', '/api/Cron'])
    assert.ok(
      ROUTES.some((entry) => entry.route === route),
      route,
    );
  const problems: string[] = [];
  for (const { route } of ROUTES) {
    const answer = await get(route);
    if (answer.status !== 200) problems.push(`${route}: status ${answer.status}`);
    else if (!String(answer.headers['content-type']).startsWith('text/html')) problems.push(`${route}: ${answer.headers['content-type']}`);
    else if (body(answer) !== readFileSync(fileOf(route), 'utf8')) problems.push(`${route}: not the page built for it`);
  }
  assert.deepEqual(problems, []);
});

test("every page's Markdown answers as text/markdown; charset=utf-8, llms.txt and llms-full.txt as text/plain", async () => {
  const problems: string[] = [];
  for (const { route } of ROUTES) {
    const url = markdownPath(route);
    const answer = await get(url);
    if (answer.status !== 200) problems.push(`${url}: status ${answer.status}`);
    else if (answer.headers['content-type'] !== 'text/markdown; charset=utf-8') problems.push(`${url}: ${answer.headers['content-type']}`);
    else if (body(answer) !== readFileSync(path.join(BUILD, url), 'utf8')) problems.push(`${url}: not the file built for it`);
    else if (answer.headers['cache-control'] !== 'no-cache') problems.push(`${url}: cache-control ${answer.headers['cache-control']}`);
    else if (answer.headers['x-content-type-options'] !== 'nosniff' || !answer.headers['content-security-policy'])
      problems.push(`${url}: no security headers`);
  }
  assert.deepEqual(problems, []);
  for (const url of ['/llms.txt', '/llms-full.txt']) {
    const answer = await get(url);
    assert.equal(answer.status, 200, url);
    assert.equal(answer.headers['content-type'], 'text/plain; charset=utf-8', url);
    assert.equal(answer.headers['cache-control'], 'no-cache', url);
    assert.equal(body(answer), readFileSync(path.join(BUILD, url), 'utf8'), url);
  }
  for (const url of ['/api/Cron.md', '/llms-full.txt']) {
    const answer = await get(url, { 'Accept-Encoding': 'gzip' });
    assert.equal(answer.headers['content-encoding'], 'gzip', `${url} is compressed`);
    assert.equal(body(answer), readFileSync(path.join(BUILD, url), 'utf8'), url);
  }
  // A Markdown path with no page behind it is an ordinary 404, and a hidden .md file stays hidden.
  for (const url of ['/no/such/page.md', '/.secret.md']) {
    const missing = await get(url);
    assert.equal(missing.status, 404, url);
    assert.equal(body(missing), NOT_FOUND_HTML, url);
  }
});

test('a trailing slash, /index.html or .html form redirects to the clean URL, query kept', async () => {
  const problems: string[] = [];
  for (const { route } of ROUTES) {
    if (route === '/') continue;
    const forms: Array<[string, string]> = [
      [`${route}/`, route],
      [`${route}/index.html`, route],
      [`${route}.html`, route],
      [`${route}/?from=old#ignored-by-http`, `${route}?from=old`],
    ];
    for (const [from, to] of forms) {
      const answer = await get(from);
      if (answer.status !== 301 || answer.headers.location !== to) {
        problems.push(`${from}: ${answer.status} → ${answer.headers.location ?? '(no location)'}, want 301 → ${to}`);
      }
    }
  }
  const home = await get('/index.html');
  assert.equal(home.status, 301);
  assert.equal(home.headers.location, '/');
  assert.deepEqual(problems, []);
  // Following the redirect lands on the page itself.
  const landed = await get((await get('/api/Cron/')).headers.location!);
  assert.equal(landed.status, 200);
  assert.equal(body(landed), readFileSync(fileOf('/api/Cron'), 'utf8'));
});

test('an unknown path answers 404 with the not-found page, the 404 page has no 200 of its own', async () => {
  for (const unknown of [
    '/no/such/page',
    '/docs/intro/nope',
    '/api/Cron.json',
    '/404',
    '/404.html',
    '/assets/js/missing.12345678.js',
    '/.env',
  ]) {
    const answer = await get(unknown);
    assert.equal(answer.status, 404, unknown);
    assert.equal(body(answer), NOT_FOUND_HTML, unknown);
    assert.match(String(answer.headers['content-type']), /^text\/html/, unknown);
  }
  assert.match(NOT_FOUND_HTML, /Page Not Found/);
});

test('a path crafted to inject a header or redirect off-site does neither', async () => {
  const injected = await get('/docs/intro%0d%0aSet-Cookie:%20pwned=1/');
  assert.equal(injected.headers['set-cookie'], undefined);
  assert.ok(!JSON.stringify(injected.headers).includes('pwned=1"'), 'no header line was injected');
  // Each crafted path ends on this site's not-found page: never a 200, never an off-site Location
  // (follow() asserts each Location on the way). No branch is skipped when there is no redirect.
  for (const crafted of [
    '//evil.example/',
    '///evil.example/',
    '/%2F%2Fevil.example/',
    '/%5Cevil.example/',
    '/\\evil.example/',
    '/%2F/evil.example/',
    '//evil.example/index.html',
    '//evil.example/x.html',
  ]) {
    const first = await get(crafted);
    assert.ok([301, 404].includes(first.status), `${crafted}: status ${first.status}`);
    const last = await follow(crafted);
    assert.equal(last.status, 404, crafted);
    assert.equal(body(last), NOT_FOUND_HTML, crafted);
  }
});

test('hashed assets are cached for a year as immutable, everything else revalidates', async () => {
  assert.ok(
    ASSET_URLS.some((url) => url.endsWith('.css')) && ASSET_URLS.filter((url) => url.endsWith('.js')).length >= 2,
    'the home page loads its stylesheet and bundles from /assets/',
  );
  // Immutable caching is only safe because every file under /assets/ carries a content hash.
  const unhashed = urlPaths(path.join(BUILD, 'assets'), '/assets/').filter((url) => !/[.-][0-9a-f]{8,}\.[^/]+$/.test(url));
  assert.deepEqual(unhashed, []);
  for (const asset of ASSET_URLS) {
    const answer = await get(asset);
    assert.equal(answer.status, 200, asset);
    assert.equal(answer.headers['cache-control'], 'public, max-age=31536000, immutable', asset);
  }
  for (const page of ['/', '/docs/intro', '/img/logo.svg', `/${SEARCH_INDEX}`, '/sitemap.xml', '/no/such/page']) {
    const answer = await get(page);
    assert.equal(answer.headers['cache-control'], 'no-cache', page);
  }
  // Revalidation is cheap: the ETag answers 304.
  const first = await get('/docs/intro');
  const again = await get('/docs/intro', { 'If-None-Match': String(first.headers.etag) });
  assert.equal(again.status, 304);
});

test('text assets are gzip-compressed for clients that accept it', async () => {
  assert.ok(SEARCH_INDEX, 'the build has a search index');
  // nginx leaves a body under gzip_min_length as it is (a route chunk of a few hundred bytes).
  const minLength = Number(/^gzip_min_length (\d+);/m.exec(readFileSync(path.join(ROOT, 'deploy/nginx/server.conf'), 'utf8'))![1]);
  const small = ASSET_URLS.filter((url) => statSync(path.join(BUILD, url)).size < minLength);
  for (const url of small)
    assert.equal((await get(url, { 'Accept-Encoding': 'gzip' })).headers['content-encoding'], undefined, `${url} is under gzip_min_length`);
  const texts = [
    '/docs/intro',
    ...ASSET_URLS.filter((url) => !small.includes(url)),
    `/${SEARCH_INDEX}`,
    '/img/logo.svg',
    '/sitemap.xml',
    '/no/such/page',
  ];
  for (const url of texts) {
    const answer = await get(url, { 'Accept-Encoding': 'gzip' });
    assert.equal(answer.headers['content-encoding'], 'gzip', url);
    assert.match(String(answer.headers.vary), /Accept-Encoding/i, url);
    const plain = await get(url);
    assert.equal(plain.headers['content-encoding'], undefined, `${url} plain for clients without gzip`);
    assert.equal(body(answer), body(plain), url);
    assert.ok(answer.raw.length < plain.raw.length, `${url} is smaller compressed`);
  }
});

test('every response carries the security headers', async () => {
  const answers = await Promise.all(
    ['/', '/docs/intro', '/docs/intro/', ASSET_URLS[0], `/${SEARCH_INDEX}`, '/img/logo.svg', '/no/such/page', '/404'].map(
      async (url) => [url, await get(url)] as const,
    ),
  );
  answers.push(['HEAD /api/Cron', await get('/api/Cron', {}, 'HEAD')]);
  for (const [url, answer] of answers) {
    const h = answer.headers;
    assert.ok(h['content-security-policy'], `${url} has a CSP`);
    assert.equal(h['x-content-type-options'], 'nosniff', url);
    assert.equal(h['referrer-policy'], 'strict-origin-when-cross-origin', url);
    assert.match(String(h['permissions-policy']), /camera=\(\).*geolocation=\(\).*microphone=\(\)/, url);
    assert.equal(h['x-frame-options'], 'DENY', url);
    assert.equal(h.server, 'nginx', `${url} does not announce the nginx version`);
  }
});

test('the CSP allows exactly the inline scripts of the build, and no unsafe script source', async () => {
  const csp = String((await get('/docs/intro')).headers['content-security-policy']);
  const directives = new Map(
    csp.split(';').map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      return [name, sources] as const;
    }),
  );
  const scriptSrc = directives.get('script-src') ?? [];
  assert.ok(scriptSrc.includes("'self'"));
  for (const unsafe of ["'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", "'strict-dynamic'", '*', 'data:', 'http:', 'https:']) {
    assert.ok(!scriptSrc.includes(unsafe), `script-src must not allow ${unsafe}`);
  }
  assert.deepEqual(directives.get('default-src'), ["'self'"]);
  assert.deepEqual(directives.get('frame-ancestors'), ["'none'"]);
  assert.deepEqual(directives.get('object-src'), ["'none'"]);
  assert.deepEqual(directives.get('base-uri'), ["'self'"]);
  // Every inline script of every page nginx serves is allowed by its hash, and nothing else is.
  // The hashes are computed here, independently of scripts/csp.ts: each <script> without a src
  // (and without a non-JavaScript type) of the served HTML, hashed with sha256 and base64.
  const needed = new Set<string>();
  for (const route of [...ROUTES.map((r) => r.route), '/tags', '/no/such/page']) {
    const html = body(await get(route, { 'accept-encoding': 'gzip' }));
    for (const part of html.split(/<script\b/i).slice(1)) {
      const open = part.slice(0, part.indexOf('>'));
      if (/\ssrc=/i.test(open) || /type="(?!text\/javascript|module)[^"]*"/i.test(open)) continue;
      const text = part.slice(part.indexOf('>') + 1, part.search(/<\/script/i));
      needed.add(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
    }
  }
  assert.ok(needed.size >= 1, 'the generator emits inline scripts (colour mode bootstrap)');
  const listed = scriptSrc.filter((source) => source.startsWith("'sha256-"));
  for (const hash of listed) assert.match(hash, /^'sha256-[A-Za-z0-9+/]{43}='$/, 'a CSP hash is base64, never hex');
  assert.deepEqual(listed.sort(), [...needed].sort());
});

// ---------------------------------------------------------------------------------------------
// Every header and every deny rule of deploy/nginx/, on each kind of answer (issue 27). What an
// operator expects is written out here; the configuration files are read only to check that
// this list names every header and every location block they hold.

/** The security headers every answer carries, exactly (security-headers.conf and csp.conf). */
const SECURITY_HEADERS: Record<string, string | RegExp> = {
  'content-security-policy': new RegExp(
    `^default-src 'self'; script-src 'self'( 'sha256-[A-Za-z0-9+/]{43}=')+; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'$`,
  ),
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()',
  'cross-origin-opener-policy': 'same-origin',
};
const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Each kind of answer the server gives: status, content type and cache rule written out. */
interface Kind {
  name: string;
  url: string;
  method?: string;
  status: number;
  type?: RegExp;
  /** `null`: no Cache-Control at all (a redirect decided at server level). */
  cache: string | null;
}

function kinds(): Kind[] {
  const js = ASSET_URLS.find((url) => url.endsWith('.js'))!;
  const css = ASSET_URLS.find((url) => url.endsWith('.css'))!;
  return [
    { name: 'HTML page', url: '/docs/intro', status: 200, type: /^text\/html; charset=utf-8$/, cache: NO_CACHE },
    { name: 'home page', url: '/', status: 200, type: /^text\/html; charset=utf-8$/, cache: NO_CACHE },
    { name: 'HEAD of a page', url: '/api/Cron', method: 'HEAD', status: 200, type: /^text\/html; charset=utf-8$/, cache: NO_CACHE },
    { name: 'script asset', url: js, status: 200, type: /^application\/javascript; charset=utf-8$/, cache: IMMUTABLE },
    { name: 'style asset', url: css, status: 200, type: /^text\/css; charset=utf-8$/, cache: IMMUTABLE },
    { name: 'Markdown file', url: '/api/Cron.md', status: 200, type: /^text\/markdown; charset=utf-8$/, cache: NO_CACHE },
    { name: 'llms.txt', url: '/llms.txt', status: 200, type: /^text\/plain; charset=utf-8$/, cache: NO_CACHE },
    { name: 'search index', url: `/${SEARCH_INDEX}`, status: 200, type: /^application\/json; charset=utf-8$/, cache: NO_CACHE },
    { name: 'image', url: '/img/logo.svg', status: 200, type: /^image\/svg\+xml; charset=utf-8$/, cache: NO_CACHE },
    // text/xml (nginx's mime.types) is outside charset_types: the XML declares its own encoding.
    { name: 'sitemap', url: '/sitemap.xml', status: 200, type: /^text\/xml$/, cache: NO_CACHE },
    { name: 'redirect', url: '/docs/intro/', status: 301, cache: null },
    { name: 'error: unknown page', url: '/no/such/page', status: 404, type: /^text\/html; charset=utf-8$/, cache: NO_CACHE },
    {
      name: 'error: unknown asset',
      url: '/assets/js/missing.12345678.js',
      status: 404,
      type: /^text\/html; charset=utf-8$/,
      cache: NO_CACHE,
    },
    { name: 'error: unknown Markdown', url: '/no/such/page.md', status: 404, type: /^text\/html; charset=utf-8$/, cache: NO_CACHE },
    { name: 'error: the 404 page itself', url: '/404.html', status: 404, type: /^text\/html; charset=utf-8$/, cache: NO_CACHE },
    { name: 'error: a hidden file', url: '/.env', status: 404, type: /^text\/html; charset=utf-8$/, cache: NO_CACHE },
  ];
}

/** The headers of an answer that break the expectations of its kind, as readable lines. */
function headerProblems(kind: Kind, answer: Answer): string[] {
  const problems: string[] = [];
  const where = `${kind.name} (${kind.method ?? 'GET'} ${kind.url})`;
  if (answer.status !== kind.status) problems.push(`${where}: status ${answer.status}, want ${kind.status}`);
  for (const [name, want] of Object.entries(SECURITY_HEADERS)) {
    const got = answer.headers[name];
    // Node joins a repeated header with ", ": a header sent twice fails as well.
    const ok = typeof got === 'string' && (typeof want === 'string' ? got === want : want.test(got));
    if (!ok) problems.push(`${where}: ${name} is ${JSON.stringify(got)}`);
  }
  if (answer.headers['cache-control'] !== (kind.cache ?? undefined)) {
    problems.push(`${where}: cache-control is ${JSON.stringify(answer.headers['cache-control'])}, want ${JSON.stringify(kind.cache)}`);
  }
  if (answer.headers.server !== 'nginx') problems.push(`${where}: server is ${JSON.stringify(answer.headers.server)}`);
  if (kind.type && !kind.type.test(String(answer.headers['content-type']))) {
    problems.push(`${where}: content-type is ${JSON.stringify(answer.headers['content-type'])}`);
  }
  return problems;
}

test('every security header, exactly once and with its whole value, on a page, an asset, a Markdown file, a redirect and each error', async () => {
  const problems: string[] = [];
  const csps = new Set<string>();
  for (const kind of kinds()) {
    const answer = await get(kind.url, {}, kind.method);
    problems.push(...headerProblems(kind, answer));
    csps.add(String(answer.headers['content-security-policy']));
    // Compressed answers carry the same headers.
    if (kind.status === 200 && kind.method === undefined) {
      problems.push(...headerProblems({ ...kind, name: `${kind.name}, gzip` }, await get(kind.url, { 'Accept-Encoding': 'gzip' })));
    }
  }
  assert.deepEqual(problems, []);
  assert.equal(csps.size, 1, 'one policy for every answer');
});

test('the header list above is the whole of deploy/nginx: every add_header of its files is asserted', () => {
  const conf = readdirSync(path.join(ROOT, 'deploy/nginx'))
    .filter((name) => name.endsWith('.conf'))
    .map((name) => readFileSync(path.join(ROOT, 'deploy/nginx', name), 'utf8').replace(/#.*$/gm, ''))
    .join('\n');
  const added = new Set([...conf.matchAll(/\badd_header\s+([\w-]+)/g)].map((m) => m[1].toLowerCase()));
  assert.deepEqual([...added].sort(), [...Object.keys(SECURITY_HEADERS), 'cache-control'].sort());
  // And every location block is one whose rule a test here exercises.
  const locations = [...conf.matchAll(/^\s*location\s+([^{]+?)\s*\{/gm)].map((m) => m[1]);
  assert.deepEqual(locations, ['/', '^~ /assets/', '~ /\\.', '= /404', '= /404.html', '~ /\\.(?!well-known/)', '~ \\.md$']);
});

/** Real hidden files planted in the served folder for one test, each holding a marker that must never be served. */
const MARKER = `planted-secret-${process.pid}-${Date.now()}`;
const HIDDEN_FILES = [
  '.env',
  '.git/config',
  '.git/HEAD',
  '.htaccess',
  'assets/js/.env',
  'assets/.DS_Store',
  'docs/.DS_Store',
  '.secret.md',
  'docs/.draft.md',
  '.hidden/page.html',
];
const WELL_KNOWN = '.well-known/security.txt';

function plantHiddenFiles(): () => void {
  const created: string[] = [];
  const remove = () => {
    for (const file of created.reverse()) rmSync(file, { recursive: true, force: true });
    created.length = 0;
  };
  // Removed after the test, and on any exit of this process, even a failed assertion or a crash.
  process.once('exit', remove);
  for (const file of [...HIDDEN_FILES, WELL_KNOWN]) {
    const full = path.join(BUILD, file);
    // The top folder each file creates is removed as a whole; an existing folder (assets, docs) keeps its files.
    const top = path.join(BUILD, file.split('/')[0]);
    if (!existsSync(top)) created.push(top);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, `${MARKER} ${file}\n`);
    if (existsSync(top) && !created.includes(top)) created.push(full);
  }
  return remove;
}

/**
 * An answer after its redirects (a trailing slash, a .html form): each may only lead to another
 * path of this site, and the last answer is the one a browser shows.
 */
async function follow(url: string, method = 'GET'): Promise<Answer> {
  let answer = await get(url, {}, method);
  for (let hops = 0; answer.status === 301 && hops < 3; hops += 1) {
    const location = String(answer.headers.location);
    assert.match(location, /^\/[^/\\]/, `${url} redirects off-site: ${location}`);
    answer = await get(location, {}, method);
  }
  return answer;
}

test('hidden files planted in the served folder are never served, in any spelling; /.well-known/ is', async () => {
  const remove = plantHiddenFiles();
  try {
    for (const file of [...HIDDEN_FILES, WELL_KNOWN]) assert.ok(existsSync(path.join(BUILD, file)), `${file} is planted`);
    const problems: string[] = [];
    const spellings = (file: string) => [
      `/${file}`,
      `/${file.replace(/(^|\/)\./, '$1%2E')}`,
      `/${file.replace(/(^|\/)\./, '$1%2e')}`,
      `/docs/../${file}`,
      `/${file}/`,
      `/${file}.html`,
      `/${file}?download=1`,
      `/./${file}`,
      `//${file}`,
    ];
    for (const file of HIDDEN_FILES) {
      for (const url of spellings(file)) {
        for (const method of ['GET', 'HEAD']) {
          const answer = await follow(url, method);
          const text = body(answer);
          if (text.includes(MARKER)) problems.push(`${method} ${url}: served the planted file`);
          if (answer.status !== 404) problems.push(`${method} ${url}: status ${answer.status}`);
          else if (method === 'GET' && text !== NOT_FOUND_HTML) problems.push(`${url}: not the not-found page`);
        }
      }
      // The refusal carries every header of an error answer.
      problems.push(
        ...headerProblems(
          { name: `hidden ${file}`, url: `/${file}`, status: 404, type: /^text\/html/, cache: NO_CACHE },
          await follow(`/${file}`),
        ),
      );
    }
    // Folder listings stay off: the hidden folder and a real one.
    for (const url of ['/.git/', '/.git', '/assets/', '/assets/js/', '/.hidden/']) {
      const answer = await get(url);
      if (![301, 404].includes(answer.status)) problems.push(`${url}: status ${answer.status}`);
      if (/Index of/i.test(body(answer))) problems.push(`${url}: lists the folder`);
    }
    assert.deepEqual(problems, []);
    // The one exception: /.well-known/ (security.txt, ACME challenges) is served like any file.
    const wellKnown = await get(`/${WELL_KNOWN}`);
    assert.equal(wellKnown.status, 200);
    assert.equal(body(wellKnown), `${MARKER} ${WELL_KNOWN}\n`);
    assert.deepEqual(
      headerProblems({ name: 'well-known', url: `/${WELL_KNOWN}`, status: 200, type: /^text\/plain/, cache: NO_CACHE }, wellKnown),
      [],
    );
  } finally {
    remove();
  }
  for (const file of [...HIDDEN_FILES, WELL_KNOWN]) assert.ok(!existsSync(path.join(BUILD, file)), `${file} is removed`);
});
