import { describe, expect, it } from 'vitest';
import { clinic } from '../constants/clinic';
import { appointmentRescheduledEmail } from './reschedule';

const moved = {
  firstName: 'Priya',
  lastName: 'Kulkarni',
  preferredDate: '2026-11-27',
  preferredTime: '18:00',
  treatment: 'rootcanal',
  notes: null,
  previousDate: '2026-11-24',
  previousTime: '10:00',
};

describe('appointmentRescheduledEmail', () => {
  const email = appointmentRescheduledEmail(moved);

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

describe('appointmentRescheduledEmail in the booking language (I18N-3)', () => {
  const link = 'https://clinic.example.in/appointment/abc';

  it('English: the personal link, and the calendar sentence only when the .ics is attached', () => {
    const withIcs = appointmentRescheduledEmail(moved, link, true);
    expect(withIcs.text).toContain(`Manage my appointment: ${link}`);
    expect(withIcs.text).toContain('The attached calendar file moves the appointment in your calendar to the new time.');
    const without = appointmentRescheduledEmail(moved, link);
    expect(without.text).toContain(`Manage my appointment: ${link}`);
    expect(without.text).not.toContain('calendar file');
  });

  it('Marathi and Hindi: words, Indian dates and the link', () => {
    const mr = appointmentRescheduledEmail({ ...moved, language: 'mr' }, link, true);
    expect(mr.subject).toBe(`तुमच्या अपॉइंटमेंटची वेळ बदलली: २७ नोव्हेंबर, २०२६, 6:00 PM – ${clinic.name}`);
    expect(mr.text).toContain('नवीन तारीख: २७ नोव्हेंबर, २०२६');
    expect(mr.text).toContain('आधीची वेळ: २४ नोव्हेंबर, २०२६, 10:00 AM');
    expect(mr.text).toContain('उपचार: रूट कॅनाल उपचार');
    expect(mr.text).toContain(`माझी अपॉइंटमेंट पाहा: ${link}`);
    expect(mr.html).toContain('<html lang="mr-IN">');

    const hi = appointmentRescheduledEmail({ ...moved, language: 'hi' }, link, true);
    expect(hi.subject).toContain('आपके अपॉइंटमेंट का समय बदल गया: 27 नवंबर 2026, 6:00 PM');
    expect(hi.text).toContain('नया समय: 6:00 PM');
    expect(hi.text).toContain(`मेरा अपॉइंटमेंट देखें: ${link}`);
    expect(hi.text).not.toMatch(/New date|Was:/);
  });
});
