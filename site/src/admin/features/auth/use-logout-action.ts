import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../../lib/api-client';
import { useAuthStore } from '../../session/auth-store';
import { useLogout } from './api/logout';
import { adminKeys } from '../../api/query-keys';
import { useToast } from '../../components/toasts';

// ADMIN-7, ADMIN-8 logout: POST /api/auth/logout; success toast 'Logged out successfully', failure toast 'Logout
// failed'; the stored user is cleared and the admin goes to /admin/login either way. A 401 means the
// session had already ended, which is a successful logout.
export function useLogoutAction() {
  const mutation = useLogout();
  const clearUser = useAuthStore((s) => s.clearUser);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();

  const logout = () =>
    mutation.mutate(undefined, {
      onSuccess: () => toast.success('Logged out successfully'),
      onError: (err) => {
        if (err instanceof ApiError && err.status === 401) toast.success('Logged out successfully');
        else toast.problem('Logout failed', 'There was an error logging out. Please try again.');
      },
      onSettled: () => {
        clearUser();
        navigate('/login', { replace: true });
        // Patient data does not stay in memory once signed out.
        setTimeout(() => queryClient.removeQueries({ queryKey: adminKeys.all }), 0);
      },
    });

  return { logout, pending: mutation.isPending };
}
