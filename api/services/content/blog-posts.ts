import { type ListQuery, containsPattern, isPaged } from '../../db/list-query';
import type { Knex } from 'knex';
import { audit, changedFields } from '../../platform/audit';
import { slugify } from '../../../shared/domain/slug';
import type { BlogPost as BlogPostRecord, BlogPostPayload } from '../../../shared/schemas/blog-post';
import type { Sendable } from '../../../shared/schemas/json';
import type { Deps } from '../../deps';
import { notFound } from '../../errors';
import { BlogPost } from '../../models/blog-post';
import { publicChange } from '../../platform/public-cache';
import { sanitizeBlogHtml } from '../../platform/sanitize-html';

// The admin's blog (BLOG-3, BLOG-5): HTML cleaned before it is stored and before it is
// served, unique slugs that stop changing once a post has been published, publishedAt set on first publish.
// Every change goes through changeBlog: the public blog (lists, posts, their pages) is dropped once it commits.

const changeBlog = <T>(deps: Deps, work: (trx: Knex.Transaction) => Promise<T>) => publicChange(deps, 'blog', work);

const adminColumns = [
  'id',
  'title',
  'slug',
  'excerpt',
  'content',
  'author',
  'imageUrl',
  'isPublished',
  'publishedAt',
  'createdAt',
];

/** BLOG-1: the post as the admin screens read it; the content is cleaned again on the way out (BLOG-5). */
export function blogPostJson(p: BlogPost) {
  return {
    id: p.id,
    title: p.title,
    slug: p.slug,
    excerpt: p.excerpt,
    content: sanitizeBlogHtml(p.content),
    author: p.author,
    imageUrl: p.imageUrl,
    isPublished: p.isPublished,
    publishedAt: p.publishedAt,
    createdAt: p.createdAt,
  } satisfies Sendable<BlogPostRecord, 'publishedAt' | 'createdAt'>;
}
export type BlogPostJson = ReturnType<typeof blogPostJson>;

/** Newest first; `q` is a case-insensitive substring of the title or the excerpt (BLOG-3, ADMIN-15). */
export async function listBlogPosts(knex: Knex, query: ListQuery): Promise<{ items: BlogPostJson[]; total: number | null }> {
  const builder = BlogPost.query(knex).select(adminColumns).orderBy('createdAt', 'desc').orderBy('id', 'desc');
  if (query.q) {
    const pattern = containsPattern(query.q);
    builder.where((w) => w.where('title', 'ilike', pattern).orWhere('excerpt', 'ilike', pattern));
  }
  // With a page asked for, also the number of matches (X-Total-Count, API-7); resultSize ignores limit/offset.
  const total = isPaged(query) ? await builder.resultSize() : null;
  if (query.limit !== null) builder.limit(query.limit);
  if (query.offset) builder.offset(query.offset);
  return { total, items: (await builder).map(blogPostJson) };
}

/** The first free slug for the title: `base`, else `base-2`, `base-3`, ... (a post's own slug counts as free). */
async function freeSlug(knex: Knex, title: string, exceptId: number | null): Promise<string> {
  const base = slugify(title);
  const taken = new Set(
    (
      await BlogPost.query(knex)
        .select('slug')
        .where((w) => w.where('slug', base).orWhere('slug', 'like', `${base}-%`))
        .modify((q) => {
          if (exceptId !== null) q.whereNot('id', exceptId);
        })
    ).map((r) => r.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * Slugs are handed out one at a time: two admins saving the same title at once would otherwise both find
 * `base` free. The advisory lock lasts until the transaction ends (the unique index stays the last guard).
 */
async function lockSlugs(trx: Knex.Transaction): Promise<void> {
  await trx.raw('select pg_advisory_xact_lock(hashtext(?))', ['blog_posts:slug']);
}

export async function createBlogPost(deps: Deps, input: BlogPostPayload, author: string): Promise<BlogPostJson> {
  const now = deps.now();
  const created = await changeBlog(deps, async (trx) => {
    await lockSlugs(trx);
    const row = await BlogPost.query(trx)
      .insert({
        title: input.title,
        slug: await freeSlug(trx, input.title, null),
        excerpt: input.excerpt,
        content: sanitizeBlogHtml(input.content),
        author,
        imageUrl: input.imageUrl,
        isPublished: input.isPublished,
        publishedAt: input.isPublished ? now : null,
        createdAt: now,
        updatedAt: now,
      })
      .returning(adminColumns);
    await audit(trx, { action: 'create', entity: 'blog-post', entityId: row.id, changes: changedFields(null, blogPostJson(row)) });
    return row;
  });
  return blogPostJson(created);
}

/**
 * PUT: title, excerpt and content replace the stored ones; isPublished and imageUrl change only when
 * the body carries them (the admin's edit dialog has no image field and must not wipe a post's image).
 * BLOG-6: the slug follows the title until the post is first published, then stays, so shared links keep
 * working; publishedAt is set on the first publish and kept afterwards, also across unpublishing.
 */
export async function updateBlogPost(
  deps: Deps,
  id: number,
  input: BlogPostPayload,
  given: { isPublished: boolean; imageUrl: boolean },
): Promise<BlogPostJson> {
  const updated = await changeBlog(deps, async (trx) => {
    const existing = await BlogPost.query(trx).findById(id).select(adminColumns).forUpdate();
    if (!existing) throw notFound('Blog post');
    const isPublished = given.isPublished ? input.isPublished : existing.isPublished;
    const slugIsFixed = existing.publishedAt !== null;
    let slug = existing.slug;
    if (!slugIsFixed && input.title !== existing.title) {
      await lockSlugs(trx);
      slug = await freeSlug(trx, input.title, id);
    }
    const [row] = await BlogPost.query(trx)
      .patch({
        title: input.title,
        slug,
        excerpt: input.excerpt,
        content: sanitizeBlogHtml(input.content),
        ...(given.imageUrl ? { imageUrl: input.imageUrl } : {}),
        isPublished,
        publishedAt: existing.publishedAt ?? (isPublished ? deps.now() : null),
        updatedAt: deps.now(),
      })
      .where('id', id)
      .returning(adminColumns);
    if (row) await audit(trx, { action: 'update', entity: 'blog-post', entityId: id, changes: changedFields(blogPostJson(existing), blogPostJson(row)) });
    return row;
  });
  if (!updated) throw notFound('Blog post');
  return blogPostJson(updated);
}

export async function deleteBlogPost(deps: Deps, id: number): Promise<void> {
  // `returning` rather than the count: knex-pglite answers a DELETE's raw result object, never a number.
  await changeBlog(deps, async (trx) => {
    const deleted = await BlogPost.query(trx).delete().where('id', id).returning(adminColumns);
    if (deleted.length === 0) throw notFound('Blog post');
    await audit(trx, { action: 'delete', entity: 'blog-post', entityId: id, changes: changedFields(blogPostJson(deleted[0]), null) });
  });
}
