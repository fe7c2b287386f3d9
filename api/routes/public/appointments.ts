import { appointmentRequestSchema } from '../../../shared/schemas/appointment';
import { isSunday, isValidDateString, isPastDate } from '../../../shared/domain/clinic-time';
import type { Deps } from '../../deps';
import { badRequest } from '../../errors';
import { parseBody } from '../../middleware/validate';
import { bookAppointment, slotAvailability } from '../../services/booking';
import { createRouter } from '../router';

// POST /api/appointments: a visitor's booking request (SPEC 3) -> 201 with the appointment.
// GET  /api/appointments/availability?date=yyyy-MM-dd -> { date, closed, slots: [{ time, available, reason }] }
export function publicAppointmentRoutes(deps: Deps) {
  const router = createRouter({ prefix: '/api/appointments' });

  router.post('/', async (ctx) => {
    const input = parseBody(appointmentRequestSchema, ctx.request.body);
    const appointment = await bookAppointment(deps, input);
    ctx.status = 201;
    ctx.body = appointment;
  });

  router.get('/availability', async (ctx) => {
    const date = String(ctx.query.date ?? '');
    if (!isValidDateString(date)) throw badRequest('Please select a preferred date', { date: 'Please select a preferred date' });
    const closed = isSunday(date) || isPastDate(date, deps.now());
    const slots = closed ? [] : await slotAvailability(deps, date);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { date, closed, slots };
  });

  return router;
}
