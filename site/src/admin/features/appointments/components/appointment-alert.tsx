import { WarningOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { Appointment } from '../../../../../../shared/schemas/appointment';
import { medicalHistoryQueryOptions } from '../../../api/medical-history';
import { MedicalAlert } from '../../../components/medical-alert';

// DATA-11: an appointment answer says only that its patient has alerts. The marker is a button; pressed, it
// reads the patient's medical history (an audited read, MED-6) and shows what stands inline. Each opening asks
// the server again, so each time someone reads the alerts an audit row names them.

function StandingAlerts({ patientId }: { patientId: number }) {
  const history = useQuery({ ...medicalHistoryQueryOptions(patientId), staleTime: 0, refetchOnWindowFocus: false });
  if (history.isPending) return <p className="appointment-alert-status">Loading the medical alerts…</p>;
  if (history.isError) return <p className="appointment-alert-status">Unable to load the medical alerts.</p>;
  const { alerts } = history.data;
  if (alerts.length === 0) return <p className="appointment-alert-status">No medical alerts on record.</p>;
  const line = alerts.map((a) => (a.unconfirmed ? `${a.text} (${a.unconfirmed})` : a.text)).join(' · ');
  return <MedicalAlert alerts={line} compact />;
}

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
        {open && <StandingAlerts patientId={a.patientId} />}
      </div>
    </div>
  );
}
