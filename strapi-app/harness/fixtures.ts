/** Data several claims files need. */
import type { Core } from '@strapi/strapi';

/**
 * An active super admin (the first user `strapi admin:create-user` or the registration page
 * would make), created through the admin's own services.
 */
export async function superAdmin(strapi: Core.Strapi, email = 'claims@example.com') {
  const roles = strapi.service('admin::role');
  const users = strapi.service('admin::user');
  const existing = await users.findOneByEmail(email, ['roles']);
  if (existing) return existing;
  await roles.createRolesIfNoneExist();
  const superAdminRole = await roles.getSuperAdmin();
  return users.create({
    email,
    firstname: 'Claims',
    lastname: 'Runner',
    password: 'Claims-Runner-1',
    isActive: true,
    registrationToken: null,
    roles: [superAdminRole.id],
  });
}
