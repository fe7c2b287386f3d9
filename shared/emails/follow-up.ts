import { timeSlotLabel, treatmentLabel } from '../constants/booking';
import { clinic } from '../constants/clinic';
import { formatEnGbDate } from '../domain/clinic-time';
import type { AppointmentEmailDetails } from './appointment-status';
import { renderEmail, type EmailBlock, type RenderedEmail } from './layout';

export interface FollowUpEmailInput {
  /** The completed appointment the follow-up is about. */
  appointment: AppointmentEmailDetails;
  /** yyyy-MM-dd (a calendar date) or an ISO timestamp (read as the clinic's date in Asia/Kolkata). */
  followUpDate: string;
  customMessage?: string | null;
}

/**
 * SPEC 9: en-GB dates, the previous appointment (date, time, treatment, notes), the suggested date, the
 * clinic's optional message and its contact details (renderEmail adds them). The admin's "Send Follow-up
 * Appointment Email" dialog previews this same function's output.
 */
export function followUpEmail({ appointment: a, followUpDate, customMessage }: FollowUpEmailInput): RenderedEmail {
  const suggested = formatEnGbDate(followUpDate);
  const previous: [string, string][] = [
    ['Date', formatEnGbDate(a.preferredDate)],
    ['Time', timeSlotLabel(a.preferredTime)],
    ['Treatment', treatmentLabel(a.treatment)],
    ...(a.notes ? ([['Notes', a.notes]] as [string, string][]) : []),
  ];
  const message = (customMessage ?? '').trim();
  const messageBlocks: EmailBlock[] = message
    ? [
        { heading: 'A message from the clinic' },
        // One paragraph a line, so the admin's line breaks survive in the HTML too.
        ...message
          .split(/\r?\n/)
          .map((line) => line.trim())
          .filter(Boolean)
          .map((line) => ({ paragraph: line })),
      ]
    : [];

  return renderEmail(`Your follow-up appointment on ${suggested} – ${clinic.name}`, `Dear ${a.firstName} ${a.lastName},`, [
    { paragraph: 'Thank you for visiting us. We would like to see you again for a follow-up appointment.' },
    { heading: 'Suggested follow-up date' },
    { rows: [['Date', suggested]] },
    { heading: 'Your previous appointment' },
    { rows: previous },
    ...messageBlocks,
    { paragraph: 'Please call us to confirm the follow-up or to choose another time that suits you.' },
  ]);
}
