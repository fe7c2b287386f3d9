import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileMissing, FolderStorage } from '../../platform/storage';

// FILE-1: the folder driver of the file storage: streamed in and out, whole or not at all, private modes,
// server-chosen keys only.

let root: string;
let storage: FolderStorage;
beforeAll(() => {
  root = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'clinic-storage-test-')), 'storage');
  storage = new FolderStorage(root);
});
afterAll(() => fs.rmSync(path.dirname(root), { recursive: true, force: true }));

const sha256 = (bytes: Uint8Array) => crypto.createHash('sha256').update(bytes).digest('hex');
async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A stream of `total` random bytes in 64 KB chunks that fails after `failAfter` bytes, if given. */
function randomStream(total: number, failAfter?: number): { stream: Readable; bytes: Buffer } {
  const bytes = crypto.randomBytes(total);
  let at = 0;
  const stream = new Readable({
    read() {
      if (failAfter !== undefined && at >= failAfter) return this.destroy(new Error('the client went away'));
      if (at >= total) return this.push(null);
      this.push(bytes.subarray(at, at + 65536));
      at += 65536;
    },
  });
  return { stream, bytes };
}

describe('the folder storage', () => {
  it('stores a streamed file and answers its size and SHA-256, then streams it back', async () => {
    const { stream, bytes } = randomStream(3 * 1024 * 1024 + 17);
    const stored = await storage.put('media/0001.png', stream);
    expect(stored).toEqual({ size: bytes.length, sha256: sha256(bytes) });
    const opened = await storage.open('media/0001.png');
    expect(opened.size).toBe(bytes.length);
    expect((await readAll(opened.stream)).equals(bytes)).toBe(true);
    expect(await storage.stat('media/0001.png')).toEqual({ size: bytes.length });
    expect(await storage.exists('media/0001.png')).toBe(true);
  });

  it('keeps its files private to the service: folders 0700, files 0600', async () => {
    await storage.put('xrays/2026/scan.dcm', Readable.from([Buffer.from('DICM')]));
    for (const dir of [root, path.join(root, 'xrays'), path.join(root, 'xrays/2026')]) expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(root, 'xrays/2026/scan.dcm')).mode & 0o777).toBe(0o600);
  });

  it('never shows half a file: a write that fails leaves the old file whole and no temporary file', async () => {
    const first = Buffer.from('the first version');
    await storage.put('media/0002.jpg', Readable.from([first]));
    const { stream } = randomStream(2 * 1024 * 1024, 1024 * 1024);
    await expect(storage.put('media/0002.jpg', stream)).rejects.toThrow('the client went away');
    expect((await readAll((await storage.open('media/0002.jpg')).stream)).equals(first)).toBe(true);
    expect(fs.readdirSync(path.join(root, 'media')).filter((n) => n.startsWith('.'))).toEqual([]);
    // A new key that fails is not there at all.
    await expect(storage.put('media/0003.jpg', randomStream(1024 * 1024, 65536).stream)).rejects.toThrow();
    expect(await storage.exists('media/0003.jpg')).toBe(false);
  });

  it('lists every stored key, not the temporary files a crash may leave', async () => {
    fs.writeFileSync(path.join(root, 'media', '.partial-deadbeef'), 'half');
    const keys: string[] = [];
    for await (const key of storage.list()) keys.push(key);
    expect(keys.sort()).toEqual(['media/0001.png', 'media/0002.jpg', 'xrays/2026/scan.dcm']);
  });

  it('removes a file, and a missing file reads as missing', async () => {
    await storage.remove('media/0002.jpg');
    await storage.remove('media/0002.jpg');
    expect(await storage.stat('media/0002.jpg')).toBeNull();
    expect(await storage.exists('media/0002.jpg')).toBe(false);
    await expect(storage.open('media/0002.jpg')).rejects.toBeInstanceOf(FileMissing);
  });

  it.each(['../escape.png', '/etc/passwd', 'media/../../x', 'Media/A.PNG', '.hidden', 'media//x', 'media/', '', 'a b.png', 'x'.repeat(201)])(
    'refuses the key %j (keys are the server\'s own, never a path out of the folder)',
    async (key) => {
      await expect(storage.put(key, Readable.from([Buffer.from('x')]))).rejects.toThrow(/Not a storage key/);
      await expect(storage.open(key)).rejects.toThrow(/Not a storage key/);
    },
  );
});
