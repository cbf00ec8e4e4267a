/**
 * Setup module of the instance without license in review-workflows.test.ts (Content Manager
 * page): the review-workflows plugin's parts and the stage links left in the join table.
 */
import type { Core } from '@strapi/strapi';

export default async (strapi: Core.Strapi) => {
  const plugin = strapi.plugin('review-workflows');
  const [{ count }] = await strapi.db.connection('articles_strapi_stage_lnk').count({ count: '*' });
  return {
    isEE: strapi.EE,
    services: Object.keys(plugin.services ?? {}),
    contentTypes: Object.keys(plugin.contentTypes ?? {}),
    articleHasStage: 'strapi_stage' in (strapi.contentType('api::article.article').attributes as Record<string, unknown>),
    stageLinks: Number(count),
    stages: await strapi.db.query('plugin::review-workflows.workflow-stage').count(),
  };
};
