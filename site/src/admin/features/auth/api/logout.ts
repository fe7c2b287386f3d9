import { useMutation } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

// POST /api/auth/logout -> { success }; 401 when the session had already ended.

export function logout(): Promise<{ success: boolean } | null> {
  return api.post<{ success: boolean } | null>('/api/auth/logout');
}

export function useLogout() {
  return useMutation({ mutationFn: logout, retry: false });
}
