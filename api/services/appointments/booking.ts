import { occupyingPlaces } from './places';
import net from 'node:net';
import {
  HONEYPOT_MESSAGE,
  SLOT_FULL_MESSAGE,
  bookingRateLimitMessage,
  contactLimitMessage,
  type PublicBookingRules,
} from '../../../shared/constants/booking';
import { adminAppointmentUrl, bookingAcknowledgementEmail, bookingNotificationEmail } from '../../../shared/emails/booking';
import { clinicToday, isSlotPassed } from '../../../shared/domain/clinic-time';
import type { AppointmentRequest } from '../../../shared/schemas/appointment';
import { checkBookingDate, checkBookingRules, closedReason, slotsOn } from '../../../shared/schemas/appointment';
import { currentRules } from './clinic-settings';
import type { Deps } from '../../deps';
import { enqueueEmail } from '../../platform/mail/outbox';
import { badRequest, conflict, tooManyRequests } from '../../errors';
import { placeholderUrl } from './manage-links';
import { hitThrottle, throttleKey } from '../../platform/throttle-store';
import { linkOrCreatePatient } from '../patients/patient-link';
import { normalisePhone } from '../../../shared/domain/phone';

/** Everything the public booking obeys at this moment; BookingRules is the part the form needs too. */
export interface BookingPolicy extends PublicBookingRules {
  slotCapacity: number;
  /** Open bookings one email, and one phone, may hold; 0 = no cap. */
  maxOpenPerContact: number;
  /** SET-4: where the "new booking" email goes. */
  notificationEmail: string;
}

/**
 * The booking rules now (SET-4): the clinic's settings and upcoming closed dates from the database, and
 * the per-contact cap from the configuration. The one place the public booking reads them.
 */
export async function currentBookingPolicy(deps: Deps): Promise<BookingPolicy> {
  const { settings, rules } = await currentRules(deps);
  return {
    ...rules,
    slotCapacity: settings.slotCapacity,
    maxOpenPerContact: deps.config.bookingMaxOpenPerContact,
    notificationEmail: settings.notificationEmail,
  };
}

/**
 * GET /api/appointments/rules, also embedded in every public page: what the form needs (the window, the
 * slots, closed weekdays, each weekday's hours and the upcoming closed dates with their reasons).
 */
export async function publicBookingRules(deps: Deps): Promise<PublicBookingRules> {
  const { windowDays, timeSlots, closedWeekdays, closedDates, dayHours } = await currentBookingPolicy(deps);
  return { windowDays, timeSlots, closedWeekdays, closedDates, dayHours };
}

/**
 * The address a rate limit counts: an IPv4 address as it is, an IPv6 one by its /64 network. One home or
 * phone gets a whole /64 (Jio, India's largest mobile network, is IPv6 first), so counting single IPv6
 * addresses would give one device billions of allowances.
 */
export function rateLimitAddress(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  if (!net.isIPv6(ip)) return ip;
  const address = ip.split('%')[0];
  const [head, tail] = address.split('::');
  const front = head ? head.split(':') : [];
  // With '::', the zeros it stands for come before the tail; a network's 4 groups are all in front or zeros.
  const groups = tail === undefined ? front : [...front, '0', '0', '0', '0'];
  return `${groups.slice(0, 4).map((g) => parseInt(g, 16).toString(16)).join(':')}::/64`;
}

/**
 * Counts one booking request from a client address, and refuses it (429) once the address has sent more
 * than the limit in the window. Mobile networks in India put many visitors behind one address (CGNAT),
 * so the limit is set for bursts (default 10 in 10 minutes), not for a family booking a few visits. The
 * counter lives in the database: every server process counts together (OPS-14).
 */
export async function countBookingRequest(deps: Deps, address: string): Promise<void> {
  const { bookingRateLimitPerAddress: limit, bookingRateLimitWindowMs: windowMs } = deps.config;
  if (limit === 0) return;
  const now = deps.now();
  const state = await hitThrottle(deps.knex, throttleKey('booking-address', rateLimitAddress(address)), windowMs, now);
  if (state.hits <= limit) return;
  const retryAfter = (state.windowStartedAt.getTime() + windowMs - now.getTime()) / 1000;
  deps.logger.info('booking_refused', { reason: 'rate-limit' });
  throw tooManyRequests(bookingRateLimitMessage(retryAfter), retryAfter);
}

/** The hidden field (shared/constants/booking.ts) arrived filled: a bot, not a person. Nothing is stored. */
export function refuseHoneypot(deps: Deps): never {
  deps.logger.info('booking_refused', { reason: 'honeypot' });
  throw badRequest(HONEYPOT_MESSAGE);
}

