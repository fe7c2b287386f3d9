import fs from 'node:fs';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import { knexSnakeCaseMappers } from 'objection';

// OPS-3: one code path for both databases. Without a URL the server runs on PGlite (PostgreSQL in WASM)
// kept in DATA_DIR; with one it uses that server. Columns are snake_case in SQL, camelCase in code.

const CHECKPOINT_EVERY_MS = 5 * 60_000;
const INT8 = 20;
const DATE = 1082;
const NUMERIC = 1700;

// Both drivers must hand back the same JS values: int8/count as numbers, dates as 'yyyy-MM-dd'
// strings (a JS Date would shift with the server's zone), numeric as exact strings.
pg.types.setTypeParser(INT8, (v) => Number(v));
pg.types.setTypeParser(DATE, (v) => v);
const pgliteParsers = {
  [INT8]: (v: string) => Number(v),
  [DATE]: (v: string) => v,
  [NUMERIC]: (v: string) => v,
};

export interface DbOptions {
  /** postgres:// URL of a real server. */
  databaseUrl?: string;
  /** Directory for the embedded database; omit for an in-memory one (tests). */
  pgliteDir?: string;
  poolMax?: number;
  /** Server only: the connections' application_name (default APPLICATION_NAME; tools such as restore differ). */
  applicationName?: string;
  /** Embedded only: start from this copy of a data directory (a restore, OPS-13). */
  loadDataDir?: Blob;
  /** Embedded only: how often to checkpoint (default 5 minutes, as PostgreSQL's checkpoint_timeout). */
  checkpointEveryMs?: number;
}

/** What a running product's connections call themselves on a server, so a restore can see it running. */
export const APPLICATION_NAME = 'smile-dental';

export interface Database {
  knex: Knex;
  isEmbedded: boolean;
  /** Embedded only: a copy of the whole data directory, taken while open (a backup, OPS-13). */
  dumpDataDir?: () => Promise<Blob>;
  close(): Promise<void>;
}

export async function createDb(options: DbOptions): Promise<Database> {
  const common = { ...knexSnakeCaseMappers(), asyncStackTraces: false };
  if (options.databaseUrl) {
    const knex = knexFactory({
      client: 'pg',
      connection: { connectionString: options.databaseUrl, application_name: options.applicationName ?? APPLICATION_NAME },
      pool: { min: 0, max: options.poolMax ?? 10 },
      ...common,
    });
    return { knex, isEmbedded: false, close: () => knex.destroy() };
  }

  const { PGlite } = await import('@electric-sql/pglite');
  // pg_trgm ships with PostgreSQL but is an extension PGlite loads on request: with it, the admin
  // searches get the same trigram indexes as on a server (migration 002).
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { default: ClientPgLite } = await import('knex-pglite');
  const { durablePgliteOptions, flushNewDatabase } = await import('./pglite-durability');
  let release = () => {};
  let isNew = false;
  if (options.pgliteDir) {
    fs.mkdirSync(options.pgliteDir, { recursive: true });
    release = takeDirectoryLock(options.pgliteDir);
    isNew = !fs.existsSync(path.join(options.pgliteDir, 'PG_VERSION'));
  }
  // On disk, every commit is flushed to it before it is acknowledged (pglite-durability.ts); in memory
  // (tests) there is nothing to flush.
  const storage = options.pgliteDir ? durablePgliteOptions(options.pgliteDir) : {};
  const pglite = new PGlite({ ...storage, parsers: pgliteParsers, extensions: { pg_trgm }, loadDataDir: options.loadDataDir });
  await pglite.waitReady;
  if (options.pgliteDir && isNew) flushNewDatabase(options.pgliteDir);
  const knex = knexFactory({
    client: ClientPgLite,
    dialect: 'postgres',
    connection: () => ({ pglite }) as object,
    ...common,
  });
  // PostgreSQL's checkpointer process checkpoints every 5 minutes; PGlite runs PostgreSQL single-user, where
  // nothing checkpoints until close. Without this, a crash would replay all WAL since the start (a slow
  // restart) and the WAL would only grow. A failed checkpoint needs no report here: the database is then
  // broken and the next request says so.
  const checkpoints = options.pgliteDir
    ? setInterval(() => void knex.raw('checkpoint').catch(() => {}), options.checkpointEveryMs ?? CHECKPOINT_EVERY_MS)
    : null;
  checkpoints?.unref();
  return {
    knex,
    isEmbedded: true,
    dumpDataDir: async () => {
      await knex.raw('checkpoint');
      return pglite.dumpDataDir('gzip');
    },
    async close() {
      if (checkpoints) clearInterval(checkpoints);
      await knex.destroy();
      await pglite.close().catch(() => {});
      release();
    },
  };
}

/** PGlite has no lock of its own: two processes on one directory corrupt it (ENVIRONMENT.md). */
/** The live process holding the embedded database in `dir`, if any (restore refuses a running product). */
export function embeddedDatabaseHolder(dir: string): number | null {
  const lockFile = path.join(dir, '..', `${path.basename(dir)}.lock`);
  if (!fs.existsSync(lockFile)) return null;
  const holder = Number(fs.readFileSync(lockFile, 'utf8'));
  return holder && holder !== process.pid && isAlive(holder) ? holder : null;
}

function takeDirectoryLock(dir: string): () => void {
  const lockFile = path.join(dir, '..', `${path.basename(dir)}.lock`);
  try {
    fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
  } catch {
    const holder = Number(fs.readFileSync(lockFile, 'utf8'));
    if (holder && holder !== process.pid && isAlive(holder)) {
      throw new Error(`The embedded database in ${dir} is in use by process ${holder}. Stop it first.`);
    }
    fs.writeFileSync(lockFile, String(process.pid));
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    try {
      if (fs.readFileSync(lockFile, 'utf8') === String(process.pid)) fs.unlinkSync(lockFile);
    } catch {
      /* already gone */
    }
  };
  process.once('exit', release);
  return release;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The database the configuration names: DATABASE_URL, else the embedded one in DATA_DIR/pglite (OPS-3). */
export function createDbFromConfig(config: { databaseUrl?: string; dataDir: string; applicationName?: string }): Promise<Database> {
  return createDb(
    config.databaseUrl
      ? { databaseUrl: config.databaseUrl, applicationName: config.applicationName }
      : { pgliteDir: path.join(config.dataDir, 'pglite') },
  );
}
