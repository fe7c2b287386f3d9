import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDb, type Database } from '../../db/knex';

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
