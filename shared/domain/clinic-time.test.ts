import { describe, expect, it } from 'vitest';
import {
  addDays,
  clinicMonthRange,
  clinicNowTime,
  clinicToday,
  financialYearOf,
  isPastDate,
  isSlotPassed,
  isSunday,
  isValidDateString,
} from './clinic-time';

// 18:30 UTC is midnight in Kolkata (UTC+5:30).
const lateNov21 = new Date('2026-11-21T18:29:00Z');
const midnightNov22 = new Date('2026-11-21T18:30:00Z');
const noonMonday = new Date('2026-11-23T06:30:00Z');

describe('clinic clock', () => {
  it('reads today and the time in Kolkata, not UTC', () => {
    expect(clinicToday(lateNov21)).toBe('2026-11-21');
    expect(clinicToday(midnightNov22)).toBe('2026-11-22');
    expect(clinicNowTime(lateNov21)).toBe('23:59');
    expect(clinicNowTime(noonMonday)).toBe('12:00');
  });

  it('gives the month as a half-open range', () => {
    expect(clinicMonthRange(noonMonday)).toEqual({ start: '2026-11-01', end: '2026-12-01' });
    expect(clinicMonthRange(new Date('2026-12-31T20:00:00Z'))).toEqual({ start: '2027-01-01', end: '2027-02-01' });
  });
});

describe('dates', () => {
  it('validates real calendar dates', () => {
    expect(isValidDateString('2028-02-29')).toBe(true);
    expect(isValidDateString('2026-02-29')).toBe(false);
    expect(isValidDateString('2026-13-01')).toBe(false);
    expect(isValidDateString('2026-1-01')).toBe(false);
    expect(isValidDateString('0050-01-01')).toBe(true);
  });

  it('knows Sundays and past dates', () => {
    expect(isSunday('2026-11-22')).toBe(true);
    expect(isSunday('2026-11-23')).toBe(false);
    expect(isPastDate('2026-11-21', midnightNov22)).toBe(true);
    expect(isPastDate('2026-11-22', midnightNov22)).toBe(false);
  });

  it('treats a slot as passed once its start time is reached today', () => {
    expect(isSlotPassed('2026-11-23', '11:00', noonMonday)).toBe(true);
    expect(isSlotPassed('2026-11-23', '12:00', noonMonday)).toBe(true);
    expect(isSlotPassed('2026-11-23', '13:00', noonMonday)).toBe(false);
    expect(isSlotPassed('2026-11-24', '10:00', noonMonday)).toBe(false);
    expect(isSlotPassed('2026-11-22', '21:00', noonMonday)).toBe(true);
  });

  it('finds the April-March financial year', () => {
    expect(financialYearOf('2026-03-31')).toBe('2025-26');
    expect(financialYearOf('2026-04-01')).toBe('2026-27');
    expect(financialYearOf('2099-12-31')).toBe('2099-00');
  });
});

describe('addDays', () => {
  it('walks calendar days across months, years and leap days', () => {
    expect(addDays('2026-11-23', 60)).toBe('2027-01-22');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDays('2026-11-23', 0)).toBe('2026-11-23');
  });
});
