import { WarningOutlined } from '@ant-design/icons';
import { useMedicalHistory } from '../api/medical-history';
import './medical-history-banner.css';

// MED-5: the medical alert banner drawn from the structured history: each alert a chip, the ones that change
// treatment in the chair (a severe allergy, pregnancy, anticoagulants, a pacemaker, bisphosphonates) in red.
// The patient page places it, and so can the chart screen: <MedicalHistoryBanner patientId={id} />.
// Nothing is shown while the patient has no alert. Not a live region: it is read in order with the page.
// MED-8: the alerts are what stands: the confirmed version's, and beside them, marked, what an unconfirmed
// entry adds ("reported at the desk, not yet confirmed"); what such an entry leaves out is listed as kept.
export function MedicalHistoryBanner({ patientId }: { patientId: number }) {
  const history = useMedicalHistory(patientId);
  const h = history.data;
  if (!h || (h.alerts.length === 0 && h.unconfirmedRemovals.length === 0)) return null;
  return (
    <section className="history-banner" aria-label="Medical alerts">
      <WarningOutlined aria-hidden="true" />
      <div>
        <strong>Medical alert</strong>
        <ul>
          {h.alerts.map((a) => (
            <li key={`${a.text}|${a.unconfirmed ?? ''}`} className={`alert-chip${a.level === 'danger' ? ' danger' : ''}${a.unconfirmed ? ' unconfirmed' : ''}`}>
              {a.text}
              {a.unconfirmed && <span className="alert-chip-label">: {a.unconfirmed}</span>}
            </li>
          ))}
        </ul>
        {h.unconfirmedRemovals.length > 0 && (
          <p className="history-banner-note">
            An entry not yet confirmed leaves out {h.unconfirmedRemovals.join(', ')}: kept until a dentist or the owner confirms it.
          </p>
        )}
      </div>
    </section>
  );
}
