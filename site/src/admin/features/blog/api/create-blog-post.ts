import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import type { BlogPost } from '../../../../../../shared/schemas/blog-post';
import { invalidateBlog } from './invalidate';
import type { AdminBlogPost } from './types';

// POST /api/admin/blog-posts {title, excerpt, content, isPublished, imageUrl} -> 201 post (HTML cleaned, D17)

export function createBlogPost(payload: BlogPost): Promise<AdminBlogPost> {
  return api.post<AdminBlogPost>('/api/admin/blog-posts', payload);
}

export function useCreateBlogPost() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createBlogPost, onSuccess: () => invalidateBlog(queryClient) });
}
