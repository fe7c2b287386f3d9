import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage, FileMissing, type FileStorage, FolderStorage, parseStorageUrl } from '../../platform/storage';
import { BucketStorage } from '../../platform/storage/bucket';
import { startS3Server, type S3TestServer, TEST_BUCKET } from '../support/s3-server';

// FILE-1, FILE-5: the file storage's drivers, the folder and an S3-compatible bucket (s3rver, a real S3 server
// in this process), held to one contract: streamed in and out, whole or not at all, server-chosen keys only.
// Then what only the folder does (private modes, temporary files) and what only the bucket does (its prefix,
// server-side encryption).

const MB = 1024 * 1024;
let tmp: string;
let s3: S3TestServer;
beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'clinic-storage-test-'));
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const drivers: { name: string; make: () => FileStorage | Promise<FileStorage> }[] = [
  { name: 'folder', make: () => new FolderStorage(path.join(fs.mkdtempSync(path.join(tmp, 'folder-')), 'storage')) },
  { name: 'bucket', make: () => createStorage({ storageDir: path.join(tmp, 'unused'), storageUrl: s3.storageUrl(`contract-${crypto.randomUUID()}`) }) },
];

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

// The memory still held after a full collection (--expose-gc at run time): what a driver keeps, not the
// garbage it leaves for later.
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;
function liveBytes(): number {
  // Twice: buffers whose memory is given back by the first collection's callbacks are gone after the second.
  collectGarbage();
  collectGarbage();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

/** Samples the live memory every 4 MB of a stream's bytes, and answers the most it grew over what it was at the start. */
function memoryWatch(): { sample: (bytesSoFar: number) => void; peakGrowth: () => number } {
  const start = liveBytes();
  let peak = 0;
  let next = 0;
  return {
    sample(bytesSoFar) {
      if (bytesSoFar < next) return;
      next += 4 * MB;
      peak = Math.max(peak, liveBytes() - start);
    },
    peakGrowth: () => peak,
  };
}

describe.each(drivers)('the $name storage', ({ make }) => {
  let storage: FileStorage;
  beforeAll(async () => {
    storage = await make();
  });

  it('stores a streamed file and answers its size and SHA-256, then streams it back', async () => {
    const { stream, bytes } = randomStream(3 * MB + 17);
    const stored = await storage.put('media/0001.png', stream);
    expect(stored).toEqual({ size: bytes.length, sha256: sha256(bytes) });
    const opened = await storage.open('media/0001.png');
    expect(opened.size).toBe(bytes.length);
    expect((await readAll(opened.stream)).equals(bytes)).toBe(true);
    expect(await storage.stat('media/0001.png')).toEqual({ size: bytes.length });
    expect(await storage.exists('media/0001.png')).toBe(true);
  });

  it('streams a 30 MB file in and out without holding it: memory grows by two upload parts (5 MB each) at most', async () => {
    // The bucket's upload holds the part being sent and the next one being gathered (about 11 MB); a driver
    // holding the file, or sending parts four at a time (the SDK's default), goes past the limit.
    const MEMORY_LIMIT = 16 * MB;
    // Made 64 KB at a time and hashed on the way, so the test does not hold the file either.
    const total = 30 * MB;
    const made = crypto.createHash('sha256');
    let at = 0;
    const watchIn = memoryWatch();
    const source = new Readable({
      read() {
        watchIn.sample(at);
        if (at >= total) return this.push(null);
        const chunk = crypto.randomBytes(65536);
        made.update(chunk);
        at += chunk.length;
        this.push(chunk);
      },
    });
    const stored = await storage.put('xrays/cbct-1.dcm', source);
    expect(stored).toEqual({ size: total, sha256: made.digest('hex') });
    expect(watchIn.peakGrowth()).toBeLessThan(MEMORY_LIMIT);

    const opened = await storage.open('xrays/cbct-1.dcm');
    expect(opened.size).toBe(total);
    const read = crypto.createHash('sha256');
    let seen = 0;
    const watchOut = memoryWatch();
    for await (const chunk of opened.stream as AsyncIterable<Buffer>) {
      read.update(chunk);
      seen += chunk.length;
      watchOut.sample(seen);
    }
    expect(read.digest('hex')).toBe(stored.sha256);
    expect(watchOut.peakGrowth()).toBeLessThan(MEMORY_LIMIT);
  });

  it('never shows half a file: a write that fails midway leaves the old file whole, and a new key absent', async () => {
    const first = Buffer.from('the first version');
    await storage.put('media/0002.jpg', Readable.from([first]));
    // Past the bucket's first 5 MB part: a multipart upload begun, then given up.
    const { stream } = randomStream(16 * MB, 12 * MB);
    await expect(storage.put('media/0002.jpg', stream)).rejects.toThrow('the client went away');
    expect((await readAll((await storage.open('media/0002.jpg')).stream)).equals(first)).toBe(true);
    await expect(storage.put('media/0003.jpg', randomStream(1 * MB, 65536).stream)).rejects.toThrow('the client went away');
    expect(await storage.exists('media/0003.jpg')).toBe(false);
  });

  it('lists every stored key', async () => {
    await storage.put('xrays/2026/scan.dcm', Readable.from([Buffer.from('DICM')]));
    const keys: string[] = [];
    for await (const key of storage.list()) keys.push(key);
    expect(keys.sort()).toEqual(['media/0001.png', 'media/0002.jpg', 'xrays/2026/scan.dcm', 'xrays/cbct-1.dcm']);
  });

  it('removes a file, and a missing file reads as missing', async () => {
    await storage.remove('media/0002.jpg');
    await storage.remove('media/0002.jpg');
    expect(await storage.stat('media/0002.jpg')).toBeNull();
    expect(await storage.exists('media/0002.jpg')).toBe(false);
    await expect(storage.open('media/0002.jpg')).rejects.toBeInstanceOf(FileMissing);
    await expect(storage.open('media/never-stored.png')).rejects.toBeInstanceOf(FileMissing);
  });

  it.each(['../escape.png', '/etc/passwd', 'media/../../x', 'Media/A.PNG', '.hidden', 'media//x', 'media/', '', 'a b.png', 'x'.repeat(201)])(
    'refuses the key %j (keys are the server\'s own, never a path out of the storage)',
    async (key) => {
      await expect(storage.put(key, Readable.from([Buffer.from('x')]))).rejects.toThrow(/Not a storage key/);
      await expect(storage.open(key)).rejects.toThrow(/Not a storage key/);
      await expect(storage.stat(key)).rejects.toThrow(/Not a storage key/);
      await expect(storage.remove(key)).rejects.toThrow(/Not a storage key/);
    },
  );
});

describe('the folder storage alone', () => {
  let root: string;
  let storage: FolderStorage;
  beforeAll(() => {
    root = path.join(fs.mkdtempSync(path.join(tmp, 'folder-only-')), 'storage');
    storage = new FolderStorage(root);
  });

  it('keeps its files private to the service: folders 0700, files 0600', async () => {
    await storage.put('xrays/2026/scan.dcm', Readable.from([Buffer.from('DICM')]));
    for (const dir of [root, path.join(root, 'xrays'), path.join(root, 'xrays/2026')]) expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(root, 'xrays/2026/scan.dcm')).mode & 0o777).toBe(0o600);
  });

  it('writes beside the final name and renames: a failed write leaves no temporary file, and a crash\'s are not listed', async () => {
    await expect(storage.put('media/0004.jpg', randomStream(2 * MB, MB).stream)).rejects.toThrow('the client went away');
    expect(fs.readdirSync(path.join(root, 'media')).filter((n) => n.startsWith('.'))).toEqual([]);
    fs.writeFileSync(path.join(root, 'media', '.partial-deadbeef'), 'half');
    const keys: string[] = [];
    for await (const key of storage.list()) keys.push(key);
    expect(keys).toEqual(['xrays/2026/scan.dcm']);
  });
});

