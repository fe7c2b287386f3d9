import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Knex } from 'knex';
import * as tar from 'tar';
import { APPLICATION_NAME, createDb, embeddedDatabaseHolder } from '../../db/knex';
import { migrateUpTo } from '../../db/migrate';
import {
  type BackupManifest,
  databaseFileOf,
  fileStamp,
  readManifest,
  summarizeTables,
  type TableSummary,
  unknownMigrations,
  userTables,
} from './backups';
import { createStorage, type FileStorage } from '../storage';
import { fileDigest, filesUnder, STORAGE_PREFIX } from './backup-archive';

// OPS-13: `npm run restore -- FILE` puts a backup (api/platform/backups/backups.ts) back into a STOPPED product:
// the embedded database in DATA_DIR, or the server database of DATABASE_URL. What was there is replaced
// (the embedded one is kept beside, as pglite.before-restore-<time>). After the restore, every table's row
// count and checksum is compared with the manifest. The product migrates the schema forward at its next
// start, so an older backup restores into a newer product; a newer backup into an older product is refused.
// FILE-4: the stored files come out of the archive into a folder beside the storage and are checked against
// the manifest before anything is replaced; the storage folder is then swapped whole (the previous one kept
// as <storage>.before-restore-<time>). A backup made before the file storage leaves the storage as it is.
// FILE-5: into a bucket (STORAGE_URL), the checked files are uploaded one by one, each answering the SHA-256
// of the manifest, and only once all are in are the objects the backup does not hold removed; the previous
// versions of the objects are the bucket's versioning's to keep (docs/operations.md).

const run = promisify(execFile);

export class RestoreRefused extends Error {}

export interface RestoreTarget {
  dataDir: string;
  databaseUrl?: string;
  /** FILE-1: the storage folder (STORAGE_DIR); default DATA_DIR/storage. */
  storageDir?: string;
  /** FILE-5: the bucket of stored files (STORAGE_URL), when the storage is one; the folder is then only where the files are checked. */
  storageUrl?: string;
  /** When the restore runs (CLINIC-12): it names the embedded database kept beside. */
  now: Date;
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** Tables whose restored rows differ from the manifest (empty when the copy is exact). */
  mismatches: string[];
}

const RESTORE_APPLICATION_NAME = `${APPLICATION_NAME}-restore`;

