import type { Knex } from 'knex';
import type { Logger } from '../../logger';
import type { FileStorage } from '../../platform/storage';
import { imageKinds, mediaKeys } from './media';

// FILE-3: the images uploaded before the file storage existed were kept in the database (bytea). At every
// start, before the server listens, the rows that still hold their bytes are moved to the storage one at a
// time: the row is locked, its two files are written from the database in slices of a megabyte (never
// the whole image in memory), flushed and checked against the database's own SHA-256 of the bytes, and only
// then does one UPDATE record the keys and empty the bytea columns. A crash anywhere leaves the row with
// its bytes (the files written under the same keys are simply written again by the next start), so the
// move finishes on a later start and nothing is lost. Processes starting together share the rows (SKIP
// LOCKED) and each waits until the last one is done, so none serves a row that is not yet moved.

const SLICE_BYTES = 1024 * 1024;
const WAIT_FOR_OTHERS_MS = 200;

export async function moveMediaToStorage(knex: Knex, storage: FileStorage, logger: Logger): Promise<number> {
  let moved = 0;
  for (;;) {
    const row = await knex.transaction((trx) => moveOne(trx, storage));
    if (row === 'none') break;
    if (row === 'busy') {
      await new Promise((resolve) => setTimeout(resolve, WAIT_FOR_OTHERS_MS));
      continue;
    }
    moved += 1;
  }
  if (moved > 0) logger.info('media_moved_to_storage', { rows: moved, storage: storage.location });
  return moved;
}

async function moveOne(trx: Knex.Transaction, storage: FileStorage): Promise<'moved' | 'busy' | 'none'> {
  const row: { id: string; contentType: string } | undefined = await trx('media')
    .whereNull('storageKey')
    .first('id', 'contentType')
    .forUpdate()
    .skipLocked();
  if (!row) return (await trx('media').whereNull('storageKey').first('id')) ? 'busy' : 'none';

  const ext = Object.values(imageKinds).find((k) => k.contentType === row.contentType)?.ext;
  if (!ext) throw new Error(`media ${row.id} has an unknown content type ${row.contentType}`);
  const { imageKey, thumbnailKey } = mediaKeys(row.id, ext);
  const image = await storage.put(imageKey, slices(trx, row.id, 'bytes'));
  const thumbnail = await storage.put(thumbnailKey, slices(trx, row.id, 'thumbnail'));
  const { rows } = await trx.raw<{ rows: { image: string; thumbnail: string }[] }>(
    `select encode(sha256(bytes), 'hex') as image, encode(sha256(thumbnail), 'hex') as thumbnail from media where id = ?`,
    [row.id],
  );
  if (rows[0].image !== image.sha256 || rows[0].thumbnail !== thumbnail.sha256) {
    throw new Error(`media ${row.id}: the stored copy differs from the database's bytes; nothing was changed`);
  }
  await trx('media').where({ id: row.id }).update({
    storageKey: imageKey,
    thumbnailKey,
    sha256: image.sha256,
    thumbnailSha256: thumbnail.sha256,
    thumbnailSize: thumbnail.size,
    sizeBytes: image.size,
    bytes: null,
    thumbnail: null,
  });
  return 'moved';
}

/** A bytea column's value in slices, each read by its own query. */
async function* slices(trx: Knex.Transaction, id: string, column: 'bytes' | 'thumbnail'): AsyncGenerator<Buffer> {
  for (let from = 1; ; from += SLICE_BYTES) {
    const { rows } = await trx.raw<{ rows: { slice: Buffer | Uint8Array }[] }>(
      'select substring(?? from ? for ?) as slice from media where id = ?',
      [column, from, SLICE_BYTES, id],
    );
    const slice = toBuffer(rows[0].slice);
    if (slice.length > 0) yield slice;
    if (slice.length < SLICE_BYTES) return;
  }
}

/** pg hands bytea back as a Buffer, PGlite as a Uint8Array. */
function toBuffer(value: Buffer | Uint8Array): Buffer {
  return Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength);
}
