import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import knexFactory, { type Knex } from 'knex';
import { createDb, type Database } from '../api/db/knex';
import { migrateLatest } from '../api/db/migrate';
import { type BackupFormat, summarizeTables, takeBackup, userTables } from '../api/platform/backups/backups';
import { restoreBackup } from '../api/platform/backups/restore';
import { systemClock } from '../api/clock';
import { LARGE, seedLarge } from './seed-large';

// `npx tsx bench/backup.ts` (npm run bench:backup): OPS-13's backup and restore on the large clinic of
// bench/seed-large.ts (50,000 patients, 200,000 appointments, 50,000 invoices).
// A fresh database `bench_<random>` on the real PostgreSQL server is migrated and seeded, then each round
// times, interleaved so that every case sees the same load on a shared machine:
//   baselines  `select count(*)` over every table; the manifest's row checksums alone (summarizeTables);
//              plain `pg_dump --format=custom` to a file and plain `pg_restore` of it into an empty database
//   product    takeBackup and restoreBackup, in-process as api/cli/backup.ts and restore.ts call them, for
//              both server formats (pg_dump custom and the product's logical JSON lines); each restore goes
//              into a fresh empty database and must come back equal to the manifest
// Then once: the CLI itself (`npm run backup`, `npm run backup -- --logical`, `npm run restore -- FILE`,
// process start included), and the embedded database (PGlite) seeded with the same data in a temporary
// DATA_DIR, backed up and restored the same ways.
// Every database and file it makes is removed at the end. BENCH_DATABASE_URL picks the server, BENCH_ROUNDS
// the rounds (median printed), BENCH_CLI=0 skips the CLI runs, BENCH_EMBEDDED=0 the embedded database,
// BENCH_SCALE=0.1 seeds a tenth of the clinic (to try the script out).

const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WITH_CLI = process.env.BENCH_CLI !== '0';
const WITH_EMBEDDED = process.env.BENCH_EMBEDDED !== '0';
/** A smaller clinic for trying the script out (0.1 = 5,000 patients); the figures are for 1. */
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const COUNTS = {
  patients: Math.round(LARGE.patients * SCALE),
  appointments: Math.round(LARGE.appointments * SCALE),
  invoices: Math.round(LARGE.invoices * SCALE),
};
const repoRoot = path.resolve(import.meta.dirname, '..');
const run = promisify(execFile);

