import pLimit from 'p-limit';
import type { Metadata, Sharp, SharpOptions } from 'sharp';

// IMG-8, FILE-2: every image the server decodes (an upload, a treatment plan's signature) goes through here.
// Its size in pixels is read from its header first (sharp's metadata() parses the header and decodes no
// pixel) and checked against one table of limits; past its limit the image is refused before any decoding
// work, with a message that says so. What is decoded waits in one queue: one image at a time, on one
// libvips thread, with libvips' operation cache off, so images never take the server's cores or memory
// from the requests that do not carry one.

export type ImageKind = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif';

/** What an image is decoded for: an upload (by its type) or the signature drawn on an estimate. */
export type ImagePurpose = ImageKind | 'signature';

/**
 * FILE-2, IMG-8: what one image may cost. Five megabytes of a smooth picture can hold a hundred megapixels,
 * and libvips' memory grows with pixels, not bytes, so each kind has a pixel limit (all frames of an
 * animation counted) and a longest side the image is kept at. JPEG and PNG are read and written a strip at
 * a time (a JPEG larger than its kept size is even decoded at a half, quarter or eighth), so a 64 MP upload
 * stays cheap; WebP, GIF and AVIF are decoded and encoded whole, so theirs are smaller. Each pair keeps one
 * upload's work under about 150 MB of native memory, measured (docs/benchmarks.md, "Uploads");
 * api/test/operations/upload-memory.test.ts sends an image at every limit. A 12 MP phone photo (4032 x 3024)
 * is kept whole. A signature is a PNG the signature pad draws at its box's size in device pixels (about
 * 1 MP on a tablet); 4 MP is room for any screen, and it is kept at most 1200 x 600.
 */
export const IMAGE_LIMITS: Record<ImageKind, { pixels: number; side: number }> = {
  jpeg: { pixels: 64_000_000, side: 4096 },
  png: { pixels: 64_000_000, side: 4096 },
  webp: { pixels: 50_000_000, side: 2560 },
  gif: { pixels: 8_000_000, side: 2048 },
  avif: { pixels: 3_000_000, side: 2048 },
};
export const SIGNATURE_LIMIT = { pixels: 4_000_000, side: 1200 };

/** The limit an image of this purpose is held to. */
export const limitOf = (purpose: ImagePurpose) => (purpose === 'signature' ? SIGNATURE_LIMIT : IMAGE_LIMITS[purpose]);

/** A readable "64 megapixels" / "4 megapixels". */
export const megapixels = (pixels: number) => `${Math.round(pixels / 100_000) / 10} megapixels`;

/** IMG-8: an image whose header declares more pixels than its limit; nothing of it was decoded. */
export class ImageTooLargeError extends Error {
  constructor(
    readonly width: number,
    readonly height: number,
    readonly limit: number,
  ) {
    super(`The image is ${width} x ${height} pixels; at most ${megapixels(limit)} are accepted`);
  }
}

/** The header could not be read as an image (truncated, corrupt, not an image at all). */
export class UnreadableImageError extends Error {
  constructor() {
    super('Not an image');
  }
}

const imageQueue = pLimit(1);
let sharpModule: Promise<typeof import('sharp').default> | null = null;

function loadSharp() {
  // OPS-16: sharp (libvips) is loaded by the first image, not at start: most processes never see one, and
  // loading it costs the process about 10 MB (docs/operations.md, "Memory").
  return (sharpModule ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  }));
}

export interface CheckedImage {
  meta: Metadata;
  /** A new sharp pipeline on the same input, with the purpose's pixel limit set (libvips enforces it too). */
  open(options?: Pick<SharpOptions, 'animated'>): Sharp;
}

/**
 * IMG-8: runs `work` on the image in the queue, after its header passed the purpose's pixel limit. The
 * header is read without decoding (all frames counted when `animated`); past the limit ImageTooLargeError
 * is thrown before `work` starts, and an unreadable header throws UnreadableImageError.
 */
export function withImage<T>(input: string | Buffer, purpose: ImagePurpose, work: (image: CheckedImage) => Promise<T>, options: { animated?: boolean } = {}): Promise<T> {
  return imageQueue(async () => {
    const sharp = await loadSharp();
    const limit = limitOf(purpose).pixels;
    const open = (o: Pick<SharpOptions, 'animated'> = {}) => sharp(input, { animated: o.animated ?? false, limitInputPixels: limit, failOn: 'error' });
    let meta: Metadata;
    try {
      // limitInputPixels is off here: the header alone is read, and the limit is checked below with every
      // frame counted, so an image past it is told apart from one that cannot be read.
      meta = await sharp(input, { animated: options.animated ?? false, limitInputPixels: false, failOn: 'error' }).metadata();
    } catch {
      throw new UnreadableImageError();
    }
    const width = meta.width ?? 0;
    const height = meta.pageHeight ?? meta.height ?? 0;
    const frames = options.animated ? (meta.pages ?? 1) : 1;
    if (!width || !height) throw new UnreadableImageError();
    if (width * height * frames > limit) throw new ImageTooLargeError(width, height * frames, limit);
    return work({ meta, open });
  });
}
