import { occupyingPlaces } from './places';
import type { Knex } from 'knex';
import { SLOT_FULL_MESSAGE, type BookingRules } from '../../../shared/constants/booking';
import { isPastDate, isSlotPassed } from '../../../shared/domain/clinic-time';
import { bookingRuleMessages, closedReason, slotsOn } from '../../../shared/schemas/appointment';
import type { Deps } from '../../deps';
import { HttpError, badRequest, conflict } from '../../errors';
import { closedDatesBetween, getClinicSettings, rulesFromSettings } from './clinic-settings';

// APPT-10, BOOK-5, APPT-24: the slot rule every booking and move obeys, under the slot's lock.

export interface StaffMember {
  id: number;
  displayName: string;
}

/**
 * APPT-24: the slot rule's one writer, used by every way into a slot (the public booking, the staff booking,
 * the reschedule and an approved request): takes the slot's lock for the rest of the transaction, then
 * counts the appointments that occupy a place in it (APPT-23), leaving out the one being moved. Answers
 * whether a place is left. Two bookings racing for a slot's last place queue at the lock, so the second
 * counts the first one's row and is refused: nothing else may count a slot's places before an insert.
 */
export async function placeLeft(
  trx: Knex.Transaction,
  slot: { date: string; time: string; capacity: number },
  exceptId?: number,
): Promise<boolean> {
  // The key is migration 003's; the race tests hold it to make requests wait.
  await trx.raw(`select pg_advisory_xact_lock(hashtext('slot:' || ?::date::text || ':' || ?))`, [slot.date, slot.time]);
  const query = occupyingPlaces(trx('appointments').where({ preferredDate: slot.date, preferredTime: slot.time }));
  if (exceptId) query.whereNot('id', exceptId);
  const [{ n }] = await query.count<{ n: string }[]>('* as n');
  return Number(n) < slot.capacity;
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
  if (!(await placeLeft(trx, { date, time, capacity: settings.slotCapacity }, exceptId))) refuse(conflict(SLOT_FULL_MESSAGE));
  return overridden;
}
