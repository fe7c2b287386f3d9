import { requires } from '../../middleware/capability';
import { createAdminRouter } from '../router';
import {
  appointmentStatusUpdateSchema,
  followUpSchema,
  rescheduleSchema,
  staffBookingSchemaFor,
} from '../../../shared/schemas/appointment';
import type { Deps } from '../../deps';
import { parseBody, parseId } from '../../middleware/validate';
import {
  changeAppointmentStatus,
  deleteAppointment,
  listAppointments,
  parseAppointmentListQuery,
  sendFollowUp,
} from '../../services/appointments/appointments';
import { markStep, undoStep } from '../../services/appointments/check-in';
import { approveRequestedTime } from '../../services/appointments/manage-appointment';
import { appointmentCalendar, parseCalendarQuery } from '../../services/appointments/calendar';
import { rescheduleAppointment } from '../../services/appointments/reschedule';
import { staffBookAppointment } from '../../services/appointments/staff-booking';

// GET    /api/admin/appointments?q=&status=&from=&to=&limit=&offset=  by preferred date and time, ascending;
//                                               with a limit or offset, X-Total-Count gives the number of matches
// POST   /api/admin/appointments                staff booking (APPT-10): { patientId } or { firstName, lastName,
//                                               email, phone } + { preferredDate, preferredTime, treatment, notes?,
//                                               status? (confirmed), bookAnyway? } -> 201 appointment; 409 full, 400 closed
// GET    /api/admin/appointments/calendar?from=&to=  (at most 42 days) -> { days: [{ date, closed, reason?, slots }] }
// PATCH  /api/admin/appointments/:id/reschedule { preferredDate, preferredTime, bookAnyway? } -> appointment
//                                               (APPT-12; 409 full or not pending/confirmed; emails the patient)
// POST   /api/admin/appointments/:id/approve-request  BOOK-15: reschedule to the time the visitor asked for on
//                                               their personal page (409 when none, or full) -> appointment
// PUT    /api/admin/appointments/:id            { status }: APPT-3's transitions only (else 409) -> appointment;
//                                               no-show only from confirmed once its time has passed (APPT-13)
// PATCH  /api/admin/appointments/:id/cancel     pending|confirmed -> cancelled, emails the patient -> appointment
// DELETE /api/admin/appointments/:id            204, no email
// POST   /api/admin/appointments/:id/follow-up  { followUpDate, customMessage }: completed only, emails -> appointment
// POST   /api/admin/appointments/:id/arrived    DESK-10: check-in (today's pending or confirmed; a pending one is
//                                               confirmed, no email) -> appointment with arrivedAt; 409 otherwise
// DELETE /api/admin/appointments/:id/arrived    DESK-12: undo (not while in the chair, not once completed) -> appointment
// POST   /api/admin/appointments/:id/in-chair   DESK-11: after arriving -> appointment with inChairAt; 409 otherwise
// DELETE /api/admin/appointments/:id/in-chair   DESK-12: undo -> appointment
export function appointmentRoutes(deps: Deps) {
  const router = createAdminRouter(deps, { prefix: '/api/admin/appointments' });

  router.get('/', requires('appointments.read'), async (ctx) => {
    const { appointments, total } = await listAppointments(deps.knex, parseAppointmentListQuery(ctx.query));
    if (total !== null) ctx.set('X-Total-Count', String(total));
    ctx.body = appointments;
  });

  router.post('/', requires('appointments.write'), async (ctx) => {
    const body = ctx.request.body;
    const input = parseBody(staffBookingSchemaFor(body), body);
    const user = ctx.state.user!;
    ctx.status = 201;
    ctx.body = await staffBookAppointment(deps, input, { id: user.id, displayName: user.displayName });
  });

  router.get('/calendar', requires('appointments.read'), async (ctx) => {
    const { from, to } = parseCalendarQuery(ctx.query);
    ctx.body = await appointmentCalendar(deps, from, to);
  });

  router.patch('/:id/reschedule', requires('appointments.write'), async (ctx) => {
    const id = parseId(ctx.params.id, 'Appointment');
    ctx.body = await rescheduleAppointment(deps, id, parseBody(rescheduleSchema, ctx.request.body));
  });

  router.post('/:id/approve-request', requires('appointments.write'), async (ctx) => {
    ctx.body = await approveRequestedTime(deps, parseId(ctx.params.id, 'Appointment'));
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

  for (const step of ['arrived', 'in-chair'] as const) {
    router.post(`/:id/${step}`, requires('appointments.write'), async (ctx) => {
      ctx.body = await markStep(deps, parseId(ctx.params.id, 'Appointment'), step);
    });
    router.delete(`/:id/${step}`, requires('appointments.write'), async (ctx) => {
      ctx.body = await undoStep(deps, parseId(ctx.params.id, 'Appointment'), step);
    });
  }

  return router;
}
