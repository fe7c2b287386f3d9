import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { adminKeys } from './query-keys';
import type { MedicalHistory, MedicalHistoryInput, MedicalHistoryVersion } from '../../../../shared/clinical/medical-history';

// GET/PUT /api/admin/patients/:id/medical-history (MED-1..MED-6): the current version, its alerts and every
// version's who and when. Here, below the components, because the alert banner (on the patient page and the
// chart) and the history's editor read the same query.

export const medicalHistoryQueryOptions = (patientId: number) =>
  queryOptions({
    queryKey: adminKeys.medicalHistory(patientId),
    queryFn: ({ signal }) => api.get<MedicalHistory>(`/api/admin/patients/${patientId}/medical-history`, { signal }),
  });

export function useMedicalHistory(patientId: number) {
  return useQuery({ ...medicalHistoryQueryOptions(patientId), enabled: Number.isInteger(patientId) && patientId > 0 });
}

/** After a save or a confirmation: the history, and the patient row whose summary follows it (MED-5). */
function useAfterChange(patientId: number) {
  const queryClient = useQueryClient();
  return (saved: MedicalHistory) => {
    queryClient.setQueryData(adminKeys.medicalHistory(patientId), saved);
    void queryClient.invalidateQueries({ queryKey: adminKeys.patients });
    void queryClient.invalidateQueries({ queryKey: adminKeys.appointments });
  };
}

export function useSaveMedicalHistory(patientId: number) {
  const onSuccess = useAfterChange(patientId);
  return useMutation({
    mutationFn: (input: MedicalHistoryInput) => api.put<MedicalHistory>(`/api/admin/patients/${patientId}/medical-history`, input),
    onSuccess,
  });
}

export function useConfirmMedicalHistory(patientId: number) {
  const onSuccess = useAfterChange(patientId);
  return useMutation({
    mutationFn: (version: number) => api.post<MedicalHistory>(`/api/admin/patients/${patientId}/medical-history/versions/${version}/confirm`, {}),
    onSuccess,
  });
}

/** GET .../medical-history/versions/{n} (MED-2, MED-11): one past version whole; each opening is an audited read. */
export function useMedicalHistoryVersion(patientId: number, version: number | null) {
  return useQuery({
    queryKey: [...adminKeys.medicalHistory(patientId), 'version', version],
    queryFn: ({ signal }) => api.get<MedicalHistoryVersion>(`/api/admin/patients/${patientId}/medical-history/versions/${version}`, { signal }),
    enabled: version !== null,
    staleTime: 0,
  });
}
