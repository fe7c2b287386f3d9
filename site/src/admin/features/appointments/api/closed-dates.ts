import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { adminKeys } from '../../../api/query-keys';
import type { ClosedDateCreated } from '../../../../../../shared/schemas/appointment';
import type { ClosedDateList, ClosedDatePayload } from '../../../../../../shared/schemas/clinic-settings';

// Closed dates (SET-6): GET /api/admin/closed-dates?from=, POST {date, reason} -> the bookings on that
// date (to reschedule), DELETE /api/admin/closed-dates/:date.

export const closedDatesQueryOptions = (from: string) =>
  queryOptions({
    queryKey: [...adminKeys.closedDates, from],
    queryFn: ({ signal }) => api.get<ClosedDateList>(`/api/admin/closed-dates?from=${from}`, { signal }),
  });

export function useClosedDates(from: string) {
  return useQuery(closedDatesQueryOptions(from));
}

function useInvalidateClosures() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.closedDates });
    void queryClient.invalidateQueries({ queryKey: adminKeys.appointments });
  };
}

export function useAddClosedDate() {
  const invalidate = useInvalidateClosures();
  return useMutation({
    mutationFn: (payload: ClosedDatePayload) => api.post<ClosedDateCreated>('/api/admin/closed-dates', payload),
    onSuccess: invalidate,
  });
}

export function useRemoveClosedDate() {
  const invalidate = useInvalidateClosures();
  return useMutation({
    mutationFn: (date: string) => api.delete(`/api/admin/closed-dates/${date}`),
    onSuccess: invalidate,
  });
}
