import path from 'node:path';
import type { Middleware } from 'koa';
import { DEFAULT_LANG, languages } from '../../shared/i18n/types';
import { TOKEN_PATH_PREFIXES } from '../../shared/schemas/manage-appointment';

// BOOK-14, REV-2: a visitor's private pages are the addresses that carry a personal token, declared once in
// TOKEN_PATH_PREFIXES (shared/schemas/manage-appointment.ts, which the log's token scrubbing reads too): the
// appointment link's page, its outcomes and form posts (/appointment/...), the review form (/review/...),
// each also under every language's prefix (/mr/appointment/..., /hi/review/...), and the link's data
// (/api/appointment-links/...). The header middleware below and the page cache (api/routes/site.ts) both
// ask isPrivatePath, so a page in a new language, or a new answer of a personal page, cannot miss either.

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const prefixes = languages.filter((l) => l !== DEFAULT_LANG).join('|');
// A prefix matches with or without what follows it: '/appointment' alone is a link cut off too (SITE-30).
const PRIVATE = new RegExp(`^(?:/(?:${prefixes}))?(?:${TOKEN_PATH_PREFIXES.map((p) => escape(p.replace(/\/$/, ''))).join('|')})(?:/|$)`, 'i');

/** The headers every answer at a private address carries, whatever its status (200, 303, 404, 409, 429, 400). */
export const PRIVATE_HEADERS = {
  // Never kept by the browser or a shared cache: the page shows one patient's appointment.
  'Cache-Control': 'no-store',
  'X-Robots-Tag': 'noindex, nofollow',
  // The address is the key: no link or map frame on the page may send it onwards in a Referer.
  'Referrer-Policy': 'no-referrer',
} as const;

/**
 * Whether the path (as the client sent it) is a private page's. Read loosely on purpose: decoded, slashes
 * collapsed, dots resolved and any case, so '/MR//appointment/x' or '/%61ppointment/x' (which may reach the
 * pages' catch-all and name a token) is private too; a false match only costs a public page its caching.
 */
export function isPrivatePath(requestPath: string): boolean {
  let p = requestPath;
  try {
    p = decodeURIComponent(p);
  } catch {
    // An undecodable path is read as it is.
  }
  return PRIVATE.test(path.posix.normalize(`/${p.replace(/\/+/g, '/')}`));
}

/**
 * Puts PRIVATE_HEADERS on every answer to a private address, after everything else has answered (errors
 * included: mounted outside the error handler), so no route, page or refusal can leave them out.
 */
export function privatePages(): Middleware {
  return async (ctx, next) => {
    if (!isPrivatePath(ctx.path)) return next();
    try {
      await next();
    } finally {
      ctx.set(PRIVATE_HEADERS);
    }
  };
}
