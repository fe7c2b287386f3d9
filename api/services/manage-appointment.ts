import { appointmentCancelledEmail } from '../../shared/emails/appointment-status';
import { visitorCancelledEmail, visitorRequestedTimeEmail } from '../../shared/emails/self-service';
import { clinic } from '../../shared/constants/clinic';
import { addDays, clinicToday } from '../../shared/domain/clinic-time';
import { isLang } from '../../shared/i18n/types';
import { CANCEL_CUTOFF_HOURS, type ManageOutcome, type ManagedAppointment } from '../../shared/schemas/manage-appointment';
import type { Deps } from '../deps';
import { conflict, notFound } from '../errors';
import { Appointment } from '../models/appointment';
import type { AppointmentJson } from './appointments';
import { rescheduleAppointment } from './front-desk';
import { appointmentIdForToken } from './appointment-links';
import { dayAvailability } from './booking';
import { appointmentStart } from './ics';
import { enqueueEmail } from './outbox';

/** How many days ahead "ask for another time" offers. */
const REQUEST_DAYS = 14;
const HOUR = 60 * 60_000;
const OPEN = new Set(['pending', 'confirmed']);

/** BOOK-13: the appointment a link opens while it is not over; null (404) otherwise. */
async function findLive(deps: Deps, token: string, trx = deps.knex): Promise<Appointment | null> {
  const id = await appointmentIdForToken(trx, token);
  if (id === null) return null;
  const a = await Appointment.query(trx).findById(id);
  if (!a || appointmentStart(a).getTime() <= deps.now().getTime()) return null;
  return a;
}

async function openSlots(deps: Deps, exclude: { date: string; time: string }): Promise<ManagedAppointment['openSlots']> {
  const today = clinicToday(deps.now());
  const days = await Promise.all(Array.from({ length: REQUEST_DAYS }, (_, i) => dayAvailability(deps, addDays(today, i))));
  return days
    .map((d) => ({ date: d.date, times: d.slots.filter((s) => s.available && !(d.date === exclude.date && s.time === exclude.time)).map((s) => s.time) }))
    .filter((d) => d.times.length > 0);
}

/** BOOK-14: the page's data, or null for a link that opens nothing (404). */
export async function managedAppointment(deps: Deps, token: string): Promise<ManagedAppointment | null> {
  const a = await findLive(deps, token);
  if (!a) return null;
  const open = OPEN.has(a.status);
  const msLeft = appointmentStart(a).getTime() - deps.now().getTime();
  return {
    firstName: a.firstName,
    preferredDate: a.preferredDate,
    preferredTime: a.preferredTime,
    treatment: a.treatment,
    status: a.status,
    requested: a.requestedDate && a.requestedTime ? { date: a.requestedDate, time: a.requestedTime } : null,
    canCancel: open && msLeft > CANCEL_CUTOFF_HOURS * HOUR,
    canRequest: open,
    openSlots: open ? await openSlots(deps, { date: a.preferredDate, time: a.preferredTime }) : [],
    language: isLang(a.language) ? a.language : 'en',
  };
}

const clinicInbox = (deps: Deps) => deps.config.clinicNotifyEmail ?? clinic.email;

/**
 * BOOK-15: the visitor cancels, up to 2 hours before. The clinic is told and the patient gets the usual
 * cancellation email, in the same transaction. Answers the outcome shown on the page; null = 404.
 */
export async function cancelByVisitor(deps: Deps, token: string): Promise<ManageOutcome | null> {
  const outcome = await deps.knex.transaction(async (trx) => {
    const found = await findLive(deps, token, trx);
    if (!found) return null;
    const a = await Appointment.query(trx).findById(found.id).forUpdate();
    if (!a || !OPEN.has(a.status)) return 'invalid' as const;
    const now = deps.now();
    if (appointmentStart(a).getTime() - now.getTime() <= CANCEL_CUTOFF_HOURS * HOUR) return 'too-late' as const;
    await Appointment.query(trx).findById(a.id).patch({ status: 'cancelled', cancelledAt: now, updatedAt: now });
    await enqueueEmail(trx, { kind: 'visitor-cancelled', to: clinicInbox(deps), ...visitorCancelledEmail(a) });
    await enqueueEmail(trx, { kind: 'appointment-cancelled', to: a.email, ...appointmentCancelledEmail(a) });
    return 'cancelled' as const;
  });
  if (outcome === 'cancelled') {
    deps.nudgeOutbox();
    deps.logger.info('appointment_cancelled_by_visitor', {});
  }
  return outcome;
}

/**
 * BOOK-15: the visitor asks for another open slot. Stored on the appointment for the clinic to approve as a
 * reschedule (which checks capacity again); the clinic is emailed. A later request replaces an earlier one.
 */
export async function requestAnotherTime(deps: Deps, token: string, slot: string): Promise<ManageOutcome | null> {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/.exec(slot);
  const found = await findLive(deps, token);
  if (!found) return null;
  if (!match || !OPEN.has(found.status)) return 'invalid';
  const [, date, time] = match;
  const open = await openSlots(deps, { date: found.preferredDate, time: found.preferredTime });
  if (!open.some((d) => d.date === date && d.times.includes(time))) return 'slot-taken';
  await deps.knex.transaction(async (trx) => {
    await trx('appointments').where({ id: found.id }).update({ requestedDate: date, requestedTime: time, requestedAt: deps.now() });
    await enqueueEmail(trx, { kind: 'visitor-requested-time', to: clinicInbox(deps), ...visitorRequestedTimeEmail(found, { date, time }) });
  });
  deps.nudgeOutbox();
  deps.logger.info('appointment_time_requested', { appointmentId: found.id });
  return 'requested';
}

export const NO_REQUEST_MESSAGE = 'There is no requested time to approve.';

/**
 * BOOK-15: staff approve the visitor's requested time: a reschedule (APPT-12) to it, with the same capacity
 * rule and email; the reschedule clears the request (appointmentMoved).
 */
export async function approveRequestedTime(deps: Deps, id: number): Promise<AppointmentJson> {
  const a = await Appointment.query(deps.knex).findById(id);
  if (!a) throw notFound('Appointment');
  if (!a.requestedDate || !a.requestedTime) throw conflict(NO_REQUEST_MESSAGE);
  return rescheduleAppointment(deps, id, { preferredDate: a.requestedDate, preferredTime: a.requestedTime, bookAnyway: false });
}
