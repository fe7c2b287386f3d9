import { type ListQuery, containsPattern, isPaged } from '../../db/list-query';
import type { Knex } from 'knex';
import { audit, changedFields } from '../../platform/audit';
import { DEFAULT_GALLERY_CATEGORY } from '../../../shared/constants/gallery';
import type { AdminGalleryImage, GalleryImagePayload } from '../../../shared/schemas/gallery-image';
import type { Sendable } from '../../../shared/schemas/json';
import type { Deps } from '../../deps';
import { notFound } from '../../errors';
import { GalleryImage } from '../../models/gallery-image';

import { mediaExists, mediaIdOf } from './media';
import { publicChange } from '../../platform/public-cache';
import { galleryImageJson } from './public-content';

// The admin's gallery (GAL-4). The API calls the display position `order`; the
// column is sort_order (`order` is an SQL keyword). Every change goes through changeGallery: the public
// gallery (its list and page) is dropped once it commits.

const changeGallery = <T>(deps: Deps, work: (trx: Knex.Transaction) => Promise<T>) => publicChange(deps, 'gallery', work);

const adminColumns = ['id', 'title', 'description', 'imageUrl', 'thumbnailUrl', 'category', 'isActive', 'sortOrder', 'createdAt'];

export function adminGalleryImageJson(g: GalleryImage) {
  return { ...galleryImageJson(g), createdAt: g.createdAt } satisfies Sendable<AdminGalleryImage, 'createdAt'>;
}
export type AdminGalleryImageJson = ReturnType<typeof adminGalleryImageJson>;

export interface GalleryListQuery extends ListQuery {
  /** A category value; null (or 'all') for every image. */
  category: string | null;
}

/** By order, then id (GAL-4); `q` is a case-insensitive substring of the title or the description. */
export async function listGallery(knex: Knex, query: GalleryListQuery): Promise<{ items: AdminGalleryImageJson[]; total: number | null }> {
  const builder = GalleryImage.query(knex).select(adminColumns).orderBy('sortOrder').orderBy('id');
  if (query.q) {
    const pattern = containsPattern(query.q);
    builder.where((w) => w.where('title', 'ilike', pattern).orWhere('description', 'ilike', pattern));
  }
  if (query.category && query.category !== 'all') builder.where('category', query.category);
  // With a page asked for, also the number of matches (X-Total-Count, API-7); resultSize ignores limit/offset.
  const total = isPaged(query) ? await builder.resultSize() : null;
  if (query.limit !== null) builder.limit(query.limit);
  if (query.offset) builder.offset(query.offset);
  return { total, items: (await builder).map(adminGalleryImageJson) };
}

/** The thumbnail of an image uploaded here (/media/<id>.<ext> -> /media/<id>-thumb.webp), else null. */
async function uploadedThumbnail(knex: Knex, imageUrl: string): Promise<string | null> {
  const id = mediaIdOf(imageUrl);
  return id && (await mediaExists(knex, id)) ? `/media/${id}-thumb.webp` : null;
}

/** Which optional fields the request body carried; an omitted one takes its default (POST) or stays (PUT). */
export interface GivenFields {
  category: boolean;
  description: boolean;
  isActive: boolean;
  order: boolean;
}

/** POST: GAL-2 defaults (active, category clinic, order 0); an uploaded image brings its thumbnail. */
export async function createGalleryImage(deps: Deps, input: GalleryImagePayload, given: GivenFields): Promise<AdminGalleryImageJson> {
  const now = deps.now();
  const thumbnailUrl = input.thumbnailUrl ?? (await uploadedThumbnail(deps.knex, input.imageUrl));
  return changeGallery(deps, async (trx) => {
    const created = await GalleryImage.query(trx)
      .insert({
        title: input.title,
        description: input.description,
        imageUrl: input.imageUrl,
        thumbnailUrl,
        // An explicit empty category means "Uncategorized"; an omitted one is the default.
        category: given.category ? input.category : DEFAULT_GALLERY_CATEGORY,
        isActive: input.isActive,
        sortOrder: input.order,
        createdAt: now,
        updatedAt: now,
      })
      .returning(adminColumns);
    const json = adminGalleryImageJson(created);
    await audit(trx, { action: 'create', entity: 'gallery-image', entityId: json.id, changes: changedFields(null, json) });
    return json;
  });
}

/**
 * PUT: title and image replace the stored ones; the other fields change only when the body carries them.
 * Without a thumbnail in the body (empty counts as none), an uploaded image brings its own, an unchanged
 * image keeps its thumbnail, and an image given by URL has none (IMG-6: the URL is kept as it is).
 */
export async function updateGalleryImage(
  deps: Deps,
  id: number,
  input: GalleryImagePayload,
  given: GivenFields,
): Promise<AdminGalleryImageJson> {
  const uploaded = input.thumbnailUrl ?? (await uploadedThumbnail(deps.knex, input.imageUrl));
  return changeGallery(deps, async (trx) => {
    const existing = await GalleryImage.query(trx).findById(id).select(adminColumns).forUpdate();
    if (!existing) throw notFound('Gallery image');
    const thumbnailUrl = uploaded ?? (input.imageUrl === existing.imageUrl ? existing.thumbnailUrl : null);
    const [updated] = await GalleryImage.query(trx)
      .patch({
        title: input.title,
        imageUrl: input.imageUrl,
        thumbnailUrl,
        ...(given.description ? { description: input.description } : {}),
        ...(given.category ? { category: input.category } : {}),
        ...(given.isActive ? { isActive: input.isActive } : {}),
        ...(given.order ? { sortOrder: input.order } : {}),
        updatedAt: deps.now(),
      })
      .where('id', id)
      .returning(adminColumns);
    if (!updated) throw notFound('Gallery image');
    const json = adminGalleryImageJson(updated);
    await audit(trx, { action: 'update', entity: 'gallery-image', entityId: id, changes: changedFields(adminGalleryImageJson(existing), json) });
    return json;
  });
}

export async function deleteGalleryImage(deps: Deps, id: number): Promise<void> {
  // `returning` rather than the count: knex-pglite answers a DELETE's raw result object, never a number.
  await changeGallery(deps, async (trx) => {
    const deleted = await GalleryImage.query(trx).delete().where('id', id).returning(adminColumns);
    if (deleted.length === 0) throw notFound('Gallery image');
    await audit(trx, { action: 'delete', entity: 'gallery-image', entityId: id, changes: changedFields(adminGalleryImageJson(deleted[0]), null) });
  });
}
