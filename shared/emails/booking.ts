import { timeSlotLabel, treatmentLabel } from '../constants/booking';
import { clinic } from '../constants/clinic';
import { formatEnGbLongDate } from '../domain/clinic-time';
import { renderEmail, type EmailBlock, type RenderedEmail } from './layout';

export interface BookingDetails {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  preferredDate: string;
  preferredTime: string;
  treatment: string;
  notes?: string | null;
}

const details = (a: BookingDetails): [string, string][] => [
  ['Date', formatEnGbLongDate(a.preferredDate)],
  ['Time', timeSlotLabel(a.preferredTime)],
  ['Treatment', treatmentLabel(a.treatment)],
];

/**
 * D13: sent to the visitor right after booking, to an address nobody has verified. So it carries nothing
 * the sender chose freely: a fixed subject, and no notes (anyone could otherwise make the clinic mail a
 * stranger their text). Names can hold only letters (shared/schemas/fields.ts); the rest are codes.
 */
export function bookingAcknowledgementEmail(a: BookingDetails, manageUrl?: string): RenderedEmail {
  return renderEmail(`We received your appointment request – ${clinic.name}`, `Dear ${a.firstName} ${a.lastName},`, [
    { paragraph: 'Thank you for choosing us. We have received your appointment request:' },
    { rows: details(a) },
    { paragraph: 'This is a request, not yet a confirmed appointment. We will call or email you soon to confirm it.' },
    ...manageLinkBlocks(manageUrl),
  ]);
}

/** BOOK-12: the visitor's personal link, in every booking, confirmation and reminder email. */
export function manageLinkBlocks(manageUrl: string | undefined): EmailBlock[] {
  if (!manageUrl) return [];
  return [
    { paragraph: 'You can see, cancel or ask to move your appointment with your personal link (please keep it to yourself):' },
    { link: { label: 'Manage my appointment', url: manageUrl } },
  ];
}

/** D13: sent to the clinic's inbox for every new booking, with the visitor's notes. */
export function bookingNotificationEmail(a: BookingDetails): RenderedEmail {
  return renderEmail(
    `New appointment request: ${a.firstName} ${a.lastName}, ${formatEnGbLongDate(a.preferredDate)} ${timeSlotLabel(a.preferredTime)}`,
    'A new appointment request has arrived from the website.',
    [
      {
        rows: [
          ['Patient', `${a.firstName} ${a.lastName}`],
          ['Phone', a.phone],
          ['Email', a.email],
          ...details(a),
          ...(a.notes ? ([['Notes', a.notes]] as [string, string][]) : []),
        ],
      },
      { paragraph: 'Open the admin panel to approve or cancel it.' },
    ],
  );
}
