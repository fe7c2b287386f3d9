import { z } from 'zod';
import { optionalImageUrl, requiredText } from './fields';

// The content is HTML; the server sanitises it (D17), the schema only bounds its size.
export const blogPostSchema = z.object({
  title: requiredText('Title is required', 200, 'Title must be at most 200 characters'),
  excerpt: requiredText('Excerpt is required', 500, 'Excerpt must be at most 500 characters'),
  content: requiredText('Content is required', 200_000, 'Content must be at most 200,000 characters'),
  isPublished: z.boolean({ error: 'Please choose whether to publish the post' }).default(false),
  imageUrl: optionalImageUrl(),
});
export type BlogPost = z.output<typeof blogPostSchema>;
export type BlogPostInput = z.input<typeof blogPostSchema>;
