import { auditQuerySchema } from '../../../shared/schemas/audit';
import type { Deps } from '../../deps';
import { requires } from '../../middleware/capability';
import { parseBody } from '../../middleware/validate';
import { readAuditTrail } from '../../services/staff/audit-trail';
import { createAdminRouter } from '../router';

// GET /api/admin/audit?user=&entity=&entityId=&from=&to=&limit=&offset=&cursor= -> { rows, next }, owner
// only (DATA-6). Newest first; `next` is the cursor of the following page. The trail has no route that
// changes it (DATA-5).
export function auditRoutes(deps: Deps) {
  const router = createAdminRouter(deps, { prefix: '/api/admin/audit' });

  router.get('/', requires('audit'), async (ctx) => {
    // A repeated parameter counts once (its first value).
    const query = Object.fromEntries(Object.entries(ctx.query).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));
    ctx.body = await readAuditTrail(deps.knex, parseBody(auditQuerySchema, query));
  });

  return router;
}
