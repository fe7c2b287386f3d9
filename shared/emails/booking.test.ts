import { describe, expect, it } from 'vitest';
import { clinic } from '../constants/clinic';
import { bookingAcknowledgementEmail, bookingNotificationEmail } from './booking';

const booking = {
  firstName: 'Priya',
  lastName: 'Kulkarni',
  email: 'priya@example.in',
  phone: '+91 98220 12345',
  preferredDate: '2026-11-24',
  preferredTime: '18:00',
  treatment: 'rootcanal',
  notes: 'Visit https://spam.example now',
};

describe('booking emails (MAIL-3)', () => {
  it('acknowledges with a fixed subject and without the notes', () => {
    const mail = bookingAcknowledgementEmail(booking);
    expect(mail.subject).toBe(`We received your appointment request – ${clinic.name}`);
    for (const part of [mail.subject, mail.html, mail.text]) expect(part).not.toContain('spam.example');
    expect(mail.text).toContain('Dear Priya Kulkarni,');
    expect(mail.text).toContain('24 November 2026');
    expect(mail.text).toContain('Root Canal Treatment');
  });

  it('tells the clinic everything, notes included', () => {
    const mail = bookingNotificationEmail(booking);
    expect(mail.text).toContain('Notes: Visit https://spam.example now');
    expect(mail.text).toContain('Phone: +91 98220 12345');
  });
});
