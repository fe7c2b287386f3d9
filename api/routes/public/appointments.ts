import { BOOKING_HONEYPOT_FIELD } from '../../../shared/constants/booking';
import { isPlausibleDate } from '../../../shared/schemas/fields';
import { appointmentRequestSchema } from '../../../shared/schemas/appointment';
import type { Deps } from '../../deps';
import { badRequest } from '../../errors';
import { parseBody } from '../../middleware/validate';
import { bookAppointment, countBookingRequest, dayAvailability, publicBookingRules, refuseHoneypot } from '../../services/appointments/booking';
import { createRouter } from '../router';

/** The hidden field holds anything at all: only a program fills a field nobody can see. */
function honeypotFilled(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const value = (body as Record<string, unknown>)[BOOKING_HONEYPOT_FIELD];
  return typeof value === 'string' ? value.trim() !== '' : value !== undefined && value !== null;
}

// POST /api/appointments: a visitor's booking request (BOOK-1, BOOK-9) -> 201 with the appointment.
//   Refusals beyond the form's own (docs/security.md): 429 too many from one address, 400 the hidden
//   field filled, 400 a date beyond the booking window, 409 too many open bookings for the email or phone.
// GET  /api/appointments/availability?date=yyyy-MM-dd -> { date, closed, slots: [{ time, available, reason }] }
// GET  /api/appointments/rules -> { windowDays } (the form's date picker; also embedded in every page)
export function publicAppointmentRoutes(deps: Deps) {
  const router = createRouter({ prefix: '/api/appointments' });

  router.post('/', async (ctx) => {
    // Counted before anything else, so malformed and trapped requests use up the address's allowance too.
    await countBookingRequest(deps, ctx.ip);
    if (honeypotFilled(ctx.request.body)) refuseHoneypot(deps);
    const input = parseBody(appointmentRequestSchema, ctx.request.body);
    const appointment = await bookAppointment(deps, input);
    ctx.status = 201;
    ctx.body = appointment;
  });

  router.get('/availability', async (ctx) => {
    const date = String(ctx.query.date ?? '');
    if (!isPlausibleDate(date)) throw badRequest('Please select a preferred date', { date: 'Please select a preferred date' });
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await dayAvailability(deps, date);
  });

  router.get('/rules', async (ctx) => {
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = await publicBookingRules(deps);
  });

  return router;
}
