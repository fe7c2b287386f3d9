import type { Middleware } from 'koa';
import { HttpError } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const CROSS_SITE_REFUSED = 'Cross-site requests are not allowed';

/**
 * Cross-site requests cannot change anything. A browser says where a request comes from: Sec-Fetch-Site
 * (every current browser) and Origin (on every state-changing request). A state-changing request that a
 * browser marks as coming from another site is refused with 403 unless that origin is allowed (the
 * desktop app's, DESKTOP_ORIGINS). A request with neither header comes from a program, not from a page
 * another site could make a visitor's browser send, and the session cookie is SameSite=Lax besides.
 * The same algorithm as Go's net/http CrossOriginProtection.
 */
export function crossOriginGuard(options: { publicUrl: string; allowedOrigins: string[] }): Middleware {
  const trusted = new Set([new URL(options.publicUrl).origin, ...options.allowedOrigins.map(originOf)]);
  return async (ctx, next) => {
    if (SAFE_METHODS.has(ctx.method)) return next();
    const origin = ctx.get('Origin');
    const site = ctx.get('Sec-Fetch-Site');
    // (Koa 3's ctx.origin is the Origin header itself; the address this request came to is built here.)
    const fromHere = origin !== '' && (trusted.has(origin) || origin === `${ctx.protocol}://${ctx.host}`);
    if (site) {
      if (site !== 'same-origin' && site !== 'none' && !fromHere) throw new HttpError(403, CROSS_SITE_REFUSED);
    } else if (origin !== '' && !fromHere) {
      throw new HttpError(403, CROSS_SITE_REFUSED);
    }
    await next();
  };
}

/** 'app://clinic/' and 'app://clinic' are one origin; a value that is no URL is kept as written. */
function originOf(value: string): string {
  try {
    const url = new URL(value);
    // Custom schemes (app://) have an opaque origin in WHATWG URL; a browser still sends scheme://host.
    return url.origin === 'null' ? `${url.protocol}//${url.host}` : url.origin;
  } catch {
    return value;
  }
}
