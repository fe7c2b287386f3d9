import { ExclamationCircleFilled, QuestionCircleOutlined, WarningOutlined, WomanOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { isPregnancyAlert, type MedicalAlertItem } from '../../../../shared/clinical/medical-history';
import { medicalHistoryQueryOptions } from '../api/medical-history';
import './medical-alert.css';

// MED-5, MED-8, MED-9: the one medical alert, wherever a patient's alerts show: the patient page, the record
// screen, the chart, an appointment's "Medical alert" (rows, the Today board, the booking and reschedule
// dialogs), the invoice dialog and the clinical summary print. site/src/admin/components/medical-alert.test.ts
// walks the admin's source and fails on a place that shows alerts any other way.
//
// Each alert is a chip, coloured by what it changes in the chair (MED-9): a severe allergy, anticoagulants or a
// bleeding disorder, heart disease or a pacemaker, bisphosphonates and pregnancy red, the others amber; the
// banner itself turns red when one of its alerts is. Never by colour alone: a red alert carries a "!" mark,
// pregnancy its own mark and word, and an alert not yet confirmed a dashed outline, a "?" mark and its label
// ("reported at the desk, not yet confirmed"). `compact` is the small form for rows and dialogs. Not a live
// region: it is read in order with what holds it.

export interface MedicalAlertViewProps {
  alerts: readonly MedicalAlertItem[];
  /** MED-8: what an unconfirmed entry leaves out, kept until it is confirmed. */
  removals?: readonly string[];
  compact?: boolean;
}

function AlertChip({ alert: a }: { alert: MedicalAlertItem }) {
  const pregnancy = isPregnancyAlert(a);
  const classes = ['alert-chip', a.level, pregnancy ? 'pregnancy' : '', a.unconfirmed ? 'unconfirmed' : ''].filter(Boolean).join(' ');
  return (
    <li className={classes} data-level={a.level} data-pregnancy={pregnancy || undefined} data-unconfirmed={a.unconfirmed ? true : undefined}>
      {pregnancy ? (
        <WomanOutlined className="alert-chip-mark" role="img" aria-label="Pregnancy:" />
      ) : a.level === 'danger' ? (
        <ExclamationCircleFilled className="alert-chip-mark" role="img" aria-label="Serious:" />
      ) : null}
      {pregnancy && a.text === 'Pregnant' ? <strong>Pregnant</strong> : a.text}
      {a.unconfirmed && (
        <span className="alert-chip-label">
          <QuestionCircleOutlined aria-hidden="true" /> ({a.unconfirmed})
        </span>
      )}
    </li>
  );
}

/** The alerts as given (the print and tests hand them in; everything else uses MedicalAlert). */
export function MedicalAlertView({ alerts, removals = [], compact }: MedicalAlertViewProps) {
  if (alerts.length === 0 && removals.length === 0) return null;
  const danger = alerts.some((a) => a.level === 'danger');
  const unconfirmed = alerts.some((a) => a.unconfirmed) || removals.length > 0;
  return (
    <section
      className={['medical-alert', compact ? 'compact' : '', danger ? 'danger' : 'warning'].filter(Boolean).join(' ')}
      aria-label="Medical alerts"
      data-medical-alert=""
    >
      <WarningOutlined aria-hidden="true" className="medical-alert-icon" />
      <div>
        <strong className="medical-alert-title">
          Medical alert{unconfirmed && <span className="medical-alert-unconfirmed"> · not yet confirmed in part</span>}
        </strong>
        <ul>
          {alerts.map((a) => (
            <AlertChip key={`${a.text}|${a.unconfirmed ?? ''}`} alert={a} />
          ))}
        </ul>
        {removals.length > 0 && (
          <p className="medical-alert-note">An entry not yet confirmed leaves out {removals.join(', ')}: kept until a dentist or the owner confirms it.</p>
        )}
      </div>
    </section>
  );
}

/**
 * The patient's standing alerts, read from GET .../medical-history (MED-8). `fresh` asks the server again at
 * each mount, so each opening of an appointment's marker is an audited read (DATA-11); it also says when it is
 * loading, failed or found nothing, where the marker was pressed to see them.
 */
export function MedicalAlert({ patientId, compact, fresh }: { patientId: number; compact?: boolean; fresh?: boolean }) {
  const history = useQuery({ ...medicalHistoryQueryOptions(patientId), ...(fresh ? { staleTime: 0, refetchOnWindowFocus: false } : {}) });
  if (history.isPending) return fresh ? <p className="medical-alert-status">Loading the medical alerts…</p> : null;
  if (history.isError || !history.data) return fresh ? <p className="medical-alert-status">Unable to load the medical alerts.</p> : null;
  const h = history.data;
  if (fresh && h.alerts.length === 0 && h.unconfirmedRemovals.length === 0) return <p className="medical-alert-status">No medical alerts on record.</p>;
  return <MedicalAlertView alerts={h.alerts} removals={h.unconfirmedRemovals} compact={compact} />;
}
