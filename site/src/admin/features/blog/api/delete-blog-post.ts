import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { invalidateBlog } from './invalidate';

// DELETE /api/admin/blog-posts/:id -> 204

export function deleteBlogPost(id: number): Promise<null> {
  return api.delete(`/api/admin/blog-posts/${id}`);
}

export function useDeleteBlogPost() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteBlogPost, onSuccess: () => invalidateBlog(queryClient) });
}
