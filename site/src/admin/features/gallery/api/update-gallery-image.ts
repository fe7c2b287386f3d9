import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import type { GalleryImage } from '../../../../../../shared/schemas/gallery-image';
import { invalidateGallery } from './invalidate';
import type { AdminGalleryImage } from './types';

// PUT /api/admin/gallery/:id {title, description, imageUrl, thumbnailUrl, category, isActive, order} -> image

export function updateGalleryImage({ id, ...payload }: GalleryImage & { id: number }): Promise<AdminGalleryImage> {
  return api.put<AdminGalleryImage>(`/api/admin/gallery/${id}`, payload);
}

export function useUpdateGalleryImage() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateGalleryImage, onSuccess: () => invalidateGallery(queryClient) });
}
