import type { Middleware } from 'koa';
import { newRequestId, type Logger } from '../logger';
import { runWith } from '../platform/work-context';

/**
 * One line a request (OPS-11): method, path without the query (it may hold a patient's name), status, time.
 * A personal link's token in the path is replaced by the logger (SEC-7: `/appointment/[token]`).
 * Each request gets an id (OPS-20), on every line logged while it is served and in the X-Request-Id header,
 * and runs on the app's clock (CLINIC-12: what it audits is stamped by the clock its rules use), both in
 * one context (api/platform/work-context.ts).
 */
export function requestLog(logger: Logger, now: () => Date): Middleware {
  return async (ctx, next) => {
    const started = performance.now();
    const requestId = newRequestId();
    ctx.state.requestId = requestId;
    ctx.set('X-Request-Id', requestId);
    await runWith({ requestId, now }, async () => {
      try {
        await next();
      } finally {
        logger.info('request', {
          method: ctx.method,
          path: ctx.path,
          status: ctx.status,
          ms: Math.round((performance.now() - started) * 10) / 10,
        });
      }
    });
  };
}
