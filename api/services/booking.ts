import { SLOT_FULL_MESSAGE, timeSlots } from '../../shared/constants/booking';
import { bookingAcknowledgementEmail, bookingNotificationEmail } from '../../shared/emails/booking';
import { clinic } from '../../shared/constants/clinic';
import { isSlotPassed } from '../../shared/domain/clinic-time';
import type { AppointmentRequest } from '../../shared/schemas/appointment';
import { checkBookingRules } from '../../shared/schemas/appointment';
import type { Deps } from '../deps';
import { badRequest, conflict } from '../errors';


/**
 * D12: books a slot if its rules allow and a place is left. The slot is locked for the length of the
 * transaction (an advisory lock on date+time), so two visitors racing for its last place never both get it.
 * The two emails of D13 are queued in the same transaction (D4).
 */
export interface BookedAppointment {
  id: number;
  preferredDate: string;
  preferredTime: string;
  treatment: string;
  status: 'pending';
}

export async function bookAppointment(deps: Deps, input: AppointmentRequest): Promise<BookedAppointment> {
  const broken = checkBookingRules(input, deps.now());
  if (broken) throw badRequest(broken.message, { [broken.field]: broken.message });

  const emails = [
    { kind: 'booking-acknowledgement', to: input.email, ...bookingAcknowledgementEmail(input) },
    { kind: 'booking-notification', to: deps.config.clinicNotifyEmail ?? clinic.email, ...bookingNotificationEmail(input) },
  ];
  // One statement, one round trip, one transaction: see api/db/migrations/003-book-appointment-function.ts.
  const { rows } = await deps.knex.raw<{ rows: { id: number | null }[] }>(
    'select book_appointment(?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb) as id',
    [
      input.firstName,
      input.lastName,
      input.email,
      input.phone,
      input.treatment,
      input.preferredDate,
      input.preferredTime,
      input.notes || null,
      deps.config.slotCapacity,
      JSON.stringify(emails),
    ],
  );
  const id = rows[0]?.id;
  if (!id) throw conflict(SLOT_FULL_MESSAGE);
  deps.nudgeOutbox();
  return { id, preferredDate: input.preferredDate, preferredTime: input.preferredTime, treatment: input.treatment, status: 'pending' };
}

export interface SlotAvailability {
  time: string;
  available: boolean;
  /** Why not: 'full' or 'passed' (null when available). */
  reason: 'full' | 'passed' | null;
}

/** GET /api/appointments/availability: every slot of a day and whether it can still be booked. */
export async function slotAvailability(deps: Deps, date: string): Promise<SlotAvailability[]> {
  const rows: { preferredTime: string; n: number }[] = await deps
    .knex('appointments')
    .where({ preferredDate: date })
    .whereNot('status', 'cancelled')
    .groupBy('preferredTime')
    .select('preferredTime')
    .count('* as n');
  const taken = new Map(rows.map((r) => [r.preferredTime, Number(r.n)]));
  const now = deps.now();
  return timeSlots.map((time) => {
    if (isSlotPassed(date, time, now)) return { time, available: false, reason: 'passed' };
    if ((taken.get(time) ?? 0) >= deps.config.slotCapacity) return { time, available: false, reason: 'full' };
    return { time, available: true, reason: null };
  });
}
