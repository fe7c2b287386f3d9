import { describe, expect, it } from 'vitest';
import {
  bookingTreatmentCodes,
  bookingTreatments,
  canTransition,
  isTimeSlot,
  timeSlotLabel,
  timeSlots,
  treatmentLabel,
} from './booking';

describe('time slots', () => {
  // CLINIC-5's ten slots, each session's closing hour (2:00 PM, 9:00 PM) included (APPT-20).
  it('labels the ten slots in 12-hour time, 10:00 AM to 9:00 PM (CLINIC-5, APPT-20; ruling D45)', () => {
    expect(timeSlots.map(timeSlotLabel)).toEqual([
      '10:00 AM', '11:00 AM', '12:00 PM', '1:00 PM', '2:00 PM', '5:00 PM', '6:00 PM', '7:00 PM', '8:00 PM', '9:00 PM',
    ]);
    expect(timeSlotLabel('21:00')).toBe('9:00 PM');
    expect(timeSlotLabel('00:30')).toBe('12:30 AM');
    expect(timeSlotLabel('nonsense')).toBe('nonsense');
  });

  it('knows which times are slots', () => {
    expect(isTimeSlot('17:00')).toBe(true);
    expect(isTimeSlot('15:00')).toBe(false);
  });
});

describe('booking treatments', () => {
  it('has the 20 codes with labels, in order', () => {
    expect(bookingTreatmentCodes).toHaveLength(20);
    expect(bookingTreatments.map((t) => t.code)).toEqual([...bookingTreatmentCodes]);
    expect(treatmentLabel('consultation')).toBe('General Consultation');
    expect(treatmentLabel('rootcanal')).toBe('Root Canal Treatment');
    expect(treatmentLabel('other')).toBe('Other');
    expect(treatmentLabel('legacy-code')).toBe('legacy-code');
  });
});

describe('status transitions', () => {
  it('allows only the spec transitions', () => {
    expect(canTransition('pending', 'confirmed')).toBe(true);
    expect(canTransition('pending', 'cancelled')).toBe(true);
    expect(canTransition('confirmed', 'cancelled')).toBe(true);
    expect(canTransition('confirmed', 'completed')).toBe(true);
    expect(canTransition('pending', 'completed')).toBe(false);
    expect(canTransition('completed', 'cancelled')).toBe(false);
    expect(canTransition('cancelled', 'confirmed')).toBe(false);
  });
});
