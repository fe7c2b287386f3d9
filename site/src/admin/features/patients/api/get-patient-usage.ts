import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import type { PatientUsage } from '../../../../../../shared/schemas/patient';
import { adminKeys } from '../../../api/query-keys';

// GET /api/admin/patients/:id/usage -> { invoices, appointments }: what the delete prompt mentions (PAT-4).

export function getPatientUsage(id: number, signal?: AbortSignal): Promise<PatientUsage> {
  return api.get<PatientUsage>(`/api/admin/patients/${id}/usage`, { signal });
}

// Always asked afresh: the counts change as invoices are created elsewhere.
export const patientUsageQueryOptions = (id: number) =>
  queryOptions({ queryKey: adminKeys.patientUsage(id), queryFn: ({ signal }) => getPatientUsage(id, signal), staleTime: 0 });

export function usePatientUsage(id: number | null) {
  return useQuery({ ...patientUsageQueryOptions(id ?? 0), enabled: id !== null });
}
