/**
 * The admin API as a contributor's client reaches it: a real login (`POST /admin/login`) gives an
 * admin JWT, and every request goes over HTTP to an instance booted with `listen: true`.
 * `editor()` makes a non-super-admin user whose role holds exactly the given permissions, the way
 * the roles settings page would save them.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- response bodies are free-form JSON that the claims index into */
import type { Core } from '@strapi/strapi';
import { superAdmin } from './fixtures';

export interface AdminResponse<T = any> {
  status: number;
  body: T;
  text: string;
  headers: Headers;
}

export interface AdminClient {
  /** The admin JWT `POST /admin/login` returned. */
  token: string;
  user: { id: number; email: string; [key: string]: unknown };
  request<T = any>(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<AdminResponse<T>>;
  get<T = any>(path: string, headers?: Record<string, string>): Promise<AdminResponse<T>>;
  post<T = any>(path: string, body?: unknown): Promise<AdminResponse<T>>;
  put<T = any>(path: string, body?: unknown): Promise<AdminResponse<T>>;
  del<T = any>(path: string): Promise<AdminResponse<T>>;
}

/** `http://127.0.0.1:<port>` of an instance booted with `listen: true`. */
export function baseUrl(strapi: Core.Strapi): string {
  const port = strapi.config.get('server.port');
  if (!port) throw new Error('baseUrl() needs an instance booted with { listen: true }');
  return `http://127.0.0.1:${port}`;
}

/** A reused keep-alive socket that the server closed meanwhile: the request never reached it. */
const isStaleSocket = (error: unknown) =>
  error instanceof TypeError && ['ECONNRESET', 'UND_ERR_SOCKET'].includes((error.cause as { code?: string } | undefined)?.code ?? '');

async function send<T>(url: string, method: string, token: string | undefined, body?: unknown, headers: Record<string, string> = {}) {
  const init = {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  };
  const res = await fetch(url, init).catch((error: unknown) => {
    if (isStaleSocket(error)) return fetch(url, init);
    throw error;
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON (CSV, HTML): the text is the body
  }
  return { status: res.status, body: parsed as T, text, headers: res.headers };
}

/** Logs in with `POST /admin/login` and returns a client that sends the JWT on every request. */
export async function adminLogin(strapi: Core.Strapi, email: string, password: string): Promise<AdminClient> {
  const base = baseUrl(strapi);
  const login = await send<{ data?: { token: string; user: AdminClient['user'] } }>(`${base}/admin/login`, 'POST', undefined, {
    email,
    password,
  });
  if (login.status !== 200 || !login.body?.data?.token) throw new Error(`admin login of ${email} failed: ${login.status} ${login.text}`);
  const { token, user } = login.body.data;
  const request = <T>(method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
    send<T>(`${base}${path}`, method, token, body, headers);
  return {
    token,
    user,
    request,
    get: (path, headers) => request('GET', path, undefined, headers),
    post: (path, body) => request('POST', path, body ?? {}),
    put: (path, body) => request('PUT', path, body ?? {}),
    del: (path) => request('DELETE', path),
  };
}

/** The super admin of `superAdmin()`, logged in. */
export async function superAdminClient(strapi: Core.Strapi): Promise<AdminClient> {
  await superAdmin(strapi);
  return adminLogin(strapi, 'claims@example.com', 'Claims-Runner-1');
}

export interface PermissionInput {
  action: string;
  subject?: string | null;
  properties?: Record<string, unknown>;
  conditions?: string[];
  actionParameters?: Record<string, unknown>;
}

/**
 * An active admin user whose only role holds exactly `permissions` (a new role named after the
 * email), logged in. The role is created and filled with the admin's own role service.
 */
export async function editor(
  strapi: Core.Strapi,
  email: string,
  permissions: PermissionInput[],
): Promise<AdminClient & { roleId: number }> {
  const roles = strapi.service('admin::role');
  await roles.createRolesIfNoneExist();
  const role = await roles.create({ name: `Role of ${email}`, description: 'made by the claims harness' });
  if (permissions.length) await roles.assignPermissions(role.id, permissions);
  const password = 'Editor-Claims-1';
  await strapi.service('admin::user').create({
    email,
    firstname: 'Editor',
    lastname: email.split('@')[0],
    password,
    isActive: true,
    registrationToken: null,
    roles: [role.id],
  });
  return Object.assign(await adminLogin(strapi, email, password), { roleId: role.id as number });
}

/** Polls `read` until `ok` holds (Strapi starts some work without awaiting it). */
export async function waitFor<T>(read: () => Promise<T> | T, ok: (value: T) => boolean, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
