import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Knex } from 'knex';
import * as tar from 'tar';
import type { Database } from '../../db/knex';
import { knownMigrations } from '../../db/migrate';
import type { FileStorage } from '../storage';
import { type ArchivedFile, writeBackupArchive } from './backup-archive';

// OPS-13 (docs/operations.md): one file holds a complete, restorable copy of the clinic: the database and
// the file storage (FILE-4: uploaded images live there, IMG-5). The file is a tar of:
//   database.*        the data, in one of three formats:
//     pg_dump         a server database through `pg_dump --format=custom` when pg_dump is installed
//     logical         otherwise a server database as JSON lines, one table after another (gzip)
//     pglite          the embedded database: PGlite's own dump of its data directory (tar.gz)
//   storage/<key>     every stored file, streamed (api/platform/backups/backup-archive.ts)
//   manifest.json     what the copy holds: the schema version, every table's row count and row checksum,
//                     every stored file's size and SHA-256 (last: it lists the hashes taken on the way)
// Restoring checks the files, counts and checksums against the manifest (api/platform/backups/restore.ts).

const run = promisify(execFile);

export const BACKUP_PRODUCT = 'smile-dental-clinic';
export type BackupFormat = 'pg_dump' | 'logical' | 'pglite';
export const databaseFileOf: Record<BackupFormat, string> = {
  pg_dump: 'database.pgdump',
  logical: 'database.jsonl.gz',
  pglite: 'database.pglite.tar.gz',
};

export interface TableSummary {
  rows: number;
  /** md5 over the md5 of every row's text, in a fixed order: equal tables have equal checksums. */
  checksum: string;
}

export interface BackupManifest {
  product: typeof BACKUP_PRODUCT;
  createdAt: string;
  format: BackupFormat;
  /** The migrations applied, oldest first; the last one is the schema version. */
  migrations: string[];
  schemaVersion: string;
  tables: Record<string, TableSummary>;
  /** FILE-4: the stored files, by key (absent in backups made before the file storage). */
  files?: Record<string, ArchivedFile>;
}

export interface BackupOptions {
  backupDir: string;
  /** Server databases only: the URL pg_dump connects to. */
  databaseUrl?: string;
  /** Force a format (tests; `--logical` on the command line); default: the best available. */
  format?: BackupFormat;
  /** FILE-4: the file storage whose files the backup carries (null: the database alone, for benches). */
  storage: FileStorage | null;
  /** When the backup is taken (CLINIC-12): it names the file, and the daily backup reads it back from the name. */
  now: Date;
}

/** A moment as file names here carry it: 20261124T030000Z. */
export const fileStamp = (at: Date) => at.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');

const BACKUP_NAME = /^clinic-backup-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z\.tar$/;

/** When a backup was taken, read from its name (the clock that took it); null for a file not named by us. */
export function backupTakenAt(file: string): Date | null {
  const m = BACKUP_NAME.exec(path.basename(file));
  return m ? new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z`) : null;
}

/** The user tables of the public schema, by name. */
export async function userTables(knex: Knex): Promise<string[]> {
  const { rows } = await knex.raw<{ rows: { name: string }[] }>(
    `select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  return rows.map((r) => r.name);
}

/** The public schema's sequences that no column owns (a serial column's are set from its rows). */
export async function freeSequences(knex: Knex): Promise<string[]> {
  const { rows } = await knex.raw<{ rows: { name: string }[] }>(`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind = 'S' and n.nspname = 'public'
       and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype in ('a', 'i'))
     order by c.relname`);
  return rows.map((r) => r.name);
}

/**
 * The tables ordered so that every table comes after those its foreign keys point to: a logical restore
 * inserts in this order without switching constraints off (which needs a superuser).
 */
export async function tablesInDependencyOrder(knex: Knex): Promise<string[]> {
  const tables = await userTables(knex);
  const { rows } = await knex.raw<{ rows: { child: string; parent: string }[] }>(
    `select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
       from pg_constraint c join pg_namespace n on n.oid = c.connamespace
      where c.contype = 'f' and n.nspname = 'public'`,
  );
  const unquote = (name: string) => name.replace(/^"|"$/g, '');
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const r of rows) if (unquote(r.child) !== unquote(r.parent)) parents.get(unquote(r.child))?.add(unquote(r.parent));
  const ordered: string[] = [];
  const visit = (table: string, path: Set<string>) => {
    if (ordered.includes(table) || path.has(table)) return;
    path.add(table);
    for (const parent of parents.get(table) ?? []) visit(parent, path);
    ordered.push(table);
  };
  for (const t of tables) visit(t, new Set());
  return ordered;
}