export async function restoreBackup(file: string, target: RestoreTarget): Promise<RestoreResult> {
  if (!fs.existsSync(file)) throw new RestoreRefused(`No such file: ${file}`);
  const manifest = await readManifest(file);
  const newer = unknownMigrations(manifest);
  if (newer.length > 0) {
    throw new RestoreRefused(
      `This backup was made by a newer version of the product (schema ${manifest.schemaVersion}). Update the product, then restore it.`,
    );
  }
  const intoServer = Boolean(target.databaseUrl);
  if (intoServer === (manifest.format === 'pglite')) {
    throw new RestoreRefused(
      manifest.format === 'pglite'
        ? 'This backup is of an embedded database: restore it without DATABASE_URL.'
        : 'This backup is of a server database: restore it with DATABASE_URL set.',
    );
  }

  const storageDir = path.resolve(target.storageDir ?? path.join(target.dataDir, 'storage'));
  const staging = `${storageDir}.restoring`;
  const bucket = manifest.files && target.storageUrl ? await reachableBucket(storageDir, target.storageUrl) : null;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'clinic-restore-'));
  try {
    await tar.extract({ file, cwd: work, filter: (p) => !p.startsWith(STORAGE_PREFIX) });
    const dump = path.join(work, databaseFileOf[manifest.format]);
    if (!fs.existsSync(dump)) throw new RestoreRefused(`${file} is incomplete (no ${databaseFileOf[manifest.format]})`);
    if (manifest.files) await unpackStoredFiles(file, manifest.files, staging);
    const restored = intoServer
      ? await restoreServer(target.databaseUrl!, manifest, dump)
      : await restoreEmbedded(target.dataDir, dump, target.now);
    if (manifest.files && bucket) {
      await uploadIntoBucket(bucket, manifest.files, staging);
    } else if (manifest.files) {
      if (fs.existsSync(storageDir)) fs.renameSync(storageDir, `${storageDir}.before-restore-${fileStamp(target.now)}`);
      fs.renameSync(staging, storageDir);
    }
    return { manifest, mismatches: compare(manifest.tables, restored) };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * FILE-4: the archive's stored files into `staging`, each checked against the manifest (size and SHA-256):
 * a file missing, altered or not listed refuses the restore before anything is replaced.
 */
async function unpackStoredFiles(file: string, expected: Record<string, { size: number; sha256: string }>, staging: string): Promise<void> {
  fs.rmSync(staging, { recursive: true, force: true });
  fs.mkdirSync(staging, { recursive: true, mode: 0o700 });
  await tar.extract({
    file,
    cwd: staging,
    strip: 1,
    // FILE-1's modes for what the archive does not say (its folders): the service's alone.
    dmode: 0o700,
    fmode: 0o600,
    filter: (p, entry) => p.startsWith(STORAGE_PREFIX) && 'type' in entry && entry.type === 'File',
  });
  const found = new Set(filesUnder(staging));
  const problems: string[] = [];
  for (const [key, want] of Object.entries(expected)) {
    if (!found.has(key)) {
      problems.push(`${key} is missing`);
      continue;
    }
    found.delete(key);
    const got = await fileDigest(path.join(staging, key));
    if (got.size !== want.size || got.sha256 !== want.sha256) problems.push(`${key} differs from its SHA-256 in the manifest`);
    fs.chmodSync(path.join(staging, key), 0o600);
  }
  for (const key of found) problems.push(`${key} is not in the manifest`);
  if (problems.length > 0) {
    const shown = problems.slice(0, 5).join('; ') + (problems.length > 5 ? `; and ${problems.length - 5} more` : '');
    throw new RestoreRefused(`The backup's stored files do not match its manifest, so nothing was restored: ${shown}.`);
  }
}

/** FILE-5: the bucket, once it has answered a listing: a wrong key or bucket name refuses the restore before anything changes. */
async function reachableBucket(storageDir: string, storageUrl: string): Promise<FileStorage> {
  const bucket = await createStorage({ storageDir, storageUrl });
  try {
    await bucket.list()[Symbol.asyncIterator]().next();
  } catch (err) {
    throw new RestoreRefused(`The bucket ${bucket.location} could not be listed (${(err as Error).message}), so nothing was restored.`);
  }
  return bucket;
}

/** FILE-5: the checked files from `staging` into the bucket, then away with what the backup does not hold. */
async function uploadIntoBucket(bucket: FileStorage, files: Record<string, { size: number; sha256: string }>, staging: string): Promise<void> {
  for (const [key, want] of Object.entries(files)) {
    const stored = await bucket.put(key, fs.createReadStream(path.join(staging, key)));
    if (stored.sha256 !== want.sha256) throw new Error(`${key} changed on its way into ${bucket.location}: run the restore again`);
  }
  const extra: string[] = [];
  for await (const key of bucket.list()) if (!Object.hasOwn(files, key)) extra.push(key);
  for (const key of extra) await bucket.remove(key);
}

function compare(expected: Record<string, TableSummary>, actual: Record<string, TableSummary>): string[] {
  const names = new Set([...Object.keys(expected), ...Object.keys(actual)]);
  return [...names]
    .filter((t) => expected[t]?.rows !== actual[t]?.rows || expected[t]?.checksum !== actual[t]?.checksum)
    .map((t) => `${t}: ${expected[t]?.rows ?? 'absent'} rows in the backup, ${actual[t]?.rows ?? 'absent'} restored`);
}

async function restoreEmbedded(dataDir: string, dump: string, now: Date): Promise<Record<string, TableSummary>> {
  const live = path.join(dataDir, 'pglite');
  const holder = embeddedDatabaseHolder(live);
  if (holder) throw new RestoreRefused(`The product is running on ${live} (process ${holder}): stop it, then restore.`);
  const staging = path.join(dataDir, 'pglite.restoring');
  fs.rmSync(staging, { recursive: true, force: true });
  fs.rmSync(`${staging}.lock`, { force: true });
  const db = await createDb({ pgliteDir: staging, loadDataDir: new Blob([fs.readFileSync(dump)]) });
  let summary: Record<string, TableSummary>;
  try {
    summary = await summarizeTables(db.knex);
  } finally {
    await db.close();
  }
  if (fs.existsSync(live)) {
    fs.renameSync(live, path.join(dataDir, `pglite.before-restore-${fileStamp(now)}`));
  }
  fs.renameSync(staging, live);
  return summary;
}

async function restoreServer(url: string, manifest: BackupManifest, dump: string): Promise<Record<string, TableSummary>> {
  const db = await createDb({ databaseUrl: url, poolMax: 1, applicationName: RESTORE_APPLICATION_NAME });
  try {
    const { rows } = await db.knex.raw<{ rows: { n: number }[] }>(
      `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and application_name = ? and pid <> pg_backend_pid()`,
      [APPLICATION_NAME],
    );
    if (rows[0].n > 0) {
      throw new RestoreRefused(`The product is running on this database (${rows[0].n} connections): stop it, then restore.`);
    }
    await emptyDatabase(db.knex);
    if (manifest.format === 'pg_dump') {
      await db.close();
      await run('pg_restore', ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', `--dbname=${url}`, dump]);
      const check = await createDb({ databaseUrl: url, poolMax: 1, applicationName: RESTORE_APPLICATION_NAME });
      try {
        return await summarizeTables(check.knex);
      } finally {
        await check.close();
      }
    }
    await migrateUpTo(db.knex, manifest.schemaVersion);
    await loadLogicalDump(db.knex, dump);
    return await summarizeTables(db.knex);
  } finally {
    await db.close().catch(() => {});
  }
}

/** Drops every schema the product's data can live in and gives back an empty public schema. */
async function emptyDatabase(knex: Knex): Promise<void> {
  const { rows } = await knex.raw<{ rows: { name: string }[] }>(
    `select nspname as name from pg_namespace
      where nspname not like 'pg\\_%' and nspname <> 'information_schema'`,
  );
  await knex.transaction(async (trx) => {
    for (const r of rows) await trx.raw('drop schema ?? cascade', [r.name]);
    await trx.raw('create schema public');
  });
}

/** Inserts the rows of a logical dump (tables in dependency order) in one transaction, then the sequences. */
async function loadLogicalDump(knex: Knex, dump: string): Promise<void> {
  await knex.transaction(async (trx) => {
    // Migrations may have written rows of their own (settings, the migration list, the price list, the
    // findings and note templates): the backup's replace them. Only tables holding rows are emptied, with
    // DELETE: the clinical record and the audit trail refuse TRUNCATE even when empty (append-only), and a
    // TRUNCATE of the price list would have to name every table that references it. A table whose rows are
    // still referenced waits for the next pass (referencing tables first); the sequences are set after the load.
    let tables: string[] = [];
    for (const table of await userTables(trx)) {
      if (await trx.first(trx.raw('1 as present')).from(table)) tables.push(table);
    }
    for (let pass = 0; tables.length > 0 && pass <= tables.length; pass += 1) {
      const left: string[] = [];
      for (const table of tables) {
        await trx.transaction((sp) => sp.raw('delete from ??', [table])).catch(() => left.push(table));
      }
      tables = left;
    }
    if (tables.length > 0) throw new Error(`the restore could not empty ${tables.join(', ')}`);
    const lines = readline.createInterface({ input: fs.createReadStream(dump).pipe(zlib.createGunzip()), crlfDelay: Infinity });
    let table = '';
    let batch: string[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      await trx.raw('insert into ?? select * from json_populate_recordset(null::??, ?::json)', [table, table, `[${batch.join(',')}]`]);
      batch = [];
    };
    for await (const line of lines) {
      if (!line) continue;
      if (line.startsWith('{"sequence":')) {
        await flush();
        const seq = JSON.parse(line) as { sequence: string; value: number; called: boolean };
        await trx.raw('select setval(?::regclass, ?, ?)', [seq.sequence, seq.value, seq.called]);
      } else if (line.startsWith('{"table":')) {
        await flush();
        table = (JSON.parse(line) as { table: string }).table;
      } else {
        batch.push(line);
        if (batch.length >= 500) await flush();
      }
    }
    await flush();
    const { rows } = await trx.raw<{ rows: { table: string; column: string }[] }>(
      `select table_name as table, column_name as column from information_schema.columns
        where table_schema = 'public' and column_default like 'nextval(%'`,
    );
    for (const r of rows) {
      await trx.raw(`select setval(pg_get_serial_sequence(?, ?), coalesce((select max(??) from ??), 0) + 1, false)`, [
        r.table,
        r.column,
        r.column,
        r.table,
      ]);
    }
  });
}
