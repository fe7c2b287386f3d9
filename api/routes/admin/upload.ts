import { requires } from '../../middleware/capability';
import { createAdminRouter } from '../router';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { koaBody } from 'koa-body';
import type { Middleware, ParameterizedContext } from 'koa';
import type { Deps } from '../../deps';
import type { AuthState } from '../../middleware/session';
import { ImageTooLargeError, MAX_UPLOAD_BYTES, NotAnImageError, processImage, storeImage } from '../../services/content/media';
import { megapixels } from '../../platform/images';

// POST /api/admin/upload  multipart, field `image` (IMG-3, IMG-4)
//   201 { success: true, imageUrl: '/media/<id>.<ext>', thumbnailUrl: '/media/<id>-thumb.webp', error: null }
//   400 no file / unreadable multipart, 413 over 5 MB or past its pixel limit (IMG-8), 415 not a JPEG, PNG, WebP, GIF or AVIF by its bytes:
//   { success: false, imageUrl: null, thumbnailUrl: null, error }  (IMG-3: the answer is success, imageUrl, error)

export const UPLOAD_PATH = '/api/admin/upload';
export const NOT_AN_IMAGE = 'Please select an image file';
export const TOO_LARGE = 'Please select an image smaller than 5MB';
/** IMG-8: an image whose header declares more pixels than its type's limit. */
export const tooManyPixels = (err: { width: number; height: number; limit: number }) =>
  `Please select a smaller image: this one is ${err.width} x ${err.height} pixels, at most ${megapixels(err.limit)} are accepted`;
/** What formidable takes of a file before it stops reading (past the 5 MB rule, so the route says 413 itself). */
const MULTIPART_LIMIT_BYTES = 6 * 1024 * 1024;
/** Room for the multipart boundaries, headers and small fields around the file. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * Set by this route's multipart parser when it could not read the body (413 past the multipart limit,
 * 400 otherwise), so the route answers it in its own shape.
 */
export interface UploadState extends AuthState {
  uploadRefused?: 400 | 413;
}

type UploadContext = ParameterizedContext<UploadState>;

function refuse(ctx: UploadContext, status: number, error: string): void {
  ctx.status = status;
  ctx.body = { success: false, imageUrl: null, thumbnailUrl: null, error };
}

function uploadedFiles(ctx: ParameterizedContext) {
  return Object.values(ctx.request.files ?? {}).flat();
}

/**
 * formidable leaves each file in the temporary folder: removed once the request is answered, however it
 * ended, so nobody can fill the disk.
 */
const discardUploadedFiles: Middleware = async (ctx, next) => {
  try {
    await next();
  } finally {
    const files = uploadedFiles(ctx);
    if (files.length) await Promise.all(files.map((f) => fs.rm(f.filepath, { force: true }).catch(() => {})));
  }
};

/** The `image` file formidable wrote to a temporary path (removed by discardUploadedFiles). */
function uploadedImage(ctx: UploadContext): { path: string; size: number; name: string | null } | null {
  const field = ctx.request.files?.image;
  const image = Array.isArray(field) ? field[0] : field;
  return image ? { path: image.filepath, size: image.size, name: image.originalFilename } : null;
}

/**
 * FILE-2: a body whose declared length is past what an image and its form may take is refused before a
 * byte of it is read (the rest is discarded by the HTTP server, never kept); a body without a length is
 * cut off by formidable's limits as it streams to the temporary file.
 */
const refuseDeclaredTooLarge: Middleware<UploadState> = async (ctx, next) => {
  const declared = Number(ctx.get('Content-Length'));
  if (Number.isFinite(declared) && declared > MULTIPART_LIMIT_BYTES + MULTIPART_OVERHEAD_BYTES) {
    ctx.state.uploadRefused = 413;
    return refuse(ctx, 413, TOO_LARGE);
  }
  await next();
};

export function uploadRoutes(deps: Deps) {
  const router = createAdminRouter<UploadState>(deps, { prefix: UPLOAD_PATH, body: 'none' });

  // Multipart is parsed here only, after the router's session guard (api/routes/router.ts) (6 MB cap: a bigger
  // body is a 413). formidable streams the file to a temporary path; nothing here reads it into memory.
  const multipart = koaBody({
    multipart: true,
    urlencoded: false,
    json: false,
    text: false,
    formidable: { maxFileSize: MULTIPART_LIMIT_BYTES, maxTotalFileSize: MULTIPART_LIMIT_BYTES, maxFiles: 1, maxFieldsSize: 64 * 1024, allowEmptyFiles: false },
    onError: (err, ctx) => {
      const e = err as { status?: number; httpCode?: number };
      ctx.state.uploadRefused = e.status === 413 || e.httpCode === 413 ? 413 : 400;
    },
  });

  router.post('/', requires('content'), refuseDeclaredTooLarge, discardUploadedFiles, multipart, async (ctx) => {
    if (ctx.state.uploadRefused === 413) return refuse(ctx, 413, TOO_LARGE);
    if (ctx.state.uploadRefused) return refuse(ctx, 400, NOT_AN_IMAGE);

    const upload = uploadedImage(ctx);
    if (!upload) return refuse(ctx, 400, NOT_AN_IMAGE);
    if (upload.size > MAX_UPLOAD_BYTES) return refuse(ctx, 413, TOO_LARGE);

    // The re-encoded image and thumbnail are files in a folder of this request's own until they are stored.
    const work = await fs.mkdtemp(path.join(os.tmpdir(), 'clinic-image-'));
    try {
      let image;
      try {
        image = await processImage(upload.path, work);
      } catch (err) {
        if (err instanceof NotAnImageError) return refuse(ctx, 415, NOT_AN_IMAGE);
        // IMG-8: past its type's pixel limit, read from the header; nothing of it was decoded.
        if (err instanceof ImageTooLargeError) return refuse(ctx, 413, tooManyPixels(err));
        throw err;
      }
      const stored = await storeImage(deps, image, upload.name, deps.now());
      deps.logger.info('media_uploaded', { id: stored.id, type: image.kind, bytes: stored.size });
      ctx.status = 201;
      ctx.body = { success: true, imageUrl: stored.imageUrl, thumbnailUrl: stored.thumbnailUrl, error: null };
    } finally {
      await fs.rm(work, { recursive: true, force: true });
    }
  });

  return router;
}
