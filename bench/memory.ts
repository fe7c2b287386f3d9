import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import crypto from 'node:crypto';
import pg from 'pg';
import sharp from 'sharp';
import { SMTPServer } from 'smtp-server';
import { addDays, clinicToday } from '../shared/domain/clinic-time';
import { createDb } from '../api/db/knex';
import { seedLarge } from './seed-large';
import { PRODUCTION_ENV, PRODUCTION_NODE_FLAGS } from '../api/production-flags';

// `npm run bench:memory` (OPS-16): the resident memory of the production server under ten minutes
// of mixed load, on the embedded database and on a server database. Builds nothing: run `npm run build`
// first. For each database it
//   1. starts `node dist/api/server.js` once in development mode to create the database with the demo
//      content (a fresh DATA_DIR in a temporary folder; a fresh database on 127.0.0.1:5432), stops it, and
//      adds a clinic's years of records (BENCH_PATIENTS, 10,000 patients, 40,000 appointments and 10,000
//      invoices by default: bench/seed-large.ts), so the database is larger than its buffers;
//   2. starts it as production does (NODE_ENV=production, the Node flags of `npm start`, the Dockerfile and
//      the systemd unit: api/production-flags.ts, SMTP_URL to a mail sink in this process), lets it sit idle
//      (the baseline), then drives the mixed load: public pages in English, Marathi and Hindi, the public
//      JSON APIs, bookings, admin sign-ins, the admin lists (patients, appointments, calendar, invoices, the
//      dashboard), searches and invoice PDFs;
//   3. samples VmRSS and VmHWM from /proc/<pid>/status, the WebAssembly memory's resident part from
//      /proc/<pid>/smaps (the embedded PostgreSQL), and the process's own process.memoryUsage() (sent by
//      bench/memory-probe.mjs over IPC) every few seconds.
//   4. the upload scenario (FILE-2), on the same server after the mixed load: BENCH_UPLOADS (20) images of
//      just under 5 MB (noise PNGs and JPEGs, made here with sharp: they do not compress) one after another,
//      then BENCH_UPLOAD_ROUNDS (3) rounds of 4 at a time, then a 60 MB post (413), then BENCH_SETTLE_SECONDS
//      (30) quiet; every answer must be 201 (413 for the big one) and the server must stay up.
// It prints start, idle, peak and end RSS per database against the targets: <= 250 MB on the embedded
// database, <= 150 MB on a server database, after ten minutes; and the uploads' peak (<= 400 MB) and the
// RSS after them (the same targets).
//
//   npm run bench:memory
//   BENCH_MINUTES=2 BENCH_DATABASES=embedded npm run bench:memory
//   BENCH_SCENARIOS=uploads BENCH_PATIENTS=0 BENCH_IDLE_SECONDS=10 npm run bench:memory   (the uploads alone)
//   BENCH_NODE_FLAGS="--max-old-space-size=96" npm run bench:memory     (replaces the production flags)
//
// BENCH_IDLE_SECONDS (60) idle baseline; BENCH_RATE (40) requests a second at most, over BENCH_CONCURRENCY (4)
// clients; BENCH_SAMPLE_SECONDS (5); BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres) the
// server the fresh database is created on; BENCH_TRACE=file.jsonl writes every sample.

