import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchPage, type PageParams } from '../../../api/paged-list';
import { adminKeys } from '../../../api/query-keys';
import type { PatientListItem } from '../../../../../../shared/schemas/patient';

// GET /api/admin/patients?q=&limit=&offset= : newest first; q matches name, email or phone (API-7, PAT-3).

export function getPatients(params: PageParams, signal?: AbortSignal) {
  return fetchPage<PatientListItem>('/api/admin/patients', params, signal);
}

export const patientsQueryOptions = (params: PageParams) =>
  queryOptions({
    queryKey: [...adminKeys.patients, params],
    queryFn: ({ signal }) => getPatients(params, signal),
    placeholderData: keepPreviousData,
  });

export function usePatients(params: PageParams) {
  return useQuery(patientsQueryOptions(params));
}
