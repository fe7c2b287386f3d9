import { z } from 'zod';
import { galleryCategoryValues } from '../constants/gallery';
import { IMAGE_URL_MESSAGE, isImageUrl, numberInput, optionalImageUrl, optionalText, requiredText } from './fields';
import type { IsoDateTime } from './json';

// A gallery image: the admin form's schema, and the image as the public and the admin API answer it.

export const galleryImageSchema = z.object({
  title: requiredText('Title is required', 200, 'Title must be at most 200 characters'),
  description: optionalText(1000, 'Description must be at most 1000 characters'),
  imageUrl: z
    .string({ error: 'Image is required' })
    .trim()
    .min(1, { message: 'Image is required', abort: true })
    .refine(isImageUrl, IMAGE_URL_MESSAGE),
  thumbnailUrl: optionalImageUrl(),
  // Empty means uncategorised; the admin form starts at DEFAULT_GALLERY_CATEGORY.
  category: z
    .string()
    .trim()
    .nullish()
    .transform((value) => value || null)
    .refine((value) => value === null || (galleryCategoryValues as string[]).includes(value), 'Please select a valid category'),
  isActive: z.boolean({ error: 'Please choose whether to show the image' }).default(true),
  // SPEC: non-numeric input becomes 0; negative numbers are refused.
  order: z.preprocess(
    (value) => {
      const n = numberInput(0)(value);
      return typeof n === 'number' && Number.isNaN(n) ? 0 : n;
    },
    z
      .number({ error: 'Order must be a positive number' })
      .int('Order must be a whole number')
      .min(0, 'Order must be a positive number')
      .max(1_000_000, 'Order is too large'),
  ),
});
/** POST and PUT /api/admin/gallery: the form's values as the schema reads them. */
export type GalleryImagePayload = z.output<typeof galleryImageSchema>;
/** The form's values before the schema reads them. */
export type GalleryImageInput = z.input<typeof galleryImageSchema>;

/** GAL-1: an image as GET /api/gallery answers it (active ones only there). */
export interface GalleryImage {
  id: number;
  title: string;
  description: string | null;
  imageUrl: string;
  thumbnailUrl: string | null;
  category: string | null;
  isActive: boolean;
  order: number;
}

/** An image as GET /api/admin/gallery (and every image mutation) answers it, hidden ones included. */
export interface AdminGalleryImage extends GalleryImage {
  createdAt: IsoDateTime;
}
