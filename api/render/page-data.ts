import type { BlogPostSummary } from '../../shared/schemas/blog-post';
import type { Deps } from '../deps';
import { publicBookingRules } from '../services/booking';
import { managedAppointment } from '../services/manage-appointment';
import { publicReviews } from '../services/reviews';
import { findPublishedPost, listActiveGallery, listPublishedPosts, readSetting } from '../services/public-content';

// What a public page needs, read at request time the way the public API reads it (same services, same
// cache keys as api/routes/public/content.ts), so a page and GET /api/... always agree.

/** The value GET {path} answers; null for an unpublished or unknown post. Throws when the database fails. */
export function publicDataLoader(deps: Deps): (path: string) => Promise<unknown> {
  const { knex, cache } = deps;
  const parse = (body: { json: string }) => JSON.parse(body.json) as unknown;
  return async (path) => {
    if (path === '/api/blog-posts') return parse(await cache.get('blog:list', () => listPublishedPosts(knex)));
    if (path === '/api/gallery') return parse(await cache.get('gallery:list', () => listActiveGallery(knex)));
    if (path === '/api/site-settings/doctor_image') {
      const key = 'doctor_image';
      return parse(await cache.get(`setting:${key}`, async () => (await readSetting(knex, key)) ?? { key, value: null }));
    }
    if (path === '/api/appointments/rules') return publicBookingRules(deps);
    // REV-5: the home page's reviews and rating.
    if (path === '/api/reviews') return publicReviews(knex);
    // BOOK-14: a personal link's appointment; null (the page answers 404) when over or unknown.
    const link = /^\/api\/appointment-links\/([^/]+)$/.exec(path);
    if (link) return managedAppointment(deps, link[1]);
    const post = /^\/api\/blog-posts\/([^/]+)$/.exec(path);
    if (post) {
      const slug = decodeURIComponent(post[1]);
      return parse(await cache.get(`blog:post:${slug}`, async () => (await findPublishedPost(knex, slug)) ?? null));
    }
    throw new Error(`No public data at ${path}`);
  };
}

/** Published posts for the sitemap: slug and date only. */
export async function publishedPostsForSitemap(deps: Deps): Promise<{ slug: string; publishedAt: string | null }[]> {
  const list = (await publicDataLoader(deps)('/api/blog-posts')) as BlogPostSummary[];
  return list.map((p) => ({ slug: p.slug, publishedAt: p.publishedAt }));
}
