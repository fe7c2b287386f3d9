import { requires } from '../../middleware/capability';
import { createAdminRouter } from '../router';
import { clinicSettingsSchema, closedDateSchema } from '../../../shared/schemas/clinic-settings';
import type { Deps } from '../../deps';
import { parseBody } from '../../middleware/validate';
import { getClinicSettings, saveClinicSettings } from '../../services/appointments/clinic-settings';
import { dateQueryParam } from '../../db/list-query';
import { closeDate, listClosedDates, reopenDate } from '../../services/appointments/closed-dates';

// SET-4 and SET-6: the clinic's hours, slots and booking rules, and its closed dates. A receptionist
// reads them (appointments.read); only the owner changes them (settings.write).
//
// GET    /api/admin/clinic-settings          ClinicSettings (stored from the first-start values when the server starts)
// PUT    /api/admin/clinic-settings          ClinicSettings, the whole object -> ClinicSettings
// GET    /api/admin/closed-dates?from=       { items: [{ date, reason, bookings }] } from `from` (default today)
// POST   /api/admin/closed-dates             { date, reason } -> 201 { date, reason, affected: Appointment[] };
//                                            409 already closed, 400 a past date or no reason
// DELETE /api/admin/closed-dates/:date       204; 404 when the date is not closed
export function clinicSettingRoutes(deps: Deps) {
  const router = createAdminRouter(deps, { prefix: '/api/admin/clinic-settings' });

  router.get('/', requires('appointments.read'), async (ctx) => {
    ctx.body = await getClinicSettings(deps);
  });

  router.put('/', requires('settings.write'), async (ctx) => {
    ctx.body = await saveClinicSettings(deps, parseBody(clinicSettingsSchema, ctx.request.body));
  });

  return router;
}

export function closedDateRoutes(deps: Deps) {
  const router = createAdminRouter(deps, { prefix: '/api/admin/closed-dates' });

  router.get('/', requires('appointments.read'), async (ctx) => {
    ctx.body = await listClosedDates(deps, dateQueryParam(ctx.query, 'from'));
  });

  router.post('/', requires('settings.write'), async (ctx) => {
    const input = parseBody(closedDateSchema, ctx.request.body);
    const user = ctx.state.user!;
    ctx.status = 201;
    ctx.body = await closeDate(deps, input, { id: user.id, displayName: user.displayName });
  });

  router.delete('/:date', requires('settings.write'), async (ctx) => {
    await reopenDate(deps, ctx.params.date);
    ctx.status = 204;
  });

  return router;
}
