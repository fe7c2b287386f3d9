import { localeOf, type Lang } from '../i18n/types';

// UI-6: every date a person reads, in one Indian style, made here and nowhere else (a test,
// shared/domain/dates-usage.test.ts, finds date formatting anywhere else). Intl with en-IN, mr-IN or hi-IN:
//   weekday   'Friday, January 29, 2027' the appointment list's group headings, in US English as APPT-7 shows them
//   list      'Fri, 27 Nov 2026'      screens and lists: the calendar, the patient page, dialogs
//   day       'Fri, 27 Nov'           a day inside a week already named (the week view, a chart's axis)
//   document  '27/11/2026'            invoices, receipts, reports, follow-up emails (GST documents in India)
//   long      '27 November 2026'      what the patient reads: emails, the personal pages, blog posts
//   moment    '27 Nov 2026, 10:05 am' an instant: the audit trail, sessions, sign-ins, reviews
//   month     'November 2026'         a month (the GST report, the revenue chart)
//   time      '10:05:32 am'           a time of day at the clinic (the desktop app's last try)
// A yyyy-MM-dd string is a calendar date (no time zone moves it); a Date or an ISO timestamp is an instant,
// read at the clinic (Asia/Kolkata, CLINIC-3). Marathi writes its own digits, as Intl does for mr-IN.

const ZONE = 'Asia/Kolkata';
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

type Style = 'list' | 'day' | 'document' | 'long' | 'moment' | 'month' | 'dayMonth' | 'monthShort' | 'time';

const OPTIONS: Record<Style, Intl.DateTimeFormatOptions> = {
  list: { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' },
  day: { weekday: 'short', day: 'numeric', month: 'short' },
  document: { day: '2-digit', month: '2-digit', year: 'numeric' },
  long: { day: 'numeric', month: 'long', year: 'numeric' },
  moment: { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true },
  month: { month: 'long', year: 'numeric' },
  dayMonth: { day: 'numeric', month: 'short' },
  monthShort: { month: 'short' },
  time: { hour: 'numeric', minute: '2-digit', second: '2-digit', hour12: true },
};

// Building an Intl.DateTimeFormat costs far more than using one: one per style, language and zone.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(style: Style, lang: Lang, timeZone: string): Intl.DateTimeFormat {
  const key = `${style}:${lang}:${timeZone}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(localeOf[lang], { ...OPTIONS[style], timeZone });
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

/** 'Fri, 27 Nov 2026' (Intl's en-IN adds a comma before the year; the clinic writes it without). */
export function formatListDate(value: string | Date, lang: Lang = 'en'): string {
  const p = parts('list', value, lang);
  return `${p.weekday}, ${p.day} ${p.month} ${p.year}`;
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

/** 'Fri, 27 Nov': a day within a week or month already named. */
export function formatDayDate(value: string | Date, lang: Lang = 'en'): string {
  const p = parts('day', value, lang);
  return `${p.weekday}, ${p.day} ${p.month}`;
}

/** '27 Nov' (a chart's axis). */
export function formatDayMonth(value: string | Date, lang: Lang = 'en'): string {
  const p = parts('dayMonth', value, lang);
  return `${p.day} ${p.month}`;
}

/** '27/11/2026': invoices, receipts, reports and the follow-up email. */
export function formatDocumentDate(value: string | Date, lang: Lang = 'en'): string {
  const p = parts('document', value, lang);
  return `${p.day}/${p.month}/${p.year}`;
}

/** '27 November 2026' / '२७ नोव्हेंबर, २०२६' / '27 नवंबर 2026': what the patient reads. */
export function formatLongDate(value: string | Date, lang: Lang = 'en'): string {
  const { date, timeZone } = toFormattable(value);
  return formatter('long', lang, timeZone).format(date);
}

/** '27 Nov 2026, 10:05 am': an instant at the clinic. */
export function formatMoment(value: string | Date, lang: Lang = 'en'): string {
  const p = parts('moment', value, lang);
  return `${p.day} ${p.month} ${p.year}, ${p.hour}:${p.minute} ${(p.dayPeriod ?? '').toLowerCase()}`.trimEnd();
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

/** '10:05:32 am': a time of day at the clinic. */
export function formatTimeOfDay(value: Date, lang: Lang = 'en'): string {
  const p = parts('time', value, lang);
  return `${p.hour}:${p.minute}:${p.second} ${(p.dayPeriod ?? '').toLowerCase()}`.trimEnd();
}
