import { SLOT_FULL_MESSAGE, timeSlots } from '../../shared/constants/booking';
import { bookingAcknowledgementEmail, bookingNotificationEmail } from '../../shared/emails/booking';
import { clinic } from '../../shared/constants/clinic';
import { isSlotPassed } from '../../shared/domain/clinic-time';
import type { AppointmentRequest } from '../../shared/schemas/appointment';
import { checkBookingRules } from '../../shared/schemas/appointment';
import type { Deps } from '../deps';
import { badRequest, conflict } from '../errors';
import { Appointment } from '../models/appointment';
import { enqueueEmail } from './outbox';


/**
 * D12: books a slot if its rules allow and a place is left. The slot is locked for the length of the
 * transaction (an advisory lock on date+time), so two visitors racing for its last place never both get it.
 * The two emails of D13 are queued in the same transaction (D4).
 */
export async function bookAppointment(deps: Deps, input: AppointmentRequest): Promise<Appointment> {
  const broken = checkBookingRules(input, deps.now());
  if (broken) throw badRequest(broken.message, { [broken.field]: broken.message });

  const appointment = await deps.knex.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`slot:${input.preferredDate}:${input.preferredTime}`]);
    const taken = await Appointment.query(trx)
      .where({ preferredDate: input.preferredDate, preferredTime: input.preferredTime })
      .whereNot('status', 'cancelled')
      .resultSize();
    if (taken >= deps.config.slotCapacity) throw conflict(SLOT_FULL_MESSAGE);

    const patient = await trx('patients').whereRaw('lower(email) = lower(?)', [input.email]).first('id');
    const created = await Appointment.query(trx).insert({
      patientId: patient?.id ?? null,
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      phone: input.phone,
      treatment: input.treatment,
      preferredDate: input.preferredDate,
      preferredTime: input.preferredTime,
      notes: input.notes || null,
      status: 'pending',
    });
    await enqueueEmail(trx, { kind: 'booking-acknowledgement', to: input.email, ...bookingAcknowledgementEmail(input) });
    await enqueueEmail(trx, {
      kind: 'booking-notification',
      to: deps.config.clinicNotifyEmail ?? clinic.email,
      ...bookingNotificationEmail(input),
    });
    return created;
  });
  deps.nudgeOutbox();
  return appointment;
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
