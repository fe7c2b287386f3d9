import { requires } from '../../middleware/capability';
import { createAdminRouter } from '../router';
import { parseListQuery } from '../../db/list-query';
import { blogPostSchema } from '../../../shared/schemas/blog-post';
import type { Deps } from '../../deps';
import { hasKey, parseBody, parseId } from '../../middleware/validate';
import { createBlogPost, deleteBlogPost, listBlogPosts, updateBlogPost } from '../../services/content/blog-posts';

// GET    /api/admin/blog-posts?q=&limit=&offset=  newest first, drafts included, content cleaned (BLOG-5)
// POST   /api/admin/blog-posts                    blogPostSchema -> 201 post (draft unless isPublished)
// PUT    /api/admin/blog-posts/:id                blogPostSchema (an `id` in the body is ignored) -> post
// DELETE /api/admin/blog-posts/:id                204
// Every change drops the public blog cache (in the service), so a publish shows on the public site at once.
export function blogPostRoutes(deps: Deps) {
  const router = createAdminRouter(deps, { prefix: '/api/admin/blog-posts' });

  router.get('/', requires('content'), async (ctx) => {
    const { items, total } = await listBlogPosts(deps.knex, parseListQuery(ctx.query));
    if (total !== null) ctx.set('X-Total-Count', String(total));
    ctx.body = items;
  });

  router.post('/', requires('content'), async (ctx) => {
    const input = parseBody(blogPostSchema, ctx.request.body);
    const post = await createBlogPost(deps, input, ctx.state.user!.displayName);
    ctx.status = 201;
    ctx.body = post;
  });

  router.put('/:id', requires('content'), async (ctx) => {
    const id = parseId(ctx.params.id, 'Blog post');
    const body = ctx.request.body;
    const input = parseBody(blogPostSchema, body);
    const post = await updateBlogPost(deps, id, input, {
      isPublished: hasKey(body, 'isPublished'),
      imageUrl: hasKey(body, 'imageUrl'),
    });
    ctx.body = post;
  });

  router.delete('/:id', requires('content'), async (ctx) => {
    await deleteBlogPost(deps, parseId(ctx.params.id, 'Blog post'));
    ctx.status = 204;
  });

  return router;
}
