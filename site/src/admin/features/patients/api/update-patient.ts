import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import type { Patient, PatientPayload } from '../../../../../../shared/schemas/patient';
import { adminKeys } from '../../../api/query-keys';

// PUT /api/admin/patients/:id {id, ...patient} -> patient; the alert fields are left out, so the server keeps them (MED-5)

export function updatePatient({ id, ...payload }: Omit<PatientPayload, 'allergies' | 'conditions' | 'medications'> & { id: number }): Promise<Patient> {
  return api.put<Patient>(`/api/admin/patients/${id}`, { id, ...payload });
}

export function useUpdatePatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePatient,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.patients });
      // Invoices show the patient's name.
      void queryClient.invalidateQueries({ queryKey: adminKeys.invoices });
    },
  });
}
