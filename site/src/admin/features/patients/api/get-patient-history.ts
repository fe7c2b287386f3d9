import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { adminKeys } from '../../../api/query-keys';
import type { PatientHistory } from '../../../../../../shared/schemas/appointment';

// GET /api/admin/patients/:id/history (PAT-5): the patient, every appointment (newest first), every
// invoice with billed, paid and due totals.

export const patientHistoryQueryOptions = (id: number) =>
  queryOptions({
    queryKey: adminKeys.patient(id),
    queryFn: ({ signal }) => api.get<PatientHistory>(`/api/admin/patients/${id}/history`, { signal }),
  });

export function usePatientHistory(id: number) {
  return useQuery({ ...patientHistoryQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}
