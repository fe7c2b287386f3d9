import { timeSlotLabel, treatmentLabel } from '../constants/booking';
import { clinic } from '../constants/clinic';
import { formatSentenceDate } from '../domain/dates';
import { renderEmail, type EmailBlock, type RenderedEmail } from './layout';
import { emailWords } from './language';
import { fmt, type Lang } from '../i18n/types';
import { formatPhone } from '../domain/phone';

export interface BookingDetails {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  preferredDate: string;
  preferredTime: string;
  treatment: string;
  /** APPT-22: internal (staff only, or the visitor's own words to the clinic); never in a patient's message. */
  notes?: string | null;
  /** APPT-22: the note staff wrote for the patient; the one note a patient's message may carry. */
  patientNote?: string | null;
  /** The language the visitor booked in (I18N-3); English when absent. */
  language?: Lang;
}

const details = (a: BookingDetails): [string, string][] => [
  ['Date', formatSentenceDate(a.preferredDate)],
  ['Time', timeSlotLabel(a.preferredTime)],
  ['Treatment', treatmentLabel(a.treatment)],
];

/**
 * MAIL-3: sent to the visitor right after booking, to an address nobody has verified. So it carries nothing
 * the sender chose freely: a fixed subject, and no notes (anyone could otherwise make the clinic mail a
 * stranger their text). Names can hold only letters (shared/schemas/fields.ts); the rest are codes.
 */
export function bookingAcknowledgementEmail(a: BookingDetails, manageUrl?: string): RenderedEmail {
  const w = emailWords(a.language);
  const rows: [string, string][] = [
    [w.t.date, w.longDate(a.preferredDate)],
    [w.t.time, w.time(a.preferredTime)],
    [w.t.treatment, w.treatment(a.treatment)],
  ];
  return renderEmail(
    fmt(w.t.ackSubject, { clinic: clinic.name }),
    fmt(w.t.dear, { name: `${a.firstName} ${a.lastName}` }),
    [{ paragraph: w.t.ackThanks }, { rows }, { paragraph: w.t.ackRequest }, ...manageLinkBlocks(manageUrl, a.language)],
    w.lang,
  );
}

/** BOOK-12: the visitor's personal link, in every booking, confirmation and reminder email. */
export function manageLinkBlocks(manageUrl: string | undefined, language?: Lang): EmailBlock[] {
  if (!manageUrl) return [];
  const w = emailWords(language);
  return [{ paragraph: w.t.manageIntro }, { link: { label: w.t.manageLabel, url: manageUrl } }];
}

/**
 * MAIL-12: where a clinic email about an appointment opens it in the admin: the appointments list searched
 * for the patient's name (the admin is served at the site's own address, under /admin).
 */
export function adminAppointmentUrl(publicUrl: string, a: { firstName: string; lastName: string }): string {
  return `${publicUrl}/admin/appointments?q=${encodeURIComponent(`${a.firstName} ${a.lastName}`.trim())}`;
}

/** MAIL-3: sent to the clinic's inbox for every new booking, with the visitor's notes; MAIL-12: and its admin link. */
export function bookingNotificationEmail(a: BookingDetails, adminUrl?: string): RenderedEmail {
  return renderEmail(
    `New appointment request: ${a.firstName} ${a.lastName}, ${formatSentenceDate(a.preferredDate)} ${timeSlotLabel(a.preferredTime)}`,
    'A new appointment request has arrived from the website.',
    [
      {
        rows: [
          ['Patient', `${a.firstName} ${a.lastName}`],
          ['Phone', formatPhone(a.phone)],
          ['Email', a.email],
          ...details(a),
          ...(a.notes ? ([['Notes', a.notes]] as [string, string][]) : []),
        ],
      },
      { paragraph: 'Open the admin panel to approve or cancel it.' },
      ...(adminUrl ? [{ link: { label: 'Open it in the admin', url: adminUrl } }] : []),
    ],
  );
}
