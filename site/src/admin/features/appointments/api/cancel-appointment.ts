import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { invalidateAppointments } from './invalidate';
import type { Appointment } from '../../../../../../shared/schemas/appointment';

// PATCH /api/admin/appointments/:id/cancel -> appointment; the server emails the patient.

export function cancelAppointment(id: number): Promise<Appointment> {
  return api.patch<Appointment>(`/api/admin/appointments/${id}/cancel`);
}

export function useCancelAppointment() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelAppointment, onSuccess: () => invalidateAppointments(queryClient) });
}
