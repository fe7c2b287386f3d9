import Router from '@koa/router';
import type { Deps } from '../deps';

// GET /healthz -> 200 { ok: true } when the database answers, else 503 (D26).
export function healthRoutes(deps: Deps) {
  const router = new Router();
  router.get('/healthz', async (ctx) => {
    try {
      await deps.knex.raw('select 1');
      ctx.body = { ok: true };
    } catch {
      ctx.status = 503;
      ctx.body = { ok: false, error: 'Database unavailable' };
    }
    ctx.set('Cache-Control', 'no-store');
  });
  return router;
}
