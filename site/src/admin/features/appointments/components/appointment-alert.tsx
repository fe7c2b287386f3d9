import { WarningOutlined } from '@ant-design/icons';
import { useId, useState } from 'react';
import type { Appointment } from '../../../../../../shared/schemas/appointment';
import { MedicalAlert } from '../../../components/medical-alert';

// DATA-11: an appointment answer says only that its patient has alerts. The marker is a button; pressed, it
// reads the patient's medical history (an audited read, MED-6) and shows what stands inline. Each opening asks
// the server again, so each time someone reads the alerts an audit row names them. What it shows is the one
// medical alert (MED-9), compact.

/** The amber "Medical alert" marker of an appointment whose patient has alerts; nothing otherwise. */
export function AppointmentAlert({ appointment: a }: { appointment: Pick<Appointment, 'patientId' | 'hasMedicalAlerts' | 'medicalAlertsUnconfirmed' | 'firstName' | 'lastName'> }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  if (!a.hasMedicalAlerts || !a.patientId) return null;
  const label = `Medical alert${a.medicalAlertsUnconfirmed ? ' (not yet confirmed)' : ''}`;
  return (
    <div className="appointment-alert">
      <button
        type="button"
        className="appointment-alert-toggle"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={`${label}, ${a.firstName} ${a.lastName}`}
        onClick={() => setOpen((o) => !o)}
      >
        <WarningOutlined aria-hidden="true" /> {label}
      </button>
      <div id={panelId} className="appointment-alert-panel">
        {open && <MedicalAlert patientId={a.patientId} compact fresh />}
      </div>
    </div>
  );
}
