// The clinic's opening hours: each weekday closed or one or more sessions (SET-8), the slots a session
// holds (APPT-20), and the hours as the public site words them (SITE-28). Pure: the settings schema, the
// booking rules, the server and both front ends read these.

import type { DayHours, Session } from '../constants/opening-hours';
import { formatTime } from './dates';

export type { DayHours, Session };

/** CLINIC-4 (CLINIC-4): 10:00 AM-2:00 PM and 5:00 PM-9:00 PM, a break between. */
export const specHours: DayHours = [
  { open: '10:00', close: '14:00' },
  { open: '17:00', close: '21:00' },
];

/** CLINIC-4's week, 0 = Sunday: Monday to Saturday in its two sessions, Sunday closed. */
export const defaultDayHours: readonly DayHours[] = [[], specHours, specHours, specHours, specHours, specHours, specHours];

export const minutesOf = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** APPT-20: the clinic's "last appointment starts N minutes before closing" unless it sets one (0: at closing). */
export const DEFAULT_LAST_APPOINTMENT_MINUTES_BEFORE_CLOSING = 0;

/**
 * APPT-20, the one slot rule every reader of the slots asks (through slotsInHours and slotsOn): a slot belongs
 * to a session when it starts at or after the opening and no later than `minutesBeforeClosing` before the
 * closing (open <= slot <= close - N). With N = 0 the closing hour itself is a slot (CLINIC-5: 14:00, 21:00).
 */
export function slotFits(slot: string, session: Session, minutesBeforeClosing = DEFAULT_LAST_APPOINTMENT_MINUTES_BEFORE_CLOSING): boolean {
  return slot >= session.open && minutesOf(slot) <= minutesOf(session.close) - minutesBeforeClosing;
}

/** APPT-20: the configured slots a day with these sessions offers (each within one of its sessions). */
export function slotsInHours(
  slots: readonly string[],
  hours: DayHours | null | undefined,
  minutesBeforeClosing = DEFAULT_LAST_APPOINTMENT_MINUTES_BEFORE_CLOSING,
): string[] {
  if (!hours || hours.length === 0) return [];
  return slots.filter((slot) => hours.some((session) => slotFits(slot, session, minutesBeforeClosing)));
}

/** Sessions sorted by opening time, for storing and showing. */
export function sortSessions(hours: DayHours): DayHours {
  return [...hours].sort((a, b) => a.open.localeCompare(b.open));
}

/** The first pair of sessions that overlap (a break must lie between them), or null. */
export function overlappingSessions(hours: DayHours): [Session, Session] | null {
  const sorted = sortSessions(hours);
  for (let i = 1; i < sorted.length; i += 1) {
    if (sorted[i].open < sorted[i - 1].close) return [sorted[i - 1], sorted[i]];
  }
  return null;
}

/** The words a language shows the hours in (from its catalogue, SITE-28). */
export interface HoursWords {
  /** Sunday first, as Date.getUTCDay numbers the days. */
  dayNames: readonly string[];
  /** '{from} - {to}': a run of weekdays with the same hours. */
  dayRange: string;
  closed: string;
  /** A time of day with its period: '{time} AM' in English, 'सकाळी {time}' in Marathi. */
  timeOfDay: { morning: string; afternoon: string; evening: string; night: string };
}

/** '17:00' -> '5:00 PM' ('सायंकाळी 5:00' with Marathi words): 12-hour, with the language's day period. */
export function formatClockTime(hhmm: string, words: HoursWords['timeOfDay']): string {
  const hours = Number(hhmm.slice(0, 2));
  // UI-6: the clock is the one time style's ('5:00 PM' less its AM/PM); the language says the period.
  const time = formatTime(hhmm.slice(0, 5)).replace(/ [AP]M$/, '');
  const period = hours < 12 ? words.morning : hours < 16 ? words.afternoon : hours < 20 ? words.evening : words.night;
  return period.replace('{time}', time);
}

