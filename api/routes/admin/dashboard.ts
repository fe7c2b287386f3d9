import { requires } from '../../middleware/capability';
import { createAdminRouter } from '../router';
import type { Deps } from '../../deps';
import { recentAppointments } from '../../services/appointments';
import { dashboardStats } from '../../services/dashboard';

// GET /api/admin/stats                -> { totalPatients, todayAppointments, pendingInvoices, monthlyRevenue } (ADMIN-10)
// GET /api/admin/recent-appointments  -> the 5 most recently booked
//                                        [{ id, firstName, lastName, treatment, preferredDate, preferredTime, status }]
export function dashboardRoutes(deps: Deps) {
  const router = createAdminRouter(deps, { prefix: '/api/admin' });

  router.get('/stats', requires('dashboard'), async (ctx) => {
    ctx.body = await dashboardStats(deps);
  });

  router.get('/recent-appointments', requires('dashboard'), async (ctx) => {
    ctx.body = await recentAppointments(deps.knex);
  });

  return router;
}
