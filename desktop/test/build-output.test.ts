import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { APP_CSP } from '../src/main/constants';

// What `npm run build:desktop` (electron-vite build) leaves in desktop/out, which `npm test` runs first.

const out = join(import.meta.dirname, '..', 'out');
const read = (path: string) => readFileSync(join(out, path), 'utf8');

beforeAll(() => {
  if (!existsSync(join(out, 'renderer', 'index.html'))) {
    throw new Error('desktop/out is missing: run `npm run build:desktop` first (npm test does).');
  }
});

function requiredModules(code: string): string[] {
  return [...code.matchAll(/\brequire\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]);
}

describe('the desktop build', () => {
  it('has a CommonJS main process that needs nothing but Electron and Node', () => {
    const main = read('main/index.js');
    expect(main).toMatch(/require\("electron"\)/);
    expect(main).not.toMatch(/^\s*import\s.+from\s/m);
    const node = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);
    for (const name of requiredModules(main)) expect(name === 'electron' || node.has(name), name).toBe(true);
  });

  it('has one sandbox-ready preload file that requires only electron', () => {
    expect(readdirSync(join(out, 'preload'))).toEqual(['index.js']);
    const preload = read('preload/index.js');
    expect(requiredModules(preload)).toEqual(['electron']);
    expect(preload).toContain('exposeInMainWorld("clinicDesktop"');
    expect(preload).not.toMatch(/^\s*import\s/m);
  });

  it('has a page with the CSP, its own scripts only, and nothing remote', () => {
    const html = read('renderer/index.html');
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1];
    expect(meta).toBe(APP_CSP.replace("; frame-ancestors 'none'", ''));
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/src="\.\/assets\/[\w-]+\.js"/);
      expect(body.trim()).toBe('');
    }
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
  });

  it('loads the admin screens as a separate chunk, after the server check', () => {
    const assets = readdirSync(join(out, 'renderer', 'assets'));
    expect(assets.some((f) => /^mount-.+\.js$/.test(f))).toBe(true);
    const entry = assets.find((f) => /^index-.+\.js$/.test(f))!;
    expect(read(`renderer/assets/${entry}`)).not.toContain('ant-layout');
  });
});
