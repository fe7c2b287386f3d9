import type { Middleware } from 'koa';
import { HttpError, serviceUnavailable } from '../errors';
import type { Logger } from '../logger';

// API-4, API-5: every failure becomes `{ error }` (plus `fields` for validation). Database text and stack traces
// stay in the server log; the client sees "Something went wrong".
export function errorHandler(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined && isApiPath(ctx.path)) {
        ctx.status = 404;
        ctx.body = { error: 'Not found' };
      }
    } catch (err) {
      const known = toHttpError(err);
      if (known) {
        if (known.status === 503) logger.error('database_unavailable', { method: ctx.method, path: ctx.path, error: String((err as Error)?.message ?? err) });
        ctx.status = known.status;
        ctx.body = { error: known.message, ...(known.fields ? { fields: known.fields } : {}), ...known.extra };
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
      // OPS-20: the answer quotes the request id that is on the log line above, so staff can read it out.
      ctx.body = { error: internalErrorMessage(ctx.state.requestId as string | undefined) };
    }
  };
}

/** API-5, OPS-20: the 500 answer, quoting the request's id when it has one. */
export function internalErrorMessage(requestId: string | undefined): string {
  return requestId ? `Something went wrong. If it happens again, quote reference ${requestId}` : 'Something went wrong';
}

/** Any spelling of /api/...: routes are case-sensitive, but an unknown API address still answers JSON. */
export const isApiPath = (path: string) => /^\/api(\/|$)/i.test(path);

/** Errors raised below us that have a meaning for the client (bad JSON, too large, unique violations). */
function toHttpError(err: unknown): HttpError | null {
  if (err instanceof HttpError) return err;
  // Objection wraps driver errors (UniqueViolationError...) and keeps the SQLSTATE on nativeError.
  const e = err as { status?: number; code?: string; nativeError?: { code?: string } };
  const status = e?.status;
  const code = e?.code ?? e?.nativeError?.code;
  if (status === 413) return new HttpError(413, 'Request is too large');
  if (databaseUnavailable(err)) return serviceUnavailable();
  if (code === '23505') return new HttpError(409, 'This record already exists');
  if (code === '23503') return new HttpError(409, 'This record is still referenced by others');
  return null;
}

// Errors that mean the database cannot be reached right now (refused, reset, shut down, out of
// connections, or no connection free in time): the request may succeed in a moment, so 503 + Retry-After,
// as /healthz answers, rather than a 500.
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE', 'EHOSTUNREACH',
  '57P01', '57P02', '57P03', '53300', '08000', '08001', '08003', '08004', '08006',
]);

function databaseUnavailable(err: unknown): boolean {
  const e = err as { name?: string; code?: string; message?: string; nativeError?: { code?: string } };
  if (!e) return false;
  if (e.name === 'KnexTimeoutError') return true;
  const code = e.code ?? e.nativeError?.code;
  if (code && UNAVAILABLE_CODES.has(code)) return true;
  return /Connection terminated|connection error|Unable to acquire a connection/i.test(e.message ?? '');
}
