import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { adminKeys } from '../../../api/query-keys';
import type { RecallItem, RecallList } from '../../../../../../shared/schemas/recall';

// PAT-6: GET /api/admin/recall; POST .../:patientId/email (recall email) and .../:patientId/contacted (WhatsApp).

export function useRecallList() {
  return useQuery({ queryKey: adminKeys.recall, queryFn: () => api.get<RecallList>('/api/admin/recall') });
}

export function useRecallAction(action: 'email' | 'contacted') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patientId: number) => api.post<RecallItem>(`/api/admin/recall/${patientId}/${action}`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.recall }),
  });
}
