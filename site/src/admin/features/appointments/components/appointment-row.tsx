import { ClockCircleOutlined, MailOutlined, MedicineBoxOutlined, PhoneOutlined } from '@ant-design/icons';
import { memo } from 'react';
import { Link } from 'react-router-dom';
import { timeSlotLabel, treatmentLabel } from '../../../../../../shared/constants/booking';
import type { Appointment } from '../../../../../../shared/schemas/appointment';
import { formatPhone } from '../../../../../../shared/domain/phone';
import { AppointmentStatusBadge } from '../../../components/status-badge';
import { AppointmentAlert } from './appointment-alert';
import { AppointmentActionButtons, CheckInBadge, fullName, type AppointmentHandlers } from './appointment-actions';

/**
 * APPT-22: what an appointment's `notes` are, by who wrote them. A visitor's own booking notes are the
 * patient's words; notes written at the desk are the staff's internal note.
 */
export function notesLabel(a: Pick<Appointment, 'source'>): string {
  return a.source === 'online' ? "Patient's note" : 'Internal note';
}

interface AppointmentRowProps {
  appointment: Appointment;
  handlers: AppointmentHandlers;
  /**
   * The list's full row (the name links to the patient page, time and email shown, Delete offered). The
   * calendar's slot rows leave those out: the slot gives the time and the row stays short.
   */
  full?: boolean;
}

/**
 * One appointment as a row with its actions, in the list and in the calendar's slots. Memoised: typing in
 * the search box re-renders the page, not the rows already on screen.
 */
export const AppointmentRow = memo(function AppointmentRow({ appointment: a, handlers, full = false }: AppointmentRowProps) {
  const name = fullName(a);
  return (
    <li className="list-row appointment-row">
      <div className="row-main">
        <div className="row-title-line">
          <p className="row-title" id={`appointment-${a.id}-name`}>
            {/* BOOK-19: every booking has a patient; the name opens their page. */}
            {a.patientId ? <Link to={`/patients/${a.patientId}`}>{name}</Link> : name}
          </p>
          <AppointmentStatusBadge status={a.status} />
          {a.bookedAnyway && <span className="badge badge-amber">Booked anyway</span>}
          <CheckInBadge appointment={a} />
        </div>
        <p className="row-meta">
          {full && (
            <span>
              <ClockCircleOutlined aria-hidden="true" /> {timeSlotLabel(a.preferredTime)}
            </span>
          )}
          <span>
            <MedicineBoxOutlined aria-hidden="true" /> {treatmentLabel(a.treatment)}
          </span>
          <span>
            <PhoneOutlined aria-hidden="true" /> {formatPhone(a.phone)}
          </span>
          {full && a.email && (
            <span>
              <MailOutlined aria-hidden="true" /> {a.email}
            </span>
          )}
        </p>
        <AppointmentAlert appointment={a} />
        {a.notes && (
          <p className="row-notes">
            {notesLabel(a)}: {a.notes}
          </p>
        )}
        {a.patientNote && <p className="row-notes">Note for the patient: {a.patientNote}</p>}
      </div>
      <div className="row-actions">
        <AppointmentActionButtons appointment={a} handlers={handlers} withDelete={full} />
      </div>
    </li>
  );
});
