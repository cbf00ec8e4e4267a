/**
 * Nothing a claims file runs reaches beyond this machine. Strapi sends its outbound HTTP requests
 * (telemetry, the license registry, update checks) through the global `fetch`
 * (packages/core/core/src/utils/fetch.ts); the guard replaces it for the whole process, records
 * every request, lets loopback requests through, and answers any other with what the test chose:
 * by default the network error a closed network gives.
 */
export interface OutboundRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  /** The body as text, when it was a string (JSON payloads are). */
  body?: string;
}

type Responder = (request: OutboundRequest) => Response | Promise<Response>;

const requests: OutboundRequest[] = [];
let responder: Responder | undefined;
let installed = false;

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

export function installNetworkGuard(): void {
  if (installed) return;
  installed = true;
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const { hostname } = new URL(url);
    if (LOOPBACK.has(hostname)) return realFetch(input, init);
    const headers: Record<string, string> = {};
    new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined)).forEach((v, k) => (headers[k] = v));
    const request: OutboundRequest = {
      url,
      method: (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase(),
      headers,
      body: typeof init?.body === 'string' ? init.body : undefined,
    };
    requests.push(request);
    if (responder) return responder(request);
    throw new TypeError('fetch failed (blocked by the claims harness: no request leaves this machine)');
  };
}

/** Requests to other hosts since the last `clearOutbound()`, in order. */
export function outbound(): readonly OutboundRequest[] {
  return requests;
}

export function clearOutbound(): void {
  requests.length = 0;
}

/** How requests to other hosts are answered from now on (undefined: a network error). */
export function respondToOutbound(fn: Responder | undefined): void {
  responder = fn;
}
