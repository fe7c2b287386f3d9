import net from 'node:net';
import {
  HONEYPOT_MESSAGE,
  SLOT_FULL_MESSAGE,
  bookingRateLimitMessage,
  contactLimitMessage,
  timeSlots,
  type BookingRules,
} from '../../shared/constants/booking';
import { bookingAcknowledgementEmail, bookingNotificationEmail } from '../../shared/emails/booking';
import { clinic } from '../../shared/constants/clinic';
import { clinicToday, isSlotPassed } from '../../shared/domain/clinic-time';
import type { AppointmentRequest } from '../../shared/schemas/appointment';
import { checkBookingDate, checkBookingRules } from '../../shared/schemas/appointment';
import type { Deps } from '../deps';
import { badRequest, conflict, tooManyRequests } from '../errors';
import { hitThrottle, throttleKey } from './throttle-store';

/** Everything the public booking obeys at this moment; BookingRules is the part the form needs too. */
export interface BookingPolicy extends BookingRules {
  slotCapacity: number;
  /** Open bookings one email, and one phone, may hold; 0 = no cap. */
  maxOpenPerContact: number;
}

/**
 * The booking rules now. The one place that reads them: D27 moves them into the clinic's settings, and
 * then this reads the database (hence async) while every caller stays as it is.
 */
export async function currentBookingPolicy(deps: Deps): Promise<BookingPolicy> {
  const { config } = deps;
  return {
    windowDays: config.bookingWindowDays,
    slotCapacity: config.slotCapacity,
    maxOpenPerContact: config.bookingMaxOpenPerContact,
  };
}

/** GET /api/appointments/rules, also embedded in every public page: what the form's date picker needs. */
export async function publicBookingRules(deps: Deps): Promise<BookingRules> {
  const { windowDays } = await currentBookingPolicy(deps);
  return { windowDays };
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
 * counter lives in the database: every server process counts together (D33).
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
 * D12: books a slot if its rules allow, a place is left and the visitor's email and phone each hold fewer
 * than the cap of open bookings. The slot and the contact are locked for the length of the transaction
 * (advisory locks), so two visitors racing for a slot's last place, or two requests racing past one
 * contact's cap, never both get through. The two emails of D13 are queued in the same transaction (D4).
 */
export interface BookedAppointment {
  id: number;
  preferredDate: string;
  preferredTime: string;
  treatment: string;
  status: 'pending';
}

export async function bookAppointment(deps: Deps, input: AppointmentRequest): Promise<BookedAppointment> {
  const policy = await currentBookingPolicy(deps);
  const now = deps.now();
  const broken = checkBookingRules(input, now, policy);
  if (broken) throw badRequest(broken.message, { [broken.field]: broken.message });

  const emails = [
    { kind: 'booking-acknowledgement', to: input.email, ...bookingAcknowledgementEmail(input) },
    { kind: 'booking-notification', to: deps.config.clinicNotifyEmail ?? clinic.email, ...bookingNotificationEmail(input) },
  ];
  // One statement books the slot (migrations 003 and 007); the booking's language (I18N-3, migration 013)
  // is set in the same transaction.
  const language = input.language ?? 'en';
  const { rows } = await deps.knex.transaction(async (trx) => {
    const result = await trx.raw<{ rows: { id: number | null; refusal: string | null }[] }>(
    'select o_id as id, o_refusal as refusal from book_appointment(?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?)',
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
      JSON.stringify(emails),
      clinicToday(now),
      policy.maxOpenPerContact,
    ],
    );
    const booked = result.rows[0]?.id;
    if (booked && language !== 'en') await trx('appointments').where({ id: booked }).update({ language });
    return result;
  });
  const { id, refusal } = rows[0] ?? { id: null, refusal: 'slot-full' };
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
  /** A day nobody may book: past, a Sunday, or beyond the booking window. */
  closed: boolean;
  slots: SlotAvailability[];
}

/** GET /api/appointments/availability: every slot of a day and whether it can still be booked. */
export async function dayAvailability(deps: Deps, date: string): Promise<DayAvailability> {
  const policy = await currentBookingPolicy(deps);
  const now = deps.now();
  if (checkBookingDate(date, now, policy)) return { date, closed: true, slots: [] };
  const rows: { preferredTime: string; n: number }[] = await deps
    .knex('appointments')
    .where({ preferredDate: date })
    .whereNot('status', 'cancelled')
    .groupBy('preferredTime')
    .select('preferredTime')
    .count('* as n');
  const taken = new Map(rows.map((r) => [r.preferredTime, Number(r.n)]));
  const slots = timeSlots.map((time): SlotAvailability => {
    if (isSlotPassed(date, time, now)) return { time, available: false, reason: 'passed' };
    if ((taken.get(time) ?? 0) >= policy.slotCapacity) return { time, available: false, reason: 'full' };
    return { time, available: true, reason: null };
  });
  return { date, closed: false, slots };
}
