import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { invalidateGallery } from './invalidate';

// DELETE /api/admin/gallery/:id -> 204

export function deleteGalleryImage(id: number): Promise<null> {
  return api.delete(`/api/admin/gallery/${id}`);
}

export function useDeleteGalleryImage() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteGalleryImage, onSuccess: () => invalidateGallery(queryClient) });
}
