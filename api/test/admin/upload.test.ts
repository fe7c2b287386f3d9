import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app';

// IMG-4, IMG-5: images are recognised by their bytes, at most 5 MB, stored in Postgres with a WebP thumbnail and
// served under /media with long-lived caching. The test images are made here with sharp.

let app: TestApp;
let cookie: string;
beforeAll(async () => {
  app = await startTestApp();
  cookie = await app.signIn();
});
afterAll(() => app?.close());

const NOT_AN_IMAGE = 'Please select an image file';
const TOO_LARGE = 'Please select an image smaller than 5MB';

function picture(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 140, b: 200 } } });
}

function upload(bytes: Uint8Array, name: string, type: string, options: { cookie?: string; field?: string } = {}) {
  const form = new FormData();
  form.append(options.field ?? 'image', new Blob([Buffer.from(bytes)], { type }), name);
  return app.request('/api/admin/upload', { method: 'POST', body: form, cookie: options.cookie ?? cookie });
}

const mediaCount = async () => Number((await app.deps.knex('media').count('* as n').first())?.n);

/** Files of exactly `size` bytes written to the temporary folder since `since` (formidable's leftovers). */
async function leftoversOfSize(size: number, since: number): Promise<string[]> {
  const dir = os.tmpdir();
  const found: string[] = [];
  for (const name of await fs.readdir(dir)) {
    const stat = await fs.stat(path.join(dir, name)).catch(() => null);
    if (stat?.isFile() && stat.size === size && stat.mtimeMs >= since - 1000) found.push(name);
  }
  return found;
}

