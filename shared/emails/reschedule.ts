import { clinic } from '../constants/clinic';
import { fmt } from '../i18n/types';
import type { AppointmentEmailDetails } from './appointment-status';
import { manageLinkBlocks } from './booking';
import { renderEmail, type RenderedEmail } from './layout';
import { emailWords } from './language';

// APPT-12: the front desk moved an appointment (or approved the time the patient asked for, BOOK-15); the
// patient is told the new time (and the old one, so the email cannot be mistaken for a second appointment),
// in the language they booked in (I18N-3). Like the confirmation (MAIL-9, BOOK-12) it carries the personal
// link and, for a confirmed appointment, the updated .ics (the caller attaches it and says so with `ics`).
// Sent through the outbox like every email.

export interface RescheduleEmailDetails extends AppointmentEmailDetails {
  previousDate: string;
  previousTime: string;
}

export function appointmentRescheduledEmail(a: RescheduleEmailDetails, manageUrl?: string, ics = false): RenderedEmail {
  const w = emailWords(a.language);
  return renderEmail(
    fmt(w.t.rescheduledSubject, { date: w.longDate(a.preferredDate), time: w.time(a.preferredTime), clinic: clinic.name }),
    fmt(w.t.dear, { name: `${a.firstName} ${a.lastName}` }),
    [
      { paragraph: w.t.rescheduledIntro },
      {
        rows: [
          [w.t.newDate, w.longDate(a.preferredDate)],
          [w.t.newTime, w.time(a.preferredTime)],
          [w.t.treatment, w.treatment(a.treatment)],
          [w.t.previousTime, `${w.longDate(a.previousDate)}, ${w.time(a.previousTime)}`],
        ],
      },
      // MAIL-13: with the personal link, the email points to it for another time, and to the phone besides.
      { paragraph: manageUrl ? w.t.rescheduledOutroLink : w.t.rescheduledOutro },
      ...manageLinkBlocks(manageUrl, a.language),
      ...(ics ? [{ paragraph: w.t.icsUpdated }] : []),
    ],
    w.lang,
  );
}
