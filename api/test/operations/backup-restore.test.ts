import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { APPLICATION_NAME, createDb, type Database } from '../../db/knex';
import { migrateLatest } from '../../db/migrate';
import { ensureAdminAndSeed } from '../../db/seeds/first-start';
import { dailyBackup, listBackups, pruneBackups, readManifest, summarizeTables, takeBackup, type TableSummary } from '../../services/backups';
import { RestoreRefused, restoreBackup } from '../../services/restore';
import { createServerDatabase, createTestDatabase } from '../support/test-db';

// OPS-13: the round trip on both databases. Data is created (the demo content, images included, plus a
// patient with quotes and Marathi in the name), backed up, wiped, restored; every table's row count and a
// checksum of its rows must come back equal.

const slow = { timeout: 240_000 };
const runFile = promisify(execFile);
let tmp: string;

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'clinic-backup-test-'));
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

async function fillWithData(db: Database) {
  await migrateLatest(db.knex);
  await ensureAdminAndSeed(db.knex, loadConfig({ SEED_DEMO: 'true' }), () => {});
  await db.knex('patients').insert({
    firstName: 'सुनीता "Sunita"',
    lastName: "D'Souza, Pune",
    email: 'sunita@example.in',
    phone: '9876543210',
  });
}

async function wipe(db: Database) {
  // Patients by DELETE: a TRUNCATE ... CASCADE reaches the clinical record, which refuses it (CHART-8).
  await db.knex.raw('delete from patients');
  await db.knex.raw('truncate blog_posts restart identity cascade');
  await db.knex('users').update({ displayName: 'changed after the backup' });
}

function expectSameData(before: Record<string, TableSummary>, after: Record<string, TableSummary>) {
  expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
  for (const table of Object.keys(before)) expect({ table, ...after[table] }).toEqual({ table, ...before[table] });
}

// A server database exists only with TEST_DATABASE_URL (CI sets it; OPS-5).
if (process.env.TEST_DATABASE_URL) describe('a server database', () => {
  for (const format of ['pg_dump', 'logical'] as const) {
    it(`comes back table for table from a ${format} backup`, slow, async () => {
      const server = await createServerDatabase();
      try {
        const db = await createDb({ databaseUrl: server.url, poolMax: 2, applicationName: 'test' });
        await fillWithData(db);
        const before = await summarizeTables(db.knex);
        expect(before.gallery_images.rows).toBeGreaterThan(0);
        const file = await takeBackup(db, { backupDir: tmp, databaseUrl: server.url, format });
        const manifest = await readManifest(file);
        expect(manifest.format).toBe(format);
        expect(manifest.tables).toEqual(before);
        await wipe(db);
        expect((await summarizeTables(db.knex)).patients.rows).toBe(0);
        await db.close();

        const result = await restoreBackup(file, { dataDir: tmp, databaseUrl: server.url });
        expect(result.mismatches).toEqual([]);
        const again = await createDb({ databaseUrl: server.url, poolMax: 1, applicationName: 'test' });
        expectSameData(before, await summarizeTables(again.knex));
        // The sequences continue after the restored rows.
        const [{ id }] = await again.knex('patients').insert({ firstName: 'New', lastName: 'Patient', email: 'n@example.in', phone: '9000000000' }).returning('id');
        expect(id).toBeGreaterThan(Math.max(...(await again.knex('patients').select('id')).map((p) => p.id).filter((x) => x !== id)));
        await again.close();
      } finally {
        await server.drop();
      }
    });
  }

  it('refuses to restore while the product runs on the database', slow, async () => {
    const server = await createServerDatabase();
    try {
      const db = await createDb({ databaseUrl: server.url, poolMax: 1, applicationName: 'test' });
      await migrateLatest(db.knex);
      const file = await takeBackup(db, { backupDir: tmp, databaseUrl: server.url, format: 'logical' });
      await db.close();
      const product = await createDb({ databaseUrl: server.url, poolMax: 1, applicationName: APPLICATION_NAME });
      await product.knex.raw('select 1');
      await expect(restoreBackup(file, { dataDir: tmp, databaseUrl: server.url })).rejects.toThrow(/The product is running on this database/);
      await product.close();
    } finally {
      await server.drop();
    }
  });

  it('npm run backup prints the file it wrote', slow, async () => {
    const server = await createServerDatabase();
    try {
      const db = await createDb({ databaseUrl: server.url, poolMax: 1, applicationName: 'test' });
      await migrateLatest(db.knex);
      await db.close();
      const backupDir = path.join(tmp, 'cli');
      const { stdout } = await runFile(process.execPath, ['--import', 'tsx', 'api/cli/backup.ts'], {
        env: { PATH: process.env.PATH, DATABASE_URL: server.url, BACKUP_DIR: backupDir, DATA_DIR: tmp },
      });
      const file = stdout.trim().split('\n').at(-1)!;
      expect(path.dirname(file)).toBe(backupDir);
      expect((await readManifest(file)).format).toBe('pg_dump');
    } finally {
      await server.drop();
    }
  });
});

