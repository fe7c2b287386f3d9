import { clinic } from '../constants/clinic';
import { manageLinkBlocks, type BookingDetails } from './booking';
import { renderEmail, type RenderedEmail } from './layout';
import { emailWords, type EmailWords } from './language';
import { fmt } from '../i18n/types';

// MAIL-4 and MAIL-5: the emails an admin's status change sends the patient. Rendered here, in shared/,
// so a preview in the admin shows exactly what the outbox sends.

/**
 * The appointment fields the status emails read (an admin Appointment row has them all). APPT-22: not the
 * internal `notes`; only the note for the patient.
 */
export type AppointmentEmailDetails = Pick<
  BookingDetails,
  'firstName' | 'lastName' | 'preferredDate' | 'preferredTime' | 'treatment' | 'patientNote' | 'language'
>;

/** APPT-22: the note for the patient as an email row, when there is one. */
export function patientNoteRows(a: Pick<BookingDetails, 'patientNote'>, w: EmailWords): [string, string][] {
  const note = a.patientNote?.trim();
  return note ? [[w.t.patientNote, note]] : [];
}

function appointmentRows(a: AppointmentEmailDetails, w: EmailWords): [string, string][] {
  return [
    [w.t.date, w.longDate(a.preferredDate)],
    [w.t.time, w.time(a.preferredTime)],
    [w.t.treatment, w.treatment(a.treatment)],
    ...patientNoteRows(a, w),
  ];
}

/** MAIL-4: pending -> confirmed. */
export function appointmentConfirmedEmail(a: AppointmentEmailDetails, manageUrl?: string): RenderedEmail {
  const w = emailWords(a.language);
  return renderEmail(
    fmt(w.t.confirmedSubject, { date: w.longDate(a.preferredDate), time: w.time(a.preferredTime), clinic: clinic.name }),
    fmt(w.t.dear, { name: `${a.firstName} ${a.lastName}` }),
    [
      { paragraph: w.t.confirmedIntro },
      { rows: appointmentRows(a, w) },
      // MAIL-13: with the personal link, the email says what the link does rather than "please call us".
      { paragraph: manageUrl ? w.t.confirmedOutroLink : w.t.confirmedOutro },
      ...manageLinkBlocks(manageUrl, a.language),
      ...(manageUrl ? [{ paragraph: w.t.icsAttached }] : []),
    ],
    w.lang,
  );
}

/** MAIL-5: pending or confirmed -> cancelled; the patient is told by email. */
export function appointmentCancelledEmail(a: AppointmentEmailDetails): RenderedEmail {
  const w = emailWords(a.language);
  return renderEmail(
    fmt(w.t.cancelledSubject, { date: w.longDate(a.preferredDate), time: w.time(a.preferredTime), clinic: clinic.name }),
    fmt(w.t.dear, { name: `${a.firstName} ${a.lastName}` }),
    [{ paragraph: w.t.cancelledIntro }, { rows: appointmentRows(a, w) }, { paragraph: w.t.cancelledOutro }],
    w.lang,
  );
}

/** MAIL-9: the reminder at the lead time before a confirmed appointment, with its .ics and the personal link. */
export function appointmentReminderEmail(a: AppointmentEmailDetails, manageUrl: string): RenderedEmail {
  const w = emailWords(a.language);
  return renderEmail(
    fmt(w.t.reminderSubject, { date: w.longDate(a.preferredDate), time: w.time(a.preferredTime), clinic: clinic.name }),
    fmt(w.t.dear, { name: `${a.firstName} ${a.lastName}` }),
    [
      { paragraph: w.t.reminderIntro },
      { rows: [...appointmentRows(a, w), [w.t.address, clinic.addressText]] },
      { paragraph: w.t.reminderOutro },
      ...manageLinkBlocks(manageUrl, a.language),
    ],
    w.lang,
  );
}
