import type { Knex } from 'knex';
import { occupyingPlaces, openBookingSql } from './places';
import { placeLeft } from './slots';
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
import { audit } from '../../platform/audit';
import { WEBSITE_ACTOR } from '../../../shared/domain/audit-text';
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
 * slots, closed weekdays, each weekday's hours, the upcoming closed dates with their reasons and the last
 * appointment's minutes before closing, APPT-20).
 */
export async function publicBookingRules(deps: Deps): Promise<PublicBookingRules> {
  const { windowDays, timeSlots, closedWeekdays, closedDates, dayHours, lastAppointmentMinutesBeforeClosing } = await currentBookingPolicy(deps);
  return { windowDays, timeSlots, closedWeekdays, closedDates, dayHours, lastAppointmentMinutesBeforeClosing };
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

/** A phone by its last 10 digits: "+91 98765 43210", "098765 43210" and "9876543210" are one (BOOK-11). */
const phoneKeySql = (column: string) => `right(regexp_replace(${column}, '[^0-9]', '', 'g'), 10)`;

/**
 * APPT-25, BOOK-11: whether one more open booking (APPT-23) from today on fits under the cap for this email
 * (any case) and for this phone, each counted apart. Takes the contact's two locks for the rest of the
 * transaction first, so two requests racing past one contact's cap queue and the second counts the first.
 * The expressions are migration 007's indexes' own, so the count is two index scans however many
 * appointments the clinic keeps.
 */
async function contactHasRoom(trx: Knex.Transaction, contact: { email: string; phone: string }, today: string, cap: number): Promise<boolean> {
  await trx.raw(`select pg_advisory_xact_lock(hashtextextended('contact-email:' || lower(?), 0))`, [contact.email]);
  await trx.raw(`select pg_advisory_xact_lock(hashtextextended('contact-phone:' || ${phoneKeySql('?')}, 0))`, [contact.phone]);
  const { rows } = await trx.raw<{ rows: { byEmail: string; byPhone: string }[] }>(
    `select count(*) filter (where lower(email) = lower(:email)) as "byEmail",
            count(*) filter (where ${phoneKeySql('phone')} = ${phoneKeySql(':phone')}) as "byPhone"
       from appointments
      where ${openBookingSql()} and preferred_date >= :today::date
        and (lower(email) = lower(:email) or ${phoneKeySql('phone')} = ${phoneKeySql(':phone')})`,
    { email: contact.email, phone: contact.phone, today },
  );
  return Number(rows[0].byEmail) < cap && Number(rows[0].byPhone) < cap;
}

/**
 * BOOK-4, BOOK-5, BOOK-11, APPT-25: books a slot if its rules allow, a place is left and the visitor's email
 * and phone each hold fewer than the cap of open bookings. One transaction, its locks always in one order
 * (the contact's email, its phone, the slot, the patient), so no two bookings wait on each other in a circle:
 * the contact's cap is checked under the contact's locks, the slot's place under the slot's lock (placeLeft,
 * the writer the staff booking, the reschedule and an approved request use too), the patient is found or
 * made under its lock (BOOK-17, BOOK-18), then the row and the two emails of MAIL-3 are written (MAIL-1).
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
  // I18N-3: the booking remembers its language.
  const language = input.language ?? 'en';
  const outcome = await deps.knex.transaction(async (trx): Promise<{ id: number } | { refusal: 'contact-limit' | 'slot-full' }> => {
    if (policy.maxOpenPerContact > 0 && !(await contactHasRoom(trx, input, clinicToday(now), policy.maxOpenPerContact))) {
      return { refusal: 'contact-limit' };
    }
    if (!(await placeLeft(trx, { date: input.preferredDate, time: input.preferredTime, capacity: policy.slotCapacity }))) {
      return { refusal: 'slot-full' };
    }
    // BOOK-17: the booking belongs to the patient with its phone and first name, or to one made now.
    const patientId = await linkOrCreatePatient(trx, input, now);
    const [{ id }] = await trx('appointments')
      .insert({
        patientId,
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        phone: input.phone,
        treatment: input.treatment,
        preferredDate: input.preferredDate,
        preferredTime: input.preferredTime,
        notes: input.notes || null,
        language,
        createdAt: now,
        updatedAt: now,
      })
      .returning<{ id: number }[]>('id');
    // ADMIN-25: a booking has its create row whatever its channel; this one's actor is the website.
    await audit(trx, {
      action: 'create',
      entity: 'appointment',
      entityId: id,
      actor: { id: null, name: WEBSITE_ACTOR },
      changes: {
        preferredDate: { old: null, new: input.preferredDate },
        preferredTime: { old: null, new: input.preferredTime },
        treatment: { old: null, new: input.treatment },
        status: { old: null, new: 'pending' },
        language: { old: null, new: language },
        source: { old: null, new: 'online' },
      },
    });
    await enqueueEmail(trx, { ...acknowledgement, link: { kind: 'manage', appointmentId: id } });
    await enqueueEmail(trx, notification);
    return { id };
  });
  if ('refusal' in outcome) {
    if (outcome.refusal === 'contact-limit') {
      deps.logger.info('booking_refused', { reason: 'contact-limit' });
      throw conflict(contactLimitMessage(policy.maxOpenPerContact));
    }
    throw conflict(SLOT_FULL_MESSAGE);
  }
  deps.nudgeOutbox();
  return { id: outcome.id, preferredDate: input.preferredDate, preferredTime: input.preferredTime, treatment: input.treatment, status: 'pending' };
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
