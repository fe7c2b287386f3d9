import crypto from 'node:crypto';
import { performance } from 'node:perf_hooks';
import knexFactory from 'knex';
import { addDays, clinicToday } from '../shared/domain/clinic-time';
import { createDb } from '../api/db/knex';
import { migrateLatest } from '../api/db/migrate';
import { startTestApp } from '../api/test/support/test-app';
import { LARGE, seedLarge } from './seed-large';

// `npx tsx bench/frontdesk.ts` (npm run bench:frontdesk): the front desk on a large clinic (50,000 patients,
// 200,000 appointments, about 1,400 a week) in a fresh database on the real PostgreSQL server, dropped at
// the end. Two targets:
// - the Week view's data, GET /api/admin/appointments/calendar for 7 days: p95 <= 50 ms (sequential
//   requests), printed with its ratio to GET /healthz measured the same way in the same run;
// - the CSV export streams >= 20,000 rows a second, printed with its ratio to reading the same rows in one
//   plain query (no HTTP, no CSV) in the same run, and the server's peak heap growth while it streams.
// BENCH_DATABASE_URL picks the server, BENCH_REQUESTS the count, BENCH_KEEP=1 keeps the database,
// BENCH_REUSE=<name> measures a database kept before (no seeding, not dropped).

const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const WARM_UP = 20;
const CALENDAR_TARGET_MS = 50;
const EXPORT_TARGET_ROWS_PER_S = 20_000;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function main() {
  const reuse = process.env.BENCH_REUSE;
  const name = reuse ?? `bench_${crypto.randomBytes(5).toString('hex')}`;
  const admin = knexFactory({ client: 'pg', connection: SERVER_URL, pool: { min: 0, max: 1 } });
  if (!reuse) await admin.raw(`create database ${name}`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  const db = await createDb({ databaseUrl: url.toString(), poolMax: 10 });
  let app: Awaited<ReturnType<typeof startTestApp>> | null = null;
  try {
    let t = performance.now();
    if (!reuse) {
      await migrateLatest(db.knex);
      await seedLarge(db.knex);
      // Some patients carry medical alerts and notes, so the calendar's join and the export carry text.
      await db.knex.raw(`update patients set allergies = 'Penicillin', notes = 'Prefers evenings, "quiet" room' where id % 20 = 0`);
      await db.knex.raw('analyze');
    }
    console.log(`${reuse ? 'Reused' : 'Seeded'} ${LARGE.patients} patients, ${LARGE.appointments} appointments in ${((performance.now() - t) / 1000).toFixed(1)} s (database ${name}).`);
    app = await startTestApp({ db });
    app.clock.reset();
    const cookie = await app.signIn();

    // Interleaved: each round times the baseline and every case once, so all see the same load on a shared
    // machine and the ratios compare like with like.
    async function latencies(paths: Record<string, string>, n = REQUESTS) {
      const names = Object.keys(paths);
      const times: Record<string, number[]> = Object.fromEntries(names.map((k) => [k, []]));
      // CPU time of this process (server and client) per request: far less sensitive than wall time to the
      // other work on a shared machine. The database's own time is not in it.
      const cpu: Record<string, number> = Object.fromEntries(names.map((k) => [k, 0]));
      const bytes: Record<string, number> = {};
      for (const k of names) {
        const probe = await app!.request(paths[k], { cookie });
        if (probe.status !== 200) throw new Error(`${paths[k]}: HTTP ${probe.status} ${await probe.text()}`);
        bytes[k] = (await probe.arrayBuffer()).byteLength;
      }
      for (let i = 0; i < WARM_UP + n; i += 1) {
        for (const k of names) {
          const start = performance.now();
          const cpuStart = process.cpuUsage();
          const res = await app!.request(paths[k], { cookie });
          await res.arrayBuffer();
          if (i >= WARM_UP) {
            times[k].push(performance.now() - start);
            const used = process.cpuUsage(cpuStart);
            cpu[k] += (used.user + used.system) / 1000;
          }
        }
      }
      return Object.fromEntries(
        names.map((k) => {
          const sorted = times[k].sort((a, b) => a - b);
          return [k, { p50: percentile(sorted, 50), p95: percentile(sorted, 95), bytes: bytes[k], cpu: cpu[k] / n }];
        }),
      );
    }

    // The week of today at the clinic (Monday to Sunday), the next week, and the longest range (42 days).
    const today = clinicToday(new Date());
    const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
    const monday = addDays(today, -weekday);
    const calendarPath = (from: string, days: number) => `/api/admin/appointments/calendar?from=${from}&to=${addDays(from, days - 1)}`;
    const weeks = await latencies({ healthz: '/healthz', week: calendarPath(monday, 7), nextWeek: calendarPath(addDays(monday, 7), 7) });
    const { healthz: baseline, week, nextWeek } = weeks;
    const { sixWeeks } = await latencies({ sixWeeks: calendarPath(monday, 42) }, 40);
    const weekCount = await db.knex('appointments').whereBetween('preferredDate', [monday, addDays(monday, 6)]).whereNot('status', 'cancelled').count<{ n: string }[]>('* as n');

    // Export: the whole table through HTTP, against the same rows read in one plain query.
    async function exportRun(kind: 'appointments' | 'patients') {
      const table = kind;
      t = performance.now();
      const plain = await db.knex(table).select('*');
      const plainSeconds = (performance.now() - t) / 1000;
      const plainRate = plain.length / plainSeconds;
      global.gc?.();
      const heapBefore = process.memoryUsage().heapUsed;
      let heapPeak = heapBefore;
      const sampler = setInterval(() => {
        heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
      }, 20);
      t = performance.now();
      const res = await app!.request(`/api/admin/export/${kind}.csv`, { cookie });
      if (res.status !== 200 || !res.body) throw new Error(`export ${kind}: HTTP ${res.status}`);
      let lines = 0;
      let bytes = 0;
      for await (const chunk of res.body) {
        bytes += chunk.byteLength;
        for (const b of chunk) if (b === 0x0a) lines += 1;
      }
      const seconds = (performance.now() - t) / 1000;
      clearInterval(sampler);
      // Lines minus the header; a note with a line break would count twice, the seed has none.
      const rows = lines - 1;
      return { kind, rows, seconds, rate: rows / seconds, plainRate, bytes, heapGrowthMb: (heapPeak - heapBefore) / 1024 / 1024 };
    }
    const appointmentsExport = await exportRun('appointments');
    const patientsExport = await exportRun('patients');

    // The database's share: the week's appointment query as the calendar sends it, its execution time.
    const { appointmentRows } = await import('../api/services/appointments/appointments');
    const weekQuery = appointmentRows(db.knex)
      .whereBetween('appointments.preferredDate', [monday, addDays(monday, 6)])
      .whereNot('appointments.status', 'cancelled')
      .toSQL();
    const executions: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      const plan = await db.knex.raw<{ rows: { 'QUERY PLAN': string }[] }>(`explain analyze ${weekQuery.sql}`, weekQuery.bindings as never);
      const line = plan.rows.map((r) => r['QUERY PLAN']).find((l) => l.startsWith('Execution Time'));
      executions.push(Number(/([\d.]+) ms/.exec(line ?? '')?.[1] ?? NaN));
    }
    executions.sort((a, b) => a - b);
    const calendarRow = (label: string, m: { p50: number; p95: number; bytes: number; cpu: number }, target: boolean) =>
      `| ${label} | ${m.p50.toFixed(1)} | ${m.p95.toFixed(1)} | ${(m.p95 / baseline.p95).toFixed(1)} | ${m.cpu.toFixed(1)} | ${(m.bytes / 1024).toFixed(0)} KB | ${target ? (m.p95 <= CALENDAR_TARGET_MS ? 'ok' : 'OVER') : 'info'} |`;
    const load = (await import('node:os')).loadavg()[0];
    console.log(`\nWeek of ${monday}: ${weekCount[0].n} appointments (not cancelled).`);
    console.log(`Load average during the run: ${load.toFixed(1)} (${(await import('node:os')).cpus().length} cores).`);
    console.log(`| calendar case | p50 ms | p95 ms | p95 / healthz p95 | CPU ms / request | body | p95 <= ${CALENDAR_TARGET_MS} ms |`);
    console.log('|---|---|---|---|---|---|---|');
    console.log(calendarRow('GET /healthz (baseline)', baseline, false));
    console.log(calendarRow('this week (7 days)', week, true));
    console.log(calendarRow('next week (7 days)', nextWeek, true));
    console.log(calendarRow('six weeks (42 days)', sixWeeks, false));
    console.log(`The week's appointment query executes in ${percentile(executions, 50).toFixed(1)} ms (median of 20, EXPLAIN ANALYZE).`);
    console.log(`\n| export | rows | seconds | rows/s | plain query rows/s | ratio | size | peak heap growth | rows/s >= ${EXPORT_TARGET_ROWS_PER_S} |`);
    console.log('|---|---|---|---|---|---|---|---|---|');
    let missed = week.p95 > CALENDAR_TARGET_MS || nextWeek.p95 > CALENDAR_TARGET_MS ? 1 : 0;
    for (const e of [appointmentsExport, patientsExport]) {
      const ok = e.rate >= EXPORT_TARGET_ROWS_PER_S;
      if (!ok) missed += 1;
      console.log(
        `| ${e.kind}.csv | ${e.rows} | ${e.seconds.toFixed(2)} | ${e.rate.toFixed(0)} | ${e.plainRate.toFixed(0)} | ${(e.rate / e.plainRate).toFixed(2)} | ${(e.bytes / 1024 / 1024).toFixed(1)} MB | ${e.heapGrowthMb.toFixed(1)} MB | ${ok ? 'ok' : 'UNDER'} |`,
      );
    }
    if (missed) process.exitCode = 1;
  } finally {
    await app?.close();
    await db.close();
    if (reuse) console.log(`Left database ${name} as it was (BENCH_REUSE)`);
    else if (process.env.BENCH_KEEP) console.log(`Kept database ${name} (BENCH_KEEP); drop it with: drop database ${name}`);
    else await admin.raw(`drop database if exists ${name} with (force)`);
    await admin.destroy();
  }
}

await main();
