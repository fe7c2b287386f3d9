import { occupyingPlaces } from './places';
import type { Knex } from 'knex';
import { SLOT_FULL_MESSAGE, type BookingRules } from '../../../shared/constants/booking';
import { isPastDate, isSlotPassed } from '../../../shared/domain/clinic-time';
import { bookingRuleMessages, closedReason, slotsOn } from '../../../shared/schemas/appointment';
import type { Deps } from '../../deps';
import { HttpError, badRequest, conflict } from '../../errors';
import { closedDatesBetween, getClinicSettings, rulesFromSettings } from './clinic-settings';

// APPT-10, BOOK-5: the slot rule staff bookings and moves obey, under the slot's lock.

export interface StaffMember {
  id: number;
  displayName: string;
}

/** The same key book_appointment (migrations 003, 007) locks, so staff and visitors queue for one slot. */
export async function lockSlot(trx: Knex.Transaction, date: string, time: string): Promise<void> {
  await trx.raw(`select pg_advisory_xact_lock(hashtext('slot:' || ?::date::text || ':' || ?))`, [date, time]);
}

export async function takenInSlot(trx: Knex.Transaction, date: string, time: string, exceptId?: number): Promise<number> {
  const query = occupyingPlaces(trx('appointments').where({ preferredDate: date, preferredTime: time }));
  if (exceptId) query.whereNot('id', exceptId);
  const [{ n }] = await query.count<{ n: string }[]>('* as n');
  return Number(n);
}

/**
 * The rules a staff booking or move obeys (APPT-10): never a past date; a closed date or weekday, a time
 * that is not one of that day's slots, a slot whose time has passed today and a full slot are refused
 * unless the staff member books anyway. Runs under the slot's lock. Answers whether a rule was overridden.
 */
export async function checkStaffSlot(
  deps: Deps,
  trx: Knex.Transaction,
  slot: { preferredDate: string; preferredTime: string; bookAnyway: boolean },
  exceptId?: number,
): Promise<boolean> {
  const { preferredDate: date, preferredTime: time, bookAnyway } = slot;
  const now = deps.now();
  if (isPastDate(date, now)) throw badRequest(bookingRuleMessages.pastDate, { preferredDate: bookingRuleMessages.pastDate });
  const settings = await getClinicSettings(deps, trx);
  const rules: BookingRules = rulesFromSettings(settings, await closedDatesBetween(trx, date, date));
  let overridden = false;
  const refuse = (error: HttpError) => {
    if (!bookAnyway) throw error;
    overridden = true;
  };
  const closed = closedReason(date, rules);
  if (closed) refuse(badRequest(closed, { preferredDate: closed }));
  if (!closed && !slotsOn(date, rules).includes(time)) {
    refuse(badRequest(bookingRuleMessages.unknownSlot, { preferredTime: bookingRuleMessages.unknownSlot }));
  }
  if (isSlotPassed(date, time, now)) refuse(badRequest(bookingRuleMessages.passedSlot, { preferredTime: bookingRuleMessages.passedSlot }));
  await lockSlot(trx, date, time);
  if ((await takenInSlot(trx, date, time, exceptId)) >= settings.slotCapacity) refuse(conflict(SLOT_FULL_MESSAGE));
  return overridden;
}
