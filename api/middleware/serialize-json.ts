import type { Middleware } from 'koa';

/**
 * A JSON answer is serialised once, to bytes, before compression sees it. Left an object, Koa serialises it
 * to learn its length (koa-compress asks, for its threshold) and again to compress or send it: three
 * `JSON.stringify` calls of a 450 KB week calendar, a sixth of that request's CPU (docs/benchmarks.md).
 */
export function serializeJson(): Middleware {
  return async (ctx, next) => {
    await next();
    const body: unknown = ctx.body;
    if (body === null || typeof body !== 'object' || Buffer.isBuffer(body) || body instanceof Uint8Array) return;
    if (typeof (body as { pipe?: unknown }).pipe === 'function') return; // a stream
    ctx.body = Buffer.from(JSON.stringify(body));
    ctx.type = 'application/json; charset=utf-8';
  };
}
