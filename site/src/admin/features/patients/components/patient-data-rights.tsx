import { DeleteOutlined, DownloadOutlined } from '@ant-design/icons';
import { Button, Input } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { patientName, type Patient } from '../../../../../../shared/schemas/patient';
import { ConfirmDialog, useConfirmAction } from '../../../components/confirm-dialog';
import { useToast } from '../../../components/toasts';
import { useCan } from '../../../session/use-can';
import { useErasePatient, useExportPatientData } from '../api/patient-data-rights';

// DATA-2: "Export data" downloads everything held about the patient as JSON (owner only: 'export').
export function ExportPatientDataButton({ patient }: { patient: Patient }) {
  const canExport = useCan('export');
  const save = useExportPatientData();
  const toast = useToast();
  if (!canExport) return null;
  return (
    <Button
      icon={<DownloadOutlined aria-hidden="true" />}
      loading={save.isPending}
      onClick={() =>
        save.mutate(patient.id, {
          onSuccess: (result) => {
            if (result === 'saved') toast.success('Export ready', `${patientName(patient)}'s data has been downloaded.`);
          },
          onError: (err) => toast.failure('Error exporting', err),
        })
      }
    >
      Export data
    </Button>
  );
}

// DATA-3, DATA-7: "Erase patient…" (owner only: 'patients.delete'). The prompt says what goes and what the
// invoices keep, and asks for ERASE typed.
export function ErasePatientButton({ patient }: { patient: Patient }) {
  const canErase = useCan('patients.delete');
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const action = useConfirmAction({
    mutation: useErasePatient(() => navigate('/patients')),
    variables: (p: Patient) => p.id,
    success: (p) => ['Patient erased', `${patientName(p)}'s personal details have been removed.`],
    failure: 'Error erasing patient',
  });
  if (!canErase) return null;
  const name = patientName(patient);
  return (
    <>
      <Button
        danger
        icon={<DeleteOutlined aria-hidden="true" />}
        onClick={() => {
          setTyped('');
          action.ask(patient);
        }}
      >
        Erase patient…
      </Button>
      <ConfirmDialog {...action.dialogProps} title="Erase patient?" confirmLabel="Erase Patient" cancelLabel="Cancel" disabled={typed !== 'ERASE'}>
        <p>
          This removes <strong>{name}</strong>'s personal details everywhere: their name, email, phone, address, date of
          birth, medical alerts and notes; the names, contact details and notes on their appointments (the date, time and
          status stay for the clinic's statistics); the emails sent to them; their appointment links; and their details
          in the audit trail.
        </p>
        <p>Their invoices keep the invoice number, dates, amounts and the name as issued, as GST law requires, and nothing more.</p>
        <p>This cannot be undone. Export their data first if they asked for a copy.</p>
        <label htmlFor="erase-confirm">
          Type <strong>ERASE</strong> to confirm
        </label>
        <Input id="erase-confirm" autoComplete="off" value={typed} onChange={(e) => setTyped(e.target.value)} />
      </ConfirmDialog>
    </>
  );
}
