/**
 * Content releases: a release's row and status read from the database, and a wait for a status
 * (publishing runs in Strapi's own time, after the request that started it has answered).
 */
import type { Core } from '@strapi/strapi';
import { waitFor } from './admin';

export const RELEASE_UID = 'plugin::content-releases.release';

export function releaseRow(strapi: Core.Strapi, id: number) {
  return strapi.db.query(RELEASE_UID).findOne({ where: { id } });
}

export async function releaseStatus(strapi: Core.Strapi, id: number): Promise<string | undefined> {
  return (await releaseRow(strapi, id))?.status;
}

export function waitForReleaseStatus(strapi: Core.Strapi, id: number, status: string) {
  return waitFor(
    () => releaseStatus(strapi, id),
    (s) => s === status,
    `release ${id} to be ${status}`,
  );
}
