import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import type { MergeSummary, UndoMergeSummary } from '../../../../../../shared/schemas/patient';
import { adminKeys } from '../../../api/query-keys';

// POST /api/admin/patients/:id/merge { otherPatientId, reason } -> { mergeId, patient, mergedPatientId, moved } (PAT-13, PAT-15)
// POST /api/admin/merges/:mergeId/undo -> { mergeId, patient, restoredPatient, restored, leftChanged } (PAT-16)

export function mergePatient({ id, otherPatientId, reason }: { id: number; otherPatientId: number; reason: string }): Promise<MergeSummary> {
  return api.post<MergeSummary>(`/api/admin/patients/${id}/merge`, { otherPatientId, reason });
}

/** Appointments, invoices, the chart and the history moved from one patient to the other: everything is read again. */
function useRefreshAll() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.patients });
    void queryClient.invalidateQueries({ queryKey: adminKeys.invoices });
    void queryClient.invalidateQueries({ queryKey: ['admin'] });
  };
}

export function useMergePatient() {
  const onSuccess = useRefreshAll();
  return useMutation({ mutationFn: mergePatient, onSuccess });
}

export function useUndoMerge() {
  const onSuccess = useRefreshAll();
  return useMutation({ mutationFn: (mergeId: number) => api.post<UndoMergeSummary>(`/api/admin/merges/${mergeId}/undo`, {}), onSuccess });
}
