import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAppProtocolHandler } from '../src/main/app-protocol';
import { APP_CSP } from '../src/main/constants';

let dir: string;
let rendererDir: string;
const proxy = vi.fn(async (request: Request) => new Response(`proxied ${new URL(request.url).pathname}`));
let handle: (request: Request) => Promise<Response>;
const get = (url: string, init?: RequestInit) => handle(new Request(url, init));

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'clinic-desk-renderer-'));
  rendererDir = join(dir, 'renderer');
  await mkdir(join(rendererDir, 'assets'), { recursive: true });
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>Clinic Desk</title>');
  await writeFile(join(rendererDir, 'assets', 'index-abc.js'), 'console.log(1)');
  await writeFile(join(rendererDir, 'assets', 'index-abc.css'), 'body{}');
  await writeFile(join(rendererDir, 'icon.svg'), '<svg/>');
  await writeFile(join(dir, 'secret.txt'), 'outside the renderer');
  handle = createAppProtocolHandler({ rendererDir, proxy });
});

afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the app:// protocol', () => {
  it("serves the app's page with the strict CSP", async () => {
    for (const url of ['app://clinic/index.html', 'app://clinic/', 'app://clinic']) {
      const res = await get(url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('content-security-policy')).toBe(APP_CSP);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await res.text()).toContain('<title>Clinic Desk</title>');
    }
  });

  it('has a CSP that allows only its own scripts, connections, frames and forms', () => {
    const directives = new Map(APP_CSP.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1).join(' ')]));
    expect(directives.get('default-src')).toBe("'self'");
    expect(directives.get('script-src')).toBe("'self'");
    expect(directives.get('connect-src')).toBe("'self'");
    expect(directives.get('frame-src')).toBe("'self'");
    expect(directives.get('object-src')).toBe("'none'");
    expect(directives.get('base-uri')).toBe("'none'");
    expect(directives.get('form-action')).toBe("'self'");
    expect(directives.get('frame-ancestors')).toBe("'none'");
    expect(APP_CSP).not.toContain('unsafe-eval');
    expect(APP_CSP).not.toMatch(/script-src[^;]*(unsafe-inline|https?:|\*)/);
  });

  it('serves assets with their types', async () => {
    const js = await get('app://clinic/assets/index-abc.js');
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await js.text()).toBe('console.log(1)');
    expect((await get('app://clinic/assets/index-abc.css')).headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect((await get('app://clinic/icon.svg')).headers.get('content-type')).toBe('image/svg+xml');
  });

  it('answers the page for a client-side route and 404 for a missing asset', async () => {
    const route = await get('app://clinic/admin/invoices');
    expect(route.status).toBe(200);
    expect(route.headers.get('content-security-policy')).toBe(APP_CSP);
    expect((await get('app://clinic/assets/missing.js')).status).toBe(404);
  });

  it('never serves a file outside the renderer folder', async () => {
    for (const url of [
      'app://clinic/../secret.txt',
      'app://clinic/%2e%2e/secret.txt',
      'app://clinic/..%2fsecret.txt',
      'app://clinic/assets/..%2f..%2fsecret.txt',
      'app://clinic/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      'app://clinic/index.html%00.js',
    ]) {
      const res = await get(url);
      const text = await res.text();
      expect(text, url).not.toContain('outside the renderer');
      expect(text, url).not.toContain('root:');
    }
  });

  it('answers nothing for another host, and nothing but GET for files', async () => {
    expect((await get('app://elsewhere/index.html')).status).toBe(404);
    expect((await get('app://clinic/index.html', { method: 'POST', body: 'x' })).status).toBe(405);
  });

  it('hands /api and /media to the proxy', async () => {
    expect(await (await get('app://clinic/api/admin/dashboard')).text()).toBe('proxied /api/admin/dashboard');
    expect(await (await get('app://clinic/media/a.webp')).text()).toBe('proxied /media/a.webp');
    expect(proxy).toHaveBeenCalledTimes(2);
  });
});
