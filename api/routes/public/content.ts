import type { Deps } from '../../deps';
import { notFound } from '../../errors';
import { findPublishedPost, listActiveGallery, listPublishedPosts, readSetting } from '../../services/content/public-content';
import { sendCached } from './cached-json';
import { createRouter } from '../router';

// GET /api/blog-posts                 published posts, newest first (no content)
// GET /api/blog-posts/:slug           one published post with content; 404 for drafts and unknown slugs
// GET /api/gallery                    active images by order
// GET /api/site-settings/doctor_image { key, value } (value null when unset)
export function publicContentRoutes(deps: Deps) {
  const router = createRouter({ prefix: '/api', body: 'none' });
  const { knex, cache } = deps;

  router.get('/blog-posts', async (ctx) => {
    sendCached(ctx, await cache.get('blog:list', () => listPublishedPosts(knex)));
  });

  router.get('/blog-posts/:slug', async (ctx) => {
    const slug = ctx.params.slug;
    const body = await cache.get(`blog:post:${slug}`, async () => (await findPublishedPost(knex, slug)) ?? null);
    if (body.json === 'null') throw notFound('Blog post');
    sendCached(ctx, body);
  });

  router.get('/gallery', async (ctx) => {
    sendCached(ctx, await cache.get('gallery:list', () => listActiveGallery(knex)));
  });

  router.get('/site-settings/:key', async (ctx) => {
    const key = ctx.params.key;
    if (key !== 'doctor_image') throw notFound('Setting');
    sendCached(ctx, await cache.get(`setting:${key}`, async () => (await readSetting(knex, key)) ?? { key, value: null }));
  });

  return router;
}
