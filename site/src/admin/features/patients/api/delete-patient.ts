import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { adminKeys } from '../../../api/query-keys';

// DELETE /api/admin/patients/:id -> 204; the patient's invoices and appointments stay, unlinked (PAT-4).

export function deletePatient(id: number): Promise<null> {
  return api.delete(`/api/admin/patients/${id}`);
}

export function useDeletePatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePatient,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.patients });
      void queryClient.invalidateQueries({ queryKey: adminKeys.invoices });
      void queryClient.invalidateQueries({ queryKey: adminKeys.stats });
    },
  });
}
