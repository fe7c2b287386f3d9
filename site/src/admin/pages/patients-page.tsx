import { DeleteOutlined, EditOutlined, MailOutlined, PhoneOutlined, UserAddOutlined, WarningOutlined } from '@ant-design/icons';
import { Avatar, Button } from 'antd';
import { memo } from 'react';
import { Link } from 'react-router-dom';
import { formatDate } from '../../../../shared/domain/dates';
import { formatPhone } from '../../../../shared/domain/phone';
import { patientName, type PatientListItem } from '../../../../shared/schemas/patient';
import { ListScreen } from '../components/list-screen';
import { ExportButton } from '../features/export/components/export-button';
import { DeletePatientDialog, useDeletePatientAction } from '../features/patients/components/delete-patient-dialog';
import { PatientFormDialog } from '../features/patients/components/patient-form-dialog';
import { usePatients } from '../features/patients/api/get-patients';
import { useItemDialog } from '../hooks/use-item-dialog';
import { useListState } from '../hooks/use-list-state';
import { usePageTitle } from '../hooks/use-page-title';
import { useCan } from '../session/use-can';

export const PATIENTS_PAGE_SIZE = 20;

function initials(p: PatientListItem): string {
  return `${p.firstName.charAt(0)}${p.lastName.charAt(0)}`.toUpperCase();
}

// Memoised: typing in the search box re-renders the page, not the twenty rows already on screen.
const PatientRow = memo(function PatientRow({
  patient: p,
  onEdit,
  onDelete,
}: {
  patient: PatientListItem;
  onEdit: (p: PatientListItem) => void;
  /** Absent for a role that may not delete patients (AUTH-16: the control is not shown). */
  onDelete?: (p: PatientListItem) => void;
}) {
  return (
    <li className="list-row">
      <Avatar className="initials" size={44} aria-hidden="true">
        {initials(p)}
      </Avatar>
      <div className="row-main">
        <p className="row-title">
          <Link to={`/patients/${p.id}`}>{patientName(p)}</Link>
        </p>
        <p className="row-meta">
          <span className="file-number">{p.fileNumber}</span>
          <span>
            <PhoneOutlined aria-hidden="true" /> {formatPhone(p.phone)}
          </span>
          {p.email && (
            <span>
              <MailOutlined aria-hidden="true" /> {p.email}
            </span>
          )}
        </p>
      </div>
      {/* DATA-11: the list says that an alert exists, not what it is: the patient's page shows it. */}
      {p.hasAlerts && (
        <span className="badge badge-amber" title="See the patient's page for the alert">
          <WarningOutlined aria-hidden="true" /> Medical alert
        </span>
      )}
      <span className="badge badge-grey">Registered {formatDate(p.createdAt)}</span>
      <div className="row-actions">
        <Button icon={<EditOutlined aria-hidden="true" />} aria-label={`Edit ${patientName(p)}`} onClick={() => onEdit(p)}>
          <span className="label-wide">Edit</span>
        </Button>
        {onDelete && (
          <Button danger icon={<DeleteOutlined aria-hidden="true" />} aria-label={`Delete ${patientName(p)}`} onClick={() => onDelete(p)}>
            <span className="label-wide">Delete</span>
          </Button>
        )}
      </div>
    </li>
  );
});

// PAT-3 Patients: search (name, email or phone), Add Patient, rows with initials, name, email, phone,
// Registered badge, Edit and Delete; "N patient(s) found"; 5 skeletons; empty and error texts.
export function PatientsPage() {
  usePageTitle('Patients');
  const state = useListState();
  const list = usePatients({ q: state.q, page: state.page, pageSize: PATIENTS_PAGE_SIZE });
  const form = useItemDialog<PatientListItem>({ newParam: true });
  const remove = useDeletePatientAction();
  const canDelete = useCan('patients.delete');

  return (
    <ListScreen
      title="Patients"
      description="Register patients and keep their contact details up to date."
      actions={
        <>
          <ExportButton resource="patients" filters={{ q: state.q }} />
          <Button type="primary" icon={<UserAddOutlined aria-hidden="true" />} onClick={form.openNew}>
            Add Patient
          </Button>
        </>
      }
      search={{ id: 'patient-search', label: 'Search patients', placeholder: 'Search by name, phone, email or file number...' }}
      state={state}
      list={list}
      loading={{ count: 5, label: 'Loading patients' }}
      errorText="Unable to load patients."
      emptyText={state.q ? 'No patients found matching your search.' : 'No patients registered yet.'}
      noun={['patient', 'patients']}
      pagerLabel="Patient pages"
      items={{ layout: 'rows', label: 'Patients', item: (p) => <PatientRow key={p.id} patient={p} onEdit={form.openEdit} onDelete={canDelete ? remove.ask : undefined} /> }}
    >
      <PatientFormDialog open={form.open} patient={form.item} onClose={form.close} />
      <DeletePatientDialog action={remove} />
    </ListScreen>
  );
}
