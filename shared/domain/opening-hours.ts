// The clinic's opening hours: each weekday closed or one or more sessions (SET-8), the slots a session
// holds (APPT-20), and the hours as the public site words them (SITE-28). Pure: the settings schema, the
// booking rules, the server and both front ends read these.

import type { DayHours, Session } from '../constants/opening-hours';

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
  const time = `${hours % 12 === 0 ? 12 : hours % 12}:${hhmm.slice(3, 5)}`;
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
export interface HoursSentenceWords {
  dayNames: readonly string[];
  timeOfDay: HoursWords['timeOfDay'];
  /** '{from} to {to}': a run of days, or a session, in running text. */
  rangeTo: string;
  /** ' and ': the last of a list. */
  and: string;
  /** All seven days open. */
  everyDay: string;
}

/** '17:00' -> '5 PM', '09:30' -> '9:30 AM': a time in running text, whole hours without ':00'. */
function sentenceTime(hhmm: string, words: HoursWords['timeOfDay']): string {
  return formatClockTime(hhmm, words).replace(/(\d):00(?!\d)/, '$1');
}

const listOf = (items: string[], and: string) => (items.length > 1 ? `${items.slice(0, -1).join(', ')}${and}${items[items.length - 1]}` : (items[0] ?? ''));

/**
 * SITE-31: the hours as the public site's sentences say them, from the clinic's settings: how many days a
 * week it opens (`openDayCount`: "6 days"), which (`openDays`: "Monday to Saturday"), until when at the
 * latest (`closesAt`: "9 PM"), and the whole week (`hours`: "Monday to Saturday, 10 AM to 2 PM and 5 PM to
 * 9 PM"; runs with other sessions after "; "). With CLINIC-4's hours they are the words the site always said.
 */
export function hoursPhrases(dayHours: readonly DayHours[], w: HoursSentenceWords): { openDayCount: number; openDays: string; closesAt: string; hours: string } {
  const order = [1, 2, 3, 4, 5, 6, 0];
  const isOpen = (d: number) => (dayHours[d] ?? []).length > 0;
  const range = (run: number[]) => (run.length === 1 ? w.dayNames[run[0]] : w.rangeTo.replace('{from}', w.dayNames[run[0]]).replace('{to}', w.dayNames[run[run.length - 1]]));
  const runsBy = (same: (a: number, b: number) => boolean) => {
    const runs: number[][] = [];
    let previous: number | null = null;
    for (const day of order) {
      if (!isOpen(day)) {
        previous = null;
        continue;
      }
      const last = runs[runs.length - 1];
      if (last && previous !== null && same(previous, day)) last.push(day);
      else runs.push([day]);
      previous = day;
    }
    return runs;
  };
  const open = order.filter(isOpen);
  const sessionsKey = (d: number) => JSON.stringify(sortSessions(dayHours[d] ?? []));
  const closes = open.flatMap((d) => (dayHours[d] ?? []).map((s) => s.close)).sort();
  const hours = runsBy((a, b) => sessionsKey(a) === sessionsKey(b))
    .map((run) => {
      const spans = sortSessions(dayHours[run[0]] ?? []).map((s) => w.rangeTo.replace('{from}', sentenceTime(s.open, w.timeOfDay)).replace('{to}', sentenceTime(s.close, w.timeOfDay)));
      return `${open.length === 7 && run.length === 7 ? w.everyDay : range(run)}, ${listOf(spans, w.and)}`;
    })
    .join('; ');
  return {
    openDayCount: open.length,
    openDays: open.length === 7 ? w.everyDay : listOf(runsBy(() => true).map(range), w.and),
    closesAt: closes.length ? sentenceTime(closes[closes.length - 1], w.timeOfDay) : '',
    hours,
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
