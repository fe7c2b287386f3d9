import { patientName, type PatientListItem } from '../../../../../../shared/schemas/patient';
import { ConfirmDialog, useConfirmAction, type ConfirmAction } from '../../../components/confirm-dialog';
import { plural } from '../../../hooks/use-list-state';
import { useDeletePatient } from '../api/delete-patient';
import { usePatientUsage } from '../api/get-patient-usage';

/** Delete a patient: `ask(patient)` opens the prompt that DeletePatientDialog shows. */
export function useDeletePatientAction(): ConfirmAction<PatientListItem> {
  return useConfirmAction({
    mutation: useDeletePatient(),
    variables: (p: PatientListItem) => p.id,
    success: (p) => ['Patient deleted', `${patientName(p)} has been removed.`],
    failure: 'Error deleting patient',
  });
}

// ADMIN-17, PAT-4: the prompt names the patient and says how many invoices and appointments they have.
export function DeletePatientDialog({ action }: { action: ConfirmAction<PatientListItem> }) {
  const patient = action.item;
  const usage = usePatientUsage(patient?.id ?? null);
  const name = patient ? patientName(patient) : '';

  return (
    <ConfirmDialog {...action.dialogProps} title="Delete patient?" confirmLabel="Delete Patient" cancelLabel="Cancel" disabled={usage.isPending}>
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
