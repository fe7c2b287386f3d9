import { fork, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import autocannon from 'autocannon';
import knexFactory from 'knex';
import pg from 'pg';
import { timeSlots } from '../shared/constants/booking';

// `npm run bench:api`: public API throughput against baselines measured in the same run on this machine.
//   GETs    vs a bare Koa + router hello-world (target >= 0.8)
//   booking vs a raw pg INSERT loop at the same concurrency (target >= 0.5)
// Absolute numbers vary between runs on these machines; the ratios are what to compare.
//
// BENCH_BASELINE_TREE=<a checkout of another version, e.g. `git archive <commit> | tar -x -C dir` inside this
// checkout so it finds these node_modules>: that version's product is started too, on its own database, and
// its booking measured in the same rounds, interleaved with this one's (a change's cost, compared in one run).
// BENCH_PORT (default 4301) moves the servers' ports, for two benches on one machine.

const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 20;
const root = path.resolve(import.meta.dirname, '..');

const PORT = Number(process.env.BENCH_PORT ?? 4301);
const BASELINE_TREE = process.env.BENCH_BASELINE_TREE ? path.resolve(process.env.BENCH_BASELINE_TREE) : null;

function start(script: string, env: Record<string, string>, cwd = root): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = fork(script, [], {
      cwd,
      execArgv: ['--import', 'tsx', ...(process.env.BENCH_PROFILE && script.includes('app') ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [])],
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
    child.on('message', (m) => m === 'ready' && resolve(child));
  });
}

type Measure = { rps: number; p99: number };

