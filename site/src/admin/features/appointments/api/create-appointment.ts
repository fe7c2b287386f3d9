import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import type { Appointment, StaffBookingInput } from '../../../../../../shared/schemas/appointment';
import { invalidateAppointments } from './invalidate';

// POST /api/admin/appointments: staff book a phone or walk-in patient (APPT-10). 409 when the slot is full,
// 400 on a closed day, unless bookAnyway.

export function createAppointment(payload: StaffBookingInput): Promise<Appointment> {
  return api.post<Appointment>('/api/admin/appointments', payload);
}

export function useCreateAppointment() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createAppointment, onSuccess: () => invalidateAppointments(queryClient) });
}
