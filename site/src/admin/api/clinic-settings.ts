import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { adminKeys } from './query-keys';
import type { ClinicSettings, ClinicSettingsInput } from '../../../../shared/schemas/clinic-settings';

// GET/PUT /api/admin/clinic-settings (SET-4): hours, slots, capacity, booking window, reminders, review
// requests and the recall period. Any staff member reads them (the booking dialog offers the slots); only the
// owner saves.

export const clinicSettingsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.clinicSettings,
    queryFn: ({ signal }) => api.get<ClinicSettings>('/api/admin/clinic-settings', { signal }),
    staleTime: 60_000,
  });

export function useClinicSettings() {
  return useQuery(clinicSettingsQueryOptions());
}

export function useUpdateClinicSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: ClinicSettingsInput) => api.put<ClinicSettings>('/api/admin/clinic-settings', settings),
    onSuccess: (saved) => {
      queryClient.setQueryData(adminKeys.clinicSettings, saved);
      void queryClient.invalidateQueries({ queryKey: adminKeys.appointments });
      // PAT-6: the recall period decides who is on the Recall list.
      void queryClient.invalidateQueries({ queryKey: adminKeys.recall });
    },
  });
}
