import { clinic } from '../constants/clinic';
import { patientNoteRows, type AppointmentEmailDetails } from './appointment-status';
import { renderEmail, type EmailBlock, type RenderedEmail } from './layout';
import { emailWords } from './language';
import { fmt } from '../i18n/types';
import type { AppointmentSource } from '../schemas/appointment';

export interface FollowUpEmailInput {
  /**
   * The completed appointment the follow-up is about. MAIL-6: an online booking's `notes` are the visitor's own
   * words (APPT-22), shown back to them; a staff booking's are internal and never shown.
   */
  appointment: AppointmentEmailDetails & { source?: AppointmentSource; notes?: string | null };
  /** yyyy-MM-dd (a calendar date) or an ISO timestamp (read as the clinic's date in Asia/Kolkata). */
  followUpDate: string;
  customMessage?: string | null;
}

/** MAIL-6: the visitor's own booking note (an online booking's `notes`), when there is one. */
function visitorNoteRows(a: FollowUpEmailInput['appointment'], w: ReturnType<typeof emailWords>): [string, string][] {
  const note = a.source === 'online' ? a.notes?.trim() : '';
  return note ? [[w.t.visitorNote, note]] : [];
}

/**
 * MAIL-6: en-GB dates, the previous appointment (date, time, treatment, the visitor's own booking note, the
 * note for the patient: APPT-22 keeps the internal notes out), the suggested date, the
 * clinic's optional message and its contact details (renderEmail adds them). The admin's "Send Follow-up
 * Appointment Email" dialog previews this same function's output.
 */
export function followUpEmail({ appointment: a, followUpDate, customMessage }: FollowUpEmailInput): RenderedEmail {
  const w = emailWords(a.language);
  const suggested = w.shortDate(followUpDate);
  const previous: [string, string][] = [
    [w.t.date, w.shortDate(a.preferredDate)],
    [w.t.time, w.time(a.preferredTime)],
    [w.t.treatment, w.treatment(a.treatment)],
    ...visitorNoteRows(a, w),
    ...patientNoteRows(a, w),
  ];
  const message = (customMessage ?? '').trim();
  const messageBlocks: EmailBlock[] = message
    ? [
        { heading: w.t.followUpMessage },
        // One paragraph a line, so the admin's line breaks survive in the HTML too.
        ...message
          .split(/\r?\n/)
          .map((line) => line.trim())
          .filter(Boolean)
          .map((line) => ({ paragraph: line })),
      ]
    : [];

  return renderEmail(
    fmt(w.t.followUpSubject, { date: suggested, clinic: clinic.name }),
    fmt(w.t.dear, { name: `${a.firstName} ${a.lastName}` }),
    [
      { paragraph: w.t.followUpIntro },
      { heading: w.t.followUpSuggested },
      { rows: [[w.t.date, suggested]] },
      { heading: w.t.followUpPrevious },
      { rows: previous },
      ...messageBlocks,
      { paragraph: w.t.followUpOutro },
    ],
    w.lang,
  );
}
