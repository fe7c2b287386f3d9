import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type { PatientDetail } from '../../../../shared/schemas/patient';
import { adminKeys } from './query-keys';

// GET /api/admin/patients/:id -> the patient with the language of their latest booking (I18N-3): the New
// Appointment form's default language for them. Under the patient's key, so an appointment change refreshes it.

export function getPatient(id: number, signal?: AbortSignal): Promise<PatientDetail> {
  return api.get<PatientDetail>(`/api/admin/patients/${id}`, { signal });
}

export const patientQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...adminKeys.patient(id), 'detail'], queryFn: ({ signal }) => getPatient(id, signal) });

export function usePatient(id: number | null) {
  return useQuery({ ...patientQueryOptions(id ?? 0), enabled: id !== null });
}
