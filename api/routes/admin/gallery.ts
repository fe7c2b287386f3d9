import { requires } from '../../middleware/capability';
import { createAdminRouter } from '../router';
import { parseListQuery } from '../../db/list-query';
import { galleryImageSchema } from '../../../shared/schemas/gallery-image';
import type { Deps } from '../../deps';
import { hasKey, parseBody, parseId } from '../../middleware/validate';

import { createGalleryImage, deleteGalleryImage, listGallery, updateGalleryImage, type GivenFields } from '../../services/content/gallery';

// GET    /api/admin/gallery?q=&category=&limit=&offset=  by order then id, hidden images included
// POST   /api/admin/gallery                              galleryImageSchema -> 201 image (GAL-2 defaults)
// PUT    /api/admin/gallery/:id                          galleryImageSchema -> image
// DELETE /api/admin/gallery/:id                          204 (an uploaded file stays in /media)
// Every change drops the public gallery cache (in the service).
export function galleryRoutes(deps: Deps) {
  const router = createAdminRouter(deps, { prefix: '/api/admin/gallery' });

  const givenFields = (body: unknown): GivenFields => ({
    category: hasKey(body, 'category'),
    description: hasKey(body, 'description'),
    isActive: hasKey(body, 'isActive'),
    order: hasKey(body, 'order'),
  });

  router.get('/', requires('content'), async (ctx) => {
    const category = typeof ctx.query.category === 'string' ? ctx.query.category.trim() || null : null;
    const { items, total } = await listGallery(deps.knex, { ...parseListQuery(ctx.query), category });
    if (total !== null) ctx.set('X-Total-Count', String(total));
    ctx.body = items;
  });

  router.post('/', requires('content'), async (ctx) => {
    const body = ctx.request.body;
    const image = await createGalleryImage(deps, parseBody(galleryImageSchema, body), givenFields(body));
    ctx.status = 201;
    ctx.body = image;
  });

  router.put('/:id', requires('content'), async (ctx) => {
    const id = parseId(ctx.params.id, 'Gallery image');
    const body = ctx.request.body;
    const image = await updateGalleryImage(deps, id, parseBody(galleryImageSchema, body), givenFields(body));
    ctx.body = image;
  });

  router.delete('/:id', requires('content'), async (ctx) => {
    await deleteGalleryImage(deps, parseId(ctx.params.id, 'Gallery image'));
    ctx.status = 204;
  });

  return router;
}
