import { roleCan } from '../../../shared/constants/roles';
import { requires } from '../../middleware/capability';
import { createAdminRouter } from '../router';
import type { Deps } from '../../deps';
import { recentAppointments } from '../../services/appointments/appointments';
import { dashboardCharts, dashboardStats } from '../../services/reports/dashboard';

// GET /api/admin/stats                -> { totalPatients, todayAppointments, pendingInvoices, monthlyRevenue? } (ADMIN-10;
//                                        monthlyRevenue for the owner only, AUTH-16)
// GET /api/admin/recent-appointments  -> the 5 most recently booked
//                                        [{ id, firstName, lastName, treatment, preferredDate, preferredTime, status }]
// GET /api/admin/dashboard/charts     -> { days: [{ date, pending, confirmed, completed, cancelled, no-show }] (30),
//                                          months: [{ month, revenue }] (12) }, owner only (ADMIN-13)
export function dashboardRoutes(deps: Deps) {
  const router = createAdminRouter(deps, { prefix: '/api/admin' });

  // AUTH-16: the month's revenue is the owner's figure (capability `reports`): other roles get the three others.
  router.get('/stats', requires('dashboard'), async (ctx) => {
    ctx.body = await dashboardStats(deps, { withRevenue: roleCan(ctx.state.user!.role, 'reports') });
  });

  router.get('/recent-appointments', requires('dashboard'), async (ctx) => {
    ctx.body = await recentAppointments(deps.knex);
  });

  router.get('/dashboard/charts', requires('reports'), async (ctx) => {
    ctx.body = await dashboardCharts(deps);
  });

  return router;
}
