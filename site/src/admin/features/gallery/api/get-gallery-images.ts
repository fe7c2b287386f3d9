import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchPage, type Page, type PageParams } from '../../../api/paged-list';
import { adminKeys } from '../../../api/query-keys';
import type { AdminGalleryImage } from '../../../../../../shared/schemas/gallery-image';

// GET /api/admin/gallery?q=&category=&limit=&offset= : by order then id, hidden images included;
// q matches title or description.

export function getGalleryImages(params: PageParams, signal?: AbortSignal) {
  return fetchPage<AdminGalleryImage>('/api/admin/gallery', params, signal);
}

/** GAL-4: the cards by display order, ascending, whatever order the page arrives in. */
function byOrder(page: Page<AdminGalleryImage>): Page<AdminGalleryImage> {
  return { ...page, rows: [...page.rows].sort((a, b) => a.order - b.order) };
}

export const galleryImagesQueryOptions = (params: PageParams) =>
  queryOptions({
    queryKey: [...adminKeys.gallery, params],
    queryFn: ({ signal }) => getGalleryImages(params, signal),
    placeholderData: keepPreviousData,
    select: byOrder,
  });

export function useGalleryImages(params: PageParams) {
  return useQuery(galleryImagesQueryOptions(params));
}
