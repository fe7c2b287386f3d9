import crypto from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Knex } from 'knex';
import type { Metadata } from 'sharp';
import { MAX_UPLOAD_BYTES } from '../../../shared/schemas/upload';
import { IMAGE_LIMITS, ImageTooLargeError, withImage, type ImageKind } from '../../platform/images';
import type { FileStorage } from '../../platform/storage';

// IMG-4, IMG-5: uploaded images are recognised by their bytes (never by file name or Content-Type), re-encoded
// without metadata (EXIF holds GPS positions and camera serials), kept with a WebP thumbnail in the file
// storage (FILE-1; the database holds only their description) and served under /media/<id>.<ext> and
// /media/<id>-thumb.webp.

export { MAX_UPLOAD_BYTES, IMAGE_LIMITS, ImageTooLargeError, type ImageKind };
export const THUMBNAIL_WIDTH = 480;

export const imageKinds: Record<ImageKind, { ext: string; contentType: string }> = {
  jpeg: { ext: 'jpg', contentType: 'image/jpeg' },
  png: { ext: 'png', contentType: 'image/png' },
  webp: { ext: 'webp', contentType: 'image/webp' },
  gif: { ext: 'gif', contentType: 'image/gif' },
  avif: { ext: 'avif', contentType: 'image/avif' },
};

const ascii = (bytes: Uint8Array, start: number, end: number) => Buffer.from(bytes.subarray(start, end)).toString('latin1');

/** The image type the first bytes announce (magic numbers), or null for anything else. */
export function sniffImageKind(bytes: Uint8Array): ImageKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && ascii(bytes, 0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (bytes.length >= 6 && ['GIF87a', 'GIF89a'].includes(ascii(bytes, 0, 6))) return 'gif';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (bytes.length >= 16 && ascii(bytes, 4, 8) === 'ftyp') {
    // ISO-BMFF: the ftyp box lists a major brand and compatible brands; AVIF says avif (still) or avis.
    const boxSize = Math.min(new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0), bytes.length);
    const brands = [ascii(bytes, 8, 12)];
    for (let at = 16; at + 4 <= boxSize; at += 4) brands.push(ascii(bytes, at, at + 4));
    if (brands.includes('avif') || brands.includes('avis')) return 'avif';
  }
  return null;
}

/** What sharp itself reads the bytes as, in our terms (libvips reports AVIF as heif with av1). */
function decodedKind(meta: Metadata): ImageKind | null {
  if (meta.format === 'heif') return meta.compression === 'av1' ? 'avif' : null;
  return meta.format && meta.format in imageKinds ? (meta.format as ImageKind) : null;
}

export interface ProcessedImage {
  kind: ImageKind;
  /** The re-encoded image and its thumbnail, as files in a folder of their own (removed by the caller). */
  imagePath: string;
  thumbnailPath: string;
  width: number;
  height: number;
}

export class NotAnImageError extends Error {
  constructor() {
    super('Not an image this site accepts');
  }
}

/** The first bytes of a file: enough for every magic number sniffImageKind knows. */
async function headOf(file: string): Promise<Buffer> {
  const handle = await fs.open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(64), 0, 64, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * Checks and re-encodes one uploaded file, read from its path (never from a copy in memory): the magic
 * number and sharp's decoder must agree on a type we accept, the pixels are turned upright (EXIF
 * orientation) and written again without any metadata, and a WebP thumbnail at most 480 px wide is made;
 * both are written as files into `workDir`. Throws NotAnImageError for anything else, corrupt files included.
 */
export function processImage(inputPath: string, workDir: string): Promise<ProcessedImage> {
  return encodeImage(inputPath, workDir);
}

async function encodeImage(inputPath: string, workDir: string): Promise<ProcessedImage> {
  const kind = sniffImageKind(await headOf(inputPath));
  if (!kind) throw new NotAnImageError();
  const animated = kind === 'gif' || kind === 'webp';
  const limits = IMAGE_LIMITS[kind];
  const imagePath = path.join(workDir, 'image');
  const thumbnailPath = path.join(workDir, 'thumbnail');
  try {
    // IMG-8: the header is read and its pixels counted (every frame) before anything is decoded.
    return await withImage(
      inputPath,
      kind,
      async ({ meta, open }) => {
        if (decodedKind(meta) !== kind) throw new NotAnImageError();
        // sharp writes no metadata unless asked to (no keepMetadata/withMetadata here); rotate() applies EXIF
        // orientation first so the stripped picture still stands the right way up.
        const base = open({ animated }).rotate().resize({ width: limits.side, height: limits.side, fit: 'inside', withoutEnlargement: true });
        const encoded =
          kind === 'jpeg'
            ? base.jpeg({ quality: 90, mozjpeg: true })
            : kind === 'png'
              ? base.png()
              : kind === 'webp'
                ? base.webp({ quality: 90 })
                : kind === 'gif'
                  ? base.gif()
                  : base.avif({ quality: 60 });
        // Written by libvips straight to a file: the encoded image never becomes one buffer.
        const info = await encoded.toFile(imagePath);
        await open().rotate().resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true }).webp({ quality: 80 }).toFile(thumbnailPath);
        return { kind, imagePath, thumbnailPath, width: info.width, height: info.pageHeight ?? info.height };
      },
      { animated },
    );
  } catch (err) {
    if (err instanceof NotAnImageError || err instanceof ImageTooLargeError) throw err;
    // libvips could not read or decode it (truncated, corrupt): not an image we accept.
    throw new NotAnImageError();
  }
}

