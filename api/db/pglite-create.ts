import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

// OPS-16: a new embedded database is built in a worker thread that ends when it is built. PGlite builds one
// by running initdb in a second PostgreSQL instance, whose 128 MB heap it copies: about 700 MB for a few
// seconds. Freed in the process that opens the database, much of it stayed resident (a first start idled
// at 269 MB where a restart on the same database idles at 233 MB). A worker's heaps are returned whole when
// it ends; the process then opens the finished database as any later start does.

const require = createRequire(import.meta.url);

/** The worker: PGlite on the directory, which finds it empty and builds the database, then closes it. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const { PGlite } = await import(workerData.pglite);
  const { NodeFS } = await import(workerData.nodefs);
  const pg = new PGlite({ dataDir: workerData.dir, fs: new NodeFS(workerData.dir), startParams: workerData.startParams });
  await pg.waitReady;
  await pg.close();
})().then(
  () => parentPort.postMessage({ ok: true }),
  (err) => parentPort.postMessage({ ok: false, error: String((err && err.stack) || err) }),
);
`;

/**
 * Builds a new database in `dir` (which holds none yet) with PGlite's initdb, in a worker thread. The caller
 * then opens it, and flushes its files to the disk (pglite-durability.ts: the copy PGlite makes is not).
 */
export async function createPgliteDatabase(dir: string, startParams: string[]): Promise<void> {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      dir,
      startParams,
      pglite: pathToFileURL(require.resolve('@electric-sql/pglite')).href,
      nodefs: pathToFileURL(require.resolve('@electric-sql/pglite/nodefs')).href,
    },
  });
  try {
    const outcome = await new Promise<{ ok: boolean; error?: string }>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`The worker building the embedded database stopped (exit code ${code})`)));
    });
    if (!outcome.ok) throw new Error(`Could not create the embedded database in ${dir}: ${outcome.error}`);
  } finally {
    await worker.terminate();
  }
}
