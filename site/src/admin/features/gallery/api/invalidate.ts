import type { QueryClient } from '@tanstack/react-query';
import { adminKeys, publicKeys } from '../../../api/query-keys';

/** ADMIN-18: after gallery changes the admin list and the public /api/gallery are refreshed. */
export function invalidateGallery(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: adminKeys.gallery });
  void queryClient.invalidateQueries({ queryKey: publicKeys.gallery });
}
