import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchPage, type PageParams } from '../../../api/paged-list';
import { adminKeys } from '../../../api/query-keys';
import type { BlogPost } from '../../../../../../shared/schemas/blog-post';

// GET /api/admin/blog-posts?q=&limit=&offset= : newest first, drafts included; q matches title or excerpt.

export function getBlogPosts(params: PageParams, signal?: AbortSignal) {
  return fetchPage<BlogPost>('/api/admin/blog-posts', params, signal);
}

export const blogPostsQueryOptions = (params: PageParams) =>
  queryOptions({
    queryKey: [...adminKeys.blogPosts, params],
    queryFn: ({ signal }) => getBlogPosts(params, signal),
    placeholderData: keepPreviousData,
  });

export function useBlogPosts(params: PageParams) {
  return useQuery(blogPostsQueryOptions(params));
}