/**
 * SITE-28: the week as a visitor reads it, Monday first; consecutive days with the same sessions share a
 * line ('Monday - Saturday': '10:00 AM - 2:00 PM', '5:00 PM - 9:00 PM'; 'Sunday': 'Closed').
 */
export function hoursLines(dayHours: readonly DayHours[], words: HoursWords): { days: string; times: string[] }[] {
  const order = [1, 2, 3, 4, 5, 6, 0];
  const key = (d: number) => JSON.stringify(sortSessions(dayHours[d] ?? []));
  const runs: number[][] = [];
  for (const day of order) {
    const last = runs[runs.length - 1];
    if (last && key(last[last.length - 1]) === key(day)) last.push(day);
    else runs.push([day]);
  }
  return runs.map((run) => {
    const first = words.dayNames[run[0]];
    const days = run.length === 1 ? first : words.dayRange.replace('{from}', first).replace('{to}', words.dayNames[run[run.length - 1]]);
    const sessions = sortSessions(dayHours[run[0]] ?? []);
    const times = sessions.length
      ? sessions.map((s) => `${formatClockTime(s.open, words.timeOfDay)} - ${formatClockTime(s.close, words.timeOfDay)}`)
      : [words.closed];
    return { days, times };
  });
}

/** The words of the hours in a sentence (SITE-31): the catalogue's `clinic` words. */
export interface HoursSentenceWords extends HoursWords {
  /** '{from} to {to}': a run of days, or a session, in running text. */
  span: string;
  /** ' and ': the last of a list. */
  and: string;
  /** All seven days open. */
  daily: string;
}

/** "A, B and C" in the language's words. */
export const listOf = (w: HoursSentenceWords, xs: string[]) => (xs.length > 1 ? xs.slice(0, -1).join(', ') + w.and + xs[xs.length - 1] : (xs[0] ?? ''));

/** hoursLines in running text ("Monday to Saturday"), its open days only. */
export const openLines = (dayHours: readonly DayHours[], w: HoursSentenceWords) => hoursLines(dayHours, { ...w, dayRange: w.span, closed: '' }).filter((l) => l.times[0]);

/**
 * SITE-31: the days as the public site's sentences say them, from the clinic's settings: how many a week it
 * opens (`count`: "6 days"), which (`days`: "Monday to Saturday", "every day"), and until when at the
 * latest (`close`: "9 PM", no ":00"): the values of the catalogue's {count}, {days} and {close}. With
 * CLINIC-4's hours they are the words the site always said.
 */
export function openDaysPhrases(dayHours: readonly DayHours[], w: HoursSentenceWords): { count: number; days: string; close: string } {
  const count = dayHours.filter((d) => d?.length).length;
  const close = dayHours.flat().map((s) => s.close).sort().pop();
  return {
    count,
    days: count === 7 ? w.daily : listOf(w, openLines(dayHours, w).map((l) => l.days)),
    close: close ? formatClockTime(close, w.timeOfDay).replace(':00', '') : '',
  };
}

const schemaDays = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** SITE-29: schema.org openingHoursSpecification, one entry per distinct session, with its weekdays. */
export function openingHoursSpecification(dayHours: readonly DayHours[]): { '@type': 'OpeningHoursSpecification'; dayOfWeek: string[]; opens: string; closes: string }[] {
  const bySession = new Map<string, string[]>();
  for (const day of [1, 2, 3, 4, 5, 6, 0]) {
    for (const s of sortSessions(dayHours[day] ?? [])) {
      const k = `${s.open}-${s.close}`;
      bySession.set(k, [...(bySession.get(k) ?? []), schemaDays[day]]);
    }
  }
  return [...bySession.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, days]) => ({ '@type': 'OpeningHoursSpecification' as const, dayOfWeek: days, opens: k.slice(0, 5), closes: k.slice(6) }));
}
