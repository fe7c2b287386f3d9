import { describe, expect, it } from 'vitest';
import { clinic } from '../constants/clinic';
import { followUpEmail } from './follow-up';

const appointment = {
  firstName: 'Rohan',
  lastName: 'Joshi',
  preferredDate: '2026-11-03',
  preferredTime: '10:00',
  treatment: 'fillings',
  patientNote: 'Filling on lower right',
};

describe('followUpEmail', () => {
  it('gives the suggested date and the previous appointment in en-GB form', () => {
    const email = followUpEmail({ appointment, followUpDate: '2026-12-01', customMessage: null });
    expect(email.subject).toBe(`Your follow-up appointment on 01/12/2026 – ${clinic.name}`);
    expect(email.text).toContain('Dear Rohan Joshi,');
    expect(email.text).toMatch(/Suggested follow-up date\n\nDate: 01\/12\/2026/);
    expect(email.text).toMatch(
      /Your previous appointment\n\nDate: 03\/11\/2026\nTime: 10:00 AM\nTreatment: Dental Fillings\nNote from the clinic: Filling on lower right/,
    );
  });

  it("reads an ISO timestamp as the clinic's calendar date (midnight in Pune is the evening before in UTC)", () => {
    const email = followUpEmail({ appointment, followUpDate: '2026-11-30T18:30:00.000Z' });
    expect(email.text).toContain('Date: 01/12/2026');
  });

  it("includes the clinic's message, one paragraph a line, and leaves the section out when there is none", () => {
    const withMessage = followUpEmail({
      appointment,
      followUpDate: '2026-12-01',
      customMessage: 'Please avoid cold drinks.\nBring your X-ray.',
    });
    expect(withMessage.text).toContain('A message from the clinic\n\nPlease avoid cold drinks.\n\nBring your X-ray.');
    expect(withMessage.html).toContain('<p style="margin:0 0 16px">Please avoid cold drinks.</p>');
    expect(withMessage.html).toContain('<p style="margin:0 0 16px">Bring your X-ray.</p>');

    const without = followUpEmail({ appointment, followUpDate: '2026-12-01', customMessage: '   ' });
    expect(without.text).not.toContain('A message from the clinic');
  });

  it('leaves out the note row when the appointment had no note for the patient', () => {
    expect(followUpEmail({ appointment: { ...appointment, patientNote: null }, followUpDate: '2026-12-01' }).text).not.toContain(
      'Note from the clinic:',
    );
  });

  it("shows an online booking's notes, the visitor's own words, and never a staff booking's internal notes (MAIL-6)", () => {
    const online = followUpEmail({ appointment: { ...appointment, source: 'online', notes: 'Sensitive teeth' }, followUpDate: '2026-12-01' });
    expect(online.text).toMatch(/Treatment: Dental Fillings\nYour note: Sensitive teeth\nNote from the clinic: Filling on lower right/);
    const staff = followUpEmail({ appointment: { ...appointment, source: 'staff', notes: 'Owes 500' }, followUpDate: '2026-12-01' });
    expect(staff.text).not.toContain('Owes 500');
    expect(followUpEmail({ appointment: { ...appointment, notes: 'Owes 500' }, followUpDate: '2026-12-01' }).text).not.toContain('Owes 500');
  });

  it("ends with the clinic's contact details", () => {
    const { text, html } = followUpEmail({ appointment, followUpDate: '2026-12-01' });
    for (const part of [clinic.name, clinic.phone, clinic.email, clinic.addressText]) {
      expect(text).toContain(part);
      expect(html).toContain(part);
    }
  });

  it('escapes the custom message and the notes in the HTML part', () => {
    const email = followUpEmail({
      appointment: { ...appointment, patientNote: '<img src=x onerror=alert(1)>' },
      followUpDate: '2026-12-01',
      customMessage: '<a href="javascript:alert(1)">click</a>',
    });
    expect(email.html).not.toMatch(/<img|<a /);
    expect(email.html).toContain('&lt;a href=&quot;javascript:alert(1)&quot;&gt;click&lt;/a&gt;');
    expect(email.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});
