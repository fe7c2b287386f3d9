import { timeSlotLabel, treatmentLabel } from '../constants/booking';
import { formatSentenceDate } from '../domain/dates';
import type { BookingDetails } from './booking';
import { renderEmail, type RenderedEmail } from './layout';
import { formatPhone } from '../domain/phone';

// BOOK-15: what the clinic is told when a visitor acts on their personal link's page.

type Details = Pick<BookingDetails, 'firstName' | 'lastName' | 'phone' | 'preferredDate' | 'preferredTime' | 'treatment'> & { email: string | null };

const rows = (a: Details): [string, string][] => [
  ['Patient', `${a.firstName} ${a.lastName}`],
  ['Phone', formatPhone(a.phone)],
  ['Email', a.email ?? 'none given'],
  ['Date', formatSentenceDate(a.preferredDate)],
  ['Time', timeSlotLabel(a.preferredTime)],
  ['Treatment', treatmentLabel(a.treatment)],
];

/** To the clinic: the visitor cancelled from their link. */
export function visitorCancelledEmail(a: Details, adminUrl?: string): RenderedEmail {
  return renderEmail(
    `Appointment cancelled by the patient: ${a.firstName} ${a.lastName}, ${formatSentenceDate(a.preferredDate)} ${timeSlotLabel(a.preferredTime)}`,
    'A patient has cancelled their appointment from their personal link.',
    [{ rows: rows(a) }, { paragraph: 'The slot is free again.' }, ...adminLink(adminUrl)],
  );
}

/** MAIL-12: the appointment in the admin. */
const adminLink = (url: string | undefined) => (url ? [{ link: { label: 'Open it in the admin', url } }] : []);

/** To the clinic: the visitor asks for another time; staff approve it as a reschedule in the admin. */
export function visitorRequestedTimeEmail(a: Details, requested: { date: string; time: string }, adminUrl?: string): RenderedEmail {
  return renderEmail(
    `New time requested: ${a.firstName} ${a.lastName} asks for ${formatSentenceDate(requested.date)} ${timeSlotLabel(requested.time)}`,
    'A patient asks to move their appointment, from their personal link.',
    [
      { rows: rows(a) },
      { rows: [['Requested', `${formatSentenceDate(requested.date)}, ${timeSlotLabel(requested.time)}`]] },
      { paragraph: 'Open the appointment in the admin panel to approve the new time.' },
      ...adminLink(adminUrl),
    ],
  );
}
