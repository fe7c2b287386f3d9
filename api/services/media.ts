import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { Metadata } from 'sharp';
import { MAX_UPLOAD_BYTES } from '../../shared/schemas/upload';

// IMG-4, IMG-5: uploaded images are recognised by their bytes (never by file name or Content-Type), re-encoded
// without metadata (EXIF holds GPS positions and camera serials), stored in Postgres with a WebP thumbnail
// and served under /media/<id>.<ext> and /media/<id>-thumb.webp.

export { MAX_UPLOAD_BYTES };
export const THUMBNAIL_WIDTH = 480;
/** Past this, decoding costs more memory than a photo is worth (a 50 MP phone photo is well inside). */
const MAX_INPUT_PIXELS = 120_000_000;

export type ImageKind = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif';

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
  bytes: Buffer;
  thumbnail: Buffer;
  width: number;
  height: number;
}

export class NotAnImageError extends Error {
  constructor() {
    super('Not an image this site accepts');
  }
}

/**
 * Checks and re-encodes one upload: the magic number and sharp's decoder must agree on a type we accept,
 * the pixels are turned upright (EXIF orientation) and written again without any metadata, and a WebP
 * thumbnail at most 480 px wide is made. Throws NotAnImageError for anything else, corrupt files included.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  const kind = sniffImageKind(input);
  if (!kind) throw new NotAnImageError();
  const animated = kind === 'gif' || kind === 'webp';
  // OPS-16: sharp (libvips) is loaded by the first upload, not at start: most processes never see one, and
  // loading it costs the process about 10 MB (docs/operations.md, "Memory").
  const { default: sharp } = await import('sharp');
  const open = (all: boolean) => sharp(input, { animated: all, limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
  try {
    const meta = await open(false).metadata();
    if (decodedKind(meta) !== kind) throw new NotAnImageError();

    // sharp writes no metadata unless asked to (no keepMetadata/withMetadata here); rotate() applies EXIF
    // orientation first so the stripped picture still stands the right way up.
    const base = open(animated).rotate();
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
    const { data: bytes, info } = await encoded.toBuffer({ resolveWithObject: true });
    const thumbnail = await open(false)
      .rotate()
      .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
    return { kind, bytes, thumbnail, width: info.width, height: info.pageHeight ?? info.height };
  } catch (err) {
    if (err instanceof NotAnImageError) throw err;
    // libvips could not decode it (truncated, corrupt, too many pixels): not an image we accept.
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

function printable(name: string | null): string | null {
  const kept = [...(name ?? '')].filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f).join('');
  return kept.slice(0, 255) || null;
}

export async function storeImage(knex: Knex, image: ProcessedImage, originalName: string | null, now: Date): Promise<StoredMedia> {
  const id = crypto.randomUUID();
  await knex('media').insert({
    id,
    contentType: imageKinds[image.kind].contentType,
    bytes: image.bytes,
    thumbnail: image.thumbnail,
    width: image.width,
    height: image.height,
    sizeBytes: image.bytes.length,
    // Kept for the admin's information only; never used to decide anything. Control characters dropped.
    originalName: printable(originalName),
    createdAt: now,
  });
  return { id, ...mediaUrls(id, image.kind) };
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
  bytes: Buffer;
  etag: string;
}

/** The bytes behind a /media/... file name, or null when the name or the id is unknown. */
export async function readMedia(knex: Knex, fileName: string): Promise<MediaFile | null> {
  const match = MEDIA_NAME.exec(fileName);
  if (!match) return null;
  const [, id, thumb, ext] = match;
  if (thumb) {
    const row = await knex('media').where({ id }).first('thumbnail');
    return row ? { contentType: 'image/webp', bytes: toBuffer(row.thumbnail), etag: `"${id}-thumb"` } : null;
  }
  const row = await knex('media').where({ id }).first('contentType', 'bytes');
  // The extension must be the stored type's: /media/<id>.gif does not answer a PNG.
  if (!row || Object.values(imageKinds).find((k) => k.contentType === row.contentType)?.ext !== ext) return null;
  return { contentType: row.contentType, bytes: toBuffer(row.bytes), etag: `"${id}"` };
}

/** pg hands bytea back as a Buffer, PGlite as a Uint8Array. */
function toBuffer(value: Buffer | Uint8Array): Buffer {
  return Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength);
}