const root = path.resolve(import.meta.dirname, '..');
const SERVER_JS = path.join(root, 'dist/api/server.js');
const PROBE = path.join(root, 'bench/memory-probe.mjs');
const MINUTES = Number(process.env.BENCH_MINUTES ?? 10);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 60);
const RATE = Number(process.env.BENCH_RATE ?? 40);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const SAMPLE_MS = Number(process.env.BENCH_SAMPLE_SECONDS ?? 5) * 1000;
const DATABASES = (process.env.BENCH_DATABASES ?? 'embedded,server').split(',').map((s) => s.trim()) as ('embedded' | 'server')[];
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NODE_FLAGS = process.env.BENCH_NODE_FLAGS !== undefined ? process.env.BENCH_NODE_FLAGS.split(/\s+/).filter(Boolean) : PRODUCTION_NODE_FLAGS;
const TRACE = process.env.BENCH_TRACE;
/** The environment production sets besides the configuration (api/production-flags.ts); BENCH_ENV="K=V ..." adds or overrides. */
const START_ENV: Record<string, string> = {
  ...PRODUCTION_ENV,
  ...Object.fromEntries((process.env.BENCH_ENV ?? '').split(/\s+/).filter(Boolean).map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)])),
};
/** A clinic after some years: this many patients, four appointments and one invoice each (0: the demo only). */
const PATIENTS = Number(process.env.BENCH_PATIENTS ?? 10_000);
const TARGET_MB = { embedded: 250, server: 150 } as const;
/** BENCH_SCENARIOS: `mixed` (the ten minutes of mixed load), `uploads` (FILE-2), or both in that order. */
const SCENARIOS = new Set((process.env.BENCH_SCENARIOS ?? 'mixed,uploads').split(',').map((x) => x.trim()));
const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 20);
const UPLOAD_ROUNDS = Number(process.env.BENCH_UPLOAD_ROUNDS ?? 3);
const SETTLE_SECONDS = Number(process.env.BENCH_SETTLE_SECONDS ?? 30);
const UPLOAD_PEAK_MB = 400;
const ADMIN = { email: 'bench@clinic.test', password: 'bench-Password-2026!' };

