import type { ParameterizedContext } from 'koa';
import type { CachedBody } from '../../platform/public-cache';

/** Answers a cached public body, or 304 when the browser already holds it. */
export function sendCached(ctx: ParameterizedContext, body: CachedBody): void {
  ctx.set('ETag', body.etag);
  // Browsers revalidate each time (cheap 304s), so an admin's change is visible at once.
  ctx.set('Cache-Control', 'public, no-cache');
  if (ctx.get('If-None-Match') === body.etag) {
    ctx.status = 304;
    return;
  }
  ctx.type = 'application/json; charset=utf-8';
  ctx.body = body.json;
}
