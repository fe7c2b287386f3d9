import { describe, expect, it } from 'vitest';
import { clinic } from '../constants/clinic';
import { suggestedWhatsAppKind, whatsAppLink, whatsAppNumber, whatsAppText } from './whatsapp';

const appointment = { firstName: 'Aarti', treatment: 'cleaning', preferredDate: '2026-12-03', preferredTime: '17:00' };

describe('WhatsApp links (APPT-15)', () => {
  it('adds country code 91 to a ten-digit mobile, whatever the spacing', () => {
    expect(whatsAppNumber('98765 43210')).toBe('919876543210');
    expect(whatsAppNumber('+91 98765-43210')).toBe('919876543210');
    expect(whatsAppNumber('0091 9876543210')).toBe('919876543210');
    expect(whatsAppNumber('09876543210')).toBe('919876543210');
  });

  it('refuses a number that cannot be an Indian mobile', () => {
    expect(whatsAppNumber('12345')).toBeNull();
    expect(whatsAppNumber('+44 20 7946 0958 12')).toBeNull();
    expect(whatsAppLink('12345', 'hi')).toBeNull();
  });

  it('builds a wa.me link with the text encoded', () => {
    expect(whatsAppLink('9876543210', 'Hello & welcome?')).toBe('https://wa.me/919876543210?text=Hello%20%26%20welcome%3F');
  });

  it('writes the confirmation with the treatment, long date and 12-hour time, signed by the clinic', () => {
    const text = whatsAppText('confirmation', appointment);
    expect(text).toContain('Hello Aarti,');
    expect(text).toContain('Teeth Cleaning');
    expect(text).toContain('at 5:00 PM');
    expect(text).toContain('is confirmed');
    expect(text).toContain(clinic.name);
  });

  it('writes a reminder and a follow-up in the same voice', () => {
    expect(whatsAppText('reminder', appointment)).toContain('reminder of your appointment');
    expect(whatsAppText('follow-up', appointment)).toContain('thank you for visiting');
  });

  it('suggests the kind from the status', () => {
    expect(suggestedWhatsAppKind('pending')).toBe('confirmation');
    expect(suggestedWhatsAppKind('Confirmed')).toBe('reminder');
    expect(suggestedWhatsAppKind('completed')).toBe('follow-up');
  });
});
