// The one fetch wrapper of the site and the admin (UI-3): JSON with credentials; a non-OK answer
// throws ApiError whose message is the server's `error` text, else 'HTTP {status}: {statusText}'; an
// empty body is null. The base URL is '' in the browser (same origin) and the clinic server's address in
// the desktop app (set through setApiBase by the platform).

let apiBase = '';

export function setApiBase(base: string): void {
  apiBase = base.replace(/\/$/, '');
}

export function apiUrl(path: string): string {
  return apiBase + path;
}

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly fields?: Record<string, string>,
    /** Seconds from a 429 or 503 answer's Retry-After, when it gave one. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Called on every 401 from an admin call, so the admin can drop its stored user (ADMIN-3). */
let onUnauthorized: ((path: string) => void) | null = null;
export function setUnauthorizedHandler(handler: ((path: string) => void) | null): void {
  onUnauthorized = handler;
}

/** `onResponse` sees the raw response (status, headers such as X-Total-Count) before the body is read. */
export type ApiRequestInit = RequestInit & { json?: unknown; onResponse?: (res: Response) => void };

export async function apiRequest<T>(path: string, init: ApiRequestInit = {}): Promise<T> {
  const headers = new Headers(init.headers);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(init.json);
  }
  headers.set('Accept', 'application/json');
  const { json: _json, onResponse, ...rest } = init;
  const res = await fetch(apiUrl(path), { ...rest, headers, body, credentials: 'include' });
  onResponse?.(res);
  const text = await res.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!res.ok) {
    if (res.status === 401) onUnauthorized?.(path);
    const payload = (data ?? {}) as { error?: unknown; fields?: Record<string, string> };
    const message = typeof payload.error === 'string' && payload.error ? payload.error : `HTTP ${res.status}: ${res.statusText}`;
    const retryAfter = Number(res.headers.get('Retry-After') ?? NaN);
    throw new ApiError(message, res.status, payload.fields, retryAfter > 0 ? retryAfter : undefined);
  }
  return data as T;
}

export const api = {
  get: <T>(path: string, init?: ApiRequestInit) => apiRequest<T>(path, { ...init, method: 'GET' }),
  post: <T>(path: string, json?: unknown) => apiRequest<T>(path, { method: 'POST', json }),
  put: <T>(path: string, json?: unknown) => apiRequest<T>(path, { method: 'PUT', json }),
  patch: <T>(path: string, json?: unknown) => apiRequest<T>(path, { method: 'PATCH', json }),
  delete: <T = null>(path: string) => apiRequest<T>(path, { method: 'DELETE' }),
};
