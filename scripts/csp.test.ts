/**
 * Unit tests of scripts/csp.ts with expectations computed elsewhere: the hashes below come from
 * `printf '<script>' | openssl dgst -sha256 -binary | base64`, not from the code under test.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CSP_CONF, contentSecurityPolicy, htmlFiles, inlineScripts, nginxInclude, scriptHash, unhashableCode, writeCspConf } from './csp';

/** `printf 'alert(1)' | openssl dgst -sha256 -binary | base64`, and the same for `b()`. */
const ALERT_HASH = "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='";
const B_HASH = "'sha256-cf242PFc/kb7xD0Qzhsmd9vvRkc+cWFmbi+k+YvtdKc='";
/** The policy after script-src, as docs-dev/deployment.md ("On any static host or CDN", rule 6) describes it. */
const REST_OF_POLICY =
  "style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

const folders: string[] = [];
after(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

/** A build folder (removed after the tests): `files` maps paths to contents. */
function buildFolder(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'csp-'));
  folders.push(dir);
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), content);
  }
  return dir;
}

const BUILD = {
  'index.html': '<html><script>alert(1)</script><script type="application/ld+json">{}</script></html>',
  'docs/a.html': '<html><script>b()</script><script>alert(1)</script><script src="/x.js"></script></html>',
  'docs/deep/b.html': '<html><script>b()</script></html>',
  // Not pages: hashed assets and other files are not read.
  'assets/js/page.html': '<script>window.x=1</script>',
  'docs/notes.txt': '<script>window.x=1</script>',
};

test('a script hash is the base64 sha256 of its exact text, as browsers compute it', () => {
  assert.equal(scriptHash('alert(1)'), "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='");
  assert.equal(scriptHash('document.documentElement.dataset.theme="dark"'), "'sha256-zTSXYZ/r74pY7Te+wyYtgDRsO/hpzo1oFZH8wmJQwSA='");
  // UTF-8, as the browser encodes the script's text.
  assert.equal(scriptHash('document.title="Café"'), "'sha256-OIzyOKRslaw/UZOJkmHa2BuZ7UJtT8B8i5V+3XxeZa4='");
});

test('only scripts a browser would run inline are hashed', () => {
  const html = [
    '<script>alert(1)</script>',
    '<script src="/assets/js/main.js"></script>',
    '<script type="application/ld+json">{"@type":"WebSite"}</script>',
    '<script type="module">import("/a.js")</script>',
    '<SCRIPT type="text/javascript">b()</SCRIPT >',
  ].join('\n');
  assert.deepEqual(inlineScripts(html), ['alert(1)', 'import("/a.js")', 'b()']);
});

test('the script types a browser runs: none, empty, JavaScript or ECMAScript MIME types, module', () => {
  const html = [
    '<script type="">a()</script>',
    "<script type=' '>b()</script>",
    '<script type="application/javascript">c()</script>',
    '<script type=text/ecmascript>d()</script>',
    '<script type="application/ecmascript">e()</script>',
    // Attributes whose names end in "type" and "src" are neither: this script has no type, so it runs.
    // Its data-type is one a browser does not run, so a reader that took it for the type would drop it.
    '<script data-type="text/babel" data-src="x.js">f()</script>',
    '<script type="module2">no()</script>',
    '<script type="xmodule">no()</script>',
    '<script type="text/javascript1">no()</script>',
    '<script type="text/babel">no()</script>',
    '<script type = "text/babel">no()</script>',
    '<script type=text/babel>no()</script>',
    "<script type='text/babel'>no()</script>",
    '<script type="xtext/javascript">no()</script>',
    '<script src = "/x.js"></script>',
    '<script srcdoc="x">h()</script>',
    '<script async src=/x.js></script>',
    '<scripts>no()</scripts>',
    '<script>g()</script \n>',
  ].join('\n');
  assert.deepEqual(inlineScripts(html), ['a()', 'b()', 'c()', 'd()', 'e()', 'f()', 'h()', 'g()']);
});

test('attribute names and type values are matched whatever their case, as browsers match them', () => {
  const html = [
    '<script type="Module">a()</script>',
    '<script type="TEXT/JavaScript">b()</script>',
    '<script TYPE="text/babel">no()</script>',
    '<script SRC="/x.js"></script>',
  ].join('\n');
  assert.deepEqual(inlineScripts(html), ['a()', 'b()']);
});

test('code that no hash can allow is reported: inline handlers and javascript: URLs', () => {
  assert.deepEqual(unhashableCode('<p>plain</p><a href="/x">x</a><script>var onload = 1;</script>'), []);
  assert.deepEqual(unhashableCode('<img src="x" onerror="steal()">'), ['onerror attribute']);
  assert.deepEqual(unhashableCode('<body onload="go()"><div\nonClick="x()"></div>'), ['onload attribute', 'onClick attribute']);
  // Two handlers on one tag are two findings; tag and attribute names in any case.
  assert.deepEqual(unhashableCode('<img src="x" onload="a()" onerror="b()">'), ['onload attribute', 'onerror attribute']);
  assert.deepEqual(unhashableCode('<IMG SRC=x ONERROR=y>'), ['ONERROR attribute']);
  assert.deepEqual(unhashableCode('<a href="javascript:alert(1)">x</a>'), ['href="javascript:']);
  assert.deepEqual(unhashableCode("<form action='  JavaScript:run()'>"), ["action='  JavaScript:"]);
});

