import { describe, expect, it } from 'vitest';
import { checkBookingRules, closedReason, slotsOn } from './appointment';
import { clinicSettingsSchema, closedWeekdays, defaultClinicSettings, slotsForDate } from './clinic-settings';

describe('clinic settings (SET-4)', () => {
  it('defaults to CLINIC-4 and CLINIC-5: every slot Monday to Saturday, Sunday closed', () => {
    expect(clinicSettingsSchema.parse(defaultClinicSettings)).toEqual(defaultClinicSettings);
    expect(closedWeekdays(defaultClinicSettings)).toEqual([0]);
    expect(slotsForDate(defaultClinicSettings, '2026-11-24')).toEqual(defaultClinicSettings.timeSlots);
    expect(slotsForDate(defaultClinicSettings, '2026-11-29')).toEqual([]);
  });

  it('refuses a day closing before it opens, a slot outside every open day, and no open day', () => {
    const broken = (patch: object) => clinicSettingsSchema.safeParse({ ...defaultClinicSettings, ...patch }).success;
    expect(broken({ openingHours: { ...defaultClinicSettings.openingHours, monday: { open: '12:00', close: '11:00' } } })).toBe(false);
    expect(broken({ timeSlots: ['23:00'] })).toBe(false);
    expect(broken({ timeSlots: ['9:00'] })).toBe(false);
    const allClosed = Object.fromEntries(Object.keys(defaultClinicSettings.openingHours).map((d) => [d, null]));
    expect(broken({ openingHours: allClosed })).toBe(false);
    expect(broken({ slotCapacity: 51 })).toBe(false);
    expect(broken({ notificationEmail: 'nobody' })).toBe(false);
  });
});

describe('the booking rules read the settings (BOOK-4, BOOK-10)', () => {
  const rules = {
    windowDays: 60,
    timeSlots: ['09:00', '17:00'],
    closedWeekdays: [0, 3],
    closedDates: [{ date: '2026-11-27', reason: 'Guru Nanak Jayanti' }],
    dayHours: [null, ...Array(6).fill({ open: '09:00', close: '18:00' })].map((h, i) => (i === 6 ? { open: '09:00', close: '13:00' } : i === 3 ? null : h)),
  };
  const now = new Date('2026-11-23T05:00:00Z');

  it('names a closed date with its reason and a closed weekday by name', () => {
    expect(closedReason('2026-11-27', rules)).toBe('The clinic is closed on 27 Nov 2026: Guru Nanak Jayanti');
    expect(closedReason('2026-11-25', rules)).toBe('The clinic is closed on Wednesdays. For emergencies, please call us.');
    expect(closedReason('2026-11-24', rules)).toBeNull();
  });

  it("offers the slots inside the weekday's hours", () => {
    expect(slotsOn('2026-11-24', rules)).toEqual(['09:00', '17:00']);
    expect(slotsOn('2026-11-28', rules)).toEqual(['09:00']);
    const saturdayEvening = { preferredDate: '2026-11-28', preferredTime: '17:00', treatment: 'cleaning' };
    expect(checkBookingRules(saturdayEvening, now, rules)?.message).toBe('Please select a valid time slot');
    expect(checkBookingRules({ ...saturdayEvening, preferredTime: '09:00' }, now, rules)).toBeNull();
  });

  it('keeps the CLINIC-5 slots when only the window is known', () => {
    expect(closedReason('2026-11-29', { windowDays: 60 })).toBe('The clinic is closed on Sundays. For emergencies, please call us.');
    expect(slotsOn('2026-11-24', { windowDays: 60 })).toContain('21:00');
  });
});
