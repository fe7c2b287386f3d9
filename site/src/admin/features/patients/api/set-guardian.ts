import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import type { Patient } from '../../../../../../shared/schemas/patient';
import { adminKeys } from '../../../api/query-keys';

// PUT /api/admin/patients/:id/guardian { guardianId | null } -> patient (PAT-14)

export function setGuardian({ id, guardianId }: { id: number; guardianId: number | null }): Promise<Patient> {
  return api.put<Patient>(`/api/admin/patients/${id}/guardian`, { guardianId });
}

export function useSetGuardian() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setGuardian,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.patients }),
  });
}
