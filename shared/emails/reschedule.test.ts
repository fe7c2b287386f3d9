import { describe, expect, it } from 'vitest';
import { clinic } from '../constants/clinic';
import { appointmentRescheduledEmail } from './reschedule';

describe('appointmentRescheduledEmail', () => {
  const email = appointmentRescheduledEmail({
    firstName: 'Priya',
    lastName: 'Kulkarni',
    preferredDate: '2026-11-27',
    preferredTime: '18:00',
    treatment: 'rootcanal',
    notes: null,
    previousDate: '2026-11-24',
    previousTime: '10:00',
  });

  it('gives the new date and time in the subject and body, and the old one for reference', () => {
    expect(email.subject).toBe(`Your appointment has moved to 27 November 2026, 6:00 PM – ${clinic.name}`);
    expect(email.text).toContain('Dear Priya Kulkarni,');
    expect(email.text).toContain('New date: 27 November 2026');
    expect(email.text).toContain('New time: 6:00 PM');
    expect(email.text).toContain('Treatment: Root Canal Treatment');
    expect(email.text).toContain('Was: 24 November 2026, 10:00 AM');
    expect(email.html).toContain('6:00 PM');
  });
});
