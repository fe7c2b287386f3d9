import crypto from 'node:crypto';
import { Transform } from 'node:stream';
import type { StoredFile } from './types';

/**
 * FILE-1: the SHA-256 and byte count of a file on its way into a storage, so every driver answers `put`
 * with what it wrote without reading the file again: `count` each chunk (or pipe through `through`), then
 * `result()` once the file has ended.
 */
export function measuring(): { count: (chunk: Uint8Array) => void; through: () => Transform; result: () => StoredFile } {
  const hash = crypto.createHash('sha256');
  let size = 0;
  const count = (chunk: Uint8Array) => {
    hash.update(chunk);
    size += chunk.length;
  };
  return {
    count,
    through: () =>
      new Transform({
        transform(chunk: Buffer, _encoding, done) {
          count(chunk);
          done(null, chunk);
        },
      }),
    result: () => ({ size, sha256: hash.digest('hex') }),
  };
}
