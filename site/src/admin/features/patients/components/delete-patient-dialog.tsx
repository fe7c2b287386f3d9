import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useToast } from '../../../components/use-toast';
import { plural } from '../../../hooks/use-list-state';
import { useDeletePatient } from '../api/delete-patient';
import { usePatientUsage } from '../api/get-patient-usage';
import { patientName, type Patient } from '../../../../../../shared/schemas/patient';

// SPEC 8 / D19: the prompt names the patient and says how many invoices and appointments they have.
export function DeletePatientDialog({ patient, onClose }: { patient: Patient | null; onClose: () => void }) {
  const toast = useToast();
  const usage = usePatientUsage(patient?.id ?? null);
  const remove = useDeletePatient();
  const name = patient ? patientName(patient) : '';

  return (
    <ConfirmDialog
      open={patient !== null}
      title="Delete patient?"
      confirmLabel="Delete Patient"
      cancelLabel="Cancel"
      pending={remove.isPending}
      disabled={usage.isPending}
      onCancel={onClose}
      onConfirm={() =>
        patient &&
        remove.mutate(patient.id, {
          onSuccess: () => {
            toast.success('Patient deleted', `${name} has been removed.`);
            onClose();
          },
          onError: (err) => toast.failure('Error deleting patient', err),
        })
      }
    >
      <p>
        Are you sure you want to delete <strong>{name}</strong>?
      </p>
      {usage.isPending ? (
        <p className="muted">Checking their invoices and appointments...</p>
      ) : usage.data ? (
        <p data-testid="patient-usage">
          {name} has {plural(usage.data.invoices, 'invoice', 'invoices')} and{' '}
          {plural(usage.data.appointments, 'appointment', 'appointments')}.
          {usage.data.invoices + usage.data.appointments > 0 &&
            ' They will be kept, no longer linked to this patient (invoices will show "Unknown Patient").'}
        </p>
      ) : (
        <p className="muted">Their invoices and appointments could not be counted; they will be kept either way.</p>
      )}
      <p>This cannot be undone.</p>
    </ConfirmDialog>
  );
}
