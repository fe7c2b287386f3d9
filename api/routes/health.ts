import type { Deps } from '../deps';
import { createRouter } from './router';

// GET /healthz -> 200 { ok: true } when the database answers, else 503 (OPS-10).
export function healthRoutes(deps: Deps) {
  const router = createRouter({ body: 'none' });
  router.get('/healthz', async (ctx) => {
    try {
      await deps.knex.raw('select 1');
      ctx.body = { ok: true };
    } catch {
      ctx.status = 503;
      ctx.set('Retry-After', '5');
      ctx.body = { ok: false, error: 'Database unavailable' };
    }
    ctx.set('Cache-Control', 'no-store');
  });
  return router;
}