test('the pages of a build are its .html files outside assets/', () => {
  const dir = buildFolder(BUILD);
  assert.deepEqual(
    htmlFiles(dir)
      .map((file) => path.relative(dir, file))
      .sort(),
    ['docs/a.html', 'docs/deep/b.html', 'index.html'],
  );
});

test('the policy lists the hash of every inline script of the pages once, sorted, and nothing else', () => {
  const dir = buildFolder(BUILD);
  assert.equal(contentSecurityPolicy(dir), `default-src 'self'; script-src 'self' ${ALERT_HASH} ${B_HASH}; ${REST_OF_POLICY}`);
  assert.equal(
    contentSecurityPolicy(buildFolder({ 'index.html': '<p>no script</p>' })),
    `default-src 'self'; script-src 'self'; ${REST_OF_POLICY}`,
  );
});

test('a build holding code no hash can allow fails, naming each file and finding', () => {
  const dir = buildFolder({
    ...BUILD,
    'docs/b.html': '<button onclick="x()">x</button>',
    'docs/c.html': '<a href="javascript:go()">go</a><img src=x onerror=y>',
  });
  assert.throws(() => contentSecurityPolicy(dir), {
    message: [
      'inline code that a Content-Security-Policy hash cannot allow:',
      'docs/b.html: onclick attribute',
      'docs/c.html: onerror attribute',
      'docs/c.html: href="javascript:',
    ].join('\n'),
  });
});

test('handlers are attributes of a tag: not text, not other attributes that contain "on"', () => {
  assert.deepEqual(unhashableCode('<p>Set onclick = handler in prose.</p><a data-onclick="x" icon="y">z</a>'), []);
  assert.deepEqual(unhashableCode('<svg><circle onmouseover = "x()"/></svg>'), ['onmouseover attribute']);
  assert.deepEqual(unhashableCode('<iframe src="javascript:x()"></iframe><button formaction=javascript:y()>b</button>'), [
    'src="javascript:',
    'formaction=javascript:',
  ]);
  assert.deepEqual(
    unhashableCode('<a href="/javascript:-guide">guide</a><a title="javascript:x">t</a><a data-href="javascript:x">d</a>'),
    [],
  );
  assert.deepEqual(unhashableCode('<a href = "javascript:x()">x</a>'), ['href = "javascript:']);
});

test('markup inside a script is code, not a handler', () => {
  assert.deepEqual(unhashableCode(`<script>el.innerHTML = '<img src=x onerror=y>';</script><p>ok</p>`), []);
});

test('the nginx include sends the policy on every response', () => {
  assert.equal(
    nginxInclude("default-src 'self'"),
    [
      '# Generated by scripts/csp.ts from the build (npm run build runs it): do not edit.',
      '# script-src lists the sha256 of every inline script in build/**/*.html.',
      `add_header Content-Security-Policy "default-src 'self'" always;`,
      '',
    ].join('\n'),
  );
});

test('writeCspConf writes the include of a build, creating its folder', () => {
  const dir = buildFolder(BUILD);
  const out = path.join(dir, 'nginx', 'conf', 'csp.conf');
  writeCspConf(dir, out);
  assert.equal(
    readFileSync(out, 'utf8'),
    `# Generated by scripts/csp.ts from the build (npm run build runs it): do not edit.
# script-src lists the sha256 of every inline script in build/**/*.html.
add_header Content-Security-Policy "default-src 'self'; script-src 'self' ${ALERT_HASH} ${B_HASH}; ${REST_OF_POLICY}" always;
`,
  );
});

test('writeCspConf says how many hashes it wrote, and where, relative to the working directory', () => {
  const dir = buildFolder({ 'build/index.html': '<p>no script</p>' });
  const cwd = process.cwd();
  process.chdir(dir);
  try {
    assert.equal(writeCspConf('build', 'out/csp.conf'), '[CSP] 0 inline script hashes from build written to out/csp.conf');
    process.chdir(path.join(dir, 'build'));
    assert.equal(writeCspConf('.', '../csp.conf'), '[CSP] 0 inline script hashes from . written to ../csp.conf');
  } finally {
    process.chdir(cwd);
  }
});

test('by default the include is deploy/nginx/csp.conf of the repository', () => {
  assert.equal(CSP_CONF, path.join(__dirname, '..', 'deploy', 'nginx', 'csp.conf'));
});

test('the command writes the include for the build folder and file it is given, and says so', () => {
  const dir = buildFolder({ 'build/index.html': '<script>b()</script>' });
  const output = execFileSync(
    process.execPath,
    ['--import', pathToFileURL(require.resolve('tsx')).href, path.join(__dirname, 'csp.ts'), 'build', 'out/csp.conf'],
    { cwd: dir, encoding: 'utf8' },
  );
  assert.equal(output, '[CSP] 1 inline script hashes from build written to out/csp.conf\n');
  assert.match(
    readFileSync(path.join(dir, 'out', 'csp.conf'), 'utf8'),
    new RegExp(`script-src 'self' ${B_HASH.replace(/[+/]/g, '\\$&')};`),
  );
});
