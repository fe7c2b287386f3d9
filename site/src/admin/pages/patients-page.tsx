import { DeleteOutlined, EditOutlined, MailOutlined, PhoneOutlined, UserAddOutlined } from '@ant-design/icons';
import { Avatar, Button } from 'antd';
import { memo, useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { formatEnGbDate } from '../../../../shared/domain/clinic-time';
import { DeletePatientDialog } from '../features/patients/components/delete-patient-dialog';
import { PatientFormDialog } from '../features/patients/components/patient-form-dialog';
import { usePatients } from '../features/patients/api/get-patients';
import { patientName, type Patient } from '../../../../shared/schemas/patient';
import { countText } from '../api/paged-list';
import { EmptyState, ErrorState, ListSkeleton } from '../components/list-states';
import { PageHeader } from '../components/page-header';
import { Pager } from '../components/pager';
import { SearchField } from '../components/search-field';
import { plural, useListState } from '../hooks/use-list-state';
import { usePageTitle } from '../hooks/use-page-title';

export const PATIENTS_PAGE_SIZE = 20;

function initials(p: Patient): string {
  return `${p.firstName.charAt(0)}${p.lastName.charAt(0)}`.toUpperCase();
}

// Memoised: typing in the search box re-renders the page, not the twenty rows already on screen.
const PatientRow = memo(function PatientRow({
  patient: p,
  onEdit,
  onDelete,
}: {
  patient: Patient;
  onEdit: (p: Patient) => void;
  onDelete: (p: Patient) => void;
}) {
  return (
    <li className="list-row">
      <Avatar className="initials" size={44} aria-hidden="true">
        {initials(p)}
      </Avatar>
      <div className="row-main">
        <p className="row-title">{patientName(p)}</p>
        <p className="row-meta">
          <span>
            <MailOutlined aria-hidden="true" /> {p.email}
          </span>
          <span>
            <PhoneOutlined aria-hidden="true" /> {p.phone}
          </span>
        </p>
      </div>
      <span className="badge badge-grey">Registered {formatEnGbDate(p.createdAt)}</span>
      <div className="row-actions">
        <Button icon={<EditOutlined aria-hidden="true" />} aria-label={`Edit ${patientName(p)}`} onClick={() => onEdit(p)}>
          <span className="label-wide">Edit</span>
        </Button>
        <Button danger icon={<DeleteOutlined aria-hidden="true" />} aria-label={`Delete ${patientName(p)}`} onClick={() => onDelete(p)}>
          <span className="label-wide">Delete</span>
        </Button>
      </div>
    </li>
  );
});

// SPEC 2 Patients: search (name, email or phone), Add Patient, rows with initials, name, email, phone,
// Registered badge, Edit and Delete; "N patient(s) found"; 5 skeletons; empty and error texts.
export function PatientsPage() {
  usePageTitle('Patients');
  const { search, setSearch, q, page, setPage, typing } = useListState();
  const [editing, setEditing] = useState<Patient | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<Patient | null>(null);
  const [params, setParams] = useSearchParams();
  const list = usePatients({ q, page, pageSize: PATIENTS_PAGE_SIZE });

  useEffect(() => {
    if (params.get('new') === '1') {
      setEditing(null);
      setFormOpen(true);
      setParams({}, { replace: true });
    }
  }, [params, setParams]);

  const onEdit = useCallback((p: Patient) => {
    setEditing(p);
    setFormOpen(true);
  }, []);
  const count = countText(list.data);
  const rows = list.data?.rows ?? [];

  return (
    <>
      <PageHeader
        title="Patients"
        description="Register patients and keep their contact details up to date."
        actions={
          <Button
            type="primary"
            icon={<UserAddOutlined aria-hidden="true" />}
            onClick={() => {
              setEditing(null);
              setFormOpen(true);
            }}
          >
            Add Patient
          </Button>
        }
      />
      <div className="toolbar">
        <SearchField id="patient-search" label="Search patients" placeholder="Search by name, email or phone..." value={search} onChange={setSearch} />
      </div>

      {list.isPending ? (
        <ListSkeleton count={5} label="Loading patients" />
      ) : list.isError ? (
        <ErrorState text="Unable to load patients." />
      ) : rows.length === 0 && page === 1 ? (
        <EmptyState text={q ? 'No patients found matching your search.' : 'No patients registered yet.'} />
      ) : (
        <>
          <p className="count-line" aria-live="polite">
            {plural(count ?? '0', 'patient', 'patients')} found
          </p>
          <ul className="row-list" aria-label="Patients" aria-busy={list.isFetching || typing}>
            {rows.map((p) => (
              <PatientRow key={p.id} patient={p} onEdit={onEdit} onDelete={setDeleting} />
            ))}
          </ul>
          <Pager page={list.data} onChange={setPage} label="Patient pages" />
        </>
      )}

      <PatientFormDialog open={formOpen} patient={editing} onClose={() => setFormOpen(false)} />
      <DeletePatientDialog patient={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
