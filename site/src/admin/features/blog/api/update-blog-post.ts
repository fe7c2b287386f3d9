import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import type { BlogPost, BlogPostPayload } from '../../../../../../shared/schemas/blog-post';
import { invalidateBlog } from './invalidate';

// PUT /api/admin/blog-posts/:id {id, title, excerpt, content, isPublished, imageUrl} -> post

export function updateBlogPost({ id, ...payload }: BlogPostPayload & { id: number }): Promise<BlogPost> {
  return api.put<BlogPost>(`/api/admin/blog-posts/${id}`, { id, ...payload });
}

export function useUpdateBlogPost() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateBlogPost, onSuccess: () => invalidateBlog(queryClient) });
}
