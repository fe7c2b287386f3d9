import type { Knex } from 'knex';
import type { AppointmentStatus } from '../../../shared/constants/booking';

// APPT-23: the two states of an appointment the booking rules count, each defined here once.
// - "Occupies a place": every appointment but a cancelled one takes one of its slot's places (a completed or
//   no-show visit used its place, so the slot stays as full as it was).
// - "Open booking": pending or confirmed, the ones still to happen (a closed date's bookings to move, the
//   per-contact cap, the personal page's actions, the Recall list's "already booked").
// The SQL function book_appointment (migrations 003, 007, 020) writes both in its own body; its tests and
// these are the same race tests (docs/scheduling.md, "One slot rule").

export const OPEN_BOOKING_STATUSES: readonly AppointmentStatus[] = ['pending', 'confirmed'];

export const isOpenBooking = (status: string): boolean => (OPEN_BOOKING_STATUSES as readonly string[]).includes(status);

/** SQL: the appointment (alias `a` or none) occupies a place in its slot. */
export const occupiesPlaceSql = (alias = ''): string => `${alias ? `${alias}.` : ''}status <> 'cancelled'`;

/** SQL: the appointment (alias `a` or none) is an open booking. */
export const openBookingSql = (alias = ''): string => `${alias ? `${alias}.` : ''}status in ('pending', 'confirmed')`;

/** The query narrowed to appointments that occupy a place. */
export function occupyingPlaces<T extends Knex.QueryBuilder>(query: T): T {
  return query.whereRaw(occupiesPlaceSql()) as T;
}