async function load(url: string, opts: Partial<autocannon.Options> = {}): Promise<Measure> {
  await autocannon({ url, connections: CONNECTIONS, duration: 2, ...opts }); // warm-up
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, ...opts });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors ${JSON.stringify(r.statusCodeStats)}`);
  return { rps: r.requests.average, p99: r.latency.p99 };
}

/** Working days from tomorrow, each slot of each, round robin: every booking finds a free place. */
function* bookingBodies(): Generator<string> {
  let n = 0;
  for (;;) {
    const day = new Date(Date.now() + (2 + Math.floor(n / timeSlots.length / 20)) * 86_400_000);
    if (day.getUTCDay() === 0) day.setUTCDate(day.getUTCDate() + 1);
    const slot = timeSlots[n % timeSlots.length];
    n += 1;
    yield JSON.stringify({
      firstName: 'Bench',
      lastName: 'Visitor',
      email: `bench${n}@example.in`,
      // One phone per booking, so the per-contact cap is checked (and measured) but never reached.
      phone: `+91 9${String(n).padStart(9, '0')}`,
      preferredDate: day.toISOString().slice(0, 10),
      preferredTime: slot,
      treatment: 'cleaning',
    });
  }
}

async function rawInsertLoop(url: string): Promise<number> {
  const pool = new pg.Pool({ connectionString: url, max: CONNECTIONS });
  let done = 0;
  const until = Date.now() + DURATION * 1000;
  const worker = async () => {
    while (Date.now() < until) {
      await pool.query(
        `insert into appointments (first_name, last_name, email, phone, treatment, preferred_date, preferred_time)
         values ($1, $2, $3, $4, $5, $6, $7)`,
        ['Raw', 'Insert', `raw${done}@example.in`, '+91 98220 00000', 'cleaning', '2030-01-07', '10:00'],
      );
      done += 1;
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  await pool.end();
  return done / DURATION;
}

const name = `bench_${crypto.randomBytes(4).toString('hex')}`;
const baselineName = `${name}_baseline`;
const admin = knexFactory({ client: 'pg', connection: SERVER_URL, pool: { min: 0, max: 1 } });
await admin.raw(`create database ${name}`);
if (BASELINE_TREE) await admin.raw(`create database ${baselineName}`);
const dbUrl = Object.assign(new URL(SERVER_URL), { pathname: `/${name}` }).toString();
const baselineDbUrl = Object.assign(new URL(SERVER_URL), { pathname: `/${baselineName}` }).toString();
const productEnv = {
  BOOKING_SLOT_CAPACITY: '100',
  // All of autocannon's requests come from one address, and the days run past the booking window.
  BOOKING_RATE_LIMIT_PER_ADDRESS: '0',
  BOOKING_WINDOW_DAYS: '1095',
};
const children: ChildProcess[] = [];
const best = (runs: { rps: number; p99: number }[]) => runs.reduce((a, b) => (b.rps > a.rps ? b : a));
try {
  const bare = await start('bench/bare-server.ts', { PORT: String(PORT) });
  children.push(bare);
  const app = await start('bench/app-server.ts', { PORT: String(PORT + 1), DATABASE_URL: dbUrl, ...productEnv, DATA_DIR: path.join(root, 'data', 'bench') });
  children.push(app);
  if (BASELINE_TREE) {
    const env = { PORT: String(PORT + 2), DATABASE_URL: baselineDbUrl, ...productEnv, DATA_DIR: path.join(BASELINE_TREE, 'data', 'bench') };
    children.push(await start('bench/app-server.ts', env, BASELINE_TREE));
  }
  const base = `http://127.0.0.1:${PORT + 1}`;
  const bodies = bookingBodies();
  const baselineBodies = bookingBodies();
  const booking = (url: string, from: Generator<string>) =>
    load(`${url}/api/appointments`, {
      requests: [{ method: 'POST', headers: { 'content-type': 'application/json' }, setupRequest: (req) => ({ ...req, body: from.next().value as string }) }],
    });

  // Rounds interleave each case with its baseline, and each keeps its best round: on a shared machine the
  // best round is the one least disturbed by other work, for the baseline and the product alike.
  const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
  const runs = { baseline: [] as Measure[], blog: [] as Measure[], gallery: [] as Measure[], booking: [] as Measure[], raw: [] as number[], other: [] as Measure[] };
  for (let r = 0; r < rounds; r++) {
    runs.baseline.push(await load(`http://127.0.0.1:${PORT}/hello`));
    runs.blog.push(await load(`${base}/api/blog-posts`));
    runs.gallery.push(await load(`${base}/api/gallery`));
    runs.raw.push(await rawInsertLoop(dbUrl));
    // With a baseline tree, the two versions' bookings alternate which goes first from round to round.
    const other = async () => BASELINE_TREE && runs.other.push(await booking(`http://127.0.0.1:${PORT + 2}`, baselineBodies));
    if (r % 2) await other();
    runs.booking.push(await booking(base, bodies));
    if (!(r % 2)) await other();
  }
  const baseline = best(runs.baseline);
  const raw = Math.max(...runs.raw);
  const row = (label: string, m: Measure, baseRps: number, target: number) =>
    `${label.padEnd(28)} ${m.rps.toFixed(0).padStart(7)} req/s  p99 ${String(m.p99).padStart(4)} ms  ratio ${(m.rps / baseRps).toFixed(2)} (target >= ${target})`;
  console.log(`\nBest of ${rounds} rounds of ${DURATION} s, ${CONNECTIONS} connections.`);
  console.log(`Baseline bare Koa hello-world: ${baseline.rps.toFixed(0)} req/s, p99 ${baseline.p99} ms`);
  console.log(`Baseline raw pg INSERT loop:   ${raw.toFixed(0)} inserts/s (${CONNECTIONS} at once)\n`);
  console.log(row('GET /api/blog-posts', best(runs.blog), baseline.rps, 0.8));
  console.log(row('GET /api/gallery', best(runs.gallery), baseline.rps, 0.8));
  console.log(row('POST /api/appointments', best(runs.booking), raw, 0.5));
  if (BASELINE_TREE) {
    const mine = best(runs.booking);
    const theirs = best(runs.other);
    console.log(row(`  the same, ${path.basename(BASELINE_TREE)}`, theirs, raw, 0.5));
    console.log(`Booking, this tree / the baseline tree: ${(mine.rps / theirs.rps).toFixed(2)} (rounds: ${runs.booking.map((m) => m.rps.toFixed(0)).join(', ')} vs ${runs.other.map((m) => m.rps.toFixed(0)).join(', ')})`);
  }
} finally {
  for (const c of children) c.kill();
  await admin.raw(`drop database if exists ${name} with (force)`);
  if (BASELINE_TREE) await admin.raw(`drop database if exists ${baselineName} with (force)`);
  await admin.destroy();
}
process.exit(0);
