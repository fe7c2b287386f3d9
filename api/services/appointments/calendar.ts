import { occupiesPlaceSql } from './places';
import { dateQueryParam } from '../../db/list-query';
import { addDays } from '../../../shared/domain/clinic-time';
import { CALENDAR_MAX_DAYS, closedReason, slotsOn, type CalendarSlot } from '../../../shared/schemas/appointment';
import type { ClinicSettings } from '../../../shared/schemas/clinic-settings';
import type { Deps } from '../../deps';
import { badRequest } from '../../errors';
import { appointmentJson, appointmentRowsAsJson, type AppointmentJson } from './appointments';
import { closedDatesBetween, getClinicSettings, rulesFromSettings } from './clinic-settings';

// The calendar (APPT-14).

/** GET /api/admin/appointments/calendar?from=&to=: both days required, at most CALENDAR_MAX_DAYS apart. */
export function parseCalendarQuery(query: Record<string, unknown>): { from: string; to: string } {
  const from = dateQueryParam(query, 'from', true)!;
  const to = dateQueryParam(query, 'to', true)!;
  if (to < from) throw badRequest('to must not be before from', { to: 'to must not be before from' });
  if (to > addDays(from, CALENDAR_MAX_DAYS - 1)) {
    const message = `The calendar shows at most ${CALENDAR_MAX_DAYS} days at a time`;
    throw badRequest(message, { to: message });
  }
  return { from, to };
}

type CalendarDayJson = { date: string; closed: boolean; reason?: string; slots: (Omit<CalendarSlot, 'appointments'> & { appointments: AppointmentJson[] })[] };
type CalendarJson = { days: CalendarDayJson[] };

/** Days from `from` to `to`, each with its slots (configured, plus any other booked time) and bookings. */
export function buildCalendar(
  settings: ClinicSettings,
  closedDates: { date: string; reason: string }[],
  appointments: AppointmentJson[],
  from: string,
  to: string,
): CalendarJson {
  const rules = rulesFromSettings(settings, closedDates);
  const byDay = new Map<string, AppointmentJson[]>();
  for (const a of appointments) {
    const list = byDay.get(a.preferredDate);
    if (list) list.push(a);
    else byDay.set(a.preferredDate, [a]);
  }
  const days: CalendarDayJson[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const reason = closedReason(date, rules);
    const capacity = reason ? 0 : settings.slotCapacity;
    const slots = new Map(slotsOn(date, rules).map((time) => [time, { time, capacity, booked: 0, appointments: [] as AppointmentJson[] }]));
    for (const a of byDay.get(date) ?? []) {
      let slot = slots.get(a.preferredTime);
      if (!slot) {
        slot = { time: a.preferredTime, capacity: 0, booked: 0, appointments: [] };
        slots.set(a.preferredTime, slot);
      }
      slot.appointments.push(a);
      slot.booked += 1;
    }
    const day: CalendarDayJson = { date, closed: reason !== null, slots: [...slots.values()].sort((x, y) => x.time.localeCompare(y.time)) };
    if (reason) day.reason = reason;
    days.push(day);
  }
  return { days };
}

const byDateTimeId = (x: AppointmentJson, y: AppointmentJson) =>
  x.preferredDate < y.preferredDate ? -1 : x.preferredDate > y.preferredDate ? 1
  : x.preferredTime < y.preferredTime ? -1 : x.preferredTime > y.preferredTime ? 1 : x.id - y.id;

/** GET /api/admin/appointments/calendar?from=&to=: three queries, whatever the range holds. */
export async function appointmentCalendar(deps: Deps, from: string, to: string): Promise<CalendarJson> {
  const [settings, closedDates, rows] = await Promise.all([
    getClinicSettings(deps),
    closedDatesBetween(deps.knex, from, to),
    // Sorted here: PostgreSQL's collation-aware sort of the times cost more than the whole scan (bench/frontdesk.ts).
    appointmentRowsAsJson(deps.knex, `a.preferred_date between ? and ? and ${occupiesPlaceSql('a')}`, [from, to]),
  ]);
  const ordered = rows.map(appointmentJson).sort((x, y) => byDateTimeId(x, y));
  return buildCalendar(settings, closedDates, ordered, from, to);
}
