import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import type { StaffCreate, StaffUpdate, StaffUser } from '../../../../../../shared/schemas/staff';
import { adminKeys } from '../../../api/query-keys';

// GET /api/admin/users, POST /api/admin/users, PUT /api/admin/users/:id (owner only, AUTH-9, AUTH-11, AUTH-12).

export function useStaff() {
  return useQuery({ queryKey: adminKeys.staff, queryFn: ({ signal }) => api.get<StaffUser[]>('/api/admin/users', { signal }) });
}

export function useCreateStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: StaffCreate) => api.post<StaffUser>('/api/admin/users', payload),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.staff }),
  });
}

export function useUpdateStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...payload }: StaffUpdate & { id: number }) => api.put<StaffUser>(`/api/admin/users/${id}`, payload),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.staff });
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit });
    },
  });
}
