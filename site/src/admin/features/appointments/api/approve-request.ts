import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { invalidateAppointments } from './invalidate';
import type { Appointment } from '../../../../../../shared/schemas/appointment';

// POST /api/admin/appointments/:id/approve-request -> appointment (BOOK-15): reschedules to the time the
// visitor asked for on their personal page; the server emails the patient the new time.

export function approveRequest(id: number): Promise<Appointment> {
  return api.post<Appointment>(`/api/admin/appointments/${id}/approve-request`);
}

export function useApproveRequest() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: approveRequest, onSuccess: () => invalidateAppointments(queryClient) });
}
