import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import type { Appointment, FollowUp } from '../../../../../../shared/schemas/appointment';
import { invalidateAppointments } from './invalidate';

// POST /api/admin/appointments/:id/follow-up {followUpDate, customMessage} -> appointment (status unchanged);
// completed appointments only; the server emails the patient what shared/emails/follow-up.ts renders.

export function sendFollowUp({ id, ...payload }: FollowUp & { id: number }): Promise<Appointment> {
  return api.post<Appointment>(`/api/admin/appointments/${id}/follow-up`, payload);
}

export function useSendFollowUp() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: sendFollowUp, onSuccess: () => invalidateAppointments(queryClient) });
}
