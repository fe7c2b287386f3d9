import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Context } from 'koa';
import send from 'koa-send';
import { clinicToday } from '../../shared/domain/clinic-time';
import type { Deps } from '../deps';
import { createPublicRenderer, SITE_DIST } from '../render/renderer';
import { htmlEtag, type CachedPage } from '../platform/page-cache';
import { seoRoutes } from './seo';
import { createRouter } from './router';
import { isApiPath } from '../middleware/error-handler';
import { isPrivatePath } from '../middleware/private-pages';

// The built site (site/dist): hashed assets with long-lived caching (precompressed .br/.gz beside them),
// other static files, the admin entry for every /admin path, robots.txt and sitemap.xml, and every other
// path server-rendered (SITE-19): the public pages answer 200, unknown paths, unknown treatments and
// unpublished posts 404 with their pages. A public page that answered 200 is kept, final bytes and
// precompressed twins, until the data it shows changes (SITE-27, api/platform/page-cache.ts). Nothing in
// the HTML depends on the request beyond its path: no cookie, no nonce (the CSP allows our own scripts by
// origin), no query (the renderer reads the path only), so the path (with its language prefix) is the key.

export { SITE_DIST };

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Video needs byte ranges (Safari will not play without them); koa-send sends whole files only. */
async function sendVideo(ctx: Context, file: string): Promise<boolean> {
  const full = path.join(SITE_DIST, file);
  if (!full.startsWith(path.join(SITE_DIST, 'video') + path.sep) || !fs.existsSync(full)) return false;
  const { size, mtime } = fs.statSync(full);
  ctx.type = path.extname(full) === '.webm' ? 'video/webm' : 'video/mp4';
  ctx.set('Accept-Ranges', 'bytes');
  ctx.set('Cache-Control', 'public, max-age=86400');
  ctx.set('Last-Modified', mtime.toUTCString());
  const range = /^bytes=(\d*)-(\d*)$/.exec(ctx.get('Range'));
  if (range && (range[1] || range[2])) {
    let start = range[1] ? Number(range[1]) : size - Number(range[2]);
    let end = range[1] && range[2] ? Number(range[2]) : size - 1;
    start = Math.max(0, start);
    end = Math.min(end, size - 1);
    if (start > end) {
      ctx.status = 416;
      ctx.set('Content-Range', `bytes */${size}`);
      return true;
    }
    ctx.status = 206;
    ctx.set('Content-Range', `bytes ${start}-${end}/${size}`);
    ctx.length = end - start + 1;
    ctx.body = fs.createReadStream(full, { start, end });
    return true;
  }
  ctx.length = size;
  ctx.body = fs.createReadStream(full);
  return true;
}

/** The request path decoded and normalised; '' for one that cannot be decoded. */
function cleanPath(requestPath: string): string {
  try {
    return path.posix.normalize(decodeURIComponent(requestPath));
  } catch {
    return '';
  }
}

/**
 * The headers every rendered page carries: revalidated by ETag on each visit. The ETag names the HTML, so
 * it is one for its three encodings (Vary keeps shared caches from mixing them up).
 */
function pageHeaders(ctx: Context, status: number, etag: string): void {
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  ctx.set('Cache-Control', 'no-cache');
  ctx.set('Vary', 'Accept-Encoding');
  ctx.set('ETag', etag);
}

