import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import knexFactory from 'knex';

// `npm run bench:pages` (SITE-27): a rendered public page served from the page cache against the
// same bytes served as a static file by the same server, in one run. The production build (`npm run build`,
// skipped with BENCH_SKIP_BUILD=1 when dist/ and site/dist are current) started as production runs it
// (`node dist/api/server.js`, NODE_ENV=production) on a fresh database on a real PostgreSQL server. The
// page's bytes as the server sends them (uncompressed, brotli, gzip) are written into site/dist as
// bench-page-<random>.html with its .br and .gz twins, which the server sends as it sends every static
// file (koa-send, precompressed twins); they are removed at the end.
//
// Rounds interleave the sides (page, static, uncached; static, uncached, page; ...), each side
// `BENCH_SECONDS` under autocannon with 20 keep-alive connections, once with `Accept-Encoding: br, gzip`
// and once without. Each side's median round is reported, and the ratio page / static (target >= 0.9).
// "Uncached" is the same page from a second process on the same database with PAGE_CACHE_MB=0 (every
// visit renders, as before the page cache), for scale.
//
//   npm run bench:pages
//   BENCH_ROUNDS=5 BENCH_SECONDS=5 BENCH_PAGES=/,/mr/blogs npm run bench:pages

const root = path.resolve(import.meta.dirname, '..');
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const SECONDS = Math.max(1, Number(process.env.BENCH_SECONDS ?? 5));
const CONNECTIONS = 20;
const PAGES = (process.env.BENCH_PAGES ?? '/,/blogs').split(',').filter(Boolean);
const ADMIN = { email: 'bench-owner@clinic.test', password: 'bench-Pages-Password-2026' };

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

