import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { createServerDatabase } from '../support/test-db';

// OPS-16: production runs what `npm run build` made (`node dist/api/server.js`, no TypeScript compiler in
// the process), as the container image and the systemd unit do, with NODE_ENV=production. `npm test` builds
// before it runs the tests.

const SERVER_BUNDLE = 'dist/api/server.js';
const slow = { timeout: 240_000 };
const ADMIN = { email: 'owner@clinic.test', password: 'prod-build-Password-2026' };

let server: ServerProcess;
let cleanup: () => Promise<void> = async () => {};

beforeAll(async () => {
  if (!fs.existsSync(SERVER_BUNDLE) || !fs.existsSync('site/dist/index.html')) {
    throw new Error('The production build is missing: run `npm run build` first (npm test does).');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinic-prod-'));
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    SMTP_URL: 'smtp://127.0.0.1:9', // never reached: nothing is mailed here
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  };
  let dropDatabase = async () => {};
  if (process.env.TEST_DATABASE_URL) {
    const database = await createServerDatabase();
    env.DATABASE_URL = database.url;
    dropDatabase = database.drop;
  }
  cleanup = async () => {
    await dropDatabase();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  server = await startServerProcess(env, 180_000, { from: 'build' });
}, slow.timeout);

afterAll(async () => {
  await server?.stop();
  await cleanup();
}, slow.timeout);

describe('the production build', () => {
  it('is plain JavaScript that loads no TypeScript compiler', () => {
    const bundle = fs.readFileSync(SERVER_BUNDLE, 'utf8');
    expect(bundle).not.toMatch(/from ["'](tsx|typescript|esbuild)["'/]/);
    expect(server.output()).toContain('"event":"listening"');
  });

  it('serves a server-rendered home page, brotli-compressed, and health', async () => {
    const res = await rawGet(`${server.url}/`, { 'accept-encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    const html = zlib.brotliDecompressSync(res.body).toString('utf8');
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toContain('<h1');

    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    expect(health.headers.get('content-encoding')).toBeNull(); // below the 1 KB threshold
  });

  it('gzips for a client without brotli, and sends built assets from their precompressed twins', async () => {
    const res = await rawGet(`${server.url}/`, { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(res.body).toString('utf8')).toContain('</html>');

    const asset = fs.readdirSync('site/dist/assets').find((f) => f.endsWith('.js') && fs.existsSync(`site/dist/assets/${f}.br`))!;
    const assetRes = await rawGet(`${server.url}/assets/${asset}`, { 'accept-encoding': 'br, gzip' });
    expect(assetRes.headers['content-encoding']).toBe('br');
    expect(assetRes.body.equals(fs.readFileSync(`site/dist/assets/${asset}.br`))).toBe(true);
  });

  it('signs the owner in (the native bcrypt module loads in production), who must first choose their own password', async () => {
    const res = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify(ADMIN),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(/HttpOnly/i);
    // AUTH-11: ADMIN_PASSWORD was written in a file by whoever installed the server.
    expect((await res.json()).user).toMatchObject({ email: ADMIN.email, role: 'owner', mustChangePassword: true });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('sid='))!.split(';')[0];
    const refused = await fetch(`${server.url}/api/admin/stats`, { headers: { cookie } });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: 'Please change your password' });
    const changed = await fetch(`${server.url}/api/auth/change-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url, cookie },
      body: JSON.stringify({ currentPassword: ADMIN.password, newPassword: 'the-Owners-own-2026' }),
    });
    expect(changed.status).toBe(200);
    expect((await fetch(`${server.url}/api/admin/stats`, { headers: { cookie } })).status).toBe(200);
  });
});

/** A GET that keeps the bytes as sent (fetch would undo the Content-Encoding). */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}
