/** An image as GET /api/admin/gallery answers it (SPEC 3): hidden ones included. */
export interface AdminGalleryImage {
  id: number;
  title: string;
  description: string | null;
  imageUrl: string;
  thumbnailUrl: string | null;
  category: string | null;
  isActive: boolean;
  order: number;
  createdAt?: string;
}
