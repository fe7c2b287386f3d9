import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { adminKeys } from '../../../api/query-keys';
import type { Calendar } from '../../../../../../shared/schemas/appointment';

// GET /api/admin/appointments/calendar?from=&to= (APPT-14): each day's slots with capacity, booked count
// and appointments; a closed day says so with its reason.

export const calendarQueryOptions = (from: string, to: string) =>
  queryOptions({
    queryKey: [...adminKeys.appointments, 'calendar', from, to],
    queryFn: ({ signal }) => api.get<Calendar>(`/api/admin/appointments/calendar?from=${from}&to=${to}`, { signal }),
    placeholderData: keepPreviousData,
  });

export function useCalendar(from: string, to: string, enabled = true) {
  return useQuery({ ...calendarQueryOptions(from, to), enabled });
}
