import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDb, type Database } from '../../db/knex';
import { wasShutDown } from '../../db/pglite-durability';

// The embedded database on disk (DATA_DIR/pglite) acknowledges a commit only once it is on the disk, not
// just in the kernel's page cache: see api/db/pglite-durability.ts and docs/decisions.md "Data at rest".
// The in-memory PGlite of the other tests is not concerned.

let dir: string;
let db: Database;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinic-durability-'));
  db = await createDb({ pgliteDir: path.join(dir, 'pglite') });
}, 180_000);
afterAll(async () => {
  await db?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const setting = async (name: string) => Object.values((await db.knex.raw(`show ${name}`)).rows[0])[0];

describe('the embedded database on disk', () => {
  it('runs PostgreSQL with fsync on, the WAL flushed by fsync, synchronous commits and full-page writes', async () => {
    expect(await setting('fsync')).toBe('on');
    expect(await setting('wal_sync_method')).toBe('fsync');
    expect(await setting('synchronous_commit')).toBe('on');
    expect(await setting('full_page_writes')).toBe('on');
  });

  it('flushes each commit to the disk before acknowledging it', async () => {
    await db.knex.raw('create table durability_probe (v integer)');
    const fsync = vi.spyOn(fs, 'fsyncSync');
    try {
      for (let i = 0; i < 3; i++) {
        const before = fsync.mock.calls.length;
        await db.knex('durability_probe').insert({ v: i });
        expect(fsync.mock.calls.length).toBeGreaterThan(before);
      }
    } finally {
      fsync.mockRestore();
    }
  });

  it('checkpoints while it runs, as a PostgreSQL server would (PGlite alone only does at close)', async () => {
    await db.close();
    db = await createDb({ pgliteDir: path.join(dir, 'pglite'), checkpointEveryMs: 200 });
    expect((await db.knex('durability_probe').orderBy('v')).map((r) => r.v)).toEqual([0, 1, 2]);
    const checkpointAt = async () => (await db.knex.raw('select checkpoint_lsn::text as lsn from pg_control_checkpoint()')).rows[0].lsn;
    const before = await checkpointAt();
    await db.knex('durability_probe').insert({ v: 3 });
    await vi.waitFor(async () => expect(await checkpointAt()).not.toBe(before), { timeout: 10_000, interval: 100 });
  }, 180_000);
});

describe('the embedded database after a crash (OPS-22)', () => {
  it('flushes the folder before recovery, many files at a time, so recovery fsyncs only what it writes itself', async () => {
    await db.close();
    expect(wasShutDown(path.join(dir, 'pglite'))).toBe(true);
    // A process that writes and is then killed, as a crash or the OOM killer would end it.
    const script = path.join(dir, 'crash.mts');
    const knexModule = fileURLToPath(new URL('../../db/knex.ts', import.meta.url));
    fs.writeFileSync(
      script,
      `import { createDb } from ${JSON.stringify(knexModule)};
const db = await createDb({ pgliteDir: process.argv[2] });
await db.knex('durability_probe').insert({ v: 100 });
process.kill(process.pid, 'SIGKILL');
`,
    );
    const child = spawn(process.execPath, ['--import', 'tsx', script, path.join(dir, 'pglite')], { stdio: 'inherit' });
    expect(await new Promise((resolve) => child.once('exit', (_code, signal) => resolve(signal)))).toBe('SIGKILL');
    expect(wasShutDown(path.join(dir, 'pglite'))).toBe(false);

    const files = listFiles(path.join(dir, 'pglite'));
    const fsynced: string[] = [];
    const real = fs.fsyncSync;
    const spy = vi.spyOn(fs, 'fsyncSync').mockImplementation((fd) => {
      const target = fs.readlinkSync(`/proc/self/fd/${fd}`);
      if (fs.statSync(target).isFile()) fsynced.push(target);
      real(fd);
    });
    try {
      db = await createDb({ pgliteDir: path.join(dir, 'pglite') });
    } finally {
      spy.mockRestore();
    }
    expect((await db.knex('durability_probe').orderBy('v')).map((r) => r.v)).toEqual([0, 1, 2, 3, 100]);
    // PostgreSQL's recovery fsyncs every file of the folder; here only the few it wrote reached fsyncSync
    // (the end-of-recovery checkpoint's pg_control among them), the rest having been flushed before it started.
    expect(files.length).toBeGreaterThan(500);
    expect(fsynced.length).toBeLessThan(files.length / 5);
    expect(fsynced).toContain(path.join(dir, 'pglite', 'global', 'pg_control'));
  }, 180_000);
});

function listFiles(at: string): string[] {
  return fs.readdirSync(at, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? listFiles(path.join(at, e.name)) : [path.join(at, e.name)]));
}
