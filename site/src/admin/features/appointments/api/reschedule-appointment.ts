import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import type { Appointment, RescheduleInput } from '../../../../../../shared/schemas/appointment';
import { invalidateAppointments } from './invalidate';

// PATCH /api/admin/appointments/:id/reschedule {preferredDate, preferredTime, bookAnyway?} (APPT-12): the
// server emails the patient the new time; 409 with its message when the slot is full.

export function rescheduleAppointment({ id, ...payload }: RescheduleInput & { id: number }): Promise<Appointment> {
  return api.patch<Appointment>(`/api/admin/appointments/${id}/reschedule`, payload);
}

export function useRescheduleAppointment() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: rescheduleAppointment, onSuccess: () => invalidateAppointments(queryClient) });
}
