import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import type { BlogPost, BlogPostPayload } from '../../../../../../shared/schemas/blog-post';
import { invalidateBlog } from './invalidate';

// POST /api/admin/blog-posts {title, excerpt, content, isPublished, imageUrl} -> 201 post (HTML cleaned, BLOG-5)

export function createBlogPost(payload: BlogPostPayload): Promise<BlogPost> {
  return api.post<BlogPost>('/api/admin/blog-posts', payload);
}

export function useCreateBlogPost() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createBlogPost, onSuccess: () => invalidateBlog(queryClient) });
}
