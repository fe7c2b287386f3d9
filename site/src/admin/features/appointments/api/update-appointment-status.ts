import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import type { AppointmentStatus } from '../../../../../../shared/constants/booking';
import { invalidateAppointments } from './invalidate';
import type { Appointment } from '../../../../../../shared/schemas/appointment';

// PUT /api/admin/appointments/:id {status} -> appointment. APPT-3's transitions only (else 409 with the reason);
// confirming emails the patient (MAIL-4).

export function updateAppointmentStatus({ id, status }: { id: number; status: AppointmentStatus }): Promise<Appointment> {
  return api.put<Appointment>(`/api/admin/appointments/${id}`, { status });
}

export function useUpdateAppointmentStatus() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateAppointmentStatus, onSuccess: () => invalidateAppointments(queryClient) });
}
