/**
 * The NPS survey is admin front end; the server's part is the project-type answer the admin reads
 * its flags and license from, and the absence of any NPS route on the project's server.
 */
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import type { Core } from '@strapi/strapi';
import { baseUrl, bootStrapi, claim, stopStrapi, superAdminClient, type AdminClient } from '../../../../harness';

let strapi: Core.Strapi;
let admin: AdminClient;
const projectType = async () => {
  const res = await fetch(`${baseUrl(strapi)}/admin/project-type`);
  assert.equal(res.status, 200, 'no authentication needed');
  return ((await res.json()) as { data: Record<string, unknown> & { flags: Record<string, unknown> } }).data;
};

before(async () => {
  strapi = await bootStrapi({ ee: true, listen: true, name: 'nps' });
  admin = await superAdminClient(strapi);
});
after(async () => {
  await stopStrapi(strapi);
});

claim(
  {
    id: 'flags-from-config',
    says: "GET /admin/project-type returns strapi.config.get('admin.flags', {}), and render.ts stores it as window.strapi.flags",
  },
  async () => {
    strapi.config.set('admin.flags', { nps: false, promoteEE: true, docLinks: false });
    try {
      assert.deepEqual((await projectType()).flags, { nps: false, promoteEE: true, docLinks: false });
    } finally {
      strapi.config.set('admin.flags', undefined);
    }
  },
);

claim(
  {
    id: 'no-nps-key',
    says: 'a project whose config has no flags.nps at all gets undefined, which does not hide it',
  },
  async () => {
    // This application's config/admin.js sets no flags.
    assert.equal(strapi.config.get('admin.flags'), undefined);
    const { flags } = await projectType();
    assert.deepEqual(flags, {});
    assert.equal(flags.nps, undefined);
  },
);

claim(
  {
    id: 'license-fields',
    says: 'which getProjectType derives from the isEE and planPriceId fields of the project-type answer',
  },
  async () => {
    const data = await projectType();
    assert.equal(data.isEE, true);
    assert.equal(data.type, 'gold');
    // The test license has no price id: the admin labels it Enterprise.
    assert.equal('planPriceId' in data, false);
    assert.deepEqual(
      (data.features as Array<{ name: string }>).map((f) => f.name),
      strapi.ee.features.list().map((f: { name: string }) => f.name),
    );
  },
);

claim(
  {
    id: 'no-server-route',
    says: "the request goes straight from the browser to Strapi's analytics service, not through the project's server",
  },
  async () => {
    for (const path of ['/submit-nps', '/admin/submit-nps', '/api/submit-nps']) {
      const res = await admin.request('POST', path, { rating: 9 });
      // 404, or 405 where only the public folder's GET route matches the path: no handler takes the rating.
      assert.ok([404, 405].includes(res.status), `${path}: ${res.status}`);
    }
    const routes = strapi.server.listRoutes() as Array<{ path: string }>;
    assert.equal(
      routes.some((r) => /nps/i.test(r.path)),
      false,
    );
  },
);
