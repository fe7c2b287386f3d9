import fs from 'node:fs';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import { knexSnakeCaseMappers } from 'objection';

// OPS-3: one code path for both databases. Without a URL the server runs on PGlite (PostgreSQL in WASM)
// kept in DATA_DIR; with one it uses that server. Columns are snake_case in SQL, camelCase in code.

const CHECKPOINT_EVERY_MS = 5 * 60_000;

/**
 * OPS-16: the embedded PostgreSQL's memory, sized for a 1 GB server (docs/operations.md, "Memory"). Its heap is
 * WebAssembly memory, which never shrinks: whatever it touched once stays resident. PostgreSQL's defaults
 * (initdb picks 128 MB of shared buffers) made the process about 150 MB larger at start, all of it touched
 * while the shared memory is set up. Pages beyond the buffers are read from the operating system's file
 * cache, which is not the process's memory. One session (single-user mode): few connections' worth of
 * locks and process slots. maintenance_work_mem bounds what a migration's CREATE INDEX may touch.
 */
export const EMBEDDED_MEMORY_PARAMS = [
  '-c',
  'shared_buffers=16MB',
  '-c',
  'max_connections=10',
  '-c',
  'maintenance_work_mem=16MB',
  // Few WAL segments kept between checkpoints: the data directory is the embedded backup (OPS-13), and recycled
  // segments after a bulk load made most of its bytes.
  '-c',
  'min_wal_size=32MB',
  '-c',
  'max_wal_size=64MB',
];
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
  /**
   * Follows NOTIFY on a channel (OPS-14) until stopped. On a server, on a connection of its own that is
   * re-opened with backoff when it drops. `resumed` runs each time LISTEN is in place (the first time too);
   * `lost` when it is not (the connection dropped or could not be opened): notifications may be missed until
   * the next `resumed`. The embedded database is one process's own: nothing is ever missed.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<{ stop(): Promise<void> }>;
  close(): Promise<void>;
}

export interface ListenHandlers {
  notify(payload: string): void;
  lost?(err: Error): void;
  resumed?(): void;
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
    const databaseUrl = options.databaseUrl;
    const applicationName = options.applicationName ?? APPLICATION_NAME;
    return {
      knex,
      isEmbedded: false,
      listen: (channel, handlers) => listenOnServer({ connectionString: databaseUrl, application_name: applicationName }, channel, handlers),
      close: () => knex.destroy(),
    };
  }

  const { PGlite } = await import('@electric-sql/pglite');
  // pg_trgm ships with PostgreSQL but is an extension PGlite loads on request: with it, the admin
  // searches get the same trigram indexes as on a server (migration 002).
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { default: ClientPgLite } = await import('knex-pglite');
  const { durablePgliteOptions, flushFolder, flushNewDatabase, wasShutDown } = await import('./pglite-durability');
  let release = () => {};
  let isNew = false;
  let flushed: Set<string> | undefined;
  if (options.pgliteDir) {
    fs.mkdirSync(options.pgliteDir, { recursive: true, mode: 0o700 }); // OPS-21
    release = takeDirectoryLock(options.pgliteDir);
    isNew = !fs.existsSync(path.join(options.pgliteDir, 'PG_VERSION'));
    // OPS-22: the last process died with the database open (a crash, a kill): PostgreSQL's crash recovery
    // is next, and its slowest part, flushing every file, is done here first, many at a time.
    if (!isNew && !wasShutDown(options.pgliteDir)) flushed = await flushFolder(options.pgliteDir);
  }
  // On disk, every commit is flushed to it before it is acknowledged (pglite-durability.ts); in memory
  // (tests) there is nothing to flush.
  const durable = options.pgliteDir ? durablePgliteOptions(options.pgliteDir, flushed) : undefined;
  const pglite = new PGlite({
    ...durable,
    startParams: [...(durable?.startParams ?? PGlite.defaultStartParams), ...EMBEDDED_MEMORY_PARAMS],
    parsers: pgliteParsers,
    extensions: { pg_trgm },
    loadDataDir: options.loadDataDir,
  });
  await pglite.waitReady;
  durable?.fs.forgetFlushed();
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
    async listen(channel, handlers) {
      const unsubscribe = await pglite.listen(channel, (payload) => handlers.notify(payload));
      handlers.resumed?.();
      return { stop: () => unsubscribe() };
    },
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

const RECONNECT_FIRST_MS = 500;
const RECONNECT_MAX_MS = 30_000;

/** LISTEN on a dedicated connection (a pooled one would be handed to queries); re-opened with backoff. */
async function listenOnServer(connection: pg.ClientConfig, channel: string, handlers: ListenHandlers) {
  let client: pg.Client | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let delay = RECONNECT_FIRST_MS;
  /** Whether `lost` has been told since the last LISTEN (told once per outage, not per attempt). */
  let toldLost = false;

  const drop = (err: Error) => {
    const dead = client;
    client = null;
    dead?.removeAllListeners('notification');
    void dead?.end().catch(() => {});
    if (stopped) return;
    if (!toldLost) handlers.lost?.(err);
    toldLost = true;
    timer = setTimeout(() => void connect(), delay);
    timer.unref();
    delay = Math.min(delay * 2, RECONNECT_MAX_MS);
  };

  const connect = async () => {
    timer = null;
    const next = new pg.Client(connection);
    client = next;
    next.on('notification', (msg) => {
      if (msg.channel === channel) handlers.notify(msg.payload ?? '');
    });
    next.on('error', (err) => {
      if (client === next) drop(err);
    });
    next.on('end', () => {
      if (client === next) drop(new Error('the listening connection ended'));
    });
    try {
      await next.connect();
      await next.query(`listen ${pg.escapeIdentifier(channel)}`);
      if (stopped || client !== next) return;
      delay = RECONNECT_FIRST_MS;
      toldLost = false;
      handlers.resumed?.();
    } catch (err) {
      if (client === next) drop(err as Error);
    }
  };

  await connect();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      const last = client;
      client = null;
      await last?.end().catch(() => {});
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
