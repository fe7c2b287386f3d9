import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiProxy, isProxiedPath, proxyMessages } from '../src/main/api-proxy';
import { closedPort, readBody, startLocalServer, type LocalServer } from './support/http-server';
import { createSessionFetch } from './support/session-fetch';

// The page's API calls (app://clinic/api/...) forwarded by the main process to a real HTTP server that
// behaves like the clinic's: an httpOnly, SameSite=Lax session cookie set at login and required after.

const SID = 'sid-3f9c2a7e1b';
let server: LocalServer;
const seen: { method: string; url: string; headers: Record<string, string | string[] | undefined>; body: Buffer }[] = [];

beforeAll(async () => {
  server = await startLocalServer(async (req, res) => {
    const body = await readBody(req);
    seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
    const json = (status: number, data: unknown, headers: Record<string, string> = {}) =>
      res.writeHead(status, { 'Content-Type': 'application/json', ...headers }).end(JSON.stringify(data));
    const signedIn = (req.headers.cookie ?? '').split('; ').includes(`sid=${SID}`);
    if (req.method === 'POST' && req.url === '/api/auth/login') {
      return json(200, { user: { id: 1, email: 'admin@clinic.test' } }, {
        'Set-Cookie': `sid=${SID}; Path=/; HttpOnly; SameSite=Lax`,
      });
    }
    if (req.url === '/api/auth/me') return signedIn ? json(200, { user: { id: 1 } }) : json(401, { error: 'Not signed in' });
    if (req.method === 'POST' && req.url === '/api/auth/logout') {
      res.writeHead(204, { 'Set-Cookie': 'sid=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly' }).end();
      return;
    }
    if (req.url?.startsWith('/api/admin/patients')) {
      if (!signedIn) return json(401, { error: 'Not signed in' });
      if (req.method === 'POST') {
        const input = JSON.parse(body.toString()) as { name?: string };
        if (!input.name) return json(400, { error: 'Name is required', fields: { name: 'Name is required' } });
        return json(201, { id: 7, ...input });
      }
      if (req.method === 'DELETE') return void res.writeHead(204).end();
      return json(200, [{ id: 7, name: 'Asha Kulkarni' }], { 'X-Total-Count': '1' });
    }
    if (req.url === '/api/admin/upload') {
      return json(201, { bytes: body.length, type: req.headers['content-type'] });
    }
    if (req.url === '/media/photo.webp') {
      res.writeHead(200, { 'Content-Type': 'image/webp', 'Content-Encoding': 'gzip', 'Cache-Control': 'max-age=31536000' });
      return void res.end(gzipSync(Buffer.from('RIFF....WEBPVP8 image bytes')));
    }
    if (req.url === '/api/headers') return json(200, req.headers);
    json(404, { error: 'Not found' });
  });
});

afterAll(() => server.close());

function setup(address: string | null = server.url) {
  const sessionFetch = createSessionFetch();
  const proxy = createApiProxy({ getServerAddress: () => address, fetch: sessionFetch });
  const call = (path: string, init?: RequestInit) => proxy(new Request(`app://clinic${path}`, init));
  return { sessionFetch, proxy, call };
}

