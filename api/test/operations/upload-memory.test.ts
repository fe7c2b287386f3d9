import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../../../shared/schemas/upload';
import { IMAGE_LIMITS, type ImageKind } from '../../services/content/media';
import { pixelBombPng } from '../support/pixel-bomb';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { createServerDatabase } from '../support/test-db';

// FILE-2: memory is bounded by design, proven against the server as production runs it: the built bundle
// (`dist/api/server.js`) with exactly production's Node flags and environment (api/production-flags.ts;
// the 192 MB heap cap once made a 4.5 MB PNG kill it). On the embedded database, and on PostgreSQL when
// TEST_DATABASE_URL names a server: 20 uploads of images just under 5 MB one after another, then 4 at a
// time, then a 60 MB post with and without a declared length. The server answers every request and never
// exits; its resident memory (VmHWM, VmRSS of /proc/<pid>/status) peaks under 400 MB and comes back under
// 250 MB (150 MB on a server database, where PostgreSQL's memory is not in the process). Then, on the
// embedded database (image work costs the same on both), an image of each type at its pixel limit
// (IMAGE_LIMITS: a few megabytes of a smooth picture hold tens of megapixels), each under the same peak,
// and one just past it, refused from its header (IMG-8), as a 16383 x 16383 PNG of a few kilobytes is, at
// once and sixteen at a time, /healthz answering meanwhile.

const SERVER_BUNDLE = 'dist/api/server.js';
const OWNER = { email: 'owner@clinic.test', password: 'upload-Memory-2026' };
const TOO_LARGE = { success: false, imageUrl: null, thumbnailUrl: null, error: 'Please select an image smaller than 5MB' };
const MB = 1024 * 1024;
const PEAK_LIMIT_MB = 400;
const slow = { timeout: 300_000 };

/** Noise does not compress: a PNG and a JPEG of random pixels, each as close under 5 MB as the format lets. */
let images: { bytes: Uint8Array<ArrayBuffer>; type: string; name: string }[] = [];

beforeAll(async () => {
  if (!fs.existsSync(SERVER_BUNDLE)) {
    // `npm test` builds first; a run of this file alone builds the server (under a second).
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build-server.ts'], { stdio: 'ignore' });
  }
  const png = async (side: number) => {
    const raw = crypto.randomBytes(side * side * 3);
    return sharp(raw, { raw: { width: side, height: side, channels: 3 } }).png().toBuffer();
  };
  const jpeg = async (side: number) => {
    const raw = crypto.randomBytes(side * side * 3);
    return sharp(raw, { raw: { width: side, height: side, channels: 3 } }).jpeg({ quality: 100, chromaSubsampling: '4:4:4' }).toBuffer();
  };
  for (const [make, side, type, ext] of [[png, 1300, 'image/png', 'png'], [png, 1290, 'image/png', 'png'], [jpeg, 1300, 'image/jpeg', 'jpg']] as const) {
    const bytes = new Uint8Array(await make(side));
    images.push({ bytes, type, name: `photo.${ext}` });
  }
  // Realistic: each close under the limit (a phone photo of 4.5-5 MB is what killed the server).
  for (const image of images) expect(image.bytes.length, image.name).toBeGreaterThan(4.5 * MB);
  for (const image of images) expect(image.bytes.length, image.name).toBeLessThanOrEqual(MAX_UPLOAD_BYTES);
}, 120_000);

/** A smooth picture of `width` x `height` in `kind`, EXIF orientation 6 where the type carries it (rotation costs most). */
async function smoothImage(kind: ImageKind, width: number, height: number): Promise<Uint8Array<ArrayBuffer>> {
  const base = sharp({ create: { width, height, channels: 3, background: { r: 30, g: 140, b: 200 } } });
  const encoded =
    kind === 'jpeg' ? base.jpeg().withMetadata({ orientation: 6 })
    : kind === 'png' ? base.png({ compressionLevel: 1 }).withMetadata({ orientation: 6 })
    : kind === 'webp' ? base.webp({ effort: 0 })
    : kind === 'gif' ? base.gif({ effort: 1 })
    : base.avif({ effort: 0 });
  return new Uint8Array(await encoded.toBuffer());
}

function memoryOf(pid: number): { rssMb: number; hwmMb: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rssMb: kb('VmRSS') / 1024, hwmMb: kb('VmHWM') / 1024 };
}

