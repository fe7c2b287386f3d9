import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Database } from '../../db/knex';
import { migrateLatest, migrateUpTo } from '../../db/migrate';
import { createLogger } from '../../logger';
import type { FileStorage } from '../../platform/storage';
import { moveMediaToStorage } from '../../services/content/media-move';
import { startTestApp, type TestApp } from '../support/test-app';
import { createServerDatabase } from '../support/test-db';

// FILE-3: images an earlier version kept in the database (bytea) move to the file storage at start, one row
// at a time, with nothing lost, and are served exactly as before. A crash part-way leaves every row whole,
// and the next start finishes the move.

const logger = createLogger('silent');
const sha256 = (bytes: Uint8Array) => crypto.createHash('sha256').update(bytes).digest('hex');

let db: Database;
let dropServer = async () => {};
let app: TestApp;
const legacy: { id: string; ext: string; type: string; bytes: Buffer; thumbnail: Buffer }[] = [];

beforeAll(async () => {
  if (process.env.TEST_DATABASE_URL) {
    const server = await createServerDatabase();
    db = await createDb({ databaseUrl: server.url, poolMax: 4 });
    dropServer = server.drop;
  } else {
    db = await createDb({});
  }
  // The schema as the previous version left it, with images in it: a noisy PNG of about 3 MB (more than
  // one slice of a megabyte), and a small JPEG.
  await migrateUpTo(db.knex, '021-reviews-public-cache');
  const noise = crypto.randomBytes(1000 * 1000 * 3);
  const png = await sharp(noise, { raw: { width: 1000, height: 1000, channels: 3 } }).png().toBuffer();
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#1e8cc8' } }).jpeg().toBuffer();
  for (const [ext, type, bytes] of [['png', 'image/png', png], ['jpg', 'image/jpeg', jpeg]] as const) {
    const thumbnail = await sharp(bytes).resize({ width: 48 }).webp().toBuffer();
    const id = crypto.randomUUID();
    legacy.push({ id, ext, type, bytes, thumbnail });
    await db.knex('media').insert({ id, contentType: type, bytes, thumbnail, width: 1, height: 1, sizeBytes: bytes.length, originalName: `old.${ext}` });
  }
  await migrateLatest(db.knex);
  app = await startTestApp({ db });
}, 120_000);

afterAll(async () => {
  await app?.close();
  await db?.close();
  await dropServer();
});

/** The storage, failing the n-th write: a crash in the middle of the move. */
function failingOnWrite(storage: FileStorage, n: number): FileStorage {
  let writes = 0;
  return Object.assign(Object.create(Object.getPrototypeOf(storage)), storage, {
    put: (key: string, content: Parameters<FileStorage['put']>[1]) => {
      writes += 1;
      if (writes === n) throw new Error('power cut');
      return storage.put(key, content);
    },
  }) as FileStorage;
}

describe('moving images out of the database', () => {
  it('a crash part-way leaves every row with its bytes, and the next start finishes the move', async () => {
    // The second write is the first row's thumbnail: its image file is written, its row not yet changed.
    await expect(moveMediaToStorage(db.knex, failingOnWrite(app.deps.storage, 2), logger)).rejects.toThrow('power cut');
    const rows = await db.knex('media').select('id', 'storageKey').whereNotNull('bytes').whereNotNull('thumbnail');
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.storageKey === null)).toBe(true);

    expect(await moveMediaToStorage(db.knex, app.deps.storage, logger)).toBe(2);
    // Once done, a start has nothing left to move.
    expect(await moveMediaToStorage(db.knex, app.deps.storage, logger)).toBe(0);
  });

  it('keeps every byte: the files are the bytes the database held, and the rows keep only their description', async () => {
    for (const old of legacy) {
      const row = await db.knex('media').where({ id: old.id }).first();
      expect(row).toMatchObject({
        bytes: null,
        thumbnail: null,
        storageKey: `media/${old.id}.${old.ext}`,
        thumbnailKey: `media/${old.id}-thumb.webp`,
        sha256: sha256(old.bytes),
        thumbnailSha256: sha256(old.thumbnail),
        sizeBytes: old.bytes.length,
        thumbnailSize: old.thumbnail.length,
        contentType: old.type,
        originalName: `old.${old.ext}`,
      });
      const file = path.join(app.deps.config.storageDir, 'media', `${old.id}.${old.ext}`);
      expect(fs.readFileSync(file).equals(old.bytes)).toBe(true);
    }
  });

  it('serves the moved images at their old addresses, with the same type, caching and ETag', async () => {
    for (const old of legacy) {
      const image = await app.request(`/media/${old.id}.${old.ext}`);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe(old.type);
      expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(image.headers.get('etag')).toBe(`"${old.id}"`);
      expect(Buffer.from(await image.arrayBuffer()).equals(old.bytes)).toBe(true);
      const thumb = await app.request(`/media/${old.id}-thumb.webp`);
      expect(thumb.headers.get('content-type')).toBe('image/webp');
      expect(thumb.headers.get('etag')).toBe(`"${old.id}-thumb"`);
      expect(Buffer.from(await thumb.arrayBuffer()).equals(old.thumbnail)).toBe(true);
      expect((await app.request(`/media/${old.id}.${old.ext}`, { headers: { 'if-none-match': `"${old.id}"` } })).status).toBe(304);
    }
  });

  it('refuses a row that would have its image nowhere', async () => {
    await expect(db.knex('media').where({ id: legacy[0].id }).update({ storageKey: null })).rejects.toThrow(/media_bytes_somewhere/);
  });
});
