import { ArrowLeftOutlined, DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import { Button, Skeleton } from 'antd';
import { Link, useParams } from 'react-router-dom';
import { patientName } from '../../../../shared/schemas/patient';
import { ApiError } from '../../lib/api-client';
import { usePatient } from '../api/get-patient';
import { ErrorState } from '../components/list-states';
import { MedicalAlert } from '../components/medical-alert';
import { PageHeader } from '../components/page-header';
import { RouterButtonLink } from '../components/router-button-link';
import { MedicalHistoryPanel } from '../features/record/components/medical-history-panel';
import { VisitNotesPanel } from '../features/record/components/visit-notes-panel';
import '../features/record/record.css';
import { usePageTitle } from '../hooks/use-page-title';
import { useCan } from '../session/use-can';

// The patient's clinical record beside the chart: the medical history (MED-1..MED-6) with its versions, and
// for the owner and dentists the visit notes (NOTE-1..NOTE-9), the printable summary and the FHIR record
// (FHIR-1). Works at a dentist's tablet width (768 px).
export function PatientRecordPage() {
  const { id: param } = useParams();
  const id = Number(param);
  const patient = usePatient(Number.isInteger(id) && id > 0 ? id : null);
  const canNotes = useCan('notes');
  usePageTitle(patient.data ? `${patientName(patient.data)}: record` : 'Clinical record');

  const back = (
    <Link to={`/patients/${id}`} className="back-link">
      <ArrowLeftOutlined aria-hidden="true" /> Patient
    </Link>
  );
  if (patient.isPending) {
    return (
      <>
        {back}
        <Skeleton active paragraph={{ rows: 8 }} />
      </>
    );
  }
  if (patient.isError || !patient.data) {
    const missing = patient.error instanceof ApiError && patient.error.status === 404;
    return (
      <>
        {back}
        <ErrorState text={missing ? 'This patient does not exist.' : 'Unable to load the patient.'} />
      </>
    );
  }
  return (
    <>
      {back}
      <PageHeader
        title={patientName(patient.data)}
        description="Medical history and visit notes"
        actions={
          canNotes && (
            <>
              <RouterButtonLink to={`/patients/${id}/record/print`} icon={<PrinterOutlined aria-hidden="true" />}>
                Clinical summary
              </RouterButtonLink>
              <Button icon={<DownloadOutlined aria-hidden="true" />} href={`/api/admin/patients/${id}/record.fhir.json`} download={`patient-${id}-record.fhir.json`}>
                FHIR record
              </Button>
            </>
          )
        }
      />
      <MedicalAlert patientId={id} />
      <div className="record-columns">
        <MedicalHistoryPanel patientId={id} />
        {canNotes && <VisitNotesPanel patientId={id} />}
      </div>
    </>
  );
}