const databases = [
  { name: 'the embedded database', server: false, afterLimitMb: 250 },
  ...(process.env.TEST_DATABASE_URL ? [{ name: 'PostgreSQL', server: true, afterLimitMb: 150 }] : []),
];

describe.each(databases)('uploads against the built server on $name', ({ server: onServer, afterLimitMb }) => {
  let server: ServerProcess;
  let cookie = '';
  let cleanup = async () => {};
  const samples: number[] = [];
  let sampler: NodeJS.Timeout | undefined;

  beforeAll(async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinic-upload-memory-'));
    const env: Record<string, string> = {
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      SMTP_URL: 'smtp://127.0.0.1:9', // never reached: nothing is mailed here
      ADMIN_EMAIL: OWNER.email,
      ADMIN_PASSWORD: OWNER.password,
      SCHEDULER: 'false',
    };
    let drop = async () => {};
    if (onServer) {
      const database = await createServerDatabase();
      env.DATABASE_URL = database.url;
      drop = database.drop;
    } else {
      // The embedded database's very first start builds it (initdb) and keeps some of that memory
      // (docs/operations.md, "Memory"); a clinic's server runs on later starts, as this one does.
      const first = await startServerProcess(env, 180_000, { from: 'build' });
      await first.stop();
    }
    cleanup = async () => {
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    };
    server = await startServerProcess(env, 180_000, { from: 'build' });
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify(OWNER),
    });
    expect(login.status).toBe(200);
    cookie = login.headers.getSetCookie().find((c) => c.startsWith('sid='))!.split(';')[0];
    // AUTH-11: in production the owner made from ADMIN_PASSWORD chooses their own password first.
    const { user } = (await login.json()) as { user: { mustChangePassword?: boolean } };
    if (user.mustChangePassword) {
      const changed = await fetch(`${server.url}/api/auth/change-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url, cookie },
        body: JSON.stringify({ currentPassword: OWNER.password, newPassword: `${OWNER.password}-own` }),
      });
      expect(changed.status).toBe(200);
    }
    sampler = setInterval(() => {
      if (server.running()) samples.push(memoryOf(server.pid).rssMb);
    }, 100);
  }, slow.timeout);

  afterAll(async () => {
    clearInterval(sampler);
    await server?.stop();
    await cleanup();
  }, slow.timeout);

  const upload = (image: { bytes: Uint8Array<ArrayBuffer>; type: string; name: string }) => {
    const form = new FormData();
    form.append('image', new Blob([image.bytes], { type: image.type }), image.name);
    return fetch(`${server.url}/api/admin/upload`, { method: 'POST', body: form, headers: { cookie, origin: server.url } });
  };

  it('stores 20 images of about 5 MB one after another, then 4 at a time, serving each back', slow, async () => {
    const urls: string[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await upload(images[i % images.length]);
      expect(res.status, server.output().slice(-2000)).toBe(201);
      urls.push((await res.json()).imageUrl);
    }
    for (let round = 0; round < 2; round++) {
      const answers = await Promise.all([0, 1, 2, 3].map((i) => upload(images[(round + i) % images.length])));
      expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 201]);
      for (const res of answers) urls.push((await res.json()).imageUrl);
    }
    expect(new Set(urls).size).toBe(28);
    // Served back from the storage, whole.
    for (const url of urls.slice(-4)) {
      const res = await fetch(`${server.url}${url}`);
      expect(res.status).toBe(200);
      expect(await sharp(Buffer.from(await res.arrayBuffer())).metadata()).toMatchObject({ width: expect.any(Number) });
    }
  });

  it('refuses a 60 MB post with the clear 413, declared or streamed without a length, and keeps answering', slow, async () => {
    const big = new Uint8Array(60 * MB).fill(0x5a);
    big.set(Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'));
    const declared = await upload({ bytes: big, type: 'image/png', name: 'huge.png' });
    expect(declared.status).toBe(413);
    expect(await declared.json()).toEqual(TOO_LARGE);

    // The same bytes as a chunked body: no Content-Length, so the multipart parser's limit stops it.
    const boundary = `----clinic${crypto.randomBytes(8).toString('hex')}`;
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="huge.png"\r\nContent-Type: image/png\r\n\r\n`);
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(head);
        for (let at = 0; at < big.length; at += MB) controller.enqueue(big.subarray(at, at + MB));
        controller.enqueue(tail);
        controller.close();
      },
    });
    const streamed = await fetch(`${server.url}/api/admin/upload`, {
      method: 'POST',
      body,
      duplex: 'half',
      headers: { cookie, origin: server.url, 'content-type': `multipart/form-data; boundary=${boundary}` },
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(await streamed.json()).toEqual(TOO_LARGE);

    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect((await upload(images[0])).status).toBe(201);
  });

  it('refuses a 16383 x 16383 PNG of a few kilobytes at once (IMG-8), sixteen at a time, while /healthz keeps answering', slow, async () => {
    const bomb = { bytes: new Uint8Array(pixelBombPng()), type: 'image/png', name: 'bomb.png' };
    const first = await upload(bomb);
    expect(first.status).toBe(413);
    expect((await first.json()).error).toBe('Please select a smaller image: this one is 16383 x 16383 pixels, at most 64 megapixels are accepted');
    // The first image of a process loads sharp (OPS-16); the next is answered from the header alone.
    const started = performance.now();
    expect((await upload(bomb)).status).toBe(413);
    const ms = performance.now() - started;
    console.info(`a pixel bomb refused in ${ms.toFixed(0)} ms`);
    expect(ms).toBeLessThan(1_000);
    const sixteen = Promise.all(Array.from({ length: 16 }, () => upload(bomb)));
    const latencies: number[] = [];
    for (let i = 0; i < 5; i++) {
      const at = performance.now();
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      latencies.push(performance.now() - at);
    }
    expect((await sixteen).map((r) => r.status)).toEqual(Array(16).fill(413));
    console.info(`/healthz under sixteen pixel bombs: at most ${Math.max(...latencies).toFixed(0)} ms`);
    // Generous: sixteen multipart posts share the event loop and the database with it; decoding them would
    // hold it for seconds.
    expect(Math.max(...latencies)).toBeLessThan(1_000);
  });

  it(`never exits, peaks under ${PEAK_LIMIT_MB} MB resident and comes back under ${afterLimitMb} MB`, slow, async () => {
    expect(server.running()).toBe(true);
    expect(server.output()).not.toMatch(/heap out of memory|FATAL/);
    const { hwmMb } = memoryOf(server.pid);
    // Memory comes back once the work is done (V8 collects, libvips' buffers are freed): waited for, up to 30 s.
    let after = memoryOf(server.pid).rssMb;
    for (let waited = 0; after >= afterLimitMb && waited < 30_000; waited += 500) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      after = memoryOf(server.pid).rssMb;
    }
    console.info(`upload memory on ${onServer ? 'PostgreSQL' : 'the embedded database'}: peak ${hwmMb.toFixed(0)} MB (sampled max ${Math.max(...samples).toFixed(0)} MB), after ${after.toFixed(0)} MB`);
    expect(hwmMb).toBeLessThan(PEAK_LIMIT_MB);
    expect(after).toBeLessThan(afterLimitMb);
  });

  // Image decoding is the same work on either database: measured once, on the embedded one (declared only
  // there, so no test shows as skipped on PostgreSQL).
  const kinds = onServer ? [] : (Object.keys(IMAGE_LIMITS) as ImageKind[]);
  for (const kind of kinds) {
    it(
      `takes a ${kind} at its pixel limit under the same peak, and refuses one past it`,
      slow,
      async () => {
        const { pixels } = IMAGE_LIMITS[kind];
        const width = Math.floor(Math.sqrt(pixels * (4 / 3)));
        const height = Math.floor(pixels / width);
        const atLimit = { bytes: await smoothImage(kind, width, height), type: `image/${kind}`, name: `limit.${kind}` };
        expect(atLimit.bytes.length).toBeLessThanOrEqual(MAX_UPLOAD_BYTES);
        // VmHWM starts again from the current resident size (Linux: 5 > /proc/<pid>/clear_refs).
        fs.writeFileSync(`/proc/${server.pid}/clear_refs`, '5');
        const res = await upload(atLimit);
        expect(res.status).toBe(201);
        const { hwmMb } = memoryOf(server.pid);
        console.info(`${kind} of ${width} x ${height}: peak ${hwmMb.toFixed(0)} MB`);
        expect(hwmMb).toBeLessThan(PEAK_LIMIT_MB);

        const past = { bytes: await smoothImage(kind, width + 8, height + 8), type: `image/${kind}`, name: `past.${kind}` };
        const refused = await upload(past);
        // IMG-8: refused from its header, before any decoding, saying why.
        expect(refused.status).toBe(413);
        expect((await refused.json()).error).toMatch(/^Please select a smaller image: this one is \d+ x \d+ pixels/);
        expect(server.running()).toBe(true);
      },
    );
  }
});