export interface StoredMedia {
  id: string;
  imageUrl: string;
  thumbnailUrl: string;
}

export const mediaUrls = (id: string, kind: ImageKind) => ({
  imageUrl: `/media/${id}.${imageKinds[kind].ext}`,
  thumbnailUrl: `/media/${id}-thumb.webp`,
});

/** FILE-1: where a media row's files are kept in the storage. */
export const mediaKeys = (id: string, ext: string) => ({ imageKey: `media/${id}.${ext}`, thumbnailKey: `media/${id}-thumb.webp` });

function printable(name: string | null): string | null {
  const kept = [...(name ?? '')].filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f).join('');
  return kept.slice(0, 255) || null;
}

/**
 * FILE-1, FILE-2: puts the image and its thumbnail into the storage (streamed from their files), then
 * records them. The files are whole and on the disk before the row that points at them exists; a row that
 * cannot be written takes its files away again.
 */
export async function storeImage(
  deps: { knex: Knex; storage: FileStorage },
  image: ProcessedImage,
  originalName: string | null,
  now: Date,
): Promise<StoredMedia & { size: number }> {
  const id = crypto.randomUUID();
  const { imageKey, thumbnailKey } = mediaKeys(id, imageKinds[image.kind].ext);
  try {
    const stored = await deps.storage.put(imageKey, createReadStream(image.imagePath));
    const thumbnail = await deps.storage.put(thumbnailKey, createReadStream(image.thumbnailPath));
    await deps.knex('media').insert({
      id,
      contentType: imageKinds[image.kind].contentType,
      storageKey: imageKey,
      thumbnailKey,
      sha256: stored.sha256,
      thumbnailSha256: thumbnail.sha256,
      thumbnailSize: thumbnail.size,
      width: image.width,
      height: image.height,
      sizeBytes: stored.size,
      // Kept for the admin's information only; never used to decide anything. Control characters dropped.
      originalName: printable(originalName),
      createdAt: now,
    });
    return { id, size: stored.size, ...mediaUrls(id, image.kind) };
  } catch (err) {
    await Promise.all([deps.storage.remove(imageKey), deps.storage.remove(thumbnailKey)]).catch(() => {});
    throw err;
  }
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const MEDIA_NAME = new RegExp(`^(${UUID})(?:(-thumb)\\.webp|\\.(jpg|png|webp|gif|avif))$`);
const MEDIA_URL = new RegExp(`^/media/(${UUID})\\.(?:jpg|png|webp|gif|avif)$`);

/** The media id of an address such as /media/<id>.png, or null for any other address. */
export function mediaIdOf(url: string | null | undefined): string | null {
  return url ? (MEDIA_URL.exec(url)?.[1] ?? null) : null;
}

export async function mediaExists(knex: Knex, id: string): Promise<boolean> {
  return Boolean(await knex('media').where({ id }).first('id'));
}

export interface MediaFile {
  contentType: string;
  etag: string;
  /** Where its bytes are in the storage (FILE-1): opened only when they are sent. */
  key: string;
}

/** What a /media/... file name stands for, or null when the name or the id is unknown. */
export async function findMedia(knex: Knex, fileName: string): Promise<MediaFile | null> {
  const match = MEDIA_NAME.exec(fileName);
  if (!match) return null;
  const [, id, thumb, ext] = match;
  const row = await knex('media').where({ id }).first('contentType', 'storageKey', 'thumbnailKey');
  if (!row) return null;
  if (thumb) return { contentType: 'image/webp', etag: `"${id}-thumb"`, key: row.thumbnailKey };
  // The extension must be the stored type's: /media/<id>.gif does not answer a PNG.
  if (Object.values(imageKinds).find((k) => k.contentType === row.contentType)?.ext !== ext) return null;
  return { contentType: row.contentType, etag: `"${id}"`, key: row.storageKey };
}
