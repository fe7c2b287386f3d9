import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { adminKeys } from '../../../api/query-keys';
import type { ReminderItem, ReminderList } from '../../../../../../shared/schemas/reminder';

// APPT-16: GET /api/admin/reminders; POST /api/admin/reminders/:id/whatsapp-sent when a WhatsApp link is clicked.

export function useReminders() {
  return useQuery({ queryKey: adminKeys.reminders, queryFn: () => api.get<ReminderList>('/api/admin/reminders') });
}

export function useMarkWhatsappSent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<ReminderItem>(`/api/admin/reminders/${id}/whatsapp-sent`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.reminders }),
  });
}
