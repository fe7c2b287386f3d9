import { requires } from '../../middleware/capability';
import { createAdminRouter } from '../router';
import { appointmentStatusUpdateSchema, followUpSchema } from '../../../shared/schemas/appointment';
import type { Deps } from '../../deps';
import { parseBody, parseId } from '../../middleware/validate';
import {
  changeAppointmentStatus,
  deleteAppointment,
  listAppointments,
  parseAppointmentListQuery,
  sendFollowUp,
} from '../../services/appointments';

// GET    /api/admin/appointments?q=&status=&from=&to=&limit=&offset=  by preferred date and time, ascending;
//                                               with a limit or offset, X-Total-Count gives the number of matches
// PUT    /api/admin/appointments/:id            { status }: SPEC 4's transitions only (else 409) -> appointment
// PATCH  /api/admin/appointments/:id/cancel     pending|confirmed -> cancelled, emails the patient -> appointment
// DELETE /api/admin/appointments/:id            204, no email
// POST   /api/admin/appointments/:id/follow-up  { followUpDate, customMessage }: completed only, emails -> appointment
export function appointmentRoutes(deps: Deps) {
  const router = createAdminRouter(deps, { prefix: '/api/admin/appointments' });

  router.get('/', requires('appointments.read'), async (ctx) => {
    const { appointments, total } = await listAppointments(deps.knex, parseAppointmentListQuery(ctx.query));
    if (total !== null) ctx.set('X-Total-Count', String(total));
    ctx.body = appointments;
  });

  router.put('/:id', requires('appointments.write'), async (ctx) => {
    const id = parseId(ctx.params.id, 'Appointment');
    const { status } = parseBody(appointmentStatusUpdateSchema, ctx.request.body);
    ctx.body = await changeAppointmentStatus(deps, id, status);
  });

  router.patch('/:id/cancel', requires('appointments.write'), async (ctx) => {
    ctx.body = await changeAppointmentStatus(deps, parseId(ctx.params.id, 'Appointment'), 'cancelled');
  });

  router.delete('/:id', requires('appointments.write'), async (ctx) => {
    await deleteAppointment(deps, parseId(ctx.params.id, 'Appointment'));
    ctx.status = 204;
  });

  router.post('/:id/follow-up', requires('appointments.write'), async (ctx) => {
    const id = parseId(ctx.params.id, 'Appointment');
    const input = parseBody(followUpSchema, ctx.request.body);
    ctx.body = await sendFollowUp(deps, id, input);
  });

  return router;
}
