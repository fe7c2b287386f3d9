import { MergeCellsOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { formatPhone } from '../../../../../../shared/domain/phone';
import { patientName, type Patient } from '../../../../../../shared/schemas/patient';
import { usePatient } from '../../../api/get-patient';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Field } from '../../../components/field';
import { PatientPicker } from '../../../components/patient-picker';
import { useToast } from '../../../components/toasts';
import { useMergePatient } from '../api/merge-patient';

function RecordCard({ title, p }: { title: string; p: Pick<Patient, 'firstName' | 'lastName' | 'fileNumber' | 'phone' | 'email' | 'createdAt'> }) {
  return (
    <div className="merge-card">
      <p className="merge-card-title">{title}</p>
      <p className="merge-card-name">{patientName(p)}</p>
      <p>{p.fileNumber}</p>
      <p>{formatPhone(p.phone)}</p>
      <p>{p.email ?? 'No email'}</p>
    </div>
  );
}

/**
 * PAT-13: "Merge with..." on the patient page: pick the other record of the same person, see both side by
 * side, confirm. The other record's appointments, invoices and chart move here; it stays, marked merged.
 */
export function MergePatientButton({ patient }: { patient: Patient }) {
  const toast = useToast();
  const merge = useMergePatient();
  const [open, setOpen] = useState(false);
  const [otherId, setOtherId] = useState<number | null>(null);
  const other = usePatient(otherId);
  const close = () => {
    setOpen(false);
    setOtherId(null);
  };
  const confirm = () => {
    if (otherId === null) return;
    merge.mutate(
      { id: patient.id, otherPatientId: otherId },
      {
        onSuccess: () => {
          toast.success('Patients merged', `${other.data ? patientName(other.data) : 'The other record'} is now part of ${patientName(patient)} (${patient.fileNumber}).`);
          close();
        },
        onError: (error) => toast.failure('Error merging patients', error),
      },
    );
  };

  return (
    <>
      <Button icon={<MergeCellsOutlined aria-hidden="true" />} onClick={() => setOpen(true)}>
        Merge with...
      </Button>
      <ConfirmDialog
        open={open}
        title="Merge patient records"
        confirmLabel="Merge"
        cancelLabel="Cancel"
        pending={merge.isPending}
        disabled={otherId === null || otherId === patient.id || !other.data}
        onConfirm={confirm}
        onCancel={close}
      >
        <Field id="merge-picker" label="The other record of this person">
          <PatientPicker id="merge-picker" value={otherId} onChange={setOtherId} />
        </Field>
        {otherId === patient.id && <p className="field-error">Choose another record than this one.</p>}
        {other.data && otherId !== patient.id && (
          <>
            <div className="merge-pair">
              <RecordCard title="Keep" p={patient} />
              <RecordCard title="Merge into it" p={other.data} />
            </div>
            <p>
              {patientName(other.data)}'s appointments, invoices, payments and chart move to {patientName(patient)} ({patient.fileNumber}). Their
              record is kept, marked as merged, and no longer listed.
            </p>
          </>
        )}
      </ConfirmDialog>
    </>
  );
}
