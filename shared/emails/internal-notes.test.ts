import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { whatsAppGreeting, whatsAppRecallText, whatsAppText, whatsAppKindLabels, type WhatsAppMessageKind } from './whatsapp';
import { languages } from '../i18n/types';

// APPT-22: every builder of a message to a patient, given an appointment whose internal note is a
// unique marker, writes a message without it. The test enumerates shared/emails: an exported builder not
// named below (a new email) fails it until it is listed as the patient's or the clinic's.
const MARKER = 'INTERNAL-5b21e0';
const appointment = {
  id: 7,
  firstName: 'Sunita',
  lastName: 'Patil',
  email: 'sunita@example.in',
  phone: '+91 98220 66666',
  preferredDate: '2026-11-25',
  preferredTime: '17:00',
  treatment: 'rootcanal',
  notes: MARKER,
  patientNote: 'Please bring your X-rays',
  previousDate: '2026-11-24',
  previousTime: '10:00',
  lastVisit: '2026-05-01',
};

type Builder = (...args: never[]) => { subject: string; text: string; html: string };
const url = 'https://clinic.example/appointment/token';

/** Each patient-facing email builder with the arguments it is called with. */
const patientEmails: Record<string, (fn: Builder, lang: (typeof languages)[number]) => ReturnType<Builder>> = {
  appointmentConfirmedEmail: (fn, language) => (fn as (a: unknown, u: string) => ReturnType<Builder>)({ ...appointment, language }, url),
  appointmentCancelledEmail: (fn, language) => (fn as (a: unknown) => ReturnType<Builder>)({ ...appointment, language }),
  appointmentReminderEmail: (fn, language) => (fn as (a: unknown, u: string) => ReturnType<Builder>)({ ...appointment, language }, url),
  appointmentRescheduledEmail: (fn, language) => (fn as (a: unknown, u: string, ics: boolean) => ReturnType<Builder>)({ ...appointment, language }, url, true),
  bookingAcknowledgementEmail: (fn, language) => (fn as (a: unknown, u: string) => ReturnType<Builder>)({ ...appointment, language }, url),
  followUpEmail: (fn, language) => (fn as (a: unknown) => ReturnType<Builder>)({ appointment: { ...appointment, language }, followUpDate: '2026-12-10', customMessage: 'See you' }),
  recallEmail: (fn, language) => (fn as (a: unknown, u: string) => ReturnType<Builder>)({ ...appointment, language }, url),
  reviewRequestEmail: (fn, language) => (fn as (a: unknown, u: string) => ReturnType<Builder>)({ ...appointment, language }, url),
};
/** Messages to the clinic's own inbox: staff may read their own notes there. */
const clinicEmails = ['bookingNotificationEmail', 'visitorCancelledEmail', 'visitorRequestedTimeEmail'];
/** Not about an appointment: the invoice email is built from the invoice document alone. */
const notAboutAppointments = ['invoiceEmail'];
/** WhatsApp texts to a patient: the WhatsApp test below reads each. */
const whatsAppTexts = ['whatsAppText', 'whatsAppGreeting', 'whatsAppRecallText'];
/** Pieces, not messages. */
const helpers = ['manageLinkBlocks', 'escapeHtml', 'renderEmail', 'emailWords', 'patientNoteRows', 'adminAppointmentUrl', 'whatsAppNumber', 'whatsAppLink', 'suggestedWhatsAppKind'];

describe('internal notes never reach a patient (APPT-22)', () => {
  const dir = path.dirname(new URL(import.meta.url).pathname);
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));

  it('knows every email builder in shared/emails as the patient\'s, the clinic\'s or a helper', async () => {
    for (const file of files) {
      const mod = (await import(path.join(dir, file))) as Record<string, unknown>;
      for (const [name, value] of Object.entries(mod)) {
        if (typeof value !== 'function') continue;
        expect([...Object.keys(patientEmails), ...clinicEmails, ...notAboutAppointments, ...whatsAppTexts, ...helpers], `${file}: ${name}`).toContain(name);
      }
    }
  });

  for (const lang of languages) {
    it(`leaves the marker out of every patient email in ${lang}, and keeps the note for the patient`, async () => {
      const builders: Record<string, Builder> = {};
      for (const file of files) Object.assign(builders, await import(path.join(dir, file)));
      for (const [name, call] of Object.entries(patientEmails)) {
        const email = call(builders[name], lang);
        expect(`${email.subject}\n${email.text}\n${email.html}`, name).not.toContain(MARKER);
      }
      for (const name of ['appointmentConfirmedEmail', 'followUpEmail']) {
        expect(patientEmails[name](builders[name], lang).text, name).toContain('Please bring your X-rays');
      }
    });

    it(`leaves the marker out of every WhatsApp text in ${lang}`, () => {
      for (const kind of Object.keys(whatsAppKindLabels) as WhatsAppMessageKind[]) {
        expect(whatsAppText(kind, appointment, lang)).not.toContain(MARKER);
      }
      expect(whatsAppGreeting(appointment.firstName, lang)).not.toContain(MARKER);
      expect(whatsAppRecallText(appointment.firstName, appointment.lastVisit, lang)).not.toContain(MARKER);
    });
  }
});