for (const file of [SERVER_JS, path.join(root, 'site/dist/server/entry-server.js')]) {
  if (!fs.existsSync(file)) {
    console.error(`${path.relative(root, file)} is missing: run \`npm run build\` first.`);
    process.exit(1);
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mb = (bytes: number) => bytes / 1024 / 1024;
const fmt = (bytes: number | undefined) => (bytes === undefined ? '-' : `${mb(bytes).toFixed(0)} MB`);
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');

// ------------------------------------------------------------------------------------------- sampling

interface Sample {
  at: number;
  phase: string;
  rss: number;
  hwm: number;
  /** Resident pages of mapped files: the node binary and the native libraries' code. */
  file: number;
  /** Resident part of the WebAssembly memories (the embedded PostgreSQL's heap). */
  wasm: number;
  wasmSizes: number[];
  probe?: NodeJS.MemoryUsage;
}

function readStatus(pid: number): { rss: number; hwm: number; file: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM'), file: kb('RssFile') };
}

/**
 * The resident part of the WebAssembly memories: the mappings whose size is exactly a memory's current size
 * (V8 maps each memory on its own; the probe reports their sizes).
 */
function readWasmRss(pid: number, sizes: number[]): number {
  const wanted = new Set(sizes);
  let total = 0;
  let inWasm = false;
  for (const line of fs.readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    if (/^[0-9a-f]+-[0-9a-f]+ /.test(line)) {
      const [from, to] = line.split(' ')[0].split('-').map((h) => parseInt(h, 16));
      inWasm = wanted.has(to - from);
    } else if (inWasm && line.startsWith('Rss:')) {
      total += Number(/(\d+)/.exec(line)![1]) * 1024;
    }
  }
  return total;
}

/** BENCH_SMAPS=1: the process's largest resident mappings (a malloc arena is 64 MB of address space). */
function largestMappings(pid: number): string {
  const rows: { head: string; rss: number }[] = [];
  for (const line of fs.readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    if (/^[0-9a-f]+-[0-9a-f]+ /.test(line)) {
      const [range, perms, , , , name] = line.split(/\s+/);
      const [from, to] = range.split('-').map((h) => parseInt(h, 16));
      rows.push({ head: `${((to - from) / 2 ** 20).toFixed(1)} MB ${perms} ${name ?? ''}`, rss: 0 });
    } else if (line.startsWith('Rss:')) rows[rows.length - 1].rss = Number(/(\d+)/.exec(line)![1]) * 1024;
  }
  return rows
    .sort((a, b) => b.rss - a.rss)
    .slice(0, 6)
    .map((r) => `    ${fmt(r.rss)} resident of ${r.head}`)
    .join('\n');
}

// ------------------------------------------------------------------------------------------- the server

interface Running {
  child: ChildProcess;
  origin: string;
  lastProbe?: NodeJS.MemoryUsage;
  wasmSizes: number[];
  exited: Promise<number | null>;
}

async function startServer(env: Record<string, string>, flags: string[]): Promise<Running> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...flags, '--import', pathToFileURL(PROBE).href, SERVER_JS], {
    cwd: root,
    env: { ...START_ENV, PATH: process.env.PATH ?? '', HOME: os.tmpdir(), PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: origin, BENCH_PROBE_MS: String(Math.min(SAMPLE_MS, 2000)), ...env },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const running: Running = { child, origin, wasmSizes: [], exited: new Promise((resolve) => child.once('exit', (code) => resolve(code))) };
  child.on('message', (m) => {
    const message = m as { probe?: NodeJS.MemoryUsage; wasm?: number[] } | null;
    if (message?.probe) {
      running.lastProbe = message.probe;
      running.wasmSizes = message.wasm ?? [];
    }
  });
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} while starting`);
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return running;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error('the server did not answer /healthz within 3 minutes');
    await sleep(250);
  }
}

async function stopServer(running: Running): Promise<void> {
  running.child.kill('SIGTERM');
  const code = await Promise.race([running.exited, sleep(60_000).then(() => 'timeout' as const)]);
  if (code === 'timeout') {
    running.child.kill('SIGKILL');
    await running.exited;
  }
}

// ------------------------------------------------------------------------------------------- the load

interface Tally {
  requests: number;
  bytes: number;
  byStatus: Map<string, number>;
  /** Milliseconds per request, by kind (page, public API, admin API, PDF): settings that save memory must not cost speed unseen. */
  ms: Map<string, number[]>;
}

const kindOf = (p: string, method: string) =>
  p.endsWith('/pdf') ? 'invoice PDF' : method === 'POST' ? 'POST' : p.startsWith('/api/admin') ? 'admin API' : p.startsWith('/api/') ? 'public API' : 'page';

interface Client {
  origin: string;
  cookie: string;
  n: number;
}

const LANGS = ['', '/mr', '/hi'];
const PAGES = ['/', '/about', '/treatments', '/treatments/root-canal', '/treatments/bridges-implants', '/treatments/teeth-whitening', '/blogs', '/gallery', '/contact'];
const BROWSER = { 'Accept-Encoding': 'br, gzip', 'User-Agent': 'bench-memory' };

async function signIn(origin: string): Promise<string> {
  const res = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin, ...BROWSER },
    body: JSON.stringify(ADMIN),
  });
  if (!res.ok) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
  const { user } = (await res.json()) as { user: { mustChangePassword?: boolean } };
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  // AUTH-11: in production the owner made from ADMIN_PASSWORD chooses their own password at first sign-in.
  if (user.mustChangePassword) {
    const newPassword = `${ADMIN.password}-own`;
    const changed = await fetch(`${origin}/api/auth/change-password`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: origin, cookie, ...BROWSER },
      body: JSON.stringify({ currentPassword: ADMIN.password, newPassword }),
    });
    if (!changed.ok) throw new Error(`change-password answered ${changed.status}: ${await changed.text()}`);
    ADMIN.password = newPassword;
  }
  return cookie;
}

interface World {
  blogSlugs: string[];
  invoiceIds: number[];
  patientNames: string[];
}

async function discover(origin: string, cookie: string): Promise<World> {
  const get = async (p: string) => (await fetch(`${origin}${p}`, { headers: { cookie } })).json();
  const posts = (await get('/api/blog-posts')) as { slug: string }[];
  const invoices = (await get('/api/admin/invoices?limit=50')) as { id: number }[];
  const patients = (await get('/api/admin/patients?limit=50')) as { lastName: string }[];
  return {
    blogSlugs: posts.map((p) => p.slug),
    invoiceIds: invoices.map((i) => i.id),
    patientNames: [...new Set(patients.map((p) => p.lastName.toLowerCase()))],
  };
}

let bookingSeq = 0;
/** A booking on a free slot of a day in the next weeks, by a new visitor (so no per-contact cap applies). */
interface Answer {
  status: number;
  json(): unknown;
}
type Send = (p: string, init?: RequestInit) => Promise<Answer>;

async function book(origin: string, send: Send): Promise<Answer> {
  const seq = (bookingSeq += 1);
  for (let tries = 0; tries < 5; tries += 1) {
    const date = addDays(clinicToday(new Date()), 1 + ((seq + tries * 7) % 50));
    const day = (await send(`/api/appointments/availability?date=${date}`)).json() as { closed: boolean; slots: { time: string; available: boolean }[] };
    const slot = day.closed ? undefined : day.slots.find((s) => s.available);
    if (!slot) continue;
    return send('/api/appointments', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: origin },
      body: JSON.stringify({
        firstName: 'Bench',
        lastName: `Visitor${String(seq).replace(/\d/g, (d) => 'abcdefghij'[Number(d)])}`,
        email: `visitor${seq}@bench.test`,
        phone: `98${String(10_000_000 + seq).slice(-8)}`,
        preferredDate: date,
        preferredTime: slot.time,
        treatment: (['cleaning', 'rootcanal', 'consultation'] as const)[seq % 3],
        notes: 'Memory bench booking',
        language: (['en', 'mr', 'hi'] as const)[seq % 3],
      }),
    });
  }
  return send('/api/appointments/rules');
}

/** The mix, one step a request (some steps send two): mostly public pages, then admin work, some writes. */
function step(client: Client, world: World, send: Send): Promise<Answer> {
  const i = (client.n += 1);
  const today = clinicToday(new Date());
  const pick = <T>(xs: T[]) => xs[i % xs.length];
  switch (i % 20) {
    case 0:
    case 1:
    case 2:
    case 3:
    case 4:
    case 5: {
      const lang = LANGS[Math.floor(i / 20) % 3];
      const page = pick([...PAGES, ...world.blogSlugs.map((s) => `/blogs/${s}`)]);
      return send(`${lang}${page === '/' && lang ? '' : page}`);
    }
    case 6:
      return send(pick(['/api/blog-posts', '/api/gallery', '/api/reviews', '/api/appointments/rules']));
    case 7:
      return send(`/api/appointments/availability?date=${addDays(today, i % 30)}`);
    case 8:
      return i % 40 === 8 ? book(client.origin, send) : send(pick(['/sitemap.xml', '/robots.txt', '/api/blog-posts']));
    case 9:
      return send('/api/admin/stats');
    case 10:
      return send(`/api/admin/patients?limit=50&offset=${i % 3 === 0 ? 50 : 0}`);
    case 11:
      return send('/api/admin/appointments?limit=50');
    case 12:
      return send(`/api/admin/appointments/calendar?from=${today}&to=${addDays(today, i % 3 === 0 ? 34 : 6)}`);
    case 13:
      return send('/api/admin/invoices?limit=50');
    case 14:
      return send(`/api/admin/patients?q=${encodeURIComponent(pick(world.patientNames))}&limit=50`);
    case 15:
      return send(`/api/admin/appointments?q=${encodeURIComponent(pick(['root canal', 'bench', 'sharma', 'cleaning']))}&limit=50`);
    case 16:
      return i % 60 === 16 && world.invoiceIds.length ? send(`/api/admin/invoices/${pick(world.invoiceIds)}/pdf`) : send('/api/admin/recent-appointments');
    case 17:
      return send('/api/admin/dashboard/charts');
    case 18:
      return world.invoiceIds.length ? send(`/api/admin/invoices/${pick(world.invoiceIds)}`) : send('/api/admin/stats');
    default:
      return send('/api/auth/me');
  }
}

async function drive(running: Running, world: World, until: number, tally: Tally): Promise<void> {
  const intervalMs = (1000 * CONCURRENCY) / RATE;
  const clients = await Promise.all(Array.from({ length: CONCURRENCY }, async () => ({ origin: running.origin, cookie: await signIn(running.origin), n: 0 })));
  await Promise.all(
    clients.map(async (client, k) => {
      client.n = k * 5;
      let next = Date.now();
      while (Date.now() < until) {
        const send: Send = async (p, init = {}) => {
          const t = performance.now();
          const res = await fetch(`${running.origin}${p}`, { ...init, headers: { ...BROWSER, cookie: client.cookie, ...(init.headers as Record<string, string>) } });
          const body = await res.arrayBuffer();
          const kind = kindOf(p, init.method ?? 'GET');
          if (!tally.ms.has(kind)) tally.ms.set(kind, []);
          tally.ms.get(kind)!.push(performance.now() - t);
          tally.requests += 1;
          tally.bytes += body.byteLength;
          const key = `${init.method ?? 'GET'} ${res.status}`;
          if (res.status >= 400 && !tally.byStatus.has(key)) console.log(`  (first ${key}: ${p} ${Buffer.from(body).toString('utf8').slice(0, 300)})`);
          tally.byStatus.set(key, (tally.byStatus.get(key) ?? 0) + 1);
          return { status: res.status, json: () => JSON.parse(Buffer.from(body).toString('utf8')) as unknown };
        };
        try {
          // A sign-in now and then: staff open the admin through the day (a new session each time).
          if (client.n % 500 === 499) client.cookie = await signIn(running.origin);
          await step(client, world, send);
        } catch (err) {
          const key = `error ${(err as Error).message}`;
          tally.byStatus.set(key, (tally.byStatus.get(key) ?? 0) + 1);
        }
        next += intervalMs;
        const wait = next - Date.now();
        if (wait > 0) await sleep(wait);
        else next = Date.now();
      }
    }),
  );
}

// ------------------------------------------------------------------------------------------- the uploads

/** Noise images just under the 5 MB limit: a phone photo's size, and the worst case for compression. */
async function uploadImages(): Promise<{ bytes: Uint8Array<ArrayBuffer>; type: string; name: string }[]> {
  const raw = (side: number) => sharp(crypto.randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } });
  return [
    { bytes: new Uint8Array(await raw(1300).png().toBuffer()), type: 'image/png', name: 'photo.png' },
    { bytes: new Uint8Array(await raw(1290).png().toBuffer()), type: 'image/png', name: 'scan.png' },
    { bytes: new Uint8Array(await raw(1300).jpeg({ quality: 100, chromaSubsampling: '4:4:4' }).toBuffer()), type: 'image/jpeg', name: 'photo.jpg' },
  ];
}

/** FILE-2's work: the uploads one after another, then 4 at a time, then a 60 MB post. Answers the statuses. */
async function driveUploads(running: Running, tally: Tally): Promise<void> {
  const images = await uploadImages();
  const cookie = await signIn(running.origin);
  const upload = async (image: { bytes: Uint8Array<ArrayBuffer>; type: string; name: string }) => {
    const form = new FormData();
    form.append('image', new Blob([image.bytes], { type: image.type }), image.name);
    const t = performance.now();
    const res = await fetch(`${running.origin}/api/admin/upload`, { method: 'POST', body: form, headers: { ...BROWSER, cookie, Origin: running.origin } });
    await res.arrayBuffer();
    const kind = image.bytes.length > 10 * 2 ** 20 ? 'upload 60 MB' : 'upload 5 MB';
    if (!tally.ms.has(kind)) tally.ms.set(kind, []);
    tally.ms.get(kind)!.push(performance.now() - t);
    tally.requests += 1;
    tally.bytes += image.bytes.length;
    tally.byStatus.set(`POST ${res.status}`, (tally.byStatus.get(`POST ${res.status}`) ?? 0) + 1);
  };
  for (let i = 0; i < UPLOADS; i++) await upload(images[i % images.length]);
  for (let round = 0; round < UPLOAD_ROUNDS; round++) await Promise.all([0, 1, 2, 3].map((i) => upload(images[(round + i) % images.length])));
  const big = new Uint8Array(60 * 2 ** 20).fill(0x5a);
  big.set(Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'));
  await upload({ bytes: big, type: 'image/png', name: 'huge.png' });
}

// ------------------------------------------------------------------------------------------- one database

interface UploadResult {
  before: Sample;
  peak: Sample;
  /** VmHWM at the end of the uploads: the process's peak since it started (the mixed load's included). */
  hwm: number;
  end: Sample;
  tally: Tally;
  seconds: number;
  stayedUp: boolean;
}

interface Result {
  database: 'embedded' | 'server';
  uploads?: UploadResult;
  /** The database's size after seeding (pg_database_size). */
  dbSize: number;
  firstStartPeak: number;
  started: Sample;
  idleEnd: Sample;
  peak: Sample;
  end: Sample;
  hwm: number;
  tally: Tally;
  seconds: number;
  loadStart: string;
  loadEnd: string;
}

async function sampler(running: Running, phase: () => string, samples: Sample[]): Promise<() => Sample> {
  const pid = running.child.pid!;
  const take = (): Sample => {
    const s: Sample = { at: Date.now(), phase: phase(), ...readStatus(pid), wasm: readWasmRss(pid, running.wasmSizes), wasmSizes: running.wasmSizes, probe: running.lastProbe };
    samples.push(s);
    if (TRACE) fs.appendFileSync(TRACE, `${JSON.stringify(s)}\n`);
    return s;
  };
  return take;
}

async function measure(database: 'embedded' | 'server', smtpPort: number): Promise<Result> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-memory-'));
  let dbName: string | undefined;
  let dbSize = 0;
  const env: Record<string, string> = { DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'info' };
  // The load books far more than a clinic does: no per-address or per-contact limits, room in every slot.
  Object.assign(env, { BOOKING_RATE_LIMIT_PER_ADDRESS: '0', BOOKING_MAX_OPEN_PER_CONTACT: '0', BOOKING_SLOT_CAPACITY: '100', SCHEDULER: 'true' });
  if (database === 'server') {
    dbName = `bench_mem_${Math.random().toString(36).slice(2, 10)}`;
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const url = new URL(ADMIN_URL);
    url.pathname = `/${dbName}`;
    env.DATABASE_URL = url.toString();
  }
  try {
    // 1. The first start creates the database with the demo content (development mode seeds it).
    const seeding = await startServer({ ...env, NODE_ENV: 'development', SEED_DEMO: 'true' }, NODE_FLAGS);
    const firstStartPeak = readStatus(seeding.child.pid!).hwm;
    await stopServer(seeding);
    {
      const db = await createDb(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { pgliteDir: path.join(dataDir, 'pglite') });
      try {
        if (PATIENTS > 0) await seedLarge(db.knex, { patients: PATIENTS, appointments: 4 * PATIENTS, invoices: PATIENTS });
        dbSize = Number(((await db.knex.raw('select pg_database_size(current_database()) as n')) as { rows: { n: number }[] }).rows[0].n);
      } finally {
        await db.close();
      }
    }

    // 2. Production, idle, then loaded.
    const running = await startServer({ ...env, NODE_ENV: 'production', SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_FROM: 'Clinic <clinic@bench.test>' }, NODE_FLAGS);
    let phase = 'idle';
    const samples: Sample[] = [];
    const take = await sampler(running, () => phase, samples);
    while (!running.lastProbe) await sleep(100);
    const started = take();
    const timer = setInterval(take, SAMPLE_MS);
    await sleep(IDLE_SECONDS * 1000);
    const idleEnd = take();
    phase = 'load';
    const loadStart = load();
    const tally: Tally = { requests: 0, bytes: 0, byStatus: new Map(), ms: new Map() };
    const t0 = Date.now();
    if (SCENARIOS.has('mixed')) {
      const cookie = await signIn(running.origin);
      const world = await discover(running.origin, cookie);
      await drive(running, world, t0 + MINUTES * 60_000, tally);
    }
    const seconds = (Date.now() - t0) / 1000;
    const end = take();
    if (process.env.BENCH_SMAPS) console.log(largestMappings(running.child.pid!));
    const loadEnd = load();
    const peak = samples.reduce((a, b) => (b.rss > a.rss ? b : a));
    let uploads: UploadResult | undefined;
    if (SCENARIOS.has('uploads')) {
      phase = 'uploads';
      const from = samples.length;
      const fast = setInterval(take, 250);
      const uploadTally: Tally = { requests: 0, bytes: 0, byStatus: new Map(), ms: new Map() };
      const u0 = Date.now();
      await driveUploads(running, uploadTally);
      const uploadSeconds = (Date.now() - u0) / 1000;
      const hwm = take().hwm;
      phase = 'after uploads';
      await sleep(SETTLE_SECONDS * 1000);
      clearInterval(fast);
      const during = samples.slice(from);
      uploads = {
        before: end,
        peak: during.reduce((a, b) => (b.rss > a.rss ? b : a)),
        hwm,
        end: take(),
        tally: uploadTally,
        seconds: uploadSeconds,
        stayedUp: running.child.exitCode === null && running.child.signalCode === null,
      };
    }
    clearInterval(timer);
    await stopServer(running);
    return { database, uploads, dbSize, firstStartPeak, started, idleEnd, peak, end, hwm: end.hwm, tally, seconds, loadStart, loadEnd };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (dbName) {
      const admin = new pg.Client({ connectionString: ADMIN_URL });
      await admin.connect();
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
  }
}

// ------------------------------------------------------------------------------------------- run

const sink = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    stream.on('end', () => callback());
    stream.resume();
  },
});
await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', () => resolve()));
const smtpPort = (sink.server.address() as net.AddressInfo).port;

console.log(
  `Memory bench: ${MINUTES} min of mixed load at up to ${RATE} req/s over ${CONCURRENCY} clients after ${IDLE_SECONDS} s idle; node ${process.version}; flags: ${NODE_FLAGS.join(' ') || '(none)'}; environment: ${Object.entries(START_ENV).map(([k, v]) => `${k}=${v}`).join(' ') || '(none)'}`,
);
const results: Result[] = [];
let failed = false;
for (const database of DATABASES) {
  console.log(`\n${database} database: load average ${load()}`);
  const r = await measure(database, smtpPort);
  results.push(r);
  const p = r.end.probe;
  console.log(`  first start (creates the database, seeds the demo): peak ${fmt(r.firstStartPeak)}; database ${fmt(r.dbSize)} after seeding`);
  console.log(`  started: ${fmt(r.started.rss)}; after ${IDLE_SECONDS} s idle: ${fmt(r.idleEnd.rss)} (wasm ${fmt(r.idleEnd.wasm)})`);
  console.log(`  under load: peak ${fmt(r.peak.rss)} (VmHWM ${fmt(r.hwm)}), end ${fmt(r.end.rss)} (wasm ${fmt(r.end.wasm)})`);
  if (p) {
    const committed = r.end.wasmSizes.reduce((a, b) => a + b, 0);
    const rest = r.end.rss - r.end.file - r.end.wasm - p.heapTotal - p.arrayBuffers;
    console.log(
      `  at the end: JS heap ${fmt(p.heapUsed)} used of ${fmt(p.heapTotal)}, array buffers ${fmt(p.arrayBuffers)}, wasm ${fmt(r.end.wasm)} resident of ${fmt(committed)}, ` +
        `mapped files (node, native libraries) ${fmt(r.end.file)}, the rest (compiled code, native allocations) ${fmt(rest)}`,
    );
  }
  const statuses = [...r.tally.byStatus.entries()].sort().map(([k, v]) => `${k}: ${v}`);
  console.log(`  ${r.tally.requests} requests in ${r.seconds.toFixed(0)} s (${(r.tally.requests / r.seconds).toFixed(1)}/s, ${fmt(r.tally.bytes)}): ${statuses.join(', ')}`);
  const pct = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];
  const times = [...r.tally.ms.entries()].sort().map(([k, xs]) => `${k} ${pct(xs, 0.5).toFixed(1)}/${pct(xs, 0.95).toFixed(1)} ms`);
  console.log(`  latency p50/p95: ${times.join(', ')}`);
  console.log(`  load average at the load's start ${r.loadStart}, at its end ${r.loadEnd}`);
  const bad = [...r.tally.byStatus.keys()].filter((k) => k.startsWith('error') || / 5\d\d$/.test(k));
  if (bad.length) {
    console.log(`  FAILED requests: ${bad.join(', ')}`);
    failed = true;
  }
  if (r.uploads) {
    const u = r.uploads;
    const statuses = [...u.tally.byStatus.entries()].sort().map(([k, v]) => `${k}: ${v}`);
    const times = [...u.tally.ms.entries()].sort().map(([k, xs]) => `${k} ${pct(xs, 0.5).toFixed(0)}/${pct(xs, 0.95).toFixed(0)} ms`);
    console.log(`  uploads: ${u.tally.requests} in ${u.seconds.toFixed(0)} s (${fmt(u.tally.bytes)} sent): ${statuses.join(', ')}; p50/p95 ${times.join(', ')}`);
    console.log(`  uploads' memory: before ${fmt(u.before.rss)}, peak ${fmt(u.peak.rss)} (VmHWM ${fmt(u.hwm)}), ${SETTLE_SECONDS} s after ${fmt(u.end.rss)}; the server ${u.stayedUp ? 'stayed up' : '**exited**'}`);
    const expected = UPLOADS + 4 * UPLOAD_ROUNDS;
    if (!u.stayedUp || u.tally.byStatus.get('POST 201') !== expected || u.tally.byStatus.get('POST 413') !== 1) failed = true;
  }
}

