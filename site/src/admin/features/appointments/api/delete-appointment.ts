import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { invalidateAppointments } from './invalidate';

// DELETE /api/admin/appointments/:id -> 204; permanent, no email.

export function deleteAppointment(id: number): Promise<null> {
  return api.delete(`/api/admin/appointments/${id}`);
}

export function useDeleteAppointment() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteAppointment, onSuccess: () => invalidateAppointments(queryClient) });
}
