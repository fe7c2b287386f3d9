import type { Middleware } from 'koa';
import { HttpError } from '../errors';
import type { Logger } from '../logger';

// D8: every failure becomes `{ error }` (plus `fields` for validation). Database text and stack traces
// stay in the server log; the client sees "Something went wrong".
export function errorHandler(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined && ctx.path.startsWith('/api/')) {
        ctx.status = 404;
        ctx.body = { error: 'Not found' };
      }
    } catch (err) {
      const known = toHttpError(err);
      if (known) {
        ctx.status = known.status;
        ctx.body = known.fields ? { error: known.message, fields: known.fields } : { error: known.message };
        if (known.headers) ctx.set(known.headers);
        return;
      }
      logger.error('request_failed', {
        method: ctx.method,
        path: ctx.path,
        error: err instanceof Error ? err.message : String(err),
        stack: err instanceof Error ? err.stack : undefined,
      });
      ctx.status = 500;
      ctx.body = { error: 'Something went wrong' };
    }
  };
}

/** Errors raised below us that have a meaning for the client (bad JSON, too large, unique violations). */
function toHttpError(err: unknown): HttpError | null {
  if (err instanceof HttpError) return err;
  // Objection wraps driver errors (UniqueViolationError...) and keeps the SQLSTATE on nativeError.
  const e = err as { status?: number; code?: string; nativeError?: { code?: string } };
  const status = e?.status;
  const code = e?.code ?? e?.nativeError?.code;
  if (status === 413) return new HttpError(413, 'Request is too large');
  if (code === '23505') return new HttpError(409, 'This record already exists');
  if (code === '23503') return new HttpError(409, 'This record is still referenced by others');
  return null;
}
