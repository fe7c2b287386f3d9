import { timeSlotLabel, treatmentLabel } from '../constants/booking';
import { clinic } from '../constants/clinic';
import { formatEnGbLongDate } from '../domain/clinic-time';
import type { AppointmentEmailDetails } from './appointment-status';
import { renderEmail, type RenderedEmail } from './layout';

// APPT-12: the front desk moved an appointment; the patient is told the new time (and the old one, so the
// email cannot be mistaken for a second appointment). Sent through the outbox like every email.

export interface RescheduleEmailDetails extends AppointmentEmailDetails {
  previousDate: string;
  previousTime: string;
}

export function appointmentRescheduledEmail(a: RescheduleEmailDetails): RenderedEmail {
  const when = `${formatEnGbLongDate(a.preferredDate)}, ${timeSlotLabel(a.preferredTime)}`;
  return renderEmail(`Your appointment has moved to ${when} – ${clinic.name}`, `Dear ${a.firstName} ${a.lastName},`, [
    { paragraph: 'Your appointment has been moved to a new time:' },
    {
      rows: [
        ['New date', formatEnGbLongDate(a.preferredDate)],
        ['New time', timeSlotLabel(a.preferredTime)],
        ['Treatment', treatmentLabel(a.treatment)],
        ['Was', `${formatEnGbLongDate(a.previousDate)}, ${timeSlotLabel(a.previousTime)}`],
      ],
    },
    { paragraph: 'Please arrive 10 minutes early. If the new time does not suit you, please call us and we will find another.' },
  ]);
}
