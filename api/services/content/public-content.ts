import type { Knex } from 'knex';
import type { GalleryImage as GalleryImageRecord } from '../../../shared/schemas/gallery-image';
import type { SiteSetting as SiteSettingRecord } from '../../../shared/schemas/site-setting';
import { BlogPost } from '../../models/blog-post';
import { GalleryImage } from '../../models/gallery-image';
import { SiteSetting } from '../../models/site-setting';
import { sanitizeBlogHtml } from '../../platform/sanitize-html';

// Reads behind the public API and the server-rendered pages: only what a visitor may see.

const publicPostColumns = ['id', 'title', 'slug', 'excerpt', 'author', 'publishedAt', 'imageUrl', 'isPublished'];

/** Published posts, newest first, without their content (the dialog loads it). */
export async function listPublishedPosts(knex: Knex) {
  return BlogPost.query(knex)
    .select(publicPostColumns)
    .where('isPublished', true)
    .orderBy('publishedAt', 'desc')
    .orderBy('id', 'desc');
}

/** One published post with its content, cleaned again on the way out (BLOG-5), whatever the table holds. */
export async function findPublishedPost(knex: Knex, slug: string) {
  const post = await BlogPost.query(knex)
    .select([...publicPostColumns, 'content'])
    .where({ slug, isPublished: true })
    .first();
  if (post) post.content = sanitizeBlogHtml(post.content);
  return post;
}

/** Active gallery images by display order (GAL-3), `order` named as the API names it. */
export async function listActiveGallery(knex: Knex) {
  const rows = await GalleryImage.query(knex)
    .select('id', 'title', 'description', 'imageUrl', 'thumbnailUrl', 'category', 'isActive', 'sortOrder')
    .where('isActive', true)
    .orderBy('sortOrder')
    .orderBy('id');
  return rows.map(galleryImageJson);
}

export function galleryImageJson(g: GalleryImage) {
  return {
    id: g.id,
    title: g.title,
    description: g.description,
    imageUrl: g.imageUrl,
    thumbnailUrl: g.thumbnailUrl,
    category: g.category,
    isActive: g.isActive,
    order: g.sortOrder,
  } satisfies GalleryImageRecord;
}

export async function readSetting(knex: Knex, key: string) {
  const row = await SiteSetting.query(knex).findById(key);
  return row ? ({ key: row.key, value: row.value } satisfies SiteSettingRecord) : null;
}
