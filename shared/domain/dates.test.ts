import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatDayDate,
  formatMonth,
  formatMonthShort,
  formatSentenceDate,
  formatSentenceDateTime,
  formatTime,
  formatWeekdayLongDate,
} from './dates';

// UI-6: one style per kind of date, in the clinic's three languages (docs/dates.md).

describe('a date in a list, a table or a document', () => {
  it('is dd/MM/yyyy in English and Hindi, in Marathi digits in Marathi', () => {
    expect(formatDate('2026-11-22')).toBe('22/11/2026');
    expect(formatDate('2026-12-07', 'hi')).toBe('07/12/2026');
    expect(formatDate('2026-12-07', 'mr')).toBe('०७/१२/२०२६');
  });

  it('reads an instant at the clinic, not in the machine time zone', () => {
    // 18:30 UTC is midnight in Pune: already the next day there.
    expect(formatDate('2026-11-21T18:30:00.000Z')).toBe('22/11/2026');
  });

  it('refuses what is not a date', () => {
    expect(() => formatDate('not a date')).toThrow(RangeError);
  });
});

describe('a time', () => {
  it('is 12-hour with AM or PM as SPEC.md shows slots, from a clock time or an instant', () => {
    expect(formatTime('20:00')).toBe('8:00 PM');
    expect(formatTime('10:00')).toBe('10:00 AM');
    expect(formatTime('12:30')).toBe('12:30 PM');
    expect(formatTime('00:05:00')).toBe('12:05 AM');
    expect(formatTime('2026-12-07T17:37:00.000Z')).toBe('11:07 PM');
    expect(formatTime(new Date('2026-12-07T18:35:00.000Z'))).toBe('12:05 AM');
  });

  it('refuses a clock time that is not one', () => {
    expect(() => formatTime('25:00')).toThrow(RangeError);
  });
});

describe('a date with a time', () => {
  it('is the list date and the time, for an instant or a date and its slot, in every language', () => {
    expect(formatDateTime('2026-12-07T17:37:00.000Z')).toBe('07/12/2026, 11:07 PM');
    expect(formatDateTime('2026-12-08', '11:00')).toBe('08/12/2026, 11:00 AM');
    expect(formatDateTime('2026-12-08', '20:00', 'hi')).toBe('08/12/2026, 8:00 PM');
    expect(formatDateTime('2026-12-08', '20:00', 'mr')).toBe('०८/१२/२०२६, 8:00 PM');
    // A date with no time is the date alone.
    expect(formatDateTime('2026-12-08', null)).toBe('08/12/2026');
  });
});

describe('a date in a sentence', () => {
  it('names the month in words, in each language\'s Indian form', () => {
    expect(formatSentenceDate('2026-12-08')).toBe('8 December 2026');
    expect(formatSentenceDate('2026-11-26', 'mr')).toBe('२६ नोव्हेंबर, २०२६');
    expect(formatSentenceDate('2026-11-26', 'hi')).toBe('26 नवंबर 2026');
    expect(formatSentenceDate(new Date('2026-11-21T18:30:00.000Z'))).toBe('22 November 2026');
  });

  it('adds the one time style when it has a time', () => {
    expect(formatSentenceDateTime('2026-12-08', '20:00')).toBe('8 December 2026, 8:00 PM');
    expect(formatSentenceDateTime('2026-11-26', '17:00', 'hi')).toBe('26 नवंबर 2026, 5:00 PM');
    expect(formatSentenceDateTime('2026-11-26', '17:00', 'mr')).toBe('२६ नोव्हेंबर, २०२६, 5:00 PM');
    expect(formatSentenceDateTime('2026-12-07T17:37:00.000Z')).toBe('7 December 2026, 11:07 PM');
  });
});

describe('the forms SPEC.md names and the named-period styles', () => {
  it('heads the appointment list\'s days with the long US English weekday date (APPT-7)', () => {
    expect(formatWeekdayLongDate('2027-01-29')).toBe('Friday, January 29, 2027');
    expect(formatWeekdayLongDate('2026-03-02')).toBe('Monday, March 2, 2026');
    // An instant is read at the clinic: 18:30 UTC is already the next day in Pune.
    expect(formatWeekdayLongDate('2027-01-28T18:30:00.000Z')).toBe('Friday, January 29, 2027');
  });

  it('writes a day inside a named week, and a month', () => {
    expect(formatDayDate('2026-11-23')).toBe('Mon, 23 Nov');
    expect(formatDayDate('2026-11-27', 'hi')).toMatch(/^शुक्र, 27 नव/);
    expect(formatMonth('2026-11')).toBe('November 2026');
    expect(formatMonth('2026-11', 'hi')).toBe('नवंबर 2026');
    expect(formatMonthShort('2026-11')).toBe('Nov');
  });
});
