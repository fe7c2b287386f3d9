import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import type { BlogPost } from '../../../../../../shared/schemas/blog-post';
import { invalidateBlog } from './invalidate';
import type { AdminBlogPost } from './types';

// PUT /api/admin/blog-posts/:id {id, title, excerpt, content, isPublished, imageUrl} -> post

export function updateBlogPost({ id, ...payload }: BlogPost & { id: number }): Promise<AdminBlogPost> {
  return api.put<AdminBlogPost>(`/api/admin/blog-posts/${id}`, { id, ...payload });
}

export function useUpdateBlogPost() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateBlogPost, onSuccess: () => invalidateBlog(queryClient) });
}
