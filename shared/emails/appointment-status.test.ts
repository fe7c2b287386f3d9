import { describe, expect, it } from 'vitest';
import { clinic } from '../constants/clinic';
import { appointmentCancelledEmail, appointmentConfirmedEmail } from './appointment-status';

const appointment = {
  firstName: 'Priya',
  lastName: 'Kulkarni',
  preferredDate: '2026-11-24',
  preferredTime: '17:00',
  treatment: 'rootcanal',
  patientNote: 'Upper left molar',
};

describe('appointmentConfirmedEmail', () => {
  it('names the patient and the appointment with an en-GB date, the time label and the treatment label', () => {
    const email = appointmentConfirmedEmail(appointment);
    expect(email.subject).toBe(`Your appointment is confirmed: 24 November 2026, 5:00 PM – ${clinic.name}`);
    expect(email.text).toContain('Dear Priya Kulkarni,');
    expect(email.text).toContain('confirm your appointment');
    expect(email.text).toContain('Date: 24 November 2026');
    expect(email.text).toContain('Time: 5:00 PM');
    expect(email.text).toContain('Treatment: Root Canal Treatment');
    expect(email.text).toContain('Note from the clinic: Upper left molar');
    expect(email.html).toContain('Root Canal Treatment');
  });

  it("carries the clinic's contact details", () => {
    const { text, html } = appointmentConfirmedEmail(appointment);
    for (const part of [clinic.phone, clinic.email, clinic.addressText]) {
      expect(text).toContain(part);
      expect(html).toContain(part);
    }
  });

  it('leaves out the note row when there is no note for the patient', () => {
    expect(appointmentConfirmedEmail({ ...appointment, patientNote: null }).text).not.toContain('Note from the clinic:');
  });
});

describe('appointmentCancelledEmail', () => {
  it('says the appointment was cancelled and how to book again', () => {
    const email = appointmentCancelledEmail(appointment);
    expect(email.subject).toBe(`Your appointment has been cancelled: 24 November 2026, 5:00 PM – ${clinic.name}`);
    expect(email.text).toContain('Dear Priya Kulkarni,');
    expect(email.text).toContain('has been cancelled');
    expect(email.text).toContain('Date: 24 November 2026');
    expect(email.text).toContain('book again');
  });

  it('escapes what the patient typed in the HTML part', () => {
    const email = appointmentCancelledEmail({ ...appointment, firstName: '<b>Eve</b>', patientNote: '<script>x()</script>' });
    expect(email.html).not.toContain('<script>');
    expect(email.html).not.toContain('<b>Eve</b>');
    expect(email.html).toContain('&lt;script&gt;x()&lt;/script&gt;');
    expect(email.html).toContain('Dear &lt;b&gt;Eve&lt;/b&gt; Kulkarni,');
  });
});