interface Sample {
  seconds: number;
  /** The file written (backups) or read (restores), in bytes; 0 when none. */
  bytes: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

async function timed(fn: () => Promise<number | void>): Promise<Sample> {
  const start = performance.now();
  const bytes = (await fn()) ?? 0;
  return { seconds: (performance.now() - start) / 1000, bytes };
}

const sizeOf = (file: string) => fs.statSync(file).size;

async function main() {
  const admin = knexFactory({ client: 'pg', connection: SERVER_URL, pool: { min: 0, max: 1 } });
  const made: string[] = [];
  const urlOf = (name: string) => {
    const url = new URL(SERVER_URL);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const newDatabase = async () => {
    const name = `bench_${crypto.randomBytes(5).toString('hex')}`;
    await admin.raw(`create database ${name}`);
    made.push(name);
    return { name, url: urlOf(name) };
  };
  const dropDatabase = async (name: string) => {
    await admin.raw(`drop database if exists ${name} with (force)`);
    made.splice(made.indexOf(name), 1);
  };
  const loadAtStart = os.loadavg()[0];
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-backup-'));
  let db: Database | null = null;
  const samples = new Map<string, Sample[]>();
  const record = (label: string, sample: Sample) => samples.set(label, [...(samples.get(label) ?? []), sample]);
  const notes: string[] = [];

  try {
    // The clinic: migrated, seeded, analysed (seedLarge ends with VACUUM ANALYZE).
    const source = await newDatabase();
    db = await createDb({ databaseUrl: source.url, poolMax: 4, applicationName: 'bench-backup' });
    let t = performance.now();
    await migrateLatest(db.knex);
    await seedLarge(db.knex, COUNTS);
    const seedSeconds = (performance.now() - t) / 1000;
    const tables = await userTables(db.knex);
    const rows = async (knex: Knex) => {
      let n = 0;
      for (const table of tables) n += Number((await knex(table).count<{ n: number }[]>('* as n'))[0].n);
      return n;
    };
    const totalRows = await rows(db.knex);
    const sizeRow = await db.knex.raw<{ rows: { size: string }[] }>('select pg_database_size(current_database())::text as size');
    const databaseBytes = Number(sizeRow.rows[0].size);
    console.log(
      `Seeded ${COUNTS.patients} patients, ${COUNTS.appointments} appointments, ${COUNTS.invoices} invoices in ${seedSeconds.toFixed(1)} s: ` +
        `${totalRows} rows in ${tables.length} tables, database ${(databaseBytes / 1024 / 1024).toFixed(0)} MB on disk (${source.name}).`,
    );

    // A restore goes into a database nobody else uses, made empty for it, then dropped.
    const restoreInto = async (restore: (url: string) => Promise<void>) => {
      const target = await newDatabase();
      try {
        return await timed(async () => restore(target.url));
      } finally {
        await dropDatabase(target.name);
      }
    };
    const productRestore = (file: string) =>
      restoreInto(async (url) => {
        const { mismatches } = await restoreBackup(file, { dataDir: work, databaseUrl: url, now: systemClock() });
        if (mismatches.length > 0) throw new Error(`restore of ${path.basename(file)} differs: ${mismatches.join('; ')}`);
      }).then((s) => ({ ...s, bytes: sizeOf(file) }));

    for (let round = 1; round <= ROUNDS; round += 1) {
      const dir = path.join(work, `round-${round}`);
      fs.mkdirSync(dir);
      record('count', await timed(async () => void (await rows(db!.knex))));
      record('checksums', await timed(async () => void (await summarizeTables(db!.knex))));
      const raw = path.join(dir, 'plain.pgdump');
      record('plain pg_dump', await timed(async () => {
        await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${raw}`, source.url]);
        return sizeOf(raw);
      }));
      record('plain pg_restore', {
        ...(await restoreInto(async (url) => {
          await run('pg_restore', ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', `--dbname=${url}`, raw]);
        })),
        bytes: sizeOf(raw),
      });
      for (const format of ['pg_dump', 'logical'] as BackupFormat[]) {
        let file = '';
        record(`backup ${format}`, await timed(async () => {
          file = await takeBackup(db!, { backupDir: path.join(dir, format), databaseUrl: source.url, format, storage: null, now: systemClock() });
          return sizeOf(file);
        }));
        record(`restore ${format}`, await productRestore(file));
      }
      const last = (label: string) => samples.get(label)!.at(-1)!.seconds.toFixed(1);
      console.log(
        `Round ${round}: backup ${last('backup pg_dump')} s / ${last('backup logical')} s, restore ${last('restore pg_dump')} s / ${last('restore logical')} s (pg_dump / logical).`,
      );
      fs.rmSync(dir, { recursive: true, force: true });
    }

    // The commands as an operator types them: a new process each (tsx start-up included).
    const npm = async (args: string[], env: Record<string, string | undefined>) => {
      const { stdout } = await run('npm', ['run', '--silent', ...args], {
        cwd: repoRoot,
        env: { ...process.env, DATABASE_URL: undefined, ...env, NODE_ENV: 'development' } as NodeJS.ProcessEnv,
        maxBuffer: 16 * 1024 * 1024,
      });
      return stdout.trim().split('\n').at(-1) ?? '';
    };
    if (WITH_CLI) {
      const dir = path.join(work, 'cli');
      for (const format of ['pg_dump', 'logical'] as const) {
        let file = '';
        const args = format === 'logical' ? ['backup', '--', '--logical'] : ['backup'];
        record(`cli backup ${format}`, await timed(async () => {
          file = await npm(args, { DATABASE_URL: source.url, DATA_DIR: dir, BACKUP_DIR: path.join(dir, format) });
          return sizeOf(file);
        }));
        record(`cli restore ${format}`, {
          ...(await restoreInto(async (url) => void (await npm(['restore', '--', file], { DATABASE_URL: url, DATA_DIR: dir })))),
          bytes: sizeOf(file),
        });
      }
      fs.rmSync(dir, { recursive: true, force: true });
    }
    await db.close();
    db = null;

    // The embedded database: the same seed in PGlite, in a DATA_DIR of its own.
    if (WITH_EMBEDDED) {
      const dataDir = path.join(work, 'embedded');
      const pglite = await createDb({ pgliteDir: path.join(dataDir, 'pglite') });
      let file = '';
      try {
        t = performance.now();
        await migrateLatest(pglite.knex);
        await seedLarge(pglite.knex, COUNTS);
        const embeddedSeed = (performance.now() - t) / 1000;
        const embeddedRows = await rows(pglite.knex);
        notes.push(`The embedded database took ${embeddedSeed.toFixed(0)} s to seed (${embeddedRows} rows).`);
        record('embedded count', await timed(async () => void (await rows(pglite.knex))));
        record('embedded checksums', await timed(async () => void (await summarizeTables(pglite.knex))));
        record('backup pglite', await timed(async () => {
          file = await takeBackup(pglite, { backupDir: path.join(dataDir, 'backups'), format: 'pglite', storage: null, now: systemClock() });
          return sizeOf(file);
        }));
      } finally {
        await pglite.close();
      }
      let restored = 0;
      record('restore pglite', {
        ...(await timed(async () => {
          const into = path.join(work, `embedded-restore-${(restored += 1)}`);
          const { mismatches } = await restoreBackup(file, { dataDir: into, now: systemClock() });
          if (mismatches.length > 0) throw new Error(`embedded restore differs: ${mismatches.join('; ')}`);
          fs.rmSync(into, { recursive: true, force: true });
        })),
        bytes: sizeOf(file),
      });
      if (WITH_CLI) {
        let cliFile = '';
        record('cli backup pglite', await timed(async () => {
          cliFile = await npm(['backup'], { DATA_DIR: dataDir, BACKUP_DIR: path.join(dataDir, 'cli-backups') });
          return sizeOf(cliFile);
        }));
        const into = path.join(work, 'embedded-cli-restore');
        record('cli restore pglite', {
          ...(await timed(async () => void (await npm(['restore', '--', cliFile], { DATA_DIR: into })))),
          bytes: sizeOf(cliFile),
        });
      }
    }

    // The table: medians over the rounds; rows/s over every row of the clinic.
    const load = os.loadavg();
    const mb = (bytes: number) => (bytes ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : '');
    const m = (label: string) => {
      const list = samples.get(label);
      if (!list) return null;
      const seconds = list.map((s) => s.seconds);
      return { seconds: median(seconds), min: Math.min(...seconds), max: Math.max(...seconds), bytes: median(list.map((s) => s.bytes)) };
    };
    // Each case against the baseline that reads the same rows the plainest way: a server backup against plain
    // pg_dump, a server restore against plain pg_restore, the embedded ones against reading every row once.
    const base = { backup: m('plain pg_dump')!.seconds, restore: m('plain pg_restore')!.seconds, embedded: m('embedded checksums')?.seconds ?? NaN };
    console.log(
      `\nLoad average: ${loadAtStart.toFixed(1)} at the start, ${load.map((l) => l.toFixed(1)).join(' / ')} at the end (1 / 5 / 15 min; ${os.cpus().length} cores).`,
    );
    console.log(`${totalRows} rows in ${tables.length} tables; database ${mb(databaseBytes)} on disk. Medians of ${ROUNDS} round(s) (CLI and embedded: one run).`);
    console.log('| case | file | seconds | fastest - slowest round | rows/s | ratio to its baseline |');
    console.log('|---|---|---|---|---|---|');
    const line = (label: string, text: string, kind: keyof typeof base | null) => {
      const s = m(label);
      if (!s) return;
      const ratio = kind ? (s.seconds / base[kind]).toFixed(2) : '';
      const spread = s.min === s.max ? '' : `${s.min.toFixed(1)} - ${s.max.toFixed(1)}`;
      console.log(`| ${text} | ${mb(s.bytes)} | ${s.seconds.toFixed(2)} | ${spread} | ${(totalRows / s.seconds).toFixed(0)} | ${ratio} |`);
    };
    const table: [string, string, keyof typeof base | null][] = [
      ['count', 'baseline: `select count(*)` over every table', null],
      ['checksums', "baseline: the manifest's counts and row checksums", null],
      ['plain pg_dump', 'baseline: plain `pg_dump --format=custom`', 'backup'],
      ['plain pg_restore', 'baseline: plain `pg_restore` into an empty database', 'restore'],
      ['backup pg_dump', 'backup, pg_dump format (in-process)', 'backup'],
      ['backup logical', 'backup, logical format (in-process)', 'backup'],
      ['restore pg_dump', 'restore, pg_dump format (in-process)', 'restore'],
      ['restore logical', 'restore, logical format (in-process)', 'restore'],
      ['cli backup pg_dump', '`npm run backup`', 'backup'],
      ['cli backup logical', '`npm run backup -- --logical`', 'backup'],
      ['cli restore pg_dump', '`npm run restore -- FILE` (pg_dump)', 'restore'],
      ['cli restore logical', '`npm run restore -- FILE` (logical)', 'restore'],
      ['embedded count', 'embedded baseline: `select count(*)` over every table', null],
      ['embedded checksums', "embedded baseline: the manifest's counts and row checksums", 'embedded'],
      ['backup pglite', 'embedded backup (in-process)', 'embedded'],
      ['restore pglite', 'embedded restore (in-process)', 'embedded'],
      ['cli backup pglite', 'embedded `npm run backup` (product stopped)', 'embedded'],
      ['cli restore pglite', 'embedded `npm run restore -- FILE`', 'embedded'],
    ];
    for (const [label, text, kind] of table) line(label, text, kind);
    for (const note of notes) console.log(note);
  } finally {
    await db?.close();
    for (const name of made.splice(0)) await admin.raw(`drop database if exists ${name} with (force)`).catch(() => {});
    await admin.destroy();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

await main();
