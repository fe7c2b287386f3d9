import type { BlogPostSummary } from '../../shared/schemas/blog-post';
import type { Deps } from '../deps';
import { publicBookingRules } from '../services/appointments/booking';
import { expiredManageLink, managedAppointment } from '../services/appointments/manage-appointment';
import { publicReviews } from '../services/content/reviews';
import { findPublishedPost, listActiveGallery, listPublishedPosts, readSetting } from '../services/content/public-content';

// What a public page needs, read at request time the way the public API reads it (same services, same
// cache keys as api/routes/public/content.ts), so a page and GET /api/... always agree. Each source names
// its key: the rendered page that read it is dropped when a change to that key's kind is announced
// (SITE-27, api/platform/page-cache.ts); null marks a personal read, and a page that makes one is never kept.

export interface PublicDataSource {
  /** 'blog:list', 'clinic', ...: starts with the kind the triggers announce (migrations 018, 021). */
  key: string | null;
  read(): Promise<unknown>;
}

/** The source of GET {path}'s value (null for an unpublished or unknown post); read() throws when the database fails. */
export function publicDataSource(deps: Deps): (path: string) => PublicDataSource {
  const { knex, cache } = deps;
  const parse = (body: { json: string }) => JSON.parse(body.json) as unknown;
  const cached = (key: string, load: () => Promise<unknown>): PublicDataSource => ({ key, read: async () => parse(await cache.get(key, load)) });
  return (path) => {
    if (path === '/api/blog-posts') return cached('blog:list', () => listPublishedPosts(knex));
    if (path === '/api/gallery') return cached('gallery:list', () => listActiveGallery(knex));
    if (path === '/api/site-settings/doctor_image') {
      const key = 'doctor_image';
      return cached(`setting:${key}`, async () => (await readSetting(knex, key)) ?? { key, value: null });
    }
    // The booking rules: the clinic's settings and the closed dates from today (clinic time) on.
    if (path === '/api/appointments/rules') return { key: 'clinic', read: () => publicBookingRules(deps) };
    // REV-5: the home page's reviews and rating.
    if (path === '/api/reviews') return { key: 'reviews', read: () => publicReviews(knex) };
    // BOOK-14: a personal link's appointment. UI-11: when over, only its language, for the page that says
    // the link has expired; null when unknown. Both answer 404.
    const link = /^\/api\/appointment-links\/([^/]+)$/.exec(path);
    if (link) return { key: null, read: async () => (await managedAppointment(deps, link[1])) ?? (await expiredManageLink(deps, link[1])) };
    const post = /^\/api\/blog-posts\/([^/]+)$/.exec(path);
    if (post) {
      const slug = decodeURIComponent(post[1]);
      return cached(`blog:post:${slug}`, async () => (await findPublishedPost(knex, slug)) ?? null);
    }
    throw new Error(`No public data at ${path}`);
  };
}

/** The value GET {path} answers; null for an unpublished or unknown post. Throws when the database fails. */
export function publicDataLoader(deps: Deps): (path: string) => Promise<unknown> {
  const source = publicDataSource(deps);
  return async (path) => source(path).read();
}

/** Published posts for the sitemap: slug and date only. */
export async function publishedPostsForSitemap(deps: Deps): Promise<{ slug: string; publishedAt: string | null }[]> {
  const list = (await publicDataLoader(deps)('/api/blog-posts')) as BlogPostSummary[];
  return list.map((p) => ({ slug: p.slug, publishedAt: p.publishedAt }));
}
