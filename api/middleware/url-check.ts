import type { Middleware } from 'koa';
import { badRequest } from '../errors';

/**
 * A NUL character in the path or the query (%00) can reach a database parameter (a slug, a search) and
 * PostgreSQL refuses it with an error that would be a 500: refused here as a bad request.
 */
export function refuseNulInUrl(): Middleware {
  return async (ctx, next) => {
    if (/%00/i.test(ctx.url) || ctx.url.includes('\u0000')) throw badRequest('The address is not valid');
    await next();
  };
}
