import type { Middleware } from 'koa';

/**
 * Every answer is nosniff with a strict referrer policy. Documents (HTML) also get the CSP, which keeps
 * scripts, styles and frames to our own origin (plus the map), and the framing and feature denials: they
 * mean nothing on JSON or images, where their half kilobyte would only slow the busiest answers.
 */
export function securityHeaders(): Middleware {
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "media-src 'self'",
    'frame-src https://www.google.com https://maps.google.com',
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
  return async (ctx, next) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    // Over HTTPS (directly, or through a trusted proxy's X-Forwarded-Proto), browsers remember to
    // come back over HTTPS only for a year. Subdomains are left out: the clinic may run other sites there.
    if (ctx.secure) ctx.set('Strict-Transport-Security', 'max-age=31536000');
    await next();
    if (ctx.response.is('html')) {
      ctx.set({
        'X-Frame-Options': 'DENY',
        'Content-Security-Policy': csp,
        'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
      });
    }
  };
}
