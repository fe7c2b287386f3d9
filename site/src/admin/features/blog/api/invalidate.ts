import type { QueryClient } from '@tanstack/react-query';
import { adminKeys, publicKeys } from '../../../api/query-keys';

/** ADMIN-18: after blog changes the admin list and the public /api/blog-posts are refreshed. */
export function invalidateBlog(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: adminKeys.blogPosts });
  void queryClient.invalidateQueries({ queryKey: publicKeys.blogPosts });
}
