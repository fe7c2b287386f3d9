import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { startTestApp, type TestApp } from '../support/test-app';

// DESK-8: the desktop app's update feed is the files the operator put in DESKTOP_UPDATES_DIR, served
// read-only at /desktop/updates/: no listing, no folders, no dot files, nothing outside the folder.

let app: TestApp;
let base: string;
let feed: string;
const SIGNATURE = `ed25519 0123456789abcdef ${'A'.repeat(86)}==\n`;
const LATEST = 'version: 0.2.0\nfiles:\n  - url: clinic-desk-setup-0.2.0.exe\n    sha512: abc\n    size: 6\npath: clinic-desk-setup-0.2.0.exe\nsha512: abc\n';

beforeAll(async () => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'clinic-updates-'));
  feed = path.join(base, 'feed');
  fs.mkdirSync(path.join(feed, 'old'), { recursive: true });
  fs.writeFileSync(path.join(feed, 'latest.yml'), LATEST);
  fs.writeFileSync(path.join(feed, 'latest.yml.sig'), SIGNATURE);
  fs.writeFileSync(path.join(feed, 'clinic-desk-setup-0.2.0.exe'), 'MZ\x90\x00\x03\x00');
  fs.writeFileSync(path.join(feed, 'clinic-desk-setup-0.2.0.exe.blockmap'), 'blockmap');
  fs.writeFileSync(path.join(feed, '.env'), 'SECRET=1');
  fs.writeFileSync(path.join(feed, 'old', 'latest.yml'), 'version: 0.1.0\n');
  fs.writeFileSync(path.join(base, 'secret.txt'), 'outside the feed');
  app = await startTestApp({ config: { desktopUpdatesDir: feed } });
});
afterAll(async () => {
  await app?.close();
  fs.rmSync(base, { recursive: true, force: true });
});

/** Sends the path exactly as written (fetch would resolve the dots). */
function rawGet(pathname: string): Promise<{ status: number; text: string }> {
  const url = new URL(app.url);
  return new Promise((resolve, reject) => {
    http
      .get({ host: url.hostname, port: url.port, path: pathname }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      })
      .on('error', reject);
  });
}

describe('the desktop update feed at /desktop/updates/', () => {
  it('defaults to DATA_DIR/desktop-updates and follows DESKTOP_UPDATES_DIR', () => {
    expect(loadConfig({ DATA_DIR: '/srv/clinic' }).desktopUpdatesDir).toBe('/srv/clinic/desktop-updates');
    expect(loadConfig({ DESKTOP_UPDATES_DIR: '/srv/updates' }).desktopUpdatesDir).toBe('/srv/updates');
  });

  it('serves latest.yml and its signature fresh, and the installer and its blockmap the feed names', async () => {
    const yml = await app.request('/desktop/updates/latest.yml');
    expect(yml.status).toBe(200);
    expect(yml.headers.get('content-type')).toContain('text/yaml');
    expect(yml.headers.get('cache-control')).toBe('no-cache');
    expect(await yml.text()).toBe(LATEST);
    // DESK-9: its signature, just as fresh, so a new latest.yml never meets an old signature from a cache.
    const sig = await app.request('/desktop/updates/latest.yml.sig');
    expect(sig.status).toBe(200);
    expect(sig.headers.get('content-type')).toContain('text/plain');
    expect(sig.headers.get('cache-control')).toBe('no-cache');
    expect(await sig.text()).toBe(SIGNATURE);
    const installer = await app.request('/desktop/updates/clinic-desk-setup-0.2.0.exe');
    expect(installer.status).toBe(200);
    expect(Buffer.from(await installer.arrayBuffer())).toEqual(fs.readFileSync(path.join(feed, 'clinic-desk-setup-0.2.0.exe')));
    expect((await app.request('/desktop/updates/clinic-desk-setup-0.2.0.exe.blockmap')).status).toBe(200);
  });

  it('lists nothing, and serves no folder, dot file or missing file', async () => {
    for (const p of ['/desktop/updates/', '/desktop/updates', '/desktop/updates/old', '/desktop/updates/old/latest.yml', '/desktop/updates/.env', '/desktop/updates/missing.yml']) {
      const res = await rawGet(p);
      // (The folder's own address is a page address: the site redirects '/x/' to '/x', which is a 404 page.)
      const ok = res.status === 404 || (p.endsWith('/') && res.status === 301) || (res.status === 503 && res.text.includes('not built'));
      expect(ok, `${p} -> ${res.status}`).toBe(true);
      expect(res.text).not.toContain('SECRET');
      expect(res.text).not.toContain('0.1.0');
    }
  });

  it('never leaves the folder, however the path is spelled', async () => {
    for (const p of [
      '/desktop/updates/../secret.txt',
      '/desktop/updates/..%2Fsecret.txt',
      '/desktop/updates/%2e%2e%2fsecret.txt',
      '/desktop/updates/%2e%2e/secret.txt',
      '/desktop/updates/..%5Csecret.txt',
      '/desktop/updates/%2Fetc%2Fpasswd',
      '/desktop/updates/..%252Fsecret.txt',
      '/desktop/updates/latest.yml%00.txt',
    ]) {
      const res = await rawGet(p);
      expect(res.text, p).not.toContain('outside the feed');
      expect(res.text, p).not.toContain('root:');
      expect([400, 404, 503], `${p} -> ${res.status}`).toContain(res.status);
    }
  });

  it('answers only GET: the folder cannot be written through it', async () => {
    for (const method of ['PUT', 'POST', 'DELETE']) {
      const res = await app.request('/desktop/updates/latest.yml', { method, body: 'version: 9.9.9', headers: { 'content-type': 'text/plain' } });
      expect(res.status, method).toBeGreaterThanOrEqual(400);
    }
    expect(fs.readFileSync(path.join(feed, 'latest.yml'), 'utf8')).toBe(LATEST);
  });
});
