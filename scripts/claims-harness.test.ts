/**
 * Two lists of the claims harness (strapi-app/harness/) held to their sources: the gold plan's
 * features, against DEFAULT_FEATURES in the pin's own source (.cache/strapi-source, `npm run
 * strapi-source`); and the hosts the network guard lets through, each asked for by name.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { STRAPI_TREE } from '../src/config/strapi';
import { goldFeatures } from '../strapi-app/harness/features';
import { clearOutbound, installNetworkGuard, outbound, respondToOutbound } from '../strapi-app/harness/network';
import { treeDir } from './strapi-source';

test("the gold plan's features are Strapi's DEFAULT_FEATURES.gold at the pin, each with its options", () => {
  const source = readFileSync(join(treeDir(STRAPI_TREE), 'packages/core/core/src/ee/license.ts'), 'utf8');
  const block = /const DEFAULT_FEATURES = (\{[\s\S]*?\n\});/.exec(source);
  assert.ok(block, 'DEFAULT_FEATURES is in packages/core/core/src/ee/license.ts');
  // An object literal of names and options: evaluated on its own, comments and all.
  const defaults = runInNewContext(`(${block[1]})`) as { gold: unknown[] };
  assert.ok(defaults.gold.length > 0);
  assert.deepEqual(JSON.parse(JSON.stringify(goldFeatures())), JSON.parse(JSON.stringify(defaults.gold)));
});

test('the network guard lets through each loopback host and records any other host', async () => {
  installNetworkGuard();
  respondToOutbound(() => new Response('answered by the test'));
  // Port 1 on this machine refuses the connection: a request let through fails there, unrecorded.
  for (const host of ['127.0.0.1', 'localhost', '[::1]']) {
    clearOutbound();
    await fetch(`http://${host}:1/`).then(
      () => assert.fail(`${host}: answered`),
      (error: Error) => assert.doesNotMatch(String(error.cause ?? error), /blocked by the claims harness/, host),
    );
    assert.deepEqual(outbound(), [], host);
  }
  for (const host of ['127.0.0.2', '0.0.0.0', 'localhost.example', 'license.strapi.io']) {
    clearOutbound();
    const response = await fetch(`http://${host}:1/x`, { method: 'post', body: 'b' });
    assert.equal(await response.text(), 'answered by the test', host);
    assert.deepEqual(outbound(), [{ url: `http://${host}:1/x`, method: 'POST', headers: {}, body: 'b' }], host);
  }
  respondToOutbound(undefined);
  clearOutbound();
});
