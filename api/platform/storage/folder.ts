import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { measuring } from './measure';
import { checkKey, FileMissing, type FileStorage, type OpenedFile, type StoredFile } from './types';

// FILE-1: the folder driver (STORAGE_DIR, default DATA_DIR/storage). A key is a path under the folder. A
// file is written to a temporary name beside its final one (same folder, so the rename cannot cross
// disks), flushed to the disk, then renamed over the final name, and the folder is flushed too: a crash
// or power cut leaves the old file or the new one, never a part. Folders are 0700 and files 0600: the
// files are patients' images and records, the service's alone.

const TEMP_PREFIX = '.partial-';
const DIR_MODE = 0o700;
const FILE_MODE = 0o600;

export class FolderStorage implements FileStorage {
  readonly location: string;

  constructor(readonly root: string) {
    this.root = path.resolve(root);
    this.location = this.root;
  }

  private pathOf(key: string): string {
    return path.join(this.root, ...checkKey(key).split('/'));
  }

  async put(key: string, content: Readable | AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<StoredFile> {
    const target = this.pathOf(key);
    const dir = path.dirname(target);
    await fsp.mkdir(dir, { recursive: true, mode: DIR_MODE });
    const temp = path.join(dir, `${TEMP_PREFIX}${crypto.randomBytes(8).toString('hex')}`);
    const measure = measuring();
    try {
      // flush: the file is fsynced before it is closed, so it is on the disk before it gets its name.
      await pipeline(content, measure.through(), fs.createWriteStream(temp, { flags: 'wx', mode: FILE_MODE, flush: true }));
    } catch (err) {
      await fsp.rm(temp, { force: true });
      throw err;
    }
    await fsp.rename(temp, target);
    await syncFolder(dir);
    return measure.result();
  }

  async open(key: string): Promise<OpenedFile> {
    const file = this.pathOf(key);
    let handle: fsp.FileHandle;
    try {
      handle = await fsp.open(file, 'r');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new FileMissing(key);
      throw err;
    }
    const { size } = await handle.stat();
    return { size, stream: handle.createReadStream() };
  }

  async stat(key: string): Promise<{ size: number } | null> {
    const stat = await fsp.stat(this.pathOf(key)).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return null;
      throw err;
    });
    return stat?.isFile() ? { size: stat.size } : null;
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async remove(key: string): Promise<void> {
    await fsp.rm(this.pathOf(key), { force: true });
  }

  /** Every file under the folder but the temporary ones a crash may have left (their names start with a dot). */
  async *list(): AsyncIterable<string> {
    if (!fs.existsSync(this.root)) return;
    const walk = async function* (dir: string, prefix: string): AsyncGenerator<string> {
      for (const entry of await fsp.readdir(dir, { withFileTypes: true })) {
        if (entry.name.startsWith('.')) continue;
        if (entry.isDirectory()) yield* walk(path.join(dir, entry.name), `${prefix}${entry.name}/`);
        else if (entry.isFile()) yield `${prefix}${entry.name}`;
      }
    };
    yield* walk(this.root, '');
  }
}

/** Makes a rename in `dir` durable (the folder's entry list reaches the disk). */
async function syncFolder(dir: string): Promise<void> {
  const handle = await fsp.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
