import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import type { RecentAppointment } from '../../../../../../shared/schemas/appointment';
import { adminKeys } from '../../../api/query-keys';

// GET /api/admin/recent-appointments -> the 5 most recently booked
// [{ id, firstName, lastName, treatment, preferredDate, preferredTime, status }]

export function getRecentAppointments(signal?: AbortSignal): Promise<RecentAppointment[]> {
  return api.get<RecentAppointment[]>('/api/admin/recent-appointments', { signal });
}

export const recentAppointmentsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.recentAppointments,
    queryFn: ({ signal }) => getRecentAppointments(signal),
    select: (rows) => (rows ?? []).slice(0, 5),
  });

export function useRecentAppointments() {
  return useQuery(recentAppointmentsQueryOptions());
}
