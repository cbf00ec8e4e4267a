/**
 * A lighter admin session than admin.ts's client (B's claims files use it): the admin API as the admin panel uses it: log in through `POST /admin/login` and send requests
 * with the returned access token (`Authorization: Bearer ...`). Needs `bootStrapi({ listen: true })`.
 * `adminUserWithRole()` makes a user whose only role holds the given permissions, for claims about
 * what a permission lets through.
 */
import type { Core } from '@strapi/strapi';
import { baseUrl, type PermissionInput } from './admin';
import { superAdmin } from './fixtures';

export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- admin API responses are free-form JSON

export interface SessionResponse {
  status: number;
  body: Json;
}

export interface AdminSession {
  token: string;
  /** `request('GET', '/content-manager/init')`: JSON in, JSON out (an empty body reads as `{}`). */
  request(method: string, url: string, body?: unknown): Promise<SessionResponse>;
}

/** Sends a JSON request to the running instance, with an optional bearer token. */
export async function sendJson(strapi: Core.Strapi, method: string, url: string, body?: unknown, token?: string): Promise<SessionResponse> {
  const res = await fetch(baseUrl(strapi) + url, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: Json = {};
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = { text };
    }
  }
  return { status: res.status, body: parsed };
}

/** Logs in through `POST /admin/login`; defaults to the `superAdmin()` credentials (created when missing). */
export async function adminSession(strapi: Core.Strapi, email = 'claims@example.com', password = 'Claims-Runner-1'): Promise<AdminSession> {
  if (email === 'claims@example.com') await superAdmin(strapi);
  const res = await sendJson(strapi, 'POST', '/admin/login', { email, password });
  if (res.status !== 200) throw new Error(`POST /admin/login for ${email} answered ${res.status}: ${JSON.stringify(res.body)}`);
  const token = res.body.data.token as string;
  return { token, request: (method, url, body) => sendJson(strapi, method, url, body, token) };
}

/** An active admin user whose only role (created here, named after the email) holds `permissions`. */
export async function adminUserWithRole(
  strapi: Core.Strapi,
  options: { email: string; password?: string; permissions: PermissionInput[] },
): Promise<{ user: Json; role: Json; password: string }> {
  const password = options.password ?? 'Claims-Role-User-1';
  const roles = strapi.service('admin::role');
  const role = await roles.create({ name: `Role of ${options.email}`, description: 'made by a claims file' });
  if (options.permissions.length > 0)
    await roles.assignPermissions(
      role.id,
      options.permissions.map((p) => ({ subject: null, properties: {}, conditions: [], ...p })),
    );
  const user = await strapi.service('admin::user').create({
    email: options.email,
    firstname: 'Role',
    lastname: 'User',
    password,
    isActive: true,
    roles: [role.id],
  });
  return { user, role, password };
}
