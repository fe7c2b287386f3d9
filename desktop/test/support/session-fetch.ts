import type { Fetch } from '../../src/main/server-address';

/**
 * Stands in for `session.fromPartition('clinic-server').fetch` in tests: Node's fetch plus a cookie jar
 * that, like Chromium's session store, keeps what Set-Cookie says and sends it back when a request asks
 * for credentials ('include'). `jar` shows what the main process holds.
 */
export function createSessionFetch(): Fetch & { jar: Map<string, string> } {
  const jar = new Map<string, string>();
  const sessionFetch = (async (url: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.delete('cookie');
    if (init.credentials === 'include' && jar.size > 0) {
      headers.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '));
    }
    const res = await fetch(url, { ...init, headers });
    if (init.credentials !== 'omit') {
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const eq = pair.indexOf('=');
        const name = pair.slice(0, eq).trim();
        const value = pair.slice(eq + 1).trim();
        if (value) jar.set(name, value);
        else jar.delete(name);
      }
    }
    return res;
  }) as Fetch & { jar: Map<string, string> };
  sessionFetch.jar = jar;
  return sessionFetch;
}
