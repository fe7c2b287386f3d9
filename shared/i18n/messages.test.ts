import { describe, expect, it } from 'vitest';
import { beyondWindowMessage, appointmentRequestSchema, checkBookingDate } from '../schemas/appointment';
import { bookingRateLimitMessage, contactLimitMessage, HONEYPOT_MESSAGE, SLOT_FULL_MESSAGE } from '../constants/booking';
import { catalogues } from './index';
import { translateMessage } from './messages';
import { validationMessages } from './validation-en';

// I18N-5: the schema's and the server's English messages are all known, so the form can show each in
// Marathi or Hindi; English passes through unchanged.

const known = new Set<string>(Object.values(validationMessages));

describe('translateMessage', () => {
  it('knows every message the booking schema gives for bad input', () => {
    const bad = [
      {},
      { firstName: 'A', lastName: 'B', email: 'x', phone: '12', preferredDate: '2026-02-30', preferredTime: 'x'.repeat(9), treatment: 'x'.repeat(50), notes: 'x'.repeat(1001) },
      { firstName: 'A1', lastName: 'Dr.Xy', email: `${'a'.repeat(250)}@b.co`, phone: 'abc'.repeat(8), preferredDate: '', preferredTime: '', treatment: '' },
      { firstName: 'x'.repeat(51), lastName: 'y'.repeat(51) },
    ];
    for (const input of bad) {
      const result = appointmentRequestSchema.safeParse(input);
      expect(result.success).toBe(false);
      for (const issue of result.error!.issues) expect(known, issue.message).toContain(issue.message);
    }
  });

  it('knows the day rules and the server refusals', () => {
    const now = new Date('2026-11-24T05:00:00Z');
    for (const date of ['2026-11-01', '2026-11-29', '2027-06-01']) {
      const problem = checkBookingDate(date, now, { windowDays: 60 });
      expect(problem).not.toBeNull();
      expect(translateMessage(problem!.message, catalogues.mr.validation)).not.toBe(problem!.message);
    }
    for (const m of [SLOT_FULL_MESSAGE, HONEYPOT_MESSAGE, contactLimitMessage(1), contactLimitMessage(3), bookingRateLimitMessage(30), bookingRateLimitMessage(600)]) {
      expect(translateMessage(m, catalogues.hi.validation)).not.toBe(m);
      expect(translateMessage(m, catalogues.en.validation)).toBe(m);
    }
  });

  it('fills the numbers into the translation', () => {
    expect(translateMessage(beyondWindowMessage(45), catalogues.mr.validation)).toBe('कृपया पुढच्या 45 दिवसांतील तारीख निवडा');
    expect(translateMessage(bookingRateLimitMessage(600), catalogues.hi.validation)).toContain('10 मिनट');
  });

  it('leaves unknown text alone', () => {
    expect(translateMessage('Something else', catalogues.mr.validation)).toBe('Something else');
  });
});
