import { ArrowLeftOutlined, CalendarOutlined, EditOutlined, EnvironmentOutlined, FileTextOutlined, GiftOutlined, MailOutlined, PhoneOutlined, ProfileOutlined } from '@ant-design/icons';
import { Button, Skeleton } from 'antd';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { formatPhone } from '../../../../shared/domain/phone';
import { usePatient } from '../api/get-patient';
import { MergePatientButton, UndoMergeButtons } from '../features/patients/components/merge-patient-dialog';
import { PatientFamily } from '../features/patients/components/patient-family';
import { useCan } from '../session/use-can';
import { timeSlotLabel, treatmentLabel } from '../../../../shared/constants/booking';
import { formatDate } from '../../../../shared/domain/dates';
import { patientName } from '../../../../shared/schemas/patient';
import { ApiError } from '../../lib/api-client';
import { formatAmount } from '../components/amount';
import { ErrorState } from '../components/list-states';
import { PageHeader } from '../components/page-header';
import { AppointmentStatusBadge, InvoiceStatusBadge } from '../components/status-badge';
import { useBillVisit } from '../features/invoices/components/bill-visit';
import { PatientCreditPanel } from '../features/invoices/components/patient-credit-panel';
import { AppointmentActionButtons, useAppointmentActions } from '../features/appointments/components/appointment-actions';
import { notesLabel } from '../features/appointments/components/appointment-row';
import { NewAppointmentDialog } from '../features/appointments/components/new-appointment-dialog';
import { WhatsAppButton } from '../features/appointments/components/whatsapp-button';
import { usePatientHistory } from '../features/patients/api/get-patient-history';
import { MedicalAlert } from '../components/medical-alert';
import { RouterButtonLink } from '../components/router-button-link';
import { ErasePatientButton, ExportPatientDataButton } from '../features/patients/components/patient-data-rights';
import { BillCompletedButton } from '../features/plans/components/bill-completed';
import { PatientFormDialog } from '../features/patients/components/patient-form-dialog';
import { useItemDialog } from '../hooks/use-item-dialog';
import { usePageTitle } from '../hooks/use-page-title';