/**
 * BOOK-4, BOOK-5, BOOK-11: books a slot if its rules allow, a place is left and the visitor's email and phone each hold fewer
 * than the cap of open bookings. The slot and the contact are locked for the length of the transaction
 * (advisory locks), so two visitors racing for a slot's last place, or two requests racing past one
 * contact's cap, never both get through. The two emails of MAIL-3 are queued in the same transaction (MAIL-1).
 */
export interface BookedAppointment {
  id: number;
  preferredDate: string;
  preferredTime: string;
  treatment: string;
  status: 'pending';
}

export async function bookAppointment(deps: Deps, request: AppointmentRequest): Promise<BookedAppointment> {
  // PAT-9: the phone is stored in its normal form.
  const input = { ...request, phone: normalisePhone(request.phone) };
  const policy = await currentBookingPolicy(deps);
  const now = deps.now();
  const broken = checkBookingRules(input, now, policy);
  if (broken) throw badRequest(broken.message, { [broken.field]: broken.message });

  // BOOK-12: the acknowledgement carries the personal link, made as it is sent (SEC-7).
  const acknowledgement = { kind: 'booking-acknowledgement', to: input.email, ...bookingAcknowledgementEmail(input, placeholderUrl('manage', deps.config.publicUrl)) };
  const notification = {
    kind: 'booking-notification',
    to: policy.notificationEmail,
    ...bookingNotificationEmail(input, adminAppointmentUrl(deps.config.publicUrl, input)),
  };
  // One statement books the slot under its locks (migrations 003, 007, 020); the booking's language (I18N-3)
  // and the two emails (the outbox's one writer) go in the same transaction.
  const language = input.language ?? 'en';
  const { id, refusal } = await deps.knex.transaction(async (trx) => {
    const { rows } = await trx.raw<{ rows: { id: number | null; refusal: string | null }[] }>(
      'select o_id as id, o_refusal as refusal from book_appointment(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      [
        input.firstName,
        input.lastName,
        input.email,
        input.phone,
        input.treatment,
        input.preferredDate,
        input.preferredTime,
        input.notes || null,
        policy.slotCapacity,
        clinicToday(now),
        policy.maxOpenPerContact,
      ],
    );
    const answer = rows[0] ?? { id: null, refusal: 'slot-full' };
    if (answer.id) {
      // BOOK-17: the booking belongs to the patient with its phone and first name, or to one made now.
      const patientId = await linkOrCreatePatient(trx, input, now);
      await trx('appointments').where({ id: answer.id }).update({ patientId, ...(language !== 'en' ? { language } : {}) });
      await enqueueEmail(trx, { ...acknowledgement, link: { kind: 'manage', appointmentId: answer.id } });
      await enqueueEmail(trx, notification);
    }
    return answer;
  });
  if (refusal === 'contact-limit') {
    deps.logger.info('booking_refused', { reason: 'contact-limit' });
    throw conflict(contactLimitMessage(policy.maxOpenPerContact));
  }
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

export interface DayAvailability {
  date: string;
  /** A day nobody may book: past, a closed weekday or date, or beyond the booking window. */
  closed: boolean;
  /** SET-6: why, when the clinic is closed that day (a closed date's message carries its reason). */
  reason?: string;
  slots: SlotAvailability[];
}

/** GET /api/appointments/availability: every slot of a day and whether it can still be booked. */
export async function dayAvailability(deps: Deps, date: string): Promise<DayAvailability> {
  const policy = await currentBookingPolicy(deps);
  const now = deps.now();
  if (checkBookingDate(date, now, policy)) {
    const reason = closedReason(date, policy);
    return reason ? { date, closed: true, reason, slots: [] } : { date, closed: true, slots: [] };
  }
  const rows: { preferredTime: string; n: number }[] = await occupyingPlaces(deps.knex('appointments').where({ preferredDate: date }))
    .groupBy('preferredTime')
    .select('preferredTime')
    .count('* as n');
  const taken = new Map(rows.map((r) => [r.preferredTime, Number(r.n)]));
  const slots = slotsOn(date, policy).map((time): SlotAvailability => {
    if (isSlotPassed(date, time, now)) return { time, available: false, reason: 'passed' };
    if ((taken.get(time) ?? 0) >= policy.slotCapacity) return { time, available: false, reason: 'full' };
    return { time, available: true, reason: null };
  });
  return { date, closed: false, slots };
}