if (process.env.BENCH_SKIP_BUILD !== '1') {
  console.log('npm run build ...');
  const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
for (const file of ['dist/api/server.js', 'site/dist/server/entry-server.js']) {
  if (!fs.existsSync(path.join(root, file))) {
    console.error(`${file} is missing: run \`npm run build\` first.`);
    process.exit(1);
  }
}

function startServer(port: number, env: Record<string, string>): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['dist/api/server.js'], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // Koa reports each response cut short when autocannon closes its connections at the end of a run
    // (premature close, EPIPE: static files only, they are streams); anything else is shown.
    let err = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      err += chunk.toString();
      const blocks = err.split(/\n\s*\n/);
      err = blocks.pop() ?? '';
      for (const block of blocks) if (block.trim() && !/ERR_STREAM_PREMATURE_CLOSE|EPIPE|ECONNRESET/.test(block)) process.stderr.write(`${block}\n`);
    });
    let out = '';
    const onData = (chunk: Buffer) => {
      if (out.length < 100_000) out += chunk.toString();
      if (out.includes('"event":"listening"')) {
        child.stdout!.off('data', onData);
        // Production logs a line per request: drained, as a log shipper would.
        child.stdout!.resume();
        resolve(child);
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${out}`)));
  });
}

const encodings = [
  { label: 'br, gzip', headers: { 'accept-encoding': 'br, gzip' } as Record<string, string> },
  { label: 'none', headers: {} as Record<string, string> },
];

let failures = 0;
async function rps(url: string, headers: Record<string, string>, seconds = SECONDS): Promise<number> {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
  if (r.non2xx > 0) throw new Error(`${url}: ${r.non2xx} non-2xx ${JSON.stringify(r.statusCodeStats)}`);
  // Errors are timeouts (10 s) on a machine too busy to answer: counted and reported, not fatal.
  failures += r.errors + r.timeouts;
  return r.requests.average;
}

async function bytesOf(url: string, encoding: string): Promise<Buffer> {
  // fetch would decode; node:http hands the body over as sent.
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: encoding ? { 'accept-encoding': encoding } : {} }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          if (res.statusCode !== 200) reject(new Error(`${url}: ${res.statusCode}`));
          else if ((res.headers['content-encoding'] ?? 'identity') !== (encoding || 'identity')) reject(new Error(`${url}: sent ${res.headers['content-encoding']} for ${encoding}`));
          else resolve(Buffer.concat(chunks));
        });
      })
      .on('error', reject);
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const name = `bench_pages_${crypto.randomBytes(4).toString('hex')}`;
const admin = knexFactory({ client: 'pg', connection: SERVER_URL, pool: { min: 0, max: 1 } });
await admin.raw(`create database ${name}`);
const dbUrl = Object.assign(new URL(SERVER_URL), { pathname: `/${name}` }).toString();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinic-bench-pages-'));
const written: string[] = [];
const servers: ChildProcess[] = [];
const startLoad = os.loadavg().map((n) => n.toFixed(2)).join(' ');
try {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env = {
    NODE_ENV: 'production',
    DATABASE_URL: dbUrl,
    DATA_DIR: dataDir,
    PUBLIC_URL: origin,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    // Required in production; nothing is mailed during the bench.
    SMTP_URL: 'smtp://127.0.0.1:2',
    SCHEDULER: 'false',
  };
  servers.push(await startServer(port, env));
  // For scale only, not in the ratio: a second process on the same database that keeps no page
  // (PAGE_CACHE_MB=0), so every visit renders, as before SITE-27. Idle while the others are measured.
  const uncachedPort = await freePort();
  servers.push(await startServer(uncachedPort, { ...env, PAGE_CACHE_MB: '0' }));
  const uncachedOrigin = `http://127.0.0.1:${uncachedPort}`;

  // Content for the pages: three published posts, as a clinic's blog has.
  const login = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify(ADMIN),
  });
  if (login.status !== 200) throw new Error(`sign-in: ${login.status} ${await login.text()}`);
  const cookie = login.headers.getSetCookie().find((c) => c.startsWith('sid='))!.split(';')[0];
  // AUTH-11: in production the owner made from ADMIN_PASSWORD chooses their own password at first sign-in.
  const changed = await fetch(`${origin}/api/auth/change-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, cookie },
    body: JSON.stringify({ currentPassword: ADMIN.password, newPassword: `${ADMIN.password}-own` }),
  });
  if (changed.status !== 200) throw new Error(`change-password: ${changed.status} ${await changed.text()}`);
  for (const title of ['Healthy Gums at Every Age', 'What a Root Canal Really Feels Like', 'Braces or Aligners?']) {
    const res = await fetch(`${origin}/api/admin/blog-posts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin, cookie },
      body: JSON.stringify({ title, excerpt: `${title}: what our patients ask.`, content: `<p>${'A paragraph of advice. '.repeat(40)}</p>`, isPublished: true }),
    });
    if (res.status !== 201) throw new Error(`post: ${res.status} ${await res.text()}`);
  }

  console.log(`\nServer: node dist/api/server.js (NODE_ENV=production, PostgreSQL ${new URL(SERVER_URL).host}), ${os.cpus().length} CPUs, load average at start ${startLoad}`);
  console.log(`Median of ${ROUNDS} interleaved rounds of ${SECONDS} s each, ${CONNECTIONS} connections (autocannon).\n`);
  for (const page of PAGES) {
    // The page's bytes as the cache sends them, written as a static file with its twins.
    const stem = `bench-page-${crypto.randomBytes(4).toString('hex')}.html`;
    const file = path.join(root, 'site/dist', stem);
    const [identity, br, gz] = [await bytesOf(origin + page, ''), await bytesOf(origin + page, 'br'), await bytesOf(origin + page, 'gzip')];
    fs.writeFileSync(file, identity);
    fs.writeFileSync(`${file}.br`, br);
    fs.writeFileSync(`${file}.gz`, gz);
    written.push(file, `${file}.br`, `${file}.gz`);
    for (const [encoding, body] of [['', identity], ['br', br], ['gzip', gz]] as const) {
      if (!(await bytesOf(`${origin}/${stem}`, encoding)).equals(body)) throw new Error(`the static copy of ${page} differs (${encoding || 'identity'})`);
    }

    // What the page's brotli twin costs when a change drops it (paid once per change): quality 9, as kept,
    // against 11, as the build's static assets.
    for (const quality of [9, 11]) {
      const started = process.hrtime.bigint();
      const out = zlib.brotliCompressSync(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality } });
      console.log(`${page.padEnd(10)} brotli quality ${String(quality).padStart(2)}: ${identity.length} -> ${out.length} B in ${(Number(process.hrtime.bigint() - started) / 1e6).toFixed(1)} ms`);
    }
    for (const { label, headers } of encodings) {
      await rps(origin + page, headers, 2); // warm-up
      await rps(`${origin}/${stem}`, headers, 2);
      await rps(uncachedOrigin + page, headers, 2);
      const urls = { page: origin + page, static: `${origin}/${stem}`, uncached: uncachedOrigin + page };
      const sides = { page: [] as number[], static: [] as number[], uncached: [] as number[] };
      const names = ['page', 'static', 'uncached'] as const;
      for (let r = 0; r < ROUNDS; r += 1) {
        // Each round starts with another side, so none is always measured first or last.
        for (let i = 0; i < names.length; i += 1) {
          const side = names[(r + i) % names.length];
          sides[side].push(await rps(urls[side], headers));
        }
      }
      const [p, st, u] = [median(sides.page), median(sides.static), median(sides.uncached)];
      const size = label === 'none' ? identity.length : br.length;
      const list = (xs: number[]) => `[${xs.map((x) => x.toFixed(0)).join(', ')}]`;
      console.log(
        `${page.padEnd(10)} Accept-Encoding ${label.padEnd(9)} ${String(size).padStart(6)} B   ` +
          `page ${p.toFixed(0).padStart(6)} req/s   static ${st.toFixed(0).padStart(6)} req/s   ratio ${(p / st).toFixed(2)} (target >= 0.9)   ` +
          `uncached render ${u.toFixed(0).padStart(5)} req/s\n           rounds: page ${list(sides.page)} static ${list(sides.static)} uncached ${list(sides.uncached)}`,
      );
    }
  }
  console.log(`\nLoad average at the end: ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}; requests failed or timed out: ${failures}`);
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  // The servers first: a request in flight must not find its file gone.
  for (const server of servers) {
    if (server.exitCode !== null) continue;
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  for (const f of written) fs.rmSync(f, { force: true });
  await admin.raw(`drop database if exists ${name} with (force)`);
  await admin.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(process.exitCode ?? 0);
