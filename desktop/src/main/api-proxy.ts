import type { Fetch } from './server-address';

// The page calls the API on its own origin (app://clinic/api/..., images at app://clinic/media/...); the
// main process forwards each call to the clinic server with the fetch of a dedicated session
// (session.fromPartition(SERVER_PARTITION).fetch, Chromium's network stack). That session's cookie jar keeps
// the server's httpOnly, SameSite=Lax session cookie: it is sent back to the server by the main process
// and never reaches the page. The server keeps its cookie and CORS rules as they are: it sees ordinary
// same-site requests without an Origin.

export const PROXY_TIMEOUT_MS = 60_000;

/** Request headers the page may pass on. Never Cookie, Authorization, Origin, Referer or Host. */
const FORWARDED_REQUEST_HEADERS = [
  'accept',
  'accept-language',
  'cache-control',
  'content-type',
  'if-modified-since',
  'if-none-match',
  'pragma',
  'range',
];

/** Response headers the page never sees: the cookie, and framing the network stack has already undone. */
const DROPPED_RESPONSE_HEADERS = new Set([
  'set-cookie',
  'set-cookie2',
  'content-encoding',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
]);

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/** The app paths that belong to the clinic server. */
export function isProxiedPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/media/');
}

export interface ApiProxyOptions {
  /** The remembered server origin, or null before the first launch is done. */
  getServerAddress(): string | null;
  /** The server session's fetch: it sends and stores that session's cookies (credentials: 'include'). */
  fetch: Fetch;
  timeoutMs?: number;
}

function jsonError(status: number, error: string): Response {
  return new Response(JSON.stringify({ error }), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

export const proxyMessages = {
  notSet: "The clinic server's address is not set.",
  unreachable: (address: string) =>
    `Cannot reach the clinic server at ${address}. Check that it is switched on and that this computer is on the clinic's network.`,
};

export function createApiProxy(options: ApiProxyOptions): (request: Request) => Promise<Response> {
  return async (request) => {
    const address = options.getServerAddress();
    if (!address) return jsonError(503, proxyMessages.notSet);

    const url = new URL(request.url);
    // Concatenated, not resolved: a path like //elsewhere.example/api must stay on the server's origin.
    const target = `${address}${url.pathname}${url.search}`;
    if (new URL(target).origin !== address || !isProxiedPath(url.pathname)) return jsonError(404, 'Not found');

    const headers = new Headers();
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const value = request.headers.get(name);
      if (value !== null) headers.set(name, value);
    }
    const method = request.method.toUpperCase();
    const body = method === 'GET' || method === 'HEAD' ? undefined : await request.arrayBuffer();
    const timeout = AbortSignal.timeout(options.timeoutMs ?? PROXY_TIMEOUT_MS);

    let upstream: Response;
    try {
      upstream = await options.fetch(target, {
        method,
        headers,
        body,
        credentials: 'include',
        redirect: 'follow',
        signal: request.signal ? AbortSignal.any([request.signal, timeout]) : timeout,
      });
    } catch {
      return jsonError(502, proxyMessages.unreachable(address));
    }

    const responseHeaders = new Headers();
    upstream.headers.forEach((value, name) => {
      if (!DROPPED_RESPONSE_HEADERS.has(name.toLowerCase())) responseHeaders.set(name, value);
    });
    const nullBody = NULL_BODY_STATUSES.has(upstream.status) || method === 'HEAD';
    return new Response(nullBody ? null : upstream.body, {
      status: upstream.status,
      statusText: upstream.statusText,
      headers: responseHeaders,
    });
  };
}
