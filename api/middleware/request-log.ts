import type { Middleware } from 'koa';
import type { Logger } from '../logger';

/** One line a request (D26): method, path without the query (it may hold a patient's name), status, time. */
export function requestLog(logger: Logger): Middleware {
  return async (ctx, next) => {
    const started = performance.now();
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
  };
}
