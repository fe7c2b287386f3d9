import { readFile, stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { isProxiedPath } from './api-proxy';
import { APP_CSP, APP_HOST } from './constants';

// The app:// protocol handler: app://clinic/<file> answers the built renderer's files (desktop/out/renderer)
// with the app's CSP on every page; app://clinic/api/* and /media/* go to the API proxy.

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

function notFound(): Response {
  return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}

/** Security headers of every page the app shows. */
export function pageHeaders(): Record<string, string> {
  return {
    'Content-Type': CONTENT_TYPES['.html'],
    'Content-Security-Policy': APP_CSP,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-cache',
  };
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

export interface AppProtocolOptions {
  /** The built renderer: desktop/out/renderer (inside app.asar once packaged). */
  rendererDir: string;
  proxy: (request: Request) => Promise<Response>;
}

export function createAppProtocolHandler(options: AppProtocolOptions): (request: Request) => Promise<Response> {
  const root = resolve(options.rendererDir);
  return async (request) => {
    const url = new URL(request.url);
    if (url.host !== APP_HOST) return notFound();
    if (isProxiedPath(url.pathname)) return options.proxy(request);
    if (request.method !== 'GET' && request.method !== 'HEAD') return new Response(null, { status: 405 });

    let relative: string;
    try {
      relative = decodeURIComponent(url.pathname);
    } catch {
      return notFound();
    }
    if (relative.includes('\0')) return notFound();
    let file = resolve(join(root, relative));
    if (file !== root && !file.startsWith(root + sep)) return notFound();
    if (file === root || !(await isFile(file))) {
      // A page path without a file (a reload on a client-side route) gets the app; a missing asset is a 404.
      if (extname(relative)) return notFound();
      file = join(root, 'index.html');
    }

    const type = extname(file).toLowerCase();
    const headers: Record<string, string> =
      type === '.html'
        ? pageHeaders()
        : { 'Content-Type': CONTENT_TYPES[type] ?? 'application/octet-stream', 'X-Content-Type-Options': 'nosniff' };
    const body = request.method === 'HEAD' ? null : await readFile(file);
    return new Response(body, { status: 200, headers });
  };
}
