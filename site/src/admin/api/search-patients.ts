import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchPage } from './paged-list';
import { adminKeys } from './query-keys';
import type { PatientListItem } from '../../../../shared/schemas/patient';

// The invoice dialog's patient picker: the first 20 patients matching what the user typed (API-7 paging), so
// the picker stays fast with 50,000 patients.

export const PATIENT_PICKER_SIZE = 20;

export const patientSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: [...adminKeys.patients, 'picker', q],
    queryFn: async ({ signal }) =>
      (await fetchPage<PatientListItem>('/api/admin/patients', { q, page: 1, pageSize: PATIENT_PICKER_SIZE }, signal)).rows,
    placeholderData: keepPreviousData,
  });

export function usePatientSearch(q: string, enabled: boolean) {
  return useQuery({ ...patientSearchQueryOptions(q), enabled });
}
