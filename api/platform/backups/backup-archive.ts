import crypto from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import * as tar from 'tar';
import type { FileStorage } from '../storage';
import { privateTarOptions } from '../../private-files';

// FILE-4: the backup archive (OPS-13) as one stream: the database's files from the work folder, then every
// stored file under `storage/<key>`, each streamed from the storage into the archive (a 100 MB X-ray costs
// a few 64 KB chunks of memory, not 100 MB) and hashed on the way, then the manifest, written last because
// it lists those hashes. The stored files' members are 0600, as the archive itself.

export const STORAGE_PREFIX = 'storage/';

export interface ArchivedFile {
  size: number;
  sha256: string;
}

/**
 * Writes `file`: `names` from `work`, the files of `storage` (when given), then `manifestName` from `work`
 * once `writeManifest` has written it with the stored files' sizes and hashes.
 */
export async function writeBackupArchive(options: {
  file: string;
  work: string;
  names: string[];
  storage: FileStorage | null;
  manifestName: string;
  writeManifest: (files: Record<string, ArchivedFile> | null) => void;
  now: Date;
}): Promise<void> {
  // OPS-21: every member private (files 0600, folders 0700), whoever extracts it; the archive itself is 0600.
  const pack = new tar.Pack({ cwd: options.work, portable: true, onWriteEntry: privateTarOptions.onWriteEntry });
  const written = pipeline(pack, fs.createWriteStream(options.file, { mode: 0o600, flush: true }));
  // A failure on the way (a file gone, the disk full) must not leave the pack waiting for more entries.
  const failed = written.then(
    () => null,
    (err: unknown) => err,
  );
  try {
    for (const name of options.names) pack.add(name);
    let files: Record<string, ArchivedFile> | null = null;
    if (options.storage) {
      files = {};
      for await (const key of options.storage.list()) files[key] = await addStoredFile(pack, options.storage, key, options.now);
    }
    options.writeManifest(files);
    pack.add(options.manifestName);
    pack.end();
  } catch (err) {
    pack.destroy(err as Error);
    await failed;
    throw err;
  }
  const err = await failed;
  if (err) throw err;
}

/** One stored file into the pack as `storage/<key>`, hashed as it passes, at the pace the archive is written. */
async function addStoredFile(pack: tar.Pack, storage: FileStorage, key: string, now: Date): Promise<ArchivedFile> {
  const { size, stream } = await storage.open(key);
  const entry = new tar.ReadEntry(new tar.Header({ path: `${STORAGE_PREFIX}${key}`, type: 'File', size, mode: 0o600, mtime: now }));
  pack.write(entry);
  const hash = crypto.createHash('sha256');
  let seen = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      seen += chunk.length;
      if (seen > size) throw new Error(`${key} grew while it was being backed up`);
      hash.update(chunk);
      if (!entry.write(chunk)) await once(entry, 'drain');
    }
  } finally {
    stream.destroy();
  }
  if (seen !== size) throw new Error(`${key} changed while it was being backed up (${seen} bytes of ${size})`);
  entry.end();
  return { size, sha256: hash.digest('hex') };
}

/** Streams a file through SHA-256. */
export async function fileDigest(file: string): Promise<ArchivedFile> {
  const hash = crypto.createHash('sha256');
  let size = 0;
  for await (const chunk of fs.createReadStream(file) as AsyncIterable<Buffer>) {
    size += chunk.length;
    hash.update(chunk);
  }
  return { size, sha256: hash.digest('hex') };
}

/** Every file under `root`, as keys (`a/b.png`), directories walked. */
export function filesUnder(root: string, prefix = ''): string[] {
  if (!fs.existsSync(root)) return [];
  return fs.readdirSync(root, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? filesUnder(path.join(root, entry.name), `${prefix}${entry.name}/`)
      : [`${prefix}${entry.name}`],
  );
}
