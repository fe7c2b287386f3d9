import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advice, checkServerAddress, messages, normalizeServerAddress } from '../src/main/server-address';
import { closedPort, startLocalServer, type LocalServer } from './support/http-server';

// The first-launch check against real HTTP servers: the clinic's (GET /healthz -> 200 { ok: true }),
// one whose database is down (503 { ok: false }), other services, a port nobody listens on, a server that
// never answers, and addresses that are not addresses.

const servers: LocalServer[] = [];
let clinic: LocalServer;
let unhealthy: LocalServer;
let otherWebsite: LocalServer;
let otherJson: LocalServer;
let silent: LocalServer;

beforeAll(async () => {
  clinic = await startLocalServer((req, res) => {
    if (req.url === '/healthz') {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ ok: true }));
    } else res.writeHead(404).end();
  });
  unhealthy = await startLocalServer((_req, res) => {
    res.writeHead(503, { 'Content-Type': 'application/json' }).end(JSON.stringify({ ok: false, error: 'Database unavailable' }));
  });
  otherWebsite = await startLocalServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>Router admin</title>');
  });
  otherJson = await startLocalServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ status: 'UP' }));
  });
  silent = await startLocalServer(() => {
    // never answers
  });
  servers.push(clinic, unhealthy, otherWebsite, otherJson, silent);
});

afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

describe('checking the clinic server address', () => {
  it("accepts the clinic's server and answers its origin", async () => {
    await expect(checkServerAddress(clinic.url, fetch)).resolves.toEqual({ ok: true, address: clinic.url });
  });

  it('accepts the address typed without http:// or with a pasted admin path', async () => {
    const hostPort = clinic.url.replace('http://', '');
    await expect(checkServerAddress(`  ${hostPort}  `, fetch)).resolves.toEqual({ ok: true, address: clinic.url });
    await expect(checkServerAddress(`${clinic.url}/admin/login?next=1#x`, fetch)).resolves.toEqual({
      ok: true,
      address: clinic.url,
    });
  });

  it('says when the address answers but is another service', async () => {
    for (const server of [otherWebsite, otherJson]) {
      const result = await checkServerAddress(server.url, fetch);
      expect(result).toEqual({
        ok: false,
        problem: 'not-clinic',
        message: messages.notClinic(server.url),
        advice: advice.notClinic,
        address: server.url,
      });
    }
    expect(messages.notClinic('http://x:1')).toBe("http://x:1 answered, but it is not the clinic's server. Check the address and the port number.");
  });

  it('says when the clinic server runs but its database does not answer', async () => {
    await expect(checkServerAddress(unhealthy.url, fetch)).resolves.toEqual({
      ok: false,
      problem: 'unhealthy',
      message: messages.unhealthy(unhealthy.url),
      advice: advice.unhealthy,
      address: unhealthy.url,
    });
  });

  it('says when nothing answers at the address', async () => {
    const address = `http://127.0.0.1:${await closedPort()}`;
    const result = await checkServerAddress(address, fetch);
    expect(result).toEqual({ ok: false, problem: 'unreachable', message: messages.unreachable(address), advice: advice.unreachable, address });
    expect(result.ok || result.message).toMatch(/^Cannot reach http:\/\/127\.0\.0\.1:\d+\. Check that the clinic server is switched on/);
  });

  it('gives up on a server that never answers', async () => {
    const started = Date.now();
    const result = await checkServerAddress(silent.url, fetch, { timeoutMs: 300 });
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(result).toMatchObject({ ok: false, problem: 'unreachable', address: silent.url });
    expect(result.ok || result.message).toContain('did not answer within');
    expect(result).toMatchObject({ advice: advice.timeout });
  });

  it('refuses what is not a web address, without any request', async () => {
    const cases: [string, string][] = [
      ['', "Enter the clinic server's address, for example http://192.168.1.20:3000"],
      ['   ', "Enter the clinic server's address, for example http://192.168.1.20:3000"],
      ['http://', 'That is not a web address. Enter it like http://192.168.1.20:3000'],
      ['clinic server', 'That is not a web address. Enter it like http://192.168.1.20:3000'],
      ['http://exa mple.com', 'That is not a web address. Enter it like http://192.168.1.20:3000'],
      ['http://[::1', 'That is not a web address. Enter it like http://192.168.1.20:3000'],
      ['ftp://192.168.1.20', 'The address must start with http:// or https://'],
      ['file:///etc/passwd', 'The address must start with http:// or https://'],
      ['javascript:alert(1)', 'The address must start with http:// or https://'],
      ['http://admin:secret@192.168.1.20:3000', 'Leave any user name and password out of the address.'],
    ];
    const noFetch = () => Promise.reject(new Error('must not be called'));
    for (const [input, message] of cases) {
      await expect(checkServerAddress(input, noFetch), input).resolves.toEqual({
        ok: false,
        problem: 'invalid',
        message,
        advice: message,
        address: null,
      });
    }
  });
});

describe('normalizeServerAddress', () => {
  it('keeps only the origin, lower-cased, with the default port dropped', () => {
    expect(normalizeServerAddress('HTTPS://Clinic.Example.IN:443/admin/')).toEqual({ ok: true, address: 'https://clinic.example.in' });
    expect(normalizeServerAddress('localhost:3000')).toEqual({ ok: true, address: 'http://localhost:3000' });
    expect(normalizeServerAddress('192.168.1.20:3000')).toEqual({ ok: true, address: 'http://192.168.1.20:3000' });
    expect(normalizeServerAddress('clinic-server')).toEqual({ ok: true, address: 'http://clinic-server' });
    expect(normalizeServerAddress('http://[::1]:3000/')).toEqual({ ok: true, address: 'http://[::1]:3000' });
  });
});
