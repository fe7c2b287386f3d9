import crypto from 'node:crypto';
import { Transform } from 'node:stream';
import type { StoredFile } from './types';

/**
 * FILE-1: a pass-through that hashes (SHA-256) and counts the bytes of a file on its way into a storage, so
 * every driver answers `put` with what it wrote without reading the file again. `result()` once it has ended.
 */
export function measuring(): { through: Transform; result: () => StoredFile } {
  const hash = crypto.createHash('sha256');
  let size = 0;
  const through = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  return { through, result: () => ({ size, sha256: hash.digest('hex') }) };
}
