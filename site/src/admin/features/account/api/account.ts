import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import type { ChangePasswordInput, MeAnswer, OwnSession } from '../../../../../../shared/schemas/auth';
import { adminKeys } from '../../../api/query-keys';

// POST /api/auth/change-password, GET /api/auth/sessions, DELETE /api/auth/sessions/:id (AUTH-10).

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: ChangePasswordInput) => api.post<{ success: boolean }>('/api/auth/change-password', payload),
    onSuccess: () => {
      // The password is the user's own now: the stored answer of /me says so at once (no flash of the
      // forced screen while it is fetched again).
      queryClient.setQueryData<MeAnswer>(adminKeys.me, (old) => (old ? { user: { ...old.user, mustChangePassword: false } } : old));
      void queryClient.invalidateQueries({ queryKey: adminKeys.sessions });
    },
  });
}

export function useOwnSessions() {
  return useQuery({ queryKey: adminKeys.sessions, queryFn: ({ signal }) => api.get<OwnSession[]>('/api/auth/sessions', { signal }) });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (session: OwnSession) => api.delete(`/api/auth/sessions/${session.id}`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.sessions }),
  });
}
