/**
 * Unit tests of scripts/csp.ts with expectations computed elsewhere: the hashes below come from
 * `printf '<script>' | openssl dgst -sha256 -binary | base64`, not from the code under test.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { contentSecurityPolicy, inlineScripts, scriptHash, unhashableCode } from './csp';

test('a script hash is the base64 sha256 of its exact text, as browsers compute it', () => {
  assert.equal(scriptHash('alert(1)'), "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='");
  assert.equal(scriptHash('document.documentElement.dataset.theme="dark"'), "'sha256-zTSXYZ/r74pY7Te+wyYtgDRsO/hpzo1oFZH8wmJQwSA='");
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

test('code that no hash can allow is reported: inline handlers and javascript: URLs', () => {
  assert.deepEqual(unhashableCode('<p>plain</p><a href="/x">x</a><script>var onload = 1;</script>'), []);
  assert.deepEqual(unhashableCode('<img src="x" onerror="steal()">'), ['onerror attribute']);
  assert.deepEqual(unhashableCode('<body onload="go()"><div\nonClick="x()"></div>'), ['onload attribute', 'onClick attribute']);
  assert.deepEqual(unhashableCode('<a href="javascript:alert(1)">x</a>'), ['href="javascript:']);
  assert.deepEqual(unhashableCode("<form action='  JavaScript:run()'>"), ["action='  JavaScript:"]);
});

test('the policy lists the hash of every inline script of a build, and a build with a handler fails', async () => {
  const { mkdtempSync, mkdirSync, writeFileSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const path = await import('node:path');
  const dir = mkdtempSync(path.join(tmpdir(), 'csp-'));
  mkdirSync(path.join(dir, 'docs'));
  writeFileSync(path.join(dir, 'index.html'), '<html><script>alert(1)</script></html>');
  writeFileSync(path.join(dir, 'docs', 'a.html'), '<html><script>alert(1)</script><script src="/x.js"></script></html>');
  const policy = contentSecurityPolicy(dir);
  assert.match(policy, /^default-src 'self'; script-src 'self' 'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF\+pI='; style-src/);
  writeFileSync(path.join(dir, 'docs', 'b.html'), '<button onclick="x()">x</button>');
  assert.throws(() => contentSecurityPolicy(dir), /docs\/b\.html: onclick attribute/);
});
