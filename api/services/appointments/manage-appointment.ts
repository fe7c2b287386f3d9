import { isOpenBooking } from './places';
import { appointmentCancelledEmail } from '../../../shared/emails/appointment-status';
import { adminAppointmentUrl } from '../../../shared/emails/booking';
import { visitorCancelledEmail, visitorRequestedTimeEmail } from '../../../shared/emails/self-service';
import { clinic } from '../../../shared/constants/clinic';
import { addDays, clinicToday } from '../../../shared/domain/clinic-time';
import { isLang } from '../../../shared/i18n/types';
import { CANCEL_CUTOFF_HOURS, type ExpiredManageLink, type ManageOutcome, type ManagedAppointment } from '../../../shared/schemas/manage-appointment';
import type { Deps } from '../../deps';
import { conflict, notFound } from '../../errors';
import { Appointment } from '../../models/appointment';
import type { AppointmentJson } from './appointments';
import { rescheduleAppointment } from './reschedule';
import { appointmentIdForToken } from './manage-links';
import { dayAvailability, rateLimitAddress } from './booking';
import { appointmentStart } from '../../platform/ics';
import { audit, changedFields } from '../../platform/audit';
import { enqueueEmail } from '../../platform/mail/outbox';
import { hitThrottle, throttleKey } from '../../platform/throttle-store';
import { PATIENT_LINK_ACTOR } from '../../../shared/domain/audit-text';

/** ADMIN-24: who the audit trail names for a change made through the personal link. */
export const PATIENT_ACTOR = { id: null, name: PATIENT_LINK_ACTOR } as const;

/** How many days ahead "ask for another time" offers. */
const REQUEST_DAYS = 14;
const HOUR = 60 * 60_000;

/**
 * BOOK-16: the form posts of the personal link's page, counted in PostgreSQL (api/platform/throttle-store.ts)
 * so every server process counts together: per appointment (all its links together) and per client address
 * (IPv6 by its /64). Generous for a person (a request, a cancel, a few reloads), tight for a script.
 */
export const MANAGE_POST_LIMITS = { perAppointment: 6, perAddress: 30, windowMs: 60 * 60_000 };

/** What a form post comes to: its outcome, and for 'too-many' the seconds until the window ends. */
export interface ManageAnswer {
  outcome: ManageOutcome;
  retryAfterSeconds?: number;
}

/** Counts one post on the key; the answer 'too-many' once the key is past its limit in the window, else null. */
async function countPost(deps: Deps, key: string, limit: number): Promise<ManageAnswer | null> {
  const now = deps.now();
  const { windowMs } = MANAGE_POST_LIMITS;
  const state = await hitThrottle(deps.knex, key, windowMs, now);
  if (state.hits <= limit) return null;
  deps.logger.info('manage_post_refused', { reason: 'rate-limit' });
  return { outcome: 'too-many', retryAfterSeconds: Math.max(1, Math.ceil((state.windowStartedAt.getTime() + windowMs - now.getTime()) / 1000)) };
}

const countAddress = (deps: Deps, address: string) =>
  countPost(deps, throttleKey('manage-address', rateLimitAddress(address)), MANAGE_POST_LIMITS.perAddress);
const countAppointment = (deps: Deps, id: number) => countPost(deps, throttleKey('manage-appointment', String(id)), MANAGE_POST_LIMITS.perAppointment);

/** BOOK-16: a requested time that is still ahead is open; one that has passed no longer holds a new one back. */
function openRequest(a: Pick<Appointment, 'requestedDate' | 'requestedTime'>, now: Date): { date: string; time: string } | null {
  if (!a.requestedDate || !a.requestedTime) return null;
  const requested = { date: String(a.requestedDate), time: String(a.requestedTime).slice(0, 5) };
  return appointmentStart({ preferredDate: requested.date, preferredTime: requested.time }).getTime() > now.getTime() ? requested : null;
}

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
  const open = isOpenBooking(a.status);
  const msLeft = appointmentStart(a).getTime() - deps.now().getTime();
  return {
    firstName: a.firstName,
    preferredDate: a.preferredDate,
    preferredTime: a.preferredTime,
    treatment: a.treatment,
    status: a.status,
    requested: openRequest(a, deps.now()),
    canCancel: open && msLeft > CANCEL_CUTOFF_HOURS * HOUR,
    canRequest: open,
    openSlots: open ? await openSlots(deps, { date: a.preferredDate, time: a.preferredTime }) : [],
    language: isLang(a.language) ? a.language : 'en',
  };
}

/**
 * UI-11: a link the clinic made whose visit is over opens nothing, but its page still says so in the language
 * the visit was booked in; a malformed, tampered or unknown token gives null (the page's own language).
 */