describe('POST /api/admin/upload', () => {
  it('stores a real PNG with a WebP thumbnail and serves both back with long-lived caching', async () => {
    const png = await picture(1200, 900).png().toBuffer();
    const res = await upload(png, 'smile.png', 'image/png');
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toEqual({
      success: true,
      imageUrl: expect.stringMatching(/^\/media\/[0-9a-f-]{36}\.png$/),
      thumbnailUrl: expect.stringMatching(/^\/media\/[0-9a-f-]{36}-thumb\.webp$/),
      error: null,
    });
    const id = body.imageUrl.slice('/media/'.length, -'.png'.length);
    expect(body.thumbnailUrl).toBe(`/media/${id}-thumb.webp`);
    expect(await app.deps.knex('media').where({ id }).first('contentType', 'width', 'height', 'originalName')).toEqual({
      contentType: 'image/png',
      width: 1200,
      height: 900,
      originalName: 'smile.png',
    });

    // Served without a session: images appear on public pages.
    const image = await app.request(body.imageUrl);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(image.headers.get('etag')).toBeTruthy();
    const served = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect(served).toMatchObject({ format: 'png', width: 1200, height: 900 });

    const thumb = await app.request(body.thumbnailUrl);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    expect(thumb.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 480, height: 360 });
  });

  it('stores a real JPEG as a JPEG, without its EXIF data, turned upright', async () => {
    // 600x400 pixels, EXIF orientation 6 (shown rotated 90 degrees) and a camera owner in the metadata.
    const jpeg = await picture(600, 400)
      .jpeg()
      .withExif({ IFD0: { Artist: 'Dr Secret', Copyright: 'private' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();

    const res = await upload(jpeg, 'IMG_0001.JPG', 'image/jpeg');
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.imageUrl).toMatch(/^\/media\/[0-9a-f-]{36}\.jpg$/);

    const image = await app.request(body.imageUrl);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const bytes = Buffer.from(await image.arrayBuffer());
    expect(bytes.includes('Dr Secret')).toBe(false);
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 400, height: 600 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation ?? 1).toBe(1);

    const thumb = await app.request(body.thumbnailUrl);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    expect(await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 400, height: 600 });
  });

  it.each([
    ['webp', 'image/webp', (s: Sharp) => s.webp()],
    ['gif', 'image/gif', (s: Sharp) => s.gif()],
    ['avif', 'image/avif', (s: Sharp) => s.avif()],
  ] as const)('accepts a %s image and serves it as %s', async (ext, type, encode) => {
    const res = await upload(await encode(picture(64, 48)).toBuffer(), `photo.${ext}`, type);
    expect(res.status).toBe(201);
    const { imageUrl } = await res.json();
    expect(imageUrl).toMatch(new RegExp(`\\.${ext}$`));
    const image = await app.request(imageUrl);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe(type);
  });

  it('goes by the bytes, not the name or the Content-Type: a JPEG named .png is stored as a JPEG', async () => {
    const jpeg = await picture(40, 40).jpeg().toBuffer();
    const res = await upload(jpeg, 'looks-like.png', 'text/plain');
    expect(res.status).toBe(201);
    expect((await res.json()).imageUrl).toMatch(/\.jpg$/);
  });

  it('refuses a text file named .png with 415', async () => {
    const before = await mediaCount();
    const res = await upload(Buffer.from('just some text, not a picture\n'.repeat(20)), 'photo.png', 'image/png');
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({ success: false, imageUrl: null, thumbnailUrl: null, error: NOT_AN_IMAGE });
    expect(await mediaCount()).toBe(before);
  });

  it.each([
    ['an SVG (scripts inside images are not welcome)', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'x.svg', 'image/svg+xml'],
    ['an HTML page', Buffer.from('<!doctype html><script>alert(1)</script>'), 'x.png', 'image/png'],
    ['a PNG signature followed by garbage', Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), Buffer.alloc(500, 7)]), 'x.png', 'image/png'],
    ['a PDF', Buffer.from('%PDF-1.7\n%...'), 'x.jpg', 'image/jpeg'],
  ])('refuses %s with 415', async (_what, bytes, name, type) => {
    const res = await upload(bytes, name, type);
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ success: false, error: NOT_AN_IMAGE });
  });

  it('refuses a file over 5 MB with 413', async () => {
    // A PNG signature and 5.5 MB: under the multipart limit, so the route itself measures it.
    const big = Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), Buffer.alloc(5.5 * 1024 * 1024, 1)]);
    const res = await upload(big, 'big.png', 'image/png');
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ success: false, imageUrl: null, thumbnailUrl: null, error: TOO_LARGE });
  });

  it('refuses 6 MB with a clean 413 in the same shape (stopped while the multipart body is read)', async () => {
    const before = await mediaCount();
    const big = Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), Buffer.alloc(6 * 1024 * 1024 + 4096, 1)]);
    const res = await upload(big, 'huge.png', 'image/png');
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ success: false, imageUrl: null, thumbnailUrl: null, error: TOO_LARGE });
    expect(await mediaCount()).toBe(before);
  });

  it('answers 400 when no image is sent', async () => {
    const res = await upload(await picture(10, 10).png().toBuffer(), 'x.png', 'image/png', { field: 'photo' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, error: NOT_AN_IMAGE });
    const empty = await app.request('/api/admin/upload', { method: 'POST', cookie, json: {} });
    expect(empty.status).toBe(400);
  });

  it('leaves no temporary file behind, whether the upload is stored, refused or not signed in', async () => {
    const since = Date.now();
    const png = await picture(321, 123).png().toBuffer();
    const text = Buffer.from('x'.repeat(4321));
    expect((await upload(png, 'a.png', 'image/png')).status).toBe(201);
    expect((await upload(text, 'a.png', 'image/png')).status).toBe(415);
    expect((await upload(png, 'a.png', 'image/png', { cookie: 'sid=nope' })).status).toBe(401);
    expect(await leftoversOfSize(png.length, since)).toEqual([]);
    expect(await leftoversOfSize(text.length, since)).toEqual([]);
  });

  it('answers 401 without a session and stores nothing', async () => {
    const before = await mediaCount();
    const form = new FormData();
    form.append('image', new Blob([await picture(10, 10).png().toBuffer()], { type: 'image/png' }), 'x.png');
    const res = await app.request('/api/admin/upload', { method: 'POST', body: form });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'Not signed in' });
    expect(await mediaCount()).toBe(before);
  });
});

describe('GET /media/...', () => {
  it('answers 304 to a browser that already holds the image', async () => {
    const { imageUrl, thumbnailUrl } = await (await upload(await picture(50, 50).png().toBuffer(), 'x.png', 'image/png')).json();
    for (const url of [imageUrl, thumbnailUrl]) {
      const first = await app.request(url);
      const etag = first.headers.get('etag')!;
      const again = await app.request(url, { headers: { 'if-none-match': etag } });
      expect(again.status).toBe(304);
      expect(again.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
  });

  it('answers 404 for unknown ids, a wrong extension and names that are not media names', async () => {
    const { imageUrl } = await (await upload(await picture(50, 50).png().toBuffer(), 'x.png', 'image/png')).json();
    const id = imageUrl.slice(7, -4);
    for (const url of [
      '/media/00000000-0000-4000-8000-000000000000.png',
      '/media/00000000-0000-4000-8000-000000000000-thumb.webp',
      `/media/${id}.jpg`,
      `/media/${id}-thumb.png`,
      `/media/${id}`,
      '/media/..%2Fapi%2Fadmin%2Fstats',
      '/media/x.png',
    ]) {
      const res = await app.request(url);
      expect(res.status, url).toBe(404);
    }
    expect((await app.request(`/media/${id}.png`)).status).toBe(200);
  });
});
