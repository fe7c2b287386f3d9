import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ErasureSummary } from '../../../../../../shared/schemas/patient';
import { api } from '../../../../lib/api-client';
import { adminKeys } from '../../../api/query-keys';
import { usePlatform } from '../../../platform/platform-context';

// DATA-2: GET /api/admin/patients/:id/export, saved through the platform (the desktop app saves it too).
export function useExportPatientData() {
  const platform = usePlatform();
  return useMutation({
    retry: false,
    mutationFn: (id: number) => platform.saveServerFile({ path: `/api/admin/patients/${id}/export`, fileName: `patient-${id}.json` }),
  });
}

// DATA-3: POST /api/admin/patients/:id/erase { confirm: "ERASE" } -> what was erased.
export function erasePatient(id: number): Promise<ErasureSummary> {
  return api.post(`/api/admin/patients/${id}/erase`, { confirm: 'ERASE' });
}

export function useErasePatient(onErased: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: erasePatient,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.patients });
      void queryClient.invalidateQueries({ queryKey: adminKeys.appointments });
      void queryClient.invalidateQueries({ queryKey: adminKeys.invoices });
      void queryClient.invalidateQueries({ queryKey: adminKeys.stats });
      onErased();
    },
  });
}