/** If-None-Match names this ETag (a list, a weak form, or '*'): the browser's copy is current. */
function matches(ifNoneMatch: string, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** A kept page: its bytes as they are, in the encoding the browser takes, or 304. */
function sendCachedPage(ctx: Context, page: CachedPage): void {
  pageHeaders(ctx, 200, page.etag);
  if (matches(ctx.get('If-None-Match'), page.etag)) {
    ctx.status = 304;
    return;
  }
  const encoding = ctx.acceptsEncodings('br', 'gzip', 'identity');
  if (encoding === 'br') {
    ctx.set('Content-Encoding', 'br');
    ctx.body = page.br;
  } else if (encoding === 'gzip') {
    ctx.set('Content-Encoding', 'gzip');
    ctx.body = page.gzip;
  } else {
    ctx.body = page.identity;
  }
}

/** A page that is not kept (404s, personal pages, a failed read), compressed for the browser. */
async function sendHtml(ctx: Context, status: number, html: string): Promise<void> {
  const etag = htmlEtag(html);
  pageHeaders(ctx, status, etag);
  if (status === 200 && matches(ctx.get('If-None-Match'), etag)) {
    ctx.status = 304;
    return;
  }
  const encoding = ctx.acceptsEncodings('br', 'gzip', 'identity');
  if (encoding === 'br') {
    ctx.set('Content-Encoding', 'br');
    ctx.body = await brotli(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
  } else if (encoding === 'gzip') {
    ctx.set('Content-Encoding', 'gzip');
    ctx.body = await gzip(html, { level: 6 });
  } else {
    ctx.body = html;
  }
}

export function siteRoutes(deps: Deps) {
  const router = createRouter({ body: 'none' });
  const renderer = createPublicRenderer(deps);
  const pages = deps.cache.pages;
  let admin: { html: string; mtimeMs: number } | undefined;

  router.get('/admin{/*rest}', async (ctx) => {
    const file = path.join(SITE_DIST, 'admin.html');
    const mtimeMs = fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0;
    // Re-read after a rebuild, so the page never names assets that are gone.
    if (!admin || admin.mtimeMs !== mtimeMs) {
      admin = {
        mtimeMs,
        html: mtimeMs ? fs.readFileSync(file, 'utf8') : '<!doctype html><title>Build missing</title><p>Run npm run build:site.</p>',
      };
    }
    const adminHtml = admin.html;
    ctx.set('Cache-Control', 'no-cache');
    ctx.set('X-Robots-Tag', 'noindex, nofollow');
    ctx.type = 'html';
    ctx.body = adminHtml;
  });

  const seo = seoRoutes(deps);
  router.use(seo.routes());

  router.get('/{*rest}', async (ctx) => {
    if (isApiPath(ctx.path)) return;
    // Checked as the file system will see it: '/images/../server/x' is '/server/x'.
    const file = cleanPath(ctx.path);
    if (file.startsWith('/assets/')) {
      await send(ctx, file, { root: SITE_DIST, immutable: true, maxage: 365 * 24 * 3600 * 1000, brotli: true, gzip: true }).catch(() => {});
      if (ctx.body) {
        ctx.set('Vary', 'Accept-Encoding');
        return;
      }
    } else if (file.startsWith('/video/')) {
      if (await sendVideo(ctx, file)) return;
    } else if (/\.[a-z0-9]+$/i.test(file) && !file.startsWith('/server/')) {
      // (koa-send refuses dot-files and folders such as .vite/ by itself.)
      await send(ctx, file, { root: SITE_DIST, maxage: 7 * 24 * 3600 * 1000, brotli: true, gzip: true }).catch(() => {});
      if (ctx.body) {
        ctx.set('Vary', 'Accept-Encoding');
        return;
      }
    }
    // One address per page: /about/ -> /about.
    // (Leading slashes collapse too, so '//host/' can never become a redirect to another site.)
    if (ctx.path.length > 1 && ctx.path.endsWith('/')) {
      ctx.status = 301;
      ctx.redirect(`/${ctx.path.replace(/^\/+|\/+$/g, '')}${ctx.search}`);
      return;
    }
    // SITE-27: a kept page while the data it shows, the build and the clinic's day are unchanged. Never
    // the personal pages (BOOK-14, REV-2), whatever they read; their headers are api/middleware/private-pages.ts's.
    if (!isPrivatePath(ctx.path)) {
      const stamp = `${renderer.build()}|${clinicToday(deps.now())}`;
      const kept = pages.lookup(ctx.path, stamp);
      if (kept) return sendCachedPage(ctx, kept);
      const page = await pages.fill(ctx.path, stamp, () => renderer.render(ctx.url));
      if ('etag' in page) return sendCachedPage(ctx, page);
      return sendHtml(ctx, page.status, page.html);
    }
    const page = await renderer.render(ctx.url);
    await sendHtml(ctx, page.status, page.html);
  });

  return router;
}
