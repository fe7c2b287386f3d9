import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { invalidateAppointments } from './invalidate';
import type { Appointment } from '../../../../../../shared/schemas/appointment';

// POST /api/admin/appointments/:id/arrived | in-chair (DESK-10, DESK-11) and DELETE to undo (DESK-12) ->
// the appointment with arrivedAt and inChairAt; the server's clock sets the times.

export type CheckInStep = 'arrived' | 'in-chair';
export interface CheckInChange {
  id: number;
  step: CheckInStep;
  undo: boolean;
}

export function changeCheckIn({ id, step, undo }: CheckInChange): Promise<Appointment> {
  const path = `/api/admin/appointments/${id}/${step}`;
  return undo ? api.delete<Appointment>(path) : api.post<Appointment>(path);
}

export function useCheckIn() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changeCheckIn, onSuccess: () => invalidateAppointments(queryClient) });
}
