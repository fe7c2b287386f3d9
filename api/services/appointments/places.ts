import type { Knex } from 'knex';
import { PLACE_FREEING_STATUS, isOpenBooking, occupiesPlace, openBookingStatuses } from '../../../shared/constants/booking';

// APPT-23: "occupies a place" and "open booking" are defined once, in shared/constants/booking.ts; this file
// writes them as SQL for the server's queries (the slot's capacity count, availability, the calendar, closed
// dates, the Recall list, the per-contact cap, the dashboard, a plan's booked visits). No other file in the
// api spells either status list.

export { isOpenBooking, occupiesPlace };
export const OPEN_BOOKING_STATUSES = openBookingStatuses;

const quoted = (status: string) => `'${status.replace(/'/g, "''")}'`;
const column = (alias: string) => `${alias ? `${alias}.` : ''}status`;

/** SQL: the appointment (alias `a` or none) occupies a place in its slot. */
export const occupiesPlaceSql = (alias = ''): string => `${column(alias)} <> ${quoted(PLACE_FREEING_STATUS)}`;

/** SQL: the appointment (alias `a` or none) is an open booking; the same text as the partial indexes of migration 007. */
export const openBookingSql = (alias = ''): string => `${column(alias)} in (${openBookingStatuses.map(quoted).join(', ')})`;

/** The query narrowed to appointments that occupy a place. */
export function occupyingPlaces<T extends Knex.QueryBuilder>(query: T): T {
  return query.whereRaw(occupiesPlaceSql()) as T;
}
