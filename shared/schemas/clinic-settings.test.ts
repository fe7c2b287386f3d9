import { describe, expect, it } from 'vitest';
import { checkBookingRules, closedReason, slotsOn } from './appointment';
import { clinicSettingsSchema, closedWeekdays, dayHoursOf, defaultClinicSettings } from './clinic-settings';

const defaultsRules = { windowDays: 60, timeSlots: defaultClinicSettings.timeSlots, dayHours: dayHoursOf(defaultClinicSettings) };

describe('clinic settings (SET-4, SET-8)', () => {
  it('defaults to CLINIC-4 and CLINIC-5: two sessions with a break Monday to Saturday, Sunday closed, ten slots (ruling D45)', () => {
    expect(clinicSettingsSchema.parse(defaultClinicSettings)).toEqual(defaultClinicSettings);
    expect(defaultClinicSettings.openingHours.monday).toEqual([
      { open: '10:00', close: '14:00' },
      { open: '17:00', close: '21:00' },
    ]);
    expect(closedWeekdays(defaultClinicSettings)).toEqual([0]);
    // CLINIC-5's ten slots, each closing hour included (APPT-20).
    expect(slotsOn('2026-11-24', defaultsRules)).toEqual(['10:00', '11:00', '12:00', '13:00', '14:00', '17:00', '18:00', '19:00', '20:00', '21:00']);
    expect(slotsOn('2026-11-29', defaultsRules)).toEqual([]);
    expect(defaultClinicSettings.lastAppointmentMinutesBeforeClosing).toBe(0);
    expect(slotsOn('2026-11-24', { ...defaultsRules, lastAppointmentMinutesBeforeClosing: 60 })).toEqual(['10:00', '11:00', '12:00', '13:00', '17:00', '18:00', '19:00', '20:00']);
  });

  it('refuses a session closing before it opens, overlapping sessions, a slot no session holds, and no open day; takes a closing-hour slot (ruling D45)', () => {
    const broken = (patch: object) => clinicSettingsSchema.safeParse({ ...defaultClinicSettings, ...patch }).success;
    const hours = (monday: unknown) => ({ openingHours: { ...defaultClinicSettings.openingHours, monday } });
    expect(broken(hours([{ open: '12:00', close: '11:00' }]))).toBe(false);
    expect(broken(hours([{ open: '10:00', close: '14:00' }, { open: '13:00', close: '18:00' }]))).toBe(false);
    expect(broken({ timeSlots: ['23:00'] })).toBe(false);
    // APPT-20: 14:00, the morning session's closing time, is a slot; 14:30 and 15:00 (the break) are not.
    expect(broken({ timeSlots: ['10:00', '14:00'] })).toBe(true);
    expect(broken({ timeSlots: ['10:00', '14:30'] })).toBe(false);
    expect(broken({ timeSlots: ['15:00'] })).toBe(false);
    // The last appointment's minutes before closing: a whole number 0..240, optional for older clients.
    expect(broken({ lastAppointmentMinutesBeforeClosing: 241 })).toBe(false);
    expect(broken({ lastAppointmentMinutesBeforeClosing: -1 })).toBe(false);
    expect(broken({ lastAppointmentMinutesBeforeClosing: 1.5 })).toBe(false);
    expect(broken({ lastAppointmentMinutesBeforeClosing: 240 })).toBe(true);
    expect(broken({ lastAppointmentMinutesBeforeClosing: undefined })).toBe(true);
    expect(broken({ timeSlots: ['9:00'] })).toBe(false);
    const allClosed = Object.fromEntries(Object.keys(defaultClinicSettings.openingHours).map((d) => [d, []]));
    expect(broken({ openingHours: allClosed })).toBe(false);
    expect(broken({ slotCapacity: 51 })).toBe(false);
    expect(broken({ notificationEmail: 'nobody' })).toBe(false);
  });

  it("still reads an older client's day as one session (an object) or closed (null), sessions sorted", () => {
    const parsed = clinicSettingsSchema.parse({
      ...defaultClinicSettings,
      openingHours: { ...defaultClinicSettings.openingHours, sunday: { open: '10:00', close: '13:00' }, monday: null, tuesday: [{ open: '17:00', close: '21:00' }, { open: '10:00', close: '14:00' }] },
    });
    expect(parsed.openingHours.sunday).toEqual([{ open: '10:00', close: '13:00' }]);
    expect(parsed.openingHours.monday).toEqual([]);
    expect(parsed.openingHours.tuesday.map((s) => s.open)).toEqual(['10:00', '17:00']);
  });
});

describe('the booking rules read the settings (BOOK-4, BOOK-10, APPT-20)', () => {
  const nine = [{ open: '09:00', close: '18:00' }];
  const rules = {
    windowDays: 60,
    timeSlots: ['09:00', '12:00', '17:00'],
    closedWeekdays: [0, 3],
    closedDates: [{ date: '2026-11-27', reason: 'Guru Nanak Jayanti' }],
    dayHours: [[], nine, nine, [], nine, nine, [{ open: '09:00', close: '13:00' }]],
  };
  const now = new Date('2026-11-23T05:00:00Z');

  it('names a closed date with its reason and a closed weekday by name', () => {
    expect(closedReason('2026-11-27', rules)).toBe('The clinic is closed on 27 November 2026: Guru Nanak Jayanti');
    expect(closedReason('2026-11-25', rules)).toBe('The clinic is closed on Wednesdays. For emergencies, please call us.');
    expect(closedReason('2026-11-24', rules)).toBeNull();
  });

  it("offers the slots from a session's opening to its closing", () => {
    expect(slotsOn('2026-11-24', rules)).toEqual(['09:00', '12:00', '17:00']);
    expect(slotsOn('2026-11-28', rules)).toEqual(['09:00', '12:00']);
    const saturdayEvening = { preferredDate: '2026-11-28', preferredTime: '17:00', treatment: 'cleaning' };
    expect(checkBookingRules(saturdayEvening, now, rules)?.message).toBe('Please select a valid time slot');
    expect(checkBookingRules({ ...saturdayEvening, preferredTime: '12:00' }, now, rules)).toBeNull();
  });

  it('refuses a slot in the break between two sessions, offers the closing hour (ruling D45)', () => {
    const split = { ...rules, timeSlots: ['10:00', '13:00', '14:00', '15:00', '17:00'], dayHours: Array(7).fill([{ open: '10:00', close: '14:00' }, { open: '17:00', close: '21:00' }]), closedWeekdays: [] };
    // APPT-20: 14:00 is the morning session's closing hour and a slot; 15:00 lies in the break.
    expect(slotsOn('2026-11-24', split)).toEqual(['10:00', '13:00', '14:00', '17:00']);
    expect(checkBookingRules({ preferredDate: '2026-11-24', preferredTime: '15:00', treatment: 'cleaning' }, now, split)?.message).toBe('Please select a valid time slot');
  });

  it('keeps the ten CLINIC-5 slots when only the window is known (ruling D45)', () => {
    expect(closedReason('2026-11-29', { windowDays: 60 })).toBe('The clinic is closed on Sundays. For emergencies, please call us.');
    // CLINIC-5's ten slots.
    expect(slotsOn('2026-11-24', { windowDays: 60 })).toEqual(['10:00', '11:00', '12:00', '13:00', '14:00', '17:00', '18:00', '19:00', '20:00', '21:00']);
  });
});
