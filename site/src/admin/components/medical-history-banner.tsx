import { WarningOutlined } from '@ant-design/icons';
import { useMedicalHistory } from '../api/medical-history';
import './medical-history-banner.css';

// MED-5: the medical alert banner drawn from the structured history: each alert a chip, the ones that change
// treatment in the chair (a severe allergy, pregnancy, anticoagulants, a pacemaker, bisphosphonates) in red.
// The patient page places it, and so can the chart screen: <MedicalHistoryBanner patientId={id} />.
// Nothing is shown while the patient has no alert. Not a live region: it is read in order with the page.
export function MedicalHistoryBanner({ patientId }: { patientId: number }) {
  const history = useMedicalHistory(patientId);
  const h = history.data;
  if (!h || h.alerts.length === 0) return null;
  return (
    <section className="history-banner" aria-label="Medical alerts">
      <WarningOutlined aria-hidden="true" />
      <div>
        <strong>Medical alert</strong>
        <ul>
          {h.alerts.map((a) => (
            <li key={a.text} className={a.level === 'danger' ? 'alert-chip danger' : 'alert-chip'}>
              {a.text}
            </li>
          ))}
        </ul>
        {h.awaitingConfirmation && <p className="history-banner-note">As the patient gave it: not yet confirmed by a dentist.</p>}
      </div>
    </section>
  );
}
