import { timeSlotLabel, treatmentLabel } from '../constants/booking';
import { clinic } from '../constants/clinic';
import { formatEnGbLongDate } from '../domain/clinic-time';
import { manageLinkBlocks, type BookingDetails } from './booking';
import { renderEmail, type RenderedEmail } from './layout';

// D13 and SPEC 4: the emails an admin's status change sends the patient. Rendered here, in shared/,
// so a preview in the admin shows exactly what the outbox sends.

/** The appointment fields the status emails read (an admin Appointment row has them all). */
export type AppointmentEmailDetails = Pick<
  BookingDetails,
  'firstName' | 'lastName' | 'preferredDate' | 'preferredTime' | 'treatment' | 'notes'
>;

function appointmentRows(a: AppointmentEmailDetails): [string, string][] {
  return [
    ['Date', formatEnGbLongDate(a.preferredDate)],
    ['Time', timeSlotLabel(a.preferredTime)],
    ['Treatment', treatmentLabel(a.treatment)],
    ...(a.notes ? ([['Notes', a.notes]] as [string, string][]) : []),
  ];
}

/** D13: pending -> confirmed. */
export function appointmentConfirmedEmail(a: AppointmentEmailDetails, manageUrl?: string): RenderedEmail {
  return renderEmail(
    `Your appointment is confirmed: ${formatEnGbLongDate(a.preferredDate)}, ${timeSlotLabel(a.preferredTime)} – ${clinic.name}`,
    `Dear ${a.firstName} ${a.lastName},`,
    [
      { paragraph: 'We are pleased to confirm your appointment:' },
      { rows: appointmentRows(a) },
      { paragraph: 'Please arrive 10 minutes early. If you need to change or cancel the appointment, please call us.' },
      ...manageLinkBlocks(manageUrl),
      ...(manageUrl ? [{ paragraph: 'The attached calendar file adds the appointment to your calendar.' }] : []),
    ],
  );
}

/** SPEC 4: pending or confirmed -> cancelled; the patient is told by email. */
export function appointmentCancelledEmail(a: AppointmentEmailDetails): RenderedEmail {
  return renderEmail(
    `Your appointment has been cancelled: ${formatEnGbLongDate(a.preferredDate)}, ${timeSlotLabel(a.preferredTime)} – ${clinic.name}`,
    `Dear ${a.firstName} ${a.lastName},`,
    [
      { paragraph: 'Your appointment below has been cancelled:' },
      { rows: appointmentRows(a) },
      {
        paragraph:
          'If you did not expect this, or would like another time, please call us or book again on our website. ' +
          'We are happy to help.',
      },
    ],
  );
}

/** MAIL-9: the reminder at the lead time before a confirmed appointment, with its .ics and the personal link. */
export function appointmentReminderEmail(a: AppointmentEmailDetails, manageUrl: string): RenderedEmail {
  return renderEmail(
    `Reminder: your appointment on ${formatEnGbLongDate(a.preferredDate)}, ${timeSlotLabel(a.preferredTime)} – ${clinic.name}`,
    `Dear ${a.firstName} ${a.lastName},`,
    [
      { paragraph: 'This is a friendly reminder of your appointment:' },
      { rows: [...appointmentRows(a), ['Address', clinic.addressText]] },
      { paragraph: 'Please arrive 10 minutes early. The attached calendar file adds the appointment to your calendar.' },
      ...manageLinkBlocks(manageUrl),
    ],
  );
}
