import { timeSlotLabel } from '../constants/booking';
import { localeOf, type Lang } from '../i18n/types';

// UI-6: every date and time a person reads, in one style per kind, made here and nowhere else (the date check,
// scripts/check-dates.test.ts, finds date formatting anywhere else and any use of a retired style). The kinds
// (docs/dates.md), each in English, Marathi and Hindi through Intl's en-IN, mr-IN and hi-IN:
//   formatDate              '27/11/2026'              a date in a list, a table, a field, a document or PDF
//   formatDateTime          '27/11/2026, 10:05 AM'    a date with a time: an instant (the audit trail, a
//                                                     sign-in) or an appointment's day and slot in a list
//   formatSentenceDate      '27 November 2026'        a date in a sentence: emails, WhatsApp, the personal
//                                                     pages, blog posts, messages and explanations
//   formatSentenceDateTime  '27 November 2026, 10:05 AM'  the same with its time
//   formatTime              '10:05 AM'                a time alone, 12-hour with AM/PM as SPEC.md shows slots
//                                                     ('10:00 AM to 9:00 PM'), the same in every language
//   formatWeekdayLongDate   'Friday, January 29, 2027'  only the appointment list's day headings (APPT-7)
//   formatDayDate           'Fri, 27 Nov'             a day inside a week or month already named (the week
//                                                     view's columns, a chart's day axis)
//   formatMonth / formatMonthShort  'November 2026' / 'Nov'  a month (reports, a chart's axis)
// A yyyy-MM-dd string is a calendar date (no time zone moves it); a Date or an ISO timestamp is an instant,
// read at the clinic (Asia/Kolkata, CLINIC-3). Marathi writes its own digits in dates, as Intl does for mr-IN.

const ZONE = 'Asia/Kolkata';
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const CLOCK = /^(\d{2}):(\d{2})(:\d{2})?$/;

type Style = 'date' | 'day' | 'sentence' | 'month' | 'monthShort' | 'clock';

const OPTIONS: Record<Style, Intl.DateTimeFormatOptions> = {
  date: { day: '2-digit', month: '2-digit', year: 'numeric' },
  day: { weekday: 'short', day: 'numeric', month: 'short' },
  sentence: { day: 'numeric', month: 'long', year: 'numeric' },
  month: { month: 'long', year: 'numeric' },
  monthShort: { month: 'short' },
  // Only the hour and minute at the clinic are read from it (as numbers, hourCycle h23).
  clock: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
};

// Building an Intl.DateTimeFormat costs far more than using one: one per style, language and zone.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(style: Style, lang: Lang, timeZone: string): Intl.DateTimeFormat {
  const key = `${style}:${lang}:${timeZone}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(style === 'clock' ? 'en-GB' : localeOf[lang], { ...OPTIONS[style], timeZone });
    formatters.set(key, f);
  }
  return f;
}

function toFormattable(value: string | Date): { date: Date; timeZone: string } {
  if (typeof value === 'string') {
    const m = DATE_ONLY.exec(value);
    if (m) return { date: new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))), timeZone: 'UTC' };
  }
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a date: ${String(value)}`);
  return { date, timeZone: ZONE };
}

function parts(style: Style, value: string | Date, lang: Lang): Record<string, string> {
  const { date, timeZone } = toFormattable(value);
  const out: Record<string, string> = {};
  for (const p of formatter(style, lang, timeZone).formatToParts(date)) if (p.type !== 'literal') out[p.type] = p.value;
  return out;
}

/** '27/11/2026' ('२७/११/२०२६' in Marathi): a date in a list, a table, a field, a document or a PDF. */
export function formatDate(value: string | Date, lang: Lang = 'en'): string {
  const p = parts('date', value, lang);
  return `${p.day}/${p.month}/${p.year}`;
}

/**
 * The conformance suite's name for formatDate (it reads invoice dates with it); product code calls formatDate.
 * @deprecated formatDate
 */
export const formatDocumentDate = formatDate;

/** '8:00 PM' from '20:00' (a slot, a session's opening) or from an instant read at the clinic. */
export function formatTime(value: string | Date): string {
  const clock = typeof value === 'string' ? CLOCK.exec(value) : null;
  if (clock) {
    if (Number(clock[1]) > 23 || Number(clock[2]) > 59) throw new RangeError(`Not a time: ${String(value)}`);
    return timeSlotLabel(`${clock[1]}:${clock[2]}`);
  }
  const p = parts('clock', value, 'en');
  return timeSlotLabel(`${String(Number(p.hour) % 24).padStart(2, '0')}:${p.minute}`);
}

/** '27/11/2026, 10:05 AM': an instant at the clinic, or a calendar date with its time ('2026-11-27', '10:00'). */
export function formatDateTime(value: string | Date, time?: string | null, lang: Lang = 'en'): string {
  const dateOnly = typeof value === 'string' && DATE_ONLY.test(value);
  if (dateOnly && !time) return formatDate(value, lang);
  return `${formatDate(value, lang)}, ${formatTime(dateOnly ? time! : value)}`;
}

/** '27 November 2026' / '२७ नोव्हेंबर, २०२६' / '27 नवंबर 2026': a date in a sentence. */
export function formatSentenceDate(value: string | Date, lang: Lang = 'en'): string {
  const { date, timeZone } = toFormattable(value);
  return formatter('sentence', lang, timeZone).format(date);
}

/** '27 November 2026, 10:05 AM': a date with its time in a sentence (an instant, or a date and a time). */
export function formatSentenceDateTime(value: string | Date, time?: string | null, lang: Lang = 'en'): string {
  const dateOnly = typeof value === 'string' && DATE_ONLY.test(value);
  if (dateOnly && !time) return formatSentenceDate(value, lang);
  return `${formatSentenceDate(value, lang)}, ${formatTime(dateOnly ? time! : value)}`;
}

// APPT-7: the one US English form, the long weekday date that heads each day of the appointment list. Its
// own formatter per zone: the language of the page does not change it.
const weekdayFormatters = new Map<string, Intl.DateTimeFormat>();

/** 'Friday, January 29, 2027': the appointment list's group heading (APPT-7), whatever the language. */
export function formatWeekdayLongDate(value: string | Date): string {
  const { date, timeZone } = toFormattable(value);
  let f = weekdayFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone });
    weekdayFormatters.set(timeZone, f);
  }
  return f.format(date);
}

/** 'Fri, 27 Nov': a day within a week or month already named (the week view, a chart's day axis). */
export function formatDayDate(value: string | Date, lang: Lang = 'en'): string {
  const p = parts('day', value, lang);
  return `${p.weekday}, ${p.day} ${p.month}`;
}

/** 'November 2026' from '2026-11' or a date in it. */
export function formatMonth(value: string | Date, lang: Lang = 'en'): string {
  const v = typeof value === 'string' && /^\d{4}-\d{2}$/.test(value) ? `${value}-01` : value;
  const { date, timeZone } = toFormattable(v);
  return formatter('month', lang, timeZone).format(date);
}

/** 'Nov' from '2026-11' or a date in it (a chart's axis). */
export function formatMonthShort(value: string | Date, lang: Lang = 'en'): string {
  const v = typeof value === 'string' && /^\d{4}-\d{2}$/.test(value) ? `${value}-01` : value;
  return parts('monthShort', v, lang).month;
}
