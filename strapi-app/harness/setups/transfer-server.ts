/**
 * Setup module for `startStrapiProcess()`: the remote end of a transfer. Seeds the content of
 * harness/transfer.ts and creates transfer tokens through the admin's own service; returns their
 * access keys (push and pull, push only, pull only).
 */
import type { Core } from '@strapi/strapi';
import { createTransferToken, seedContent } from '../transfer';

export default async function setup(strapi: Core.Strapi) {
  const seed = process.env.CLAIMS_SEED === 'none' ? undefined : await seedContent(strapi);
  const both = await createTransferToken(strapi, { name: 'claims-both', permissions: ['push', 'pull'] });
  const pushOnly = await createTransferToken(strapi, { name: 'claims-push', permissions: ['push'] });
  const pullOnly = await createTransferToken(strapi, { name: 'claims-pull', permissions: ['pull'] });
  return {
    token: both.accessKey,
    pushOnly: pushOnly.accessKey,
    pullOnly: pullOnly.accessKey,
    articles: seed ? (await strapi.db.query('api::article.article').findMany({})).map((a: { title: string }) => a.title).sort() : [],
  };
}
