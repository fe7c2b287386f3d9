import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import type { AdminGalleryImage, GalleryImagePayload } from '../../../../../../shared/schemas/gallery-image';
import { invalidateGallery } from './invalidate';

// PUT /api/admin/gallery/:id {title, description, imageUrl, thumbnailUrl, category, isActive, order} -> image

export function updateGalleryImage({ id, ...payload }: GalleryImagePayload & { id: number }): Promise<AdminGalleryImage> {
  return api.put<AdminGalleryImage>(`/api/admin/gallery/${id}`, payload);
}

export function useUpdateGalleryImage() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateGalleryImage, onSuccess: () => invalidateGallery(queryClient) });
}
