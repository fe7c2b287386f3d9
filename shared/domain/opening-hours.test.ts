import { describe, expect, it } from 'vitest';
import { en } from '../i18n/en';
import { mr } from '../i18n/mr';
import { defaultDayHours, hoursLines, openingHoursSpecification, slotFits, slotsInHours } from './opening-hours';

const words = (t: { clinic: { dayNames: readonly string[]; dayRange: string; closed: string; timeOfDay: typeof en.clinic.timeOfDay | typeof mr.clinic.timeOfDay } }) => ({ dayNames: t.clinic.dayNames, dayRange: t.clinic.dayRange, closed: t.clinic.closed, timeOfDay: t.clinic.timeOfDay });

describe('opening hours (SET-8, APPT-20, SITE-28, SITE-29)', () => {
  // APPT-20: a session's slots run from its opening to its closing, both included; N minutes before closing
  // (the clinic's setting, default 0) ends them earlier.
  it("fits a slot from the session's opening to its closing less the last appointment's minutes (ruling D45)", () => {
    expect(slotFits('13:00', { open: '10:00', close: '14:00' })).toBe(true);
    expect(slotFits('14:00', { open: '10:00', close: '14:00' })).toBe(true);
    expect(slotFits('14:00', { open: '10:00', close: '14:00' }, 60)).toBe(false);
    expect(slotFits('13:00', { open: '10:00', close: '14:00' }, 60)).toBe(true);
    expect(slotFits('13:30', { open: '10:00', close: '14:00' }, 30)).toBe(true);
    expect(slotFits('14:01', { open: '10:00', close: '14:00' })).toBe(false);
    expect(slotFits('09:00', { open: '10:00', close: '14:00' })).toBe(false);
    const sessions = [{ open: '10:00', close: '14:00' }, { open: '17:00', close: '21:00' }];
    expect(slotsInHours(['10:00', '13:30', '14:00', '15:00', '17:00', '21:00'], sessions)).toEqual(['10:00', '13:30', '14:00', '17:00', '21:00']);
    expect(slotsInHours(['10:00', '13:30', '14:00', '15:00', '17:00', '21:00'], sessions, 60)).toEqual(['10:00', '17:00']);
    expect(slotsInHours(['10:00'], [])).toEqual([]);
  });

  it('words the default week in English and Marathi, Monday first', () => {
    expect(hoursLines(defaultDayHours, words(en))).toEqual([
      { days: 'Monday - Saturday', times: ['10:00 AM - 2:00 PM', '5:00 PM - 9:00 PM'] },
      { days: 'Sunday', times: ['Closed'] },
    ]);
    expect(hoursLines(defaultDayHours, words(mr))).toEqual([
      { days: 'सोमवार - शनिवार', times: ['सकाळी 10:00 - दुपारी 2:00', 'सायंकाळी 5:00 - रात्री 9:00'] },
      { days: 'रविवार', times: ['बंद'] },
    ]);
  });

  it('gives a day with other hours a line of its own', () => {
    const week = [[{ open: '10:00', close: '13:00' }], ...defaultDayHours.slice(1, 6), [{ open: '10:00', close: '14:00' }]];
    expect(hoursLines(week, words(en)).map((l) => l.days)).toEqual(['Monday - Friday', 'Saturday', 'Sunday']);
    expect(hoursLines(week, words(en))[2].times).toEqual(['10:00 AM - 1:00 PM']);
  });

  it('lists each distinct session with its weekdays for schema.org', () => {
    const week = [[{ open: '10:00', close: '13:00' }], ...defaultDayHours.slice(1)];
    expect(openingHoursSpecification(week)).toEqual([
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Sunday'], opens: '10:00', closes: '13:00' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'], opens: '10:00', closes: '14:00' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'], opens: '17:00', closes: '21:00' },
    ]);
  });
});