describe('the API proxy', () => {
  it('keeps the session cookie in the main process and never hands it to the page', async () => {
    const { sessionFetch, call } = setup();
    const login = await call('/api/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ email: 'admin@clinic.test', password: 'correct-horse' }),
    });
    expect(login.status).toBe(200);
    expect(login.headers.get('set-cookie')).toBeNull();
    expect(login.headers.getSetCookie()).toEqual([]);
    const text = await login.text();
    expect(text).not.toContain(SID);
    expect(JSON.parse(text)).toEqual({ user: { id: 1, email: 'admin@clinic.test' } });
    // The main process's session holds it...
    expect(sessionFetch.jar.get('sid')).toBe(SID);
    // ...and sends it on the next call, so the page is signed in without ever seeing it.
    const me = await call('/api/auth/me');
    expect(me.status).toBe(200);
    expect(seen.at(-1)!.headers.cookie).toBe(`sid=${SID}`);
  });

  it('sends no cookie before sign-in, and the 401 reaches the page as the server wrote it', async () => {
    const { call } = setup();
    const me = await call('/api/auth/me');
    expect(me.status).toBe(401);
    expect(await me.json()).toEqual({ error: 'Not signed in' });
    expect(seen.at(-1)!.headers.cookie).toBeUndefined();
  });

  it("ignores a cookie, origin, referer or authorization the page tries to send", async () => {
    const { call } = setup();
    const res = await call('/api/headers', {
      headers: {
        Cookie: 'sid=forged',
        Origin: 'https://evil.example',
        Referer: 'https://evil.example/page',
        Authorization: 'Bearer x',
        'X-Custom': 'y',
        Accept: 'application/json',
        'Accept-Language': 'en-IN',
      },
    });
    const headers = (await res.json()) as Record<string, string>;
    expect(headers.cookie).toBeUndefined();
    expect(headers.origin).toBeUndefined();
    expect(headers.referer).toBeUndefined();
    expect(headers.authorization).toBeUndefined();
    expect(headers['x-custom']).toBeUndefined();
    expect(headers.accept).toBe('application/json');
    expect(headers['accept-language']).toBe('en-IN');
    expect(headers.host).toBe(new URL(server.url).host);
  });

  it('forwards methods, query strings, bodies, statuses and headers both ways', async () => {
    const { call } = setup();
    await call('/api/auth/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });

    const list = await call('/api/admin/patients?q=asha&limit=20&offset=0');
    expect(list.status).toBe(200);
    expect(list.headers.get('x-total-count')).toBe('1');
    expect(seen.at(-1)!.url).toBe('/api/admin/patients?q=asha&limit=20&offset=0');
    expect(await list.json()).toEqual([{ id: 7, name: 'Asha Kulkarni' }]);

    const created = await call('/api/admin/patients', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Ravi Patil' }),
    });
    expect(created.status).toBe(201);
    expect(await created.json()).toEqual({ id: 7, name: 'Ravi Patil' });

    const invalid = await call('/api/admin/patients', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toEqual({ error: 'Name is required', fields: { name: 'Name is required' } });

    const deleted = await call('/api/admin/patients/7', { method: 'DELETE' });
    expect(deleted.status).toBe(204);
    expect(await deleted.text()).toBe('');
  });

  it('forwards a multipart upload byte for byte', async () => {
    const { call } = setup();
    const form = new FormData();
    const bytes = new Uint8Array(300_000).map((_, i) => i % 251);
    form.append('file', new Blob([bytes], { type: 'image/png' }), 'photo.png');
    const res = await call('/api/admin/upload', { method: 'POST', body: form });
    const result = (await res.json()) as { bytes: number; type: string };
    expect(res.status).toBe(201);
    expect(result.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(result.bytes).toBeGreaterThan(300_000);
    expect(seen.at(-1)!.body.includes(Buffer.from(bytes.subarray(1000, 1400)))).toBe(true);
  });

  it('serves /media images through the same origin, already decoded', async () => {
    const { call } = setup();
    const res = await call('/media/photo.webp');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('cache-control')).toBe('max-age=31536000');
    expect(await res.text()).toBe('RIFF....WEBPVP8 image bytes');
  });

  it('passes the clearing of the cookie at logout to the session only', async () => {
    const { sessionFetch, call } = setup();
    await call('/api/auth/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(sessionFetch.jar.has('sid')).toBe(true);
    const out = await call('/api/auth/logout', { method: 'POST' });
    expect(out.status).toBe(204);
    expect(out.headers.getSetCookie()).toEqual([]);
    expect(sessionFetch.jar.has('sid')).toBe(false);
    expect((await call('/api/auth/me')).status).toBe(401);
  });

  it('answers 502 with a readable error when the server cannot be reached', async () => {
    const address = `http://127.0.0.1:${await closedPort()}`;
    const { call } = setup(address);
    const res = await call('/api/admin/patients');
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ error: proxyMessages.unreachable(address) });
  });

  it('answers 503 before the server address is set', async () => {
    const { call } = setup(null);
    const res = await call('/api/auth/me');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: proxyMessages.notSet });
  });

  it("never leaves the server's origin", async () => {
    const { call } = setup();
    const before = seen.length;
    const res = await call('//evil.example/api/x');
    expect(res.status).toBe(404);
    expect(seen.length).toBe(before);
    expect(isProxiedPath('/api/admin/invoices')).toBe(true);
    expect(isProxiedPath('/media/abc.webp')).toBe(true);
    expect(isProxiedPath('/index.html')).toBe(false);
    expect(isProxiedPath('/apix')).toBe(false);
  });
});