// PAT-5: one patient's page: contact details, medical alerts (a warning banner drawn from the medical
// history, MED-5, which the record screen edits), notes, every appointment and invoice with the totals billed, paid and due; New Appointment and
// WhatsApp at the top; for the owner, Export data and Erase patient (DATA-2, DATA-3).
export function PatientPage() {
  const { id: param } = useParams();
  const id = Number(param);
  const history = usePatientHistory(id);
  const p = history.data?.patient;
  usePageTitle(p ? patientName(p) : 'Patient');
  const edit = useItemDialog<null>();
  const booking = useItemDialog<null>();
  const billing = useBillVisit();
  const actions = useAppointmentActions({ onBill: billing.onBill });
  const canNotes = useCan('notes');
  const canSeePlans = useCan('clinical.read');
  const detail = usePatient(Number.isInteger(id) ? id : null);
  const canMerge = useCan('patients.merge');
  const navigate = useNavigate();
  // PAT-13: a merged record's page opens the patient it went into.
  const mergedInto = detail.data?.mergedInto;
  useEffect(() => {
    if (mergedInto) navigate(`/patients/${mergedInto.id}`, { replace: true, state: { mergedFrom: id } });
  }, [mergedInto, navigate, id]);

  const back = (
    <Link to="/patients" className="back-link">
      <ArrowLeftOutlined aria-hidden="true" /> All patients
    </Link>
  );

  if (history.isPending) {
    return (
      <>
        {back}
        <Skeleton active paragraph={{ rows: 8 }} />
      </>
    );
  }
  if (history.isError || !p) {
    const missing = history.error instanceof ApiError && history.error.status === 404;
    return (
      <>
        {back}
        <ErrorState text={missing || !Number.isInteger(id) ? 'This patient does not exist (it may have been deleted).' : 'Unable to load the patient.'} />
      </>
    );
  }
  const { appointments, invoices, totals } = history.data;

  return (
    <>
      {back}
      <PageHeader
        title={patientName(p)}
        description={`File No. ${p.fileNumber} · Patient since ${formatDate(p.createdAt)}`}
        actions={
          <>
            {/* I18N-3: in the language of the patient's latest appointment (newest first), else English. */}
            <WhatsAppButton phone={p.phone} name={patientName(p)} language={appointments[0]?.language} />
            <Button icon={<EditOutlined aria-hidden="true" />} onClick={() => edit.openEdit(null)}>
              Edit
            </Button>
            <RouterButtonLink to={`/patients/${id}/chart`} icon={<ProfileOutlined aria-hidden="true" />}>
              Chart
            </RouterButtonLink>
            <Button type="primary" icon={<CalendarOutlined aria-hidden="true" />} onClick={booking.openNew}>
              New Appointment
            </Button>
            {canSeePlans && <RouterButtonLink to={`/patients/${id}/plans`}>Treatment plans</RouterButtonLink>}
            <BillCompletedButton patientId={id} />
            {canMerge && <MergePatientButton patient={p} />}
            <ExportPatientDataButton patient={p} />
            <ErasePatientButton patient={p} />
          </>
        }
      />
      <MedicalAlert patientId={id} />
      {detail.data && <UndoMergeButtons patient={p} merges={detail.data.merges ?? []} />}

      <div className="patient-columns">
        <section className="panel" aria-labelledby="contact-heading">
          <h2 id="contact-heading">Contact Details</h2>
          <dl className="detail-list">
            <div>
              <dt>
                <PhoneOutlined aria-hidden="true" /> Phone
              </dt>
              <dd>
                <a href={`tel:${p.phone.replace(/[^\d+]/g, '')}`}>{formatPhone(p.phone)}</a>
              </dd>
            </div>
            <div>
              <dt>
                <MailOutlined aria-hidden="true" /> Email
              </dt>
              <dd>
                {p.email ? <a href={`mailto:${p.email}`}>{p.email}</a> : 'No email'}
              </dd>
            </div>
            <div>
              <dt>
                <EnvironmentOutlined aria-hidden="true" /> Address
              </dt>
              <dd>{p.address || '—'}</dd>
            </div>
            <div>
              <dt>
                <GiftOutlined aria-hidden="true" /> Date of Birth
              </dt>
              <dd>{p.dateOfBirth ? formatDate(p.dateOfBirth) : '—'}</dd>
            </div>
          </dl>
        </section>

        <section className="panel" aria-labelledby="medical-heading">
          <div className="panel-heading">
            <h2 id="medical-heading">Medical Alerts &amp; Notes</h2>
          </div>
          <dl className="detail-list">
            <div>
              <dt>Allergies</dt>
              <dd>{p.allergies || 'None recorded'}</dd>
            </div>
            <div>
              <dt>Conditions</dt>
              <dd>{p.conditions || 'None recorded'}</dd>
            </div>
            <div>
              <dt>Current Medicines</dt>
              <dd>{p.medications || 'None recorded'}</dd>
            </div>
            <div>
              <dt>Notes</dt>
              <dd className="pre-line">{p.notes || '—'}</dd>
            </div>
          </dl>
          {/* MED-5: the history (and, for the owner and dentists, the visit notes) on the record screen. */}
          <RouterButtonLink className="record-link" to={`/patients/${p.id}/record`} icon={<FileTextOutlined aria-hidden="true" />}>
            Medical history{canNotes ? ' & visit notes' : ''}
          </RouterButtonLink>
        </section>
      </div>

      {detail.data && <PatientFamily patient={detail.data} />}

      <section className="stat-grid totals-grid" aria-label="Billing totals">
        <div className="stat-card tone-blue">
          <div>
            <p className="stat-label">Billed</p>
            <p className="stat-value">{formatAmount(totals.billed)}</p>
          </div>
        </div>
        <div className="stat-card tone-green">
          <div>
            <p className="stat-label">Paid</p>
            <p className="stat-value">{formatAmount(totals.paid)}</p>
          </div>
        </div>
        <div className={totals.due > 0 ? 'stat-card tone-amber' : 'stat-card tone-teal'}>
          <div>
            <p className="stat-label">Due</p>
            <p className="stat-value">{formatAmount(totals.due)}</p>
          </div>
        </div>
      </section>

      <section className="panel history-panel" aria-labelledby="appointments-heading">
        <h2 id="appointments-heading">Appointments ({appointments.length})</h2>
        {appointments.length === 0 ? (
          <p className="muted">No appointments yet.</p>
        ) : (
          <ul className="row-list">
            {appointments.map((a) => (
              <li key={a.id} className="list-row appointment-row">
                <div className="row-main">
                  <div className="row-title-line">
                    <p className="row-title" id={`appointment-${a.id}-name`}>
                      {formatDate(a.preferredDate)}, {timeSlotLabel(a.preferredTime)}
                    </p>
                    <AppointmentStatusBadge status={a.status} />
                  </div>
                  <p className="row-meta">
                    <span>{treatmentLabel(a.treatment)}</span>
                    {a.source === 'staff' && <span>Booked at the desk{a.bookedBy ? ` by ${a.bookedBy}` : ''}</span>}
                  </p>
                  {a.notes && (
                    <p className="row-notes">
                      {notesLabel(a)}: {a.notes}
                    </p>
                  )}
                </div>
                <div className="row-actions">
                  <AppointmentActionButtons appointment={a} handlers={actions.handlers} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="panel history-panel" aria-labelledby="invoices-heading">
        <h2 id="invoices-heading">Invoices ({invoices.length})</h2>
        {invoices.length === 0 ? (
          <p className="muted">No invoices yet.</p>
        ) : (
          <div className="table-scroll">
            <table className="history-table">
              <thead>
                <tr>
                  <th scope="col">Invoice</th>
                  <th scope="col">Date</th>
                  <th scope="col" className="num">
                    Total
                  </th>
                  <th scope="col" className="num">
                    Paid
                  </th>
                  <th scope="col" className="num">
                    Due
                  </th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {invoices.map((inv) => (
                  <tr key={inv.id}>
                    <td>
                      <Link to={`/invoices/${inv.id}/print`}>{inv.invoiceNumber}</Link>
                    </td>
                    <td>{formatDate(inv.issueDate)}</td>
                    <td className="num">{formatAmount(inv.total)}</td>
                    <td className="num">{formatAmount(inv.paid)}</td>
                    <td className="num">{formatAmount(inv.balance)}</td>
                    <td>
                      <InvoiceStatusBadge status={inv.status} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <PatientCreditPanel patientId={p.id} />

      <PatientFormDialog open={edit.open} patient={p} onClose={edit.close} />
      <NewAppointmentDialog open={booking.open} patient={p} onClose={booking.close} />
      {actions.dialogs}
      {billing.dialog}
    </>
  );
}