console.log('\n| Database | Started | Idle | Peak under load | End | Target | |');
console.log('|---|---|---|---|---|---|---|');
for (const r of results) {
  const target = TARGET_MB[r.database];
  const met = mb(r.end.rss) <= target;
  if (!met) failed = true;
  console.log(
    `| ${r.database} | ${fmt(r.started.rss)} | ${fmt(r.idleEnd.rss)} | ${fmt(r.peak.rss)} | ${fmt(r.end.rss)} | <= ${target} MB | ${met ? 'met' : '**not met**'} |`,
  );
}
if (results.some((r) => r.uploads)) {
  console.log('\n| Database | Before the uploads | Peak during them (VmHWM) | After them | Targets | |');
  console.log('|---|---|---|---|---|---|');
  for (const r of results) {
    if (!r.uploads) continue;
    const u = r.uploads;
    const met = u.stayedUp && mb(u.hwm) <= UPLOAD_PEAK_MB && mb(u.end.rss) <= TARGET_MB[r.database];
    if (!met) failed = true;
    console.log(
      `| ${r.database} | ${fmt(u.before.rss)} | ${fmt(u.peak.rss)} (${fmt(u.hwm)}) | ${fmt(u.end.rss)} | peak <= ${UPLOAD_PEAK_MB} MB, after <= ${TARGET_MB[r.database]} MB | ${met ? 'met' : '**not met**'} |`,
    );
  }
}
sink.close();
process.exit(failed ? 1 : 0);
