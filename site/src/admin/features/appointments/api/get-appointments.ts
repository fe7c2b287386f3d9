import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchPage, type PageParams } from '../../../api/paged-list';
import { adminKeys } from '../../../api/query-keys';
import type { Appointment } from '../../../../../../shared/schemas/appointment';

// GET /api/admin/appointments?q=&status=&from=&to=&limit=&offset= : by preferred date and time, ascending.
// q matches name, email, phone or treatment; status 'all' or absent means every status.

export function getAppointments(params: PageParams, signal?: AbortSignal) {
  return fetchPage<Appointment>('/api/admin/appointments', params, signal);
}

export const appointmentsQueryOptions = (params: PageParams) =>
  queryOptions({
    queryKey: [...adminKeys.appointments, params],
    queryFn: ({ signal }) => getAppointments(params, signal),
    placeholderData: keepPreviousData,
  });

export function useAppointments(params: PageParams) {
  return useQuery(appointmentsQueryOptions(params));
}
