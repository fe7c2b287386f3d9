import type { Deps } from '../deps';
import { notFound } from '../errors';
import { findMedia } from '../services/content/media';
import { createRouter } from './router';

// GET /media/<id>.<ext>         the uploaded image (IMG-4), in the type it was uploaded as
// GET /media/<id>-thumb.webp    its WebP thumbnail
// Public (images appear on public pages). An id never changes its bytes, so browsers and proxies may keep
// them for a year without asking again; unknown ids and names answer 404. The bytes are streamed from the
// file storage (FILE-1), never read whole into memory.
export function mediaRoutes(deps: Deps) {
  const router = createRouter({ prefix: '/media', body: 'none' });

  router.get('/:name', async (ctx) => {
    const file = await findMedia(deps.knex, ctx.params.name);
    if (!file) throw notFound('Image');
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    ctx.set('ETag', file.etag);
    if (ctx.get('If-None-Match') === file.etag) {
      ctx.status = 304;
      return;
    }
    const { size, stream } = await deps.storage.open(file.key);
    ctx.type = file.contentType;
    ctx.length = size;
    ctx.body = stream;
  });

  return router;
}
