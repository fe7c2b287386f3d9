import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import type { Patient, PatientPayload } from '../../../../../../shared/schemas/patient';
import { adminKeys } from '../../../api/query-keys';

// POST /api/admin/patients {firstName, lastName, email, phone, address, dateOfBirth} -> 201 patient

export function createPatient(payload: PatientPayload): Promise<Patient> {
  return api.post<Patient>('/api/admin/patients', payload);
}

export function useCreatePatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPatient,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.patients });
      void queryClient.invalidateQueries({ queryKey: adminKeys.stats });
    },
  });
}
