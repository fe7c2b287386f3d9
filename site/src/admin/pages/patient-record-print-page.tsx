import { ArrowLeftOutlined, PrinterOutlined } from '@ant-design/icons';
import { Button, Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { noteSectionLabels, noteSections } from '../../../../shared/clinical/visit-note';
import { formatDate } from '../../../../shared/domain/dates';
import type { PatientChart } from '../../../../shared/schemas/clinical-item';
import { patientName } from '../../../../shared/schemas/patient';
import { api } from '../../lib/api-client';
import { clockNow } from '../../lib/clock';
import { usePatient } from '../api/get-patient';
import { useMedicalHistory } from '../api/medical-history';
import { ErrorState } from '../components/list-states';
import { useVisitNotes } from '../features/record/api/visit-notes';
import { when } from '../features/record/components/when';
import '../features/record/record-print.css';
import { usePageTitle } from '../hooks/use-page-title';
import { formatPhone } from '../../../../shared/domain/phone';

// FHIR-1: the printable clinical summary: the patient, the current medical history, the chart's items
// (invalidated ones left out) and every visit note with its addenda, printed by the browser's own dialog.
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
          <h1>Clinical summary</h1>
          <p>
            <strong>{patientName(p)}</strong>
            {p.dateOfBirth && ` · born ${formatDate(p.dateOfBirth)}`} · {formatPhone(p.phone)} · patient no. {p.id}
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
                  <td>{h.alerts.map((a) => (a.unconfirmed ? `${a.text} (${a.unconfirmed})` : a.text)).join('; ') || 'None'}</td>
                </tr>
                {h.unconfirmedRemovals.length > 0 && (
                  <tr>
                    <th scope="row">Kept until confirmed</th>
                    <td>An entry not yet confirmed leaves out {h.unconfirmedRemovals.join(', ')}</td>
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
                  <tr key={i.id}>
                    <td>{i.teeth.join(' ')}</td>
                    <td>{i.surfaces.join('')}</td>
                    <td>
                      {i.code}
                      {i.note && ` (${i.note})`}
                    </td>
                    <td>{i.kind === 'finding' ? 'finding' : i.status}</td>
                    <td>{formatDate(i.createdAt)}</td>
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