/** Row counts and checksums of every table: what the manifest records and restore compares. */
export async function summarizeTables(knex: Knex): Promise<Record<string, TableSummary>> {
  const summary: Record<string, TableSummary> = {};
  for (const table of await userTables(knex)) {
    const { rows } = await knex.raw<{ rows: { rows: number; checksum: string | null }[] }>(
      `select count(*)::int as rows, md5(coalesce(string_agg(h, '' order by h), '')) as checksum
         from (select md5(t::text) as h from ?? t) rows_of_table`,
      [table],
    );
    summary[table] = { rows: Number(rows[0].rows), checksum: rows[0].checksum ?? '' };
  }
  return summary;
}

async function appliedMigrations(knex: Knex): Promise<string[]> {
  const rows = await knex('knex_migrations').select('name').orderBy('id');
  return rows.map((r: { name: string }) => r.name);
}

export async function pgDumpAvailable(): Promise<boolean> {
  try {
    await run('pg_dump', ['--version']);
    return true;
  } catch {
    return false;
  }
}

/** Writes a backup of the open database into options.backupDir and returns the file's path. */
export async function takeBackup(db: Database, options: BackupOptions): Promise<string> {
  const format: BackupFormat =
    options.format ?? (db.isEmbedded ? 'pglite' : options.databaseUrl && (await pgDumpAvailable()) ? 'pg_dump' : 'logical');
  if (format === 'pglite' && !db.dumpDataDir) throw new Error('Only the embedded database can be backed up as pglite');
  if (format !== 'pglite' && db.isEmbedded) throw new Error('The embedded database is backed up as pglite');

  const { now } = options;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'clinic-backup-'));
  try {
    // The manifest describes the data the dump holds: on a server, both are read in one repeatable-read
    // snapshot for the logical format; pg_dump takes its own snapshot a moment later, so a backup of a busy
    // server may record counts a few rows apart, which restore reports rather than refuses (see restore.ts).
    const migrations = await appliedMigrations(db.knex);
    const tables = await summarizeTables(db.knex);
    const dumpPath = path.join(work, databaseFileOf[format]);
    if (format === 'pglite') {
      // A checkpoint first: the WAL since the last one is then no longer needed, and its segments are
      // removed or recycled instead of travelling in the file.
      await db.knex.raw('CHECKPOINT');
      const blob = await db.dumpDataDir!();
      fs.writeFileSync(dumpPath, Buffer.from(await blob.arrayBuffer()));
    } else if (format === 'pg_dump') {
      if (!options.databaseUrl) throw new Error('pg_dump needs the database URL');
      await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${dumpPath}`, options.databaseUrl]);
    } else {
      await writeLogicalDump(db.knex, dumpPath);
    }
    const writeManifest = (files: Record<string, ArchivedFile> | null) => {
      const manifest: BackupManifest = {
        product: BACKUP_PRODUCT,
        createdAt: now.toISOString(),
        format,
        migrations,
        schemaVersion: migrations.at(-1) ?? '',
        tables,
        ...(files ? { files } : {}),
      };
      fs.writeFileSync(path.join(work, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    };

    fs.mkdirSync(options.backupDir, { recursive: true, mode: 0o700 });
    const stamp = fileStamp(now);
    const file = path.join(options.backupDir, `clinic-backup-${stamp}.tar`);
    // Written beside, then renamed: a backup file that exists is complete. The stored files are listed after
    // the database is dumped: every row in the dump points at a file written before it (FILE-1).
    try {
      await writeBackupArchive({
        file: `${file}.partial`,
        work,
        names: [databaseFileOf[format]],
        storage: options.storage,
        manifestName: 'manifest.json',
        writeManifest,
        now,
      });
    } catch (err) {
      fs.rmSync(`${file}.partial`, { force: true });
      throw err;
    }
    fs.renameSync(`${file}.partial`, file);
    return file;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Tables in dependency order, each as a header line ({"table": name}) followed by one line per row
 * (row_to_json); then each sequence no column owns (such as the patients' file numbers, PAT-12) as
 * {"sequence": name, "value": n, "called": bool}: its value is not in any row, and a restore must not hand
 * out a number again.
 */
async function writeLogicalDump(knex: Knex, file: string): Promise<void> {
  const gzip = zlib.createGzip();
  const out = fs.createWriteStream(file);
  gzip.pipe(out);
  const write = (line: string) => new Promise<void>((resolve) => (gzip.write(`${line}\n`) ? resolve() : gzip.once('drain', resolve)));
  for (const table of await tablesInDependencyOrder(knex)) {
    await write(JSON.stringify({ table }));
    const stream = knex.raw('select row_to_json(t)::text as j from ?? t', [table]).stream();
    for await (const row of stream as AsyncIterable<{ j: string }>) await write(row.j);
  }
  for (const name of await freeSequences(knex)) {
    const { rows } = await knex.raw<{ rows: { value: string; called: boolean }[] }>('select last_value::text as value, is_called as called from ??', [name]);
    await write(JSON.stringify({ sequence: name, value: Number(rows[0].value), called: rows[0].called }));
  }
  gzip.end();
  await new Promise<void>((resolve, reject) => {
    out.once('finish', resolve);
    out.once('error', reject);
  });
}

/** Removes the oldest automatic backups beyond `keep` (files this product named; nothing else). */
export function pruneBackups(backupDir: string, keep: number): string[] {
  if (!fs.existsSync(backupDir)) return [];
  const ours = fs
    .readdirSync(backupDir)
    .filter((f) => BACKUP_NAME.test(f))
    .sort();
  const removed = ours.slice(0, Math.max(0, ours.length - keep));
  for (const f of removed) fs.rmSync(path.join(backupDir, f));
  return removed;
}

/** Reads a backup's manifest without extracting the data. */
export async function readManifest(file: string): Promise<BackupManifest> {
  let text = '';
  await tar.list({
    file,
    filter: (p) => p === 'manifest.json',
    onReadEntry: (entry) => {
      entry.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    },
  });
  if (!text) throw new Error(`${file} is not a backup of this product (no manifest)`);
  const manifest = JSON.parse(text) as BackupManifest;
  if (manifest.product !== BACKUP_PRODUCT) throw new Error(`${file} is not a backup of this product`);
  return manifest;
}

/** Migrations a backup holds that this version of the product does not know: a newer product made it. */
export function unknownMigrations(manifest: BackupManifest): string[] {
  const known = new Set(knownMigrations());
  return manifest.migrations.filter((m) => !known.has(m));
}

/** The product's own backup files in `backupDir`, oldest first. */
export function listBackups(backupDir: string): string[] {
  if (!fs.existsSync(backupDir)) return [];
  return fs
    .readdirSync(backupDir)
    .filter((f) => BACKUP_NAME.test(f))
    .sort()
    .map((f) => path.join(backupDir, f));
}

const DAY_MS = 24 * 60 * 60_000;

/**
 * OPS-13: the server's daily backup (a scheduled task, OPS-15). Skips when a backup of the last 20 hours is
 * there already (a task repeated after a crash, or a restart, makes no second copy), then keeps the newest
 * `keep`. A backup's age is read from its name, written by the same clock as `now` (CLINIC-12), not from the
 * file's time: a copied or touched file, or a test's moved clock, would otherwise take a second one a day. If pg_dump fails (absent, or older than the server), the logical format is used instead.
 */
export async function dailyBackup(
  db: Database,
  options: { backupDir: string; databaseUrl?: string; keep: number; storage: FileStorage | null },
  now: Date,
): Promise<{ file: string | null; removed: string[] }> {
  const recent = listBackups(options.backupDir).some((f) => Math.abs(now.getTime() - backupTakenAt(f)!.getTime()) < (20 / 24) * DAY_MS);
  if (recent) return { file: null, removed: [] };
  let file: string;
  try {
    file = await takeBackup(db, { backupDir: options.backupDir, databaseUrl: options.databaseUrl, storage: options.storage, now });
  } catch (err) {
    if (db.isEmbedded) throw err;
    file = await takeBackup(db, { backupDir: options.backupDir, format: 'logical', storage: options.storage, now });
  }
  return { file, removed: pruneBackups(options.backupDir, options.keep) };
}
