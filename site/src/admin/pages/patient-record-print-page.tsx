import { ArrowLeftOutlined, PrinterOutlined } from '@ant-design/icons';
import { Button, Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { noteSectionLabels, noteSections } from '../../../../shared/clinical/visit-note';
import { itemDate } from '../../../../shared/clinical/item-dates';
import { sittingNotes } from '../../../../shared/clinical/sittings';
import { surfaceLabel } from '../../../../shared/clinical/teeth';
import { statusWords } from '../features/chart/chart-colours';
import { clinic } from '../../../../shared/constants/clinic';
import { formatDate } from '../../../../shared/domain/dates';
import type { ClinicalItem, PatientChart } from '../../../../shared/schemas/clinical-item';
import { patientName } from '../../../../shared/schemas/patient';
import { api } from '../../lib/api-client';
import { clockNow } from '../../lib/clock';
import { usePatient } from '../api/get-patient';
import { useMedicalHistory } from '../api/medical-history';
import { ClinicLogo } from '../components/clinic-logo';
import { ErrorState } from '../components/list-states';
import { MedicalAlertView } from '../components/medical-alert';
import { useVisitNotes } from '../features/record/api/visit-notes';
import { when } from '../features/record/components/when';
import '../features/record/record-print.css';
import { usePageTitle } from '../hooks/use-page-title';
import { formatPhone } from '../../../../shared/domain/phone';

// FHIR-1: the printable clinical summary: the patient, the current medical history, the chart's items
// (invalidated ones left out) and every visit note with its addenda, printed by the browser's own dialog.
// NOTE-17: on the clinic's letterhead (the identity the invoice prints, CLINIC-2, and its logo), the patient
// by their file number, the alerts as the one medical alert draws them (MED-9) and the history's note; each
// item's surfaces as its tooth names them (F on a front tooth, P on an upper one), its date the day the work
// was done (completedOn: performedOn or the completed event, never the day it was planned), and its sittings'
// notes (NOTE-15). Dates are written by shared/domain/dates.ts only.

/** "MOD", "IF" on 11, "DP" on 16: a multi-tooth item's surfaces as its first tooth names them. */
const surfacesOf = (i: Pick<ClinicalItem, 'teeth' | 'surfaces'>) => i.surfaces.map((s) => surfaceLabel(i.teeth[0], s)).join('');
export function PatientRecordPrintPage() {
  const { id: param } = useParams();
  const id = Number(param);
  const patient = usePatient(Number.isInteger(id) && id > 0 ? id : null);
  const history = useMedicalHistory(id);
  const notes = useVisitNotes(id, true);
  const chart = useQuery({ queryKey: ['admin', 'chart-summary', id], queryFn: ({ signal }) => api.get<PatientChart>(`/api/admin/patients/${id}/chart`, { signal }) });
  usePageTitle('Clinical summary');

  const back = (
    <Link to={`/patients/${id}/record`} className="back-link">
      <ArrowLeftOutlined aria-hidden="true" /> Record
    </Link>
  );
  if (patient.isPending || history.isPending || notes.isPending || chart.isPending) {
    return (
      <>
        {back}
        <Skeleton active paragraph={{ rows: 10 }} />
      </>
    );
  }
  if (!patient.data || !history.data || !notes.data || !chart.data) {
    return (
      <>
        {back}
        <ErrorState text="Unable to load the clinical summary." />
      </>
    );
  }
  const p = patient.data;
  const h = history.data;
  const items = chart.data.items.filter((i) => i.invalidatedAt === null);
  return (
    <>
      <div className="summary-toolbar">
        {back}
        <Button type="primary" icon={<PrinterOutlined aria-hidden="true" />} onClick={() => window.print()}>
          Print
        </Button>
      </div>
      <article className="clinical-summary" aria-label="Clinical summary">
        <header>
          <div className="summary-letterhead" data-testid="letterhead">
            <ClinicLogo size={44} />
            <div>
              <p className="summary-clinic-name">{clinic.name}</p>
              <p>{clinic.addressText}</p>
              <p>
                Phone: {clinic.phone} · {clinic.email}
              </p>
            </div>
          </div>
          <h1>Clinical summary</h1>
          <p>
            <strong>{patientName(p)}</strong> · File no. <strong data-testid="file-number">{p.fileNumber}</strong>
            {p.dateOfBirth && ` · born ${formatDate(p.dateOfBirth)}`} · {formatPhone(p.phone)}
          </p>
          <p className="muted">Printed {when(clockNow().toISOString())}</p>
        </header>

        <section>
          <h2>Medical history</h2>
          {h.version === 0 ? (
            <p>None recorded.</p>
          ) : (
            <table>
              <tbody>
                {/* MED-8: what stands, with what is reported but not yet confirmed marked. */}
                <tr>
                  <th scope="row">Medical alerts</th>
                  <td>{h.alerts.length || h.unconfirmedRemovals.length ? <MedicalAlertView alerts={h.alerts} removals={h.unconfirmedRemovals} compact /> : 'None'}</td>
                </tr>
                {h.note && (
                  <tr>
                    <th scope="row">Note</th>
                    <td className="pre-line" data-testid="history-note">
                      {h.note}
                    </td>
                  </tr>
                )}
                <tr>
                  <th scope="row">Version</th>
                  <td>
                    {h.version}, {h.enteredByName ?? 'carried over'}, {when(h.createdAt!)}
                    {h.awaitingConfirmation && ` (not confirmed; the alerts above stand on version ${h.confirmedVersion || 'none'})`}
                  </td>
                </tr>
              </tbody>
            </table>
          )}
        </section>

        <section>
          <h2>Chart</h2>
          {items.length === 0 ? (
            <p>Nothing charted.</p>
          ) : (
            <table>
              <thead>
                <tr>
                  <th scope="col">Teeth (FDI)</th>
                  <th scope="col">Surfaces</th>
                  <th scope="col">Code</th>
                  <th scope="col">Status</th>
                  <th scope="col">Date</th>
                  <th scope="col">Dentist</th>
                </tr>
              </thead>
              <tbody>
                {items.map((i) => (
                  <tr key={i.id} data-item={i.id}>
                    <td>{i.teeth.join(' ')}</td>
                    <td>{surfacesOf(i)}</td>
                    <td>
                      {i.code}
                      {i.note && ` (${i.note})`}
                      {sittingNotes(i).map((s) => (
                        <p key={s.label} className="summary-sitting">
                          {s.label}, {formatDate(s.at)}: {s.note}
                        </p>
                      ))}
                    </td>
                    <td>{i.kind === 'finding' ? (i.status === 'resolved' ? 'finding, treated' : 'finding') : statusWords[i.status].toLowerCase()}</td>
                    <td>{formatDate(itemDate(i))}</td>
                    <td>{i.dentistName}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>

        <section>
          <h2>Visit notes</h2>
          {notes.data.length === 0 && <p>No visit notes.</p>}
          {notes.data.map((n) => (
            <div key={n.id} className="summary-note">
              <h3>
                {when(n.createdAt)}, {n.dentistName} · {n.signedAt ? `signed ${when(n.signedAt)}` : 'unsigned draft'}
              </h3>
              <dl>
                {noteSections
                  .filter((s) => n.sections[s])
                  .map((s) => (
                    <div key={s}>
                      <dt>{noteSectionLabels[s]}</dt>
                      <dd>{n.sections[s]}</dd>
                    </div>
                  ))}
              </dl>
              {n.addenda.map((a) => (
                <p key={a.id} className="summary-addendum">
                  Addendum ({a.userName}, {when(a.createdAt)}): {a.text}
                </p>
              ))}
            </div>
          ))}
        </section>
      </article>
    </>
  );
}