export async function expiredManageLink(deps: Deps, token: string): Promise<ExpiredManageLink | null> {
  const id = await appointmentIdForToken(deps.knex, token);
  if (id === null) return null;
  const a = await Appointment.query(deps.knex).findById(id).select('language');
  return { expired: true, language: a && isLang(a.language) ? a.language : 'en' };
}

const clinicInbox = (deps: Deps) => deps.config.clinicNotifyEmail ?? clinic.email;

/**
 * BOOK-15: the visitor cancels, up to 2 hours before. The clinic is told and the patient gets the usual
 * cancellation email, in the same transaction. Answers the outcome shown on the page; null = 404.
 * BOOK-16: counted per address and per appointment; the row is locked, so a second cancel racing the
 * first finds it cancelled ('invalid') and sends nothing.
 */
export async function cancelByVisitor(deps: Deps, token: string, address: string): Promise<ManageAnswer | null> {
  const limited = await countAddress(deps, address);
  if (limited) return limited;
  const live = await findLive(deps, token);
  if (!live) return null;
  const limitedHere = await countAppointment(deps, live.id);
  if (limitedHere) return limitedHere;
  const outcome = await deps.knex.transaction(async (trx) => {
    const found = await findLive(deps, token, trx);
    if (!found) return null;
    const a = await Appointment.query(trx).findById(found.id).forUpdate();
    if (!a || !isOpenBooking(a.status)) return 'invalid' as const;
    const now = deps.now();
    if (appointmentStart(a).getTime() - now.getTime() <= CANCEL_CUTOFF_HOURS * HOUR) return 'too-late' as const;
    await Appointment.query(trx).findById(a.id).patch({ status: 'cancelled', cancelledAt: now, updatedAt: now });
    // ADMIN-24: the patient's own change is in the trail, by the patient through their link.
    await audit(trx, { action: 'cancel', entity: 'appointment', entityId: a.id, changes: { status: { old: a.status, new: 'cancelled' } }, actor: PATIENT_ACTOR });
    await enqueueEmail(trx, { kind: 'visitor-cancelled', to: clinicInbox(deps), ...visitorCancelledEmail(a, adminAppointmentUrl(deps.config.publicUrl, a)) });
    await enqueueEmail(trx, { kind: 'appointment-cancelled', to: a.email, ...appointmentCancelledEmail(a) });
    return 'cancelled' as const;
  });
  if (outcome === 'cancelled') {
    deps.nudgeOutbox();
    deps.logger.info('appointment_cancelled_by_visitor', {});
  }
  return outcome && { outcome };
}

/**
 * BOOK-15: the visitor asks for another open slot. Stored on the appointment for the clinic to approve as a
 * reschedule (which checks capacity again); the clinic is emailed. BOOK-16: one open request at a time: while
 * one waits for the clinic (its time still ahead) another is refused ('already-requested', 409), decided
 * under the appointment's row lock so that posts racing each other send one email; and posts are counted
 * per address and per appointment ('too-many', 429).
 */
export async function requestAnotherTime(deps: Deps, token: string, slot: string, address: string): Promise<ManageAnswer | null> {
  const limited = await countAddress(deps, address);
  if (limited) return limited;
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/.exec(slot);
  const found = await findLive(deps, token);
  if (!found) return null;
  const limitedHere = await countAppointment(deps, found.id);
  if (limitedHere) return limitedHere;
  if (!match || !isOpenBooking(found.status)) return { outcome: 'invalid' };
  if (openRequest(found, deps.now())) return { outcome: 'already-requested' };
  const [, date, time] = match;
  const open = await openSlots(deps, { date: found.preferredDate, time: found.preferredTime });
  if (!open.some((d) => d.date === date && d.times.includes(time))) return { outcome: 'slot-taken' };
  const outcome = await deps.knex.transaction(async (trx) => {
    const a = await Appointment.query(trx).findById(found.id).forUpdate();
    if (!a || !isOpenBooking(a.status)) return 'invalid' as const;
    if (openRequest(a, deps.now())) return 'already-requested' as const;
    await trx('appointments').where({ id: a.id }).update({ requestedDate: date, requestedTime: time, requestedAt: deps.now() });
    await audit(trx, {
      action: 'request-time',
      entity: 'appointment',
      entityId: a.id,
      changes: changedFields(
        { requestedDate: a.requestedDate ?? null, requestedTime: a.requestedTime ?? null },
        { requestedDate: date, requestedTime: time },
      ),
      actor: PATIENT_ACTOR,
    });
    await enqueueEmail(trx, { kind: 'visitor-requested-time', to: clinicInbox(deps), ...visitorRequestedTimeEmail(a, { date, time }, adminAppointmentUrl(deps.config.publicUrl, a)) });
    return 'requested' as const;
  });
  if (outcome !== 'requested') return { outcome };
  deps.nudgeOutbox();
  deps.logger.info('appointment_time_requested', { appointmentId: found.id });
  return { outcome };
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