describe('the bucket storage alone', () => {
  it('keeps to its prefix: objects are named prefix/key, and another prefix\'s are not listed', async () => {
    const ours = new BucketStorage(parseStorageUrl(s3.storageUrl('clinic-a/files')));
    const theirs = new BucketStorage(parseStorageUrl(s3.storageUrl('clinic-b')));
    await ours.put('media/1.png', [Buffer.from('ours')]);
    await theirs.put('media/1.png', [Buffer.from('theirs')]);
    expect(s3.requests.some((r) => r.method === 'PUT' && r.path.startsWith(`/${TEST_BUCKET}/clinic-a/files/media/1.png`))).toBe(true);
    const keys: string[] = [];
    for await (const key of ours.list()) keys.push(key);
    expect(keys).toEqual(['media/1.png']);
    expect((await readAll((await ours.open('media/1.png')).stream)).toString()).toBe('ours');
    expect(ours.location).toBe(`s3+http://${new URL(s3.storageUrl()).host}/${TEST_BUCKET}/clinic-a/files`);
  });

  it('asks for server-side encryption (AES256) of every object it writes, single or in parts, unless the URL says sse=none', async () => {
    const encrypted = new BucketStorage(parseStorageUrl(s3.storageUrl('sse-default')));
    await encrypted.put('media/small.png', [Buffer.from('small')]);
    await encrypted.put('media/large.png', randomStream(6 * MB).stream);
    const writes = (prefix: string) =>
      // A single PUT of an object, or the POST that begins a multipart upload (parts carry no header).
      s3.requests.filter((r) => r.path.startsWith(`/${TEST_BUCKET}/${prefix}/`) && (r.method === 'PUT' ? !r.path.includes('partNumber=') : r.method === 'POST' && r.path.includes('?uploads')));
    expect(writes('sse-default').map((r) => r.encryption)).toEqual(['AES256', 'AES256']);
    const plain = new BucketStorage(parseStorageUrl(s3.storageUrl('sse-none', 'sse=none')));
    await plain.put('media/small.png', [Buffer.from('small')]);
    expect(writes('sse-none').map((r) => r.encryption)).toEqual([undefined]);
  });

  it('fails with the server\'s refusal (a bucket that does not exist) and stops reading the source', async () => {
    const missing = new BucketStorage({ ...parseStorageUrl(s3.storageUrl()), bucket: 'no-such-bucket' });
    let read = 0;
    const source = new Readable({
      read() {
        read += 1;
        this.push(read > 400 ? null : crypto.randomBytes(65536));
      },
    });
    // 25 MB offered: the refusal of the upload's start, after the first 5 MB part, ends it.
    await expect(missing.put('media/x.png', source)).rejects.toMatchObject({ name: 'NoSuchBucket' });
    expect(source.destroyed).toBe(true);
    expect(read).toBeLessThan(400);
  });

  it('aborts a multipart upload whose source fails, so its parts do not linger (and cost) in the bucket', async () => {
    const storage = new BucketStorage(parseStorageUrl(s3.storageUrl('aborted')));
    await expect(storage.put('media/big.png', randomStream(16 * MB, 12 * MB).stream)).rejects.toThrow('the client went away');
    const ofUpload = s3.requests.filter((r) => r.path.startsWith(`/${TEST_BUCKET}/aborted/media/big.png`));
    expect(ofUpload.filter((r) => r.method === 'PUT').length).toBeGreaterThanOrEqual(1);
    expect(ofUpload.at(-1)).toMatchObject({ method: 'DELETE', path: expect.stringMatching(/uploadId=/) });
    expect(await storage.exists('media/big.png')).toBe(false);
  });
});
