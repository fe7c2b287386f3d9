import { z } from 'zod';
import { galleryCategoryValues } from '../constants/gallery';
import { IMAGE_URL_MESSAGE, isImageUrl, numberInput, optionalImageUrl, optionalText, requiredText } from './fields';

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
export type GalleryImage = z.output<typeof galleryImageSchema>;
export type GalleryImageInput = z.input<typeof galleryImageSchema>;
