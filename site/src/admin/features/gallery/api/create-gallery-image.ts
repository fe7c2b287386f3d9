import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import type { AdminGalleryImage, GalleryImagePayload } from '../../../../../../shared/schemas/gallery-image';
import { invalidateGallery } from './invalidate';

// POST /api/admin/gallery {title, description, imageUrl, thumbnailUrl, category, isActive, order} -> 201 image

export function createGalleryImage(payload: GalleryImagePayload): Promise<AdminGalleryImage> {
  return api.post<AdminGalleryImage>('/api/admin/gallery', payload);
}

export function useCreateGalleryImage() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createGalleryImage, onSuccess: () => invalidateGallery(queryClient) });
}
