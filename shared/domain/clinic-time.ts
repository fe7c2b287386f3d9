// CLINIC-3: every "today", "this month" and "past" rule uses the clinic's clock in Asia/Kolkata,
// whatever time zone the server or the visitor's browser is in.

export const CLINIC_TIME_ZONE = 'Asia/Kolkata';

const partsFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: CLINIC_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function clinicParts(now: Date): { year: string; month: string; day: string; hour: string; minute: string } {
  const parts: Record<string, string> = {};
  for (const part of partsFormat.formatToParts(now)) parts[part.type] = part.value;
  return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour, minute: parts.minute };
}

/** Today's date at the clinic, yyyy-MM-dd. */
export function clinicToday(now: Date): string {
  const p = clinicParts(now);
  return `${p.year}-${p.month}-${p.day}`;
}

/** The clinic's wall-clock time, HH:mm (24-hour). */
export function clinicNowTime(now: Date): string {
  const p = clinicParts(now);
  return `${p.hour}:${p.minute}`;
}

/** This calendar month at the clinic as a half-open range: start <= date < end. */
export function clinicMonthRange(now: Date): { start: string; end: string } {
  const p = clinicParts(now);
  const year = Number(p.year);
  const month = Number(p.month);
  const next = month === 12 ? `${year + 1}-01-01` : `${p.year}-${String(month + 1).padStart(2, '0')}-01`;
  return { start: `${p.year}-${p.month}-01`, end: next };
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written yyyy-MM-dd (rejects 2026-02-30). */
export function isValidDateString(value: string): boolean {
  const match = DATE_ONLY.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const daysInMonth = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return day <= daysInMonth;
}

// A calendar date as a UTC instant, so formatting in UTC never shifts it by a day.
function calendarDate(dateStr: string): Date {
  if (!isValidDateString(dateStr)) throw new RangeError(`Not a yyyy-MM-dd date: ${dateStr}`);
  const [year, month, day] = dateStr.split('-').map(Number);
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  return date;
}

/** The calendar date `days` after a yyyy-MM-dd date (negative: before), e.g. the last day a visitor may book. */
export function addDays(dateStr: string, days: number): string {
  const date = calendarDate(dateStr);
  date.setUTCDate(date.getUTCDate() + days);
  const year = String(date.getUTCFullYear()).padStart(4, '0');
  return `${year}-${String(date.getUTCMonth() + 1).padStart(2, '0')}-${String(date.getUTCDate()).padStart(2, '0')}`;
}

export function isSunday(dateStr: string): boolean {
  return calendarDate(dateStr).getUTCDay() === 0;
}

/** Before today at the clinic; today itself is not past. */
export function isPastDate(dateStr: string, now: Date): boolean {
  return dateStr < clinicToday(now);
}

/** A slot has passed once its start time is reached at the clinic on that day, or the day is past. */
export function isSlotPassed(dateStr: string, slot: string, now: Date): boolean {
  const today = clinicToday(now);
  if (dateStr < today) return true;
  if (dateStr > today) return false;
  return slot <= clinicNowTime(now);
}

/** India's financial year (April to March) holding a date: '2026-04-01' -> '2026-27'. */
export function financialYearOf(dateStr: string): string {
  const date = calendarDate(dateStr);
  const start = date.getUTCMonth() >= 3 ? date.getUTCFullYear() : date.getUTCFullYear() - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** The instant a clinic day ends (the next day's midnight in Kolkata, +05:30 all year): times before it are on or before that day. */
export function clinicDayEnd(dateStr: string): Date {
  return new Date(`${addDays(dateStr, 1)}T00:00:00+05:30`);
}
