import { z } from 'zod';
import { optionalImageUrl, requiredText } from './fields';
import type { IsoDateTime } from './json';

// A blog post: the admin form's schema, the post as the public API answers it (list and article) and as
// the admin API answers it (drafts included).

// The content is HTML; the server sanitises it (BLOG-5), the schema only bounds its size.
export const blogPostSchema = z.object({
  title: requiredText('Title is required', 200, 'Title must be at most 200 characters'),
  excerpt: requiredText('Excerpt is required', 500, 'Excerpt must be at most 500 characters'),
  content: requiredText('Content is required', 200_000, 'Content must be at most 200,000 characters'),
  isPublished: z.boolean({ error: 'Please choose whether to publish the post' }).default(false),
  imageUrl: optionalImageUrl(),
});
/** POST and PUT /api/admin/blog-posts: the form's values as the schema reads them. */
export type BlogPostPayload = z.output<typeof blogPostSchema>;
/** The form's values before the schema reads them. */
export type BlogPostInput = z.input<typeof blogPostSchema>;

/** GET /api/blog-posts: a published post without its content (the dialog loads it). */
export interface BlogPostSummary {
  id: number;
  title: string;
  slug: string;
  excerpt: string;
  author: string;
  publishedAt: IsoDateTime | null;
  imageUrl: string | null;
  isPublished: boolean;
}

/** GET /api/blog-posts/:slug: a published post with its content (HTML cleaned by the server, BLOG-5). */
export interface PublishedBlogPost extends BlogPostSummary {
  content: string;
}

/** BLOG-1: a post as GET /api/admin/blog-posts (and every post mutation) answers it, drafts included. */
export interface BlogPost extends PublishedBlogPost {
  createdAt: IsoDateTime;
}
