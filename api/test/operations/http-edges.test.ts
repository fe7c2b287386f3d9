import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app';

// The edges of the HTTP server: slow clients are cut off while others are served, and HTTPS answers
// carry HSTS. The limits are shortened here; the production figures are in api/http-server.ts.

let app: TestApp;
let proxied: TestApp;
beforeAll(async () => {
  app = await startTestApp({ config: { httpTimeouts: { headersMs: 1_000, requestMs: 2_000, keepAliveMs: 500, idleMs: 5_000 } } });
  proxied = await startTestApp({ config: { trustProxy: true, bookingRateLimitPerAddress: 2 } });
});
afterAll(async () => {
  await app?.close();
  await proxied?.close();
});

/** Opens a connection and dribbles `chunks`, one every `everyMs`; resolves when the server closes it. */
function slowClient(chunks: string[], everyMs: number): Promise<{ closedAfterMs: number; answer: string }> {
  const { port } = new URL(app.url);
  const started = Date.now();
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), '127.0.0.1');
    let answer = '';
    let i = 0;
    const timer = setInterval(() => {
      if (i < chunks.length && !socket.destroyed) socket.write(chunks[i++]);
    }, everyMs);
    socket.on('data', (d) => (answer += d.toString()));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ closedAfterMs: Date.now() - started, answer });
    });
  });
}

describe('slow clients', () => {
  it('cuts off a client that sends its headers too slowly, while a normal request is answered', async () => {
    const endless = Array.from({ length: 100 }, (_, i) => (i === 0 ? 'GET /healthz HTTP/1.1\r\nHost: x\r\n' : `X-Slow-${i}: y\r\n`));
    const slow = slowClient(endless, 200);
    await new Promise((r) => setTimeout(r, 300));
    const normal = await fetch(`${app.url}/healthz`);
    expect(normal.status).toBe(200);
    const { closedAfterMs, answer } = await slow;
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(closedAfterMs).toBeLessThan(4_000); // headers limit 1 s, checked every 0.5 s; far below 20 s
  });

  it('cuts off a client that sends its body too slowly', async () => {
    const body = 'x'.repeat(100);
    const chunks = ['POST /api/appointments HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n', ...body.split('')];
    const { closedAfterMs } = await slowClient(chunks, 100);
    expect(closedAfterMs).toBeLessThan(5_000); // request limit 2 s; 100 bytes at 10 a second would take 10 s
  });
});

describe('HTTPS', () => {
  it('sends HSTS when the request came over HTTPS through the trusted proxy', async () => {
    const res = await fetch(`${proxied.url}/healthz`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000');
  });

  it('sends no HSTS over plain HTTP, nor when an untrusted client claims HTTPS', async () => {
    expect((await fetch(`${proxied.url}/healthz`)).headers.get('strict-transport-security')).toBeNull();
    const res = await fetch(`${app.url}/healthz`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('behind the reverse proxy (TRUST_PROXY)', () => {
  const book = (forwardedFor: string) =>
    fetch(`${proxied.url}/api/appointments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
      body: '{}',
    });

  it('counts the address the proxy saw (the last hop), whatever the client wrote before it', async () => {
    // Every booking request counts against its address's allowance (2 here), valid or not.
    expect((await book('6.6.6.1, 203.0.113.5')).status).toBe(400);
    expect((await book('6.6.6.2, 203.0.113.5')).status).toBe(400);
    const third = await book('6.6.6.3, 10.0.0.1, 203.0.113.5');
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another visitor, as the proxy reports them, has an allowance of their own.
    expect((await book('203.0.113.6')).status).toBe(400);
  });
});
