import fs from 'node:fs';
import path from 'node:path';
import Router from '@koa/router';
import send from 'koa-send';
import type { Deps } from '../deps';

// Serves the built site (site/dist): hashed assets with long-lived caching, the admin entry for every
// /admin path, and the public pages (server rendering arrives with the public-site work; until then
// the client renders). Unknown paths answer 404 with the 404 page.

export const SITE_DIST = path.resolve(import.meta.dirname, '../../site/dist');

const publicPagePatterns = [
  /^\/$/,
  /^\/about$/,
  /^\/treatments$/,
  /^\/treatments\/[a-z0-9-]+$/,
  /^\/blogs$/,
  /^\/blogs\/[a-z0-9-]+$/,
  /^\/gallery$/,
  /^\/contact$/,
];

export function isPublicPage(pathname: string): boolean {
  const p = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  return publicPagePatterns.some((re) => re.test(p));
}

export function siteRoutes(_deps: Deps) {
  const router = new Router();
  const html = (file: string) => {
    const full = path.join(SITE_DIST, file);
    return fs.existsSync(full) ? fs.readFileSync(full, 'utf8') : `<!doctype html><title>Build missing</title><p>Run npm run build:site.</p>`;
  };
  let publicHtml: string | undefined;
  let adminHtml: string | undefined;

  router.get('/admin{/*rest}', async (ctx) => {
    adminHtml ??= html('admin.html');
    ctx.set('Cache-Control', 'no-cache');
    ctx.set('X-Robots-Tag', 'noindex, nofollow');
    ctx.type = 'html';
    ctx.body = adminHtml;
  });

  router.get('/robots.txt', async (ctx) => {
    ctx.type = 'text/plain';
    ctx.body = 'User-agent: *\nDisallow: /admin\nDisallow: /api/\n';
  });

  router.get('/{*rest}', async (ctx) => {
    if (ctx.path.startsWith('/api/')) return;
    if (ctx.path.startsWith('/assets/')) {
      await send(ctx, ctx.path, { root: SITE_DIST, immutable: true, maxage: 365 * 24 * 3600 * 1000 }).catch(() => {});
      return;
    }
    if (/\.[a-z0-9]+$/i.test(ctx.path)) {
      await send(ctx, ctx.path, { root: SITE_DIST, maxage: 24 * 3600 * 1000 }).catch(() => {});
      if (ctx.body) return;
    }
    publicHtml ??= html('index.html');
    ctx.set('Cache-Control', 'no-cache');
    ctx.type = 'html';
    ctx.body = publicHtml;
    if (!isPublicPage(ctx.path)) ctx.status = 404;
  });

  return router;
}
