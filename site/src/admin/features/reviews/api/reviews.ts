import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { adminKeys } from '../../../api/query-keys';
import type { AdminReview, ReviewModeration, ReviewStatus } from '../../../../../../shared/schemas/review';

// REV-4: GET /api/admin/reviews?status=…; PATCH /api/admin/reviews/:id { status?, reply? }.

export function useReviews(status: ReviewStatus | 'all') {
  return useQuery({
    queryKey: [...adminKeys.reviews, status],
    queryFn: () => api.get<AdminReview[]>(status === 'all' ? '/api/admin/reviews' : `/api/admin/reviews?status=${status}`),
  });
}

export function useModerateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: number; change: ReviewModeration }) => api.patch<AdminReview>(`/api/admin/reviews/${id}`, change),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.reviews }),
  });
}
