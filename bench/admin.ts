import crypto from 'node:crypto';
import { performance } from 'node:perf_hooks';
import knexFactory from 'knex';
import { createDb } from '../api/db/knex';
import { migrateLatest } from '../api/db/migrate';
import { startTestApp } from '../api/test/support/test-app';
import { LARGE, seedLarge } from './seed-large';

// `npx tsx bench/admin.ts` (npm run bench:admin): the admin API on a large clinic (50,000 patients, 200,000
// appointments, 50,000 invoices) in a fresh database on the real PostgreSQL server, dropped at the end.
// Reports p50/p95 of sequential requests (one at a time, so each figure is one request's own latency).
// Target: p95 <= 50 ms for the dashboard and the first page of each list.
// BENCH_DATABASE_URL picks the server, BENCH_REQUESTS the count, BENCH_KEEP=1 keeps the database (for EXPLAIN).

const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const WARM_UP = 20;
const TARGET_MS = 50;

interface Case {
  name: string;
  path: string;
  /** Compared with the target; informational cases are not. */
  target?: boolean;
  requests?: number;
}

const cases: Case[] = [
  { name: 'stats', path: '/api/admin/stats', target: true },
  { name: 'recent-appointments', path: '/api/admin/recent-appointments', target: true },
  { name: 'patients, first page', path: '/api/admin/patients?limit=50', target: true },
  { name: 'appointments, first page', path: '/api/admin/appointments?limit=50', target: true },
  { name: 'appointments, pending, first page', path: '/api/admin/appointments?status=pending&limit=50', target: true },
  { name: 'invoices, first page', path: '/api/admin/invoices?limit=50', target: true },
  { name: 'patient search, common name', path: '/api/admin/patients?q=kulkarni&limit=50', target: true },
  { name: 'patient search, rare (email)', path: '/api/admin/patients?q=priya.joshi1&limit=50', target: true },
  { name: 'patient search, rare (phone digits)', path: '/api/admin/patients?q=4242&limit=50', target: true },
  { name: 'patient search, no match', path: '/api/admin/patients?q=zzzz&limit=50', target: true },
  { name: 'appointment search, common name', path: '/api/admin/appointments?q=kulkarni&limit=50', target: true },
  { name: 'appointment search, rare', path: '/api/admin/appointments?q=priya.joshi1&limit=50', target: true },
  { name: 'appointment search, treatment label', path: '/api/admin/appointments?q=root%20canal&limit=50', target: true },
  // Under 3 characters a trigram index cannot help: a search that matches nothing reads every row.
  { name: 'patient search, 2 characters, no match', path: '/api/admin/patients?q=zq&limit=50' },
  { name: 'appointment search, 2 characters, no match', path: '/api/admin/appointments?q=zq&limit=50' },
  { name: 'patients, all 50,000 (unpaged)', path: '/api/admin/patients', requests: 20 },
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function main() {
  const name = `bench_${crypto.randomBytes(5).toString('hex')}`;
  const admin = knexFactory({ client: 'pg', connection: SERVER_URL, pool: { min: 0, max: 1 } });
  await admin.raw(`create database ${name}`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  const db = await createDb({ databaseUrl: url.toString(), poolMax: 10 });
  let app: Awaited<ReturnType<typeof startTestApp>> | null = null;
  try {
    await migrateLatest(db.knex);
    let t = performance.now();
    await seedLarge(db.knex);
    console.log(
      `Seeded ${LARGE.patients} patients, ${LARGE.appointments} appointments, ${LARGE.invoices} invoices ` +
        `in ${((performance.now() - t) / 1000).toFixed(1)} s (database ${name}).`,
    );
    app = await startTestApp({ db });
    app.clock.reset();
    const cookie = await app.signIn();

    const rows: string[] = [];
    let missed = 0;
    for (const c of cases) {
      const probe = await app.request(c.path, { cookie });
      if (probe.status === 404) {
        console.log(`skip ${c.name}: ${c.path} answers 404 (not built yet)`);
        continue;
      }
      if (probe.status !== 200) throw new Error(`${c.path}: HTTP ${probe.status} ${await probe.text()}`);
      const size = (await probe.arrayBuffer()).byteLength;
      const n = c.requests ?? REQUESTS;
      for (let i = 0; i < Math.min(WARM_UP, n); i += 1) await (await app.request(c.path, { cookie })).arrayBuffer();
      const times: number[] = [];
      for (let i = 0; i < n; i += 1) {
        t = performance.now();
        const res = await app.request(c.path, { cookie });
        await res.arrayBuffer();
        times.push(performance.now() - t);
        if (res.status !== 200) throw new Error(`${c.path}: HTTP ${res.status}`);
      }
      times.sort((a, b) => a - b);
      const p50 = percentile(times, 50);
      const p95 = percentile(times, 95);
      const verdict = c.target ? (p95 <= TARGET_MS ? 'ok' : 'OVER') : 'info';
      if (verdict === 'OVER') missed += 1;
      rows.push(
        `| ${c.name} | \`${c.path}\` | ${n} | ${p50.toFixed(1)} | ${p95.toFixed(1)} | ${(size / 1024).toFixed(1)} KB | ${verdict} |`,
      );
      console.log(rows.at(-1));
    }
    console.log(`\n| case | request | n | p50 ms | p95 ms | body | p95 <= ${TARGET_MS} ms |`);
    console.log('|---|---|---|---|---|---|---|');
    for (const row of rows) console.log(row);
    if (missed) {
      console.log(`\n${missed} case(s) over the ${TARGET_MS} ms target.`);
      process.exitCode = 1;
    }
  } finally {
    await app?.close();
    await db.close();
    if (process.env.BENCH_KEEP) console.log(`Kept database ${name} (BENCH_KEEP); drop it with: drop database ${name}`);
    else await admin.raw(`drop database if exists ${name} with (force)`);
    await admin.destroy();
  }
}

await main();
