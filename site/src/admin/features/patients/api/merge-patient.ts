import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import type { MergeSummary } from '../../../../../../shared/schemas/patient';
import { adminKeys } from '../../../api/query-keys';

// POST /api/admin/patients/:id/merge { otherPatientId } -> { patient, mergedPatientId, moved } (PAT-13)

export function mergePatient({ id, otherPatientId }: { id: number; otherPatientId: number }): Promise<MergeSummary> {
  return api.post<MergeSummary>(`/api/admin/patients/${id}/merge`, { otherPatientId });
}

export function useMergePatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: mergePatient,
    onSuccess: () => {
      // Appointments, invoices and the chart moved from one patient to the other.
      void queryClient.invalidateQueries({ queryKey: adminKeys.patients });
      void queryClient.invalidateQueries({ queryKey: adminKeys.invoices });
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
  });
}
