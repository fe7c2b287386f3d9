import path from 'node:path';
import type { Middleware } from 'koa';
import { DEFAULT_LANG, languages } from '../../shared/i18n/types';

// BOOK-14, REV-2: the one definition of a visitor's private pages, the addresses that carry a personal token:
// the appointment link's page, its outcomes and its form posts (/appointment/...), the review form
// (/review/...), each at every language's address (/mr/appointment/..., /hi/review/...), and the link's data
// (/api/appointment-links/...). The header middleware below and the page cache (api/routes/site.ts) both
// ask isPrivatePath, so a page in a new language, or a new answer of a personal page, cannot miss either.

/** The first segment of a personal page's address (after the language prefix). */
export const PRIVATE_PAGE_ROOTS = ['appointment', 'review'] as const;
/** A personal link's data, read by the page (shared/schemas/manage-appointment.ts managePath). */
const PRIVATE_DATA = '/api/appointment-links/';

const prefixes = languages.filter((l) => l !== DEFAULT_LANG).join('|');
const PRIVATE = new RegExp(`^(?:/(?:${prefixes}))?/(?:${PRIVATE_PAGE_ROOTS.join('|')})(?:/|$)`, 'i');

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
  p = path.posix.normalize(`/${p.replace(/\/+/g, '/')}`);
  return PRIVATE.test(p) || p.toLowerCase().startsWith(PRIVATE_DATA);
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
