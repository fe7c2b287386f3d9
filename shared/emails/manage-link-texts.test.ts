import { describe, expect, it } from 'vitest';
import { languages } from '../i18n/types';
import { emailWords } from './language';
import { appointmentConfirmedEmail, appointmentReminderEmail } from './appointment-status';
import { bookingAcknowledgementEmail } from './booking';
import { appointmentRescheduledEmail } from './reschedule';

// MAIL-13: an email that carries the personal link says what the link does (cancel up to 2 hours before, ask
// for another time, BOOK-15) and does not send the patient to the phone for it; the phone stays as the
// other way. Without a link (staff booked it for someone without an email: no email at all, or a test of the
// template) the phone is the way, as before. In every language.

const url = 'https://clinic.example.in/appointment/' + 'T'.repeat(43);
const base = { firstName: 'Asha', lastName: 'Patil', preferredDate: '2026-12-08', preferredTime: '11:00', treatment: 'cleaning', patientNote: null };

describe.each(languages)('in %s', (language) => {
  const w = emailWords(language).t;
  const a = { ...base, language };

  it('the confirmation with its link points to the link for cancelling or another time, and to the phone besides', () => {
    const withLink = appointmentConfirmedEmail(a, url).text;
    expect(withLink).toContain(w.confirmedOutroLink);
    expect(withLink).not.toContain(w.confirmedOutro);
    expect(withLink).toContain(url);
    expect(withLink.indexOf(w.confirmedOutroLink)).toBeLessThan(withLink.indexOf(url)); // "the link below"
    const without = appointmentConfirmedEmail(a).text;
    expect(without).toContain(w.confirmedOutro);
    expect(without).not.toContain(w.confirmedOutroLink);
  });

  it('the reschedule with its link points to the link for another time', () => {
    const moved = { ...a, previousDate: '2026-12-07', previousTime: '10:00' };
    const withLink = appointmentRescheduledEmail(moved, url, true).text;
    expect(withLink).toContain(w.rescheduledOutroLink);
    expect(withLink).not.toContain(w.rescheduledOutro);
    expect(appointmentRescheduledEmail(moved).text).toContain(w.rescheduledOutro);
  });

  it('no email with the personal link tells the patient to call to change or cancel', () => {
    const emails = [appointmentConfirmedEmail(a, url), appointmentReminderEmail(a, url), bookingAcknowledgementEmail({ ...a, email: 'a@example.in', phone: '+919822010000', notes: null }, url)];
    for (const email of emails) {
      expect(email.text).toContain(url);
      expect(email.text).not.toContain(emailWords(language).t.confirmedOutro);
      expect(email.text).not.toContain(emailWords(language).t.rescheduledOutro);
    }
  });
});
