/**
 * Setup module of the instance without license in intro.test.ts (run by startStrapiProcess on the
 * database the licensed instance left): what the content-releases plugin registered, and the rows
 * still in its tables.
 */
import type { Core } from '@strapi/strapi';

export default async (strapi: Core.Strapi) => {
  const plugin = strapi.plugin('content-releases');
  const adminRoutes = strapi.server.api('admin').listRoutes() as Array<{ path: string }>;
  const rows = async (table: string) => {
    const [{ count }] = await strapi.db.connection(table).count({ count: '*' });
    return Number(count);
  };
  return {
    isEE: strapi.EE,
    loaded: Boolean(plugin),
    services: Object.keys(plugin.services ?? {}),
    controllers: Object.keys(plugin.controllers ?? {}),
    contentTypes: Object.keys(plugin.contentTypes ?? {}),
    routes: adminRoutes.map((r) => r.path).filter((p) => p.startsWith('/content-releases')),
    tableRows: { releases: await rows('strapi_releases'), actions: await rows('strapi_release_actions') },
    releases: (await strapi.db.query('plugin::content-releases.release').findMany({ orderBy: { id: 'asc' } })).map(
      (r: { name: string }) => r.name,
    ),
  };
};