describe('the embedded database', () => {
  let embeddedBackup = '';

  it('comes back table for table from its own data directory dump', slow, async () => {
    const dataDir = fs.mkdtempSync(path.join(tmp, 'data-'));
    const db = await createDb({ pgliteDir: path.join(dataDir, 'pglite') });
    await fillWithData(db);
    const before = await summarizeTables(db.knex);
    const file = await takeBackup(db, { backupDir: path.join(dataDir, 'backups') });
    embeddedBackup = file;
    expect((await readManifest(file)).format).toBe('pglite');
    await wipe(db);
    await db.close();

    const result = await restoreBackup(file, { dataDir });
    expect(result.mismatches).toEqual([]);
    const again = await createDb({ pgliteDir: path.join(dataDir, 'pglite') });
    expectSameData(before, await summarizeTables(again.knex));
    await again.close();
    // What was there before the restore is kept beside it, not deleted.
    expect(fs.readdirSync(dataDir).some((f) => f.startsWith('pglite.before-restore-'))).toBe(true);
  });

  it('refuses to restore while another process holds the database', slow, async () => {
    const dataDir = fs.mkdtempSync(path.join(tmp, 'held-'));
    const file = embeddedBackup;
    const other = spawn('sleep', ['30']);
    try {
      fs.writeFileSync(path.join(dataDir, 'pglite.lock'), String(other.pid));
      await expect(restoreBackup(file, { dataDir })).rejects.toThrow(new RegExp(`process ${other.pid}.*stop it`));
    } finally {
      other.kill();
    }
  });
});

describe('refusals and rotation', () => {
  it('refuses a backup from a newer schema and a file that is not a backup', async () => {
    const work = fs.mkdtempSync(path.join(tmp, 'newer-'));
    const manifest = {
      product: 'smile-dental-clinic',
      createdAt: new Date().toISOString(),
      format: 'pglite',
      migrations: ['001-initial-schema', '999-from-the-future'],
      schemaVersion: '999-from-the-future',
      tables: {},
    };
    fs.writeFileSync(path.join(work, 'manifest.json'), JSON.stringify(manifest));
    fs.writeFileSync(path.join(work, 'database.pglite.tar.gz'), '');
    const file = path.join(tmp, 'newer.tar');
    await tar.create({ file, cwd: work }, ['manifest.json', 'database.pglite.tar.gz']);
    await expect(restoreBackup(file, { dataDir: work })).rejects.toThrow(
      'This backup was made by a newer version of the product (schema 999-from-the-future). Update the product, then restore it.',
    );
    const notBackup = path.join(tmp, 'not-a-backup.tar');
    fs.writeFileSync(path.join(work, 'x.txt'), 'hello');
    await tar.create({ file: notBackup, cwd: work }, ['x.txt']);
    await expect(restoreBackup(notBackup, { dataDir: work })).rejects.toThrow(/not a backup of this product/);
    await expect(restoreBackup(path.join(tmp, 'missing.tar'), { dataDir: work })).rejects.toBeInstanceOf(RestoreRefused);
  });

  it('keeps the newest automatic backups and leaves other files alone', () => {
    const dir = fs.mkdtempSync(path.join(tmp, 'rotate-'));
    const names = Array.from({ length: 16 }, (_, i) => `clinic-backup-202611${String(i + 1).padStart(2, '0')}T030000Z.tar`);
    for (const n of [...names, 'notes.txt']) fs.writeFileSync(path.join(dir, n), '');
    expect(pruneBackups(dir, 14)).toEqual(names.slice(0, 2));
    expect(fs.readdirSync(dir).sort()).toEqual([...names.slice(2), 'notes.txt'].sort());
  });
});

describe('the daily backup (a scheduled task)', () => {
  it('takes one a day, keeps the newest BACKUP_KEEP, and falls back to the logical format without pg_dump', slow, async () => {
    const db = await createTestDatabase();
    try {
      await migrateLatest(db.knex);
      const backupDir = fs.mkdtempSync(path.join(tmp, 'daily-'));
      // No URL for pg_dump on a server database: the logical format stands in (an old or absent pg_dump).
      const options = { backupDir, keep: 2 };
      const day = (n: number) => new Date(Date.UTC(2026, 10, 24 + n, 3, 0, 0));
      const first = await dailyBackup(db, options, day(0));
      expect(first.file).not.toBeNull();
      expect((await readManifest(first.file!)).format).toBe(db.isEmbedded ? 'pglite' : 'logical');
      // Again the same day (a repeated run, a restart): no second copy.
      expect((await dailyBackup(db, options, new Date(day(0).getTime() + 60 * 60_000))).file).toBeNull();
      // The file's time is what counts: age the first one, then two more days.
      fs.utimesSync(first.file!, day(0), day(0));
      for (const n of [1, 2]) {
        const next = await dailyBackup(db, options, day(n));
        expect(next.file).not.toBeNull();
        fs.utimesSync(next.file!, day(n), day(n));
      }
      expect(listBackups(backupDir).map((f) => path.basename(f))).toEqual(['clinic-backup-20261125T030000Z.tar', 'clinic-backup-20261126T030000Z.tar']);
    } finally {
      await db.close();
    }
  });
});
