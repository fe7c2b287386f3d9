import { describe, expect, it } from 'vitest';
import {
  formatDayDate,
  formatDayMonth,
  formatDocumentDate,
  formatListDate,
  formatLongDate,
  formatMoment,
  formatMonth,
  formatMonthShort,
  formatWeekdayLongDate,
} from './dates';

// UI-6: the one style of dates, in the clinic's three languages.

describe('dates in the clinic style', () => {
  it('writes a list date with its weekday and no comma before the year', () => {
    expect(formatListDate('2026-11-27')).toBe('Fri, 27 Nov 2026');
    expect(formatListDate('2026-11-02')).toBe('Mon, 2 Nov 2026');
    expect(formatDayDate('2026-11-23')).toBe('Mon, 23 Nov');
    expect(formatDayMonth('2026-11-23')).toBe('23 Nov');
  });

  it('heads the appointment list\'s days with the long US English weekday date (APPT-7)', () => {
    expect(formatWeekdayLongDate('2027-01-29')).toBe('Friday, January 29, 2027');
    expect(formatWeekdayLongDate('2026-03-02')).toBe('Monday, March 2, 2026');
    // An instant is read at the clinic: 18:30 UTC is already the next day in Pune.
    expect(formatWeekdayLongDate('2027-01-28T18:30:00.000Z')).toBe('Friday, January 29, 2027');
  });

  it('writes documents as dd/MM/yyyy and letters with the month in words', () => {
    expect(formatDocumentDate('2026-11-22')).toBe('22/11/2026');
    expect(formatLongDate('2026-11-02')).toBe('2 November 2026');
    expect(formatMonth('2026-11')).toBe('November 2026');
    expect(formatMonthShort('2026-11')).toBe('Nov');
  });

  it('reads an instant at the clinic, not in the machine time zone', () => {
    // 18:30 UTC is midnight in Pune: already the next day there.
    expect(formatDocumentDate('2026-11-21T18:30:00.000Z')).toBe('22/11/2026');
    expect(formatLongDate(new Date('2026-11-21T18:30:00.000Z'))).toBe('22 November 2026');
    expect(formatMoment('2026-11-27T04:35:00.000Z')).toBe('27 Nov 2026, 10:05 am');
    expect(formatMoment('2026-11-27T12:00:00.000Z')).toBe('27 Nov 2026, 5:30 pm');
  });

  it('speaks Marathi and Hindi in their own Indian forms', () => {
    expect(formatLongDate('2026-11-26', 'mr')).toBe('२६ नोव्हेंबर, २०२६');
    expect(formatLongDate('2026-11-26', 'hi')).toBe('26 नवंबर 2026');
    expect(formatListDate('2026-11-27', 'hi')).toMatch(/^शुक्र, 27 नव/);
  });

  it('refuses what is not a date', () => {
    expect(() => formatDocumentDate('not a date')).toThrow(RangeError);
  });
});
