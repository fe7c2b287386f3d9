import { execFile, spawn } from 'node:child_process';
import crypto from 'node:crypto';
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
import { createStorage, type FileStorage, FolderStorage } from '../../platform/storage';
import { dailyBackup, listBackups, pruneBackups, readManifest, summarizeTables, takeBackup, type TableSummary } from '../../platform/backups/backups';
import { RestoreRefused, restoreBackup } from '../../platform/backups/restore';
import { createServerDatabase, createTestDatabase } from '../support/test-db';
import { clockEnv } from '../support/server-process';
import { startS3Server, type S3TestServer, TEST_BUCKET } from '../support/s3-server';

// OPS-13: the round trip on both databases. Data is created (the demo content, images included, plus a
// patient with quotes and Marathi in the name), backed up, wiped, restored; every table's row count and a
// checksum of its rows must come back equal. FILE-4: the stored files travel too, each checked by its hash.

const slow = { timeout: 240_000 };
const runFile = promisify(execFile);
// The product's clock for backups and restores taken here (CLINIC-12): it names their files.
const NOW = new Date('2026-11-24T03:00:00Z');
let tmp: string;

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'clinic-backup-test-'));
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

async function fillWithData(db: Database) {
  await migrateLatest(db.knex);
  await ensureAdminAndSeed(db.knex, loadConfig({ SEED_DEMO: 'true' }), () => {}, NOW);
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

/** Stored files of a few sizes and folders (an image over several tar blocks, a thumbnail, an X-ray). */
async function fillStorage(storage: FolderStorage): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  const id = crypto.randomUUID();
  for (const [key, size] of [[`media/${id}.png`, 2 * 1024 * 1024 + 5], [`media/${id}-thumb.webp`, 4000], ['xrays/2026/opg-1.dcm', 512]] as const) {
    const bytes = crypto.randomBytes(size);
    await storage.put(key, [bytes]);
    files.set(key, bytes);
  }
  return files;
}

/** After a restore the storage holds exactly the backed-up files, and what it held before is kept beside it. */
function expectSameFiles(storageDir: string, files: Map<string, Buffer>) {
  const held = fs.readdirSync(storageDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
  expect(held.map((e) => path.relative(storageDir, path.join(e.parentPath, e.name))).sort()).toEqual([...files.keys()].sort());
  for (const [key, bytes] of files) {
    expect(fs.readFileSync(path.join(storageDir, key)).equals(bytes), key).toBe(true);
    expect(fs.statSync(path.join(storageDir, key)).mode & 0o777).toBe(0o600);
    for (let dir = path.dirname(path.join(storageDir, key)); dir.startsWith(storageDir); dir = path.dirname(dir)) {
      expect(fs.statSync(dir).mode & 0o777, dir).toBe(0o700);
    }
  }
  expect(fs.readdirSync(path.dirname(storageDir)).some((f) => f.startsWith(`${path.basename(storageDir)}.before-restore-`))).toBe(true);
}

/** Something changed in the storage after the backup: a file gone, a file added. */
async function changeStorage(storage: FolderStorage, files: Map<string, Buffer>) {
  await storage.remove([...files.keys()][0]);
  await storage.put('media/added-after-the-backup.png', [Buffer.from('new')]);
}

const sha256 = (bytes: Uint8Array) => crypto.createHash('sha256').update(bytes).digest('hex');

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
        const storageDir = path.join(fs.mkdtempSync(path.join(tmp, `storage-${format}-`)), 'storage');
        const storage = new FolderStorage(storageDir);
        const files = await fillStorage(storage);
        const before = await summarizeTables(db.knex);
        expect(before.gallery_images.rows).toBeGreaterThan(0);
        const file = await takeBackup(db, { backupDir: tmp, databaseUrl: server.url, format, storage, now: NOW });
        const manifest = await readManifest(file);
        expect(manifest.format).toBe(format);
        expect(manifest.tables).toEqual(before);
        expect(manifest.files).toEqual(Object.fromEntries([...files].map(([key, bytes]) => [key, { size: bytes.length, sha256: sha256(bytes) }])));
        await wipe(db);
        await changeStorage(storage, files);
        expect((await summarizeTables(db.knex)).patients.rows).toBe(0);
        await db.close();

        const result = await restoreBackup(file, { dataDir: tmp, databaseUrl: server.url, storageDir, now: NOW });
        expect(result.mismatches).toEqual([]);
        expectSameFiles(storageDir, files);
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
      const file = await takeBackup(db, { backupDir: tmp, databaseUrl: server.url, format: 'logical', storage: null, now: NOW });
      await db.close();
      const product = await createDb({ databaseUrl: server.url, poolMax: 1, applicationName: APPLICATION_NAME });
      await product.knex.raw('select 1');
      await expect(restoreBackup(file, { dataDir: tmp, databaseUrl: server.url, now: NOW })).rejects.toThrow(/The product is running on this database/);
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
        env: { PATH: process.env.PATH, ...clockEnv(), DATABASE_URL: server.url, BACKUP_DIR: backupDir, DATA_DIR: tmp },
      });
      const file = stdout.trim().split('\n').at(-1)!;
      expect(path.dirname(file)).toBe(backupDir);
      expect((await readManifest(file)).format).toBe('pg_dump');
    } finally {
      await server.drop();
    }
  });
});

/** The embedded round trip's backup, which the refusal tests below take apart. */
let embeddedBackup = '';

describe('the embedded database', () => {
  it('comes back table for table from its own data directory dump', slow, async () => {
    const dataDir = fs.mkdtempSync(path.join(tmp, 'data-'));
    const db = await createDb({ pgliteDir: path.join(dataDir, 'pglite') });
    await fillWithData(db);
    // The storage at its default place, DATA_DIR/storage.
    const storage = new FolderStorage(path.join(dataDir, 'storage'));
    const files = await fillStorage(storage);
    const before = await summarizeTables(db.knex);
    const file = await takeBackup(db, { backupDir: path.join(dataDir, 'backups'), storage, now: NOW });
    embeddedBackup = file;
    expect((await readManifest(file)).format).toBe('pglite');
    await wipe(db);
    await changeStorage(storage, files);
    await db.close();

    const result = await restoreBackup(file, { dataDir, now: NOW });
    expect(result.mismatches).toEqual([]);
    expectSameFiles(path.join(dataDir, 'storage'), files);
    const again = await createDb({ pgliteDir: path.join(dataDir, 'pglite') });
    expectSameData(before, await summarizeTables(again.knex));
    await again.close();
    // What was there before the restore is kept beside it, not deleted.
    expect(fs.readdirSync(dataDir)).toContain('pglite.before-restore-20261124T030000Z');
  });

  it('refuses to restore while another process holds the database', slow, async () => {
    const dataDir = fs.mkdtempSync(path.join(tmp, 'held-'));
    const file = embeddedBackup;
    const other = spawn('sleep', ['30']);
    try {
      fs.writeFileSync(path.join(dataDir, 'pglite.lock'), String(other.pid));
      await expect(restoreBackup(file, { dataDir, now: NOW })).rejects.toThrow(new RegExp(`process ${other.pid}.*stop it`));
    } finally {
      other.kill();
    }
  });
});

describe('the stored files of a backup (FILE-4)', () => {
  const opg = 'storage/xrays/2026/opg-1.dcm';
  it.each([
    ['an altered file', (dir: string) => fs.writeFileSync(path.join(dir, opg), Buffer.alloc(512, 7)), /xrays\/2026\/opg-1\.dcm differs from its SHA-256 in the manifest/],
    ['a missing file', (dir: string) => fs.rmSync(path.join(dir, opg)), /xrays\/2026\/opg-1\.dcm is missing/],
    ['a file the manifest does not list', (dir: string) => fs.writeFileSync(path.join(dir, 'storage/xrays/2026/smuggled.dcm'), 'x'), /xrays\/2026\/smuggled\.dcm is not in the manifest/],
  ])('refuses a backup with %s, and changes nothing', slow, async (_what, spoil, message) => {
    // The embedded round trip's backup, taken apart, spoiled and put together again.
    const unpacked = fs.mkdtempSync(path.join(tmp, 'spoiled-'));
    await tar.extract({ file: embeddedBackup, cwd: unpacked });
    spoil(unpacked);
    const file = path.join(tmp, `${path.basename(unpacked)}.tar`);
    await tar.create({ file, cwd: unpacked }, fs.readdirSync(unpacked));

    const dataDir = fs.mkdtempSync(path.join(tmp, 'untouched-'));
    fs.mkdirSync(path.join(dataDir, 'pglite'));
    fs.writeFileSync(path.join(dataDir, 'pglite', 'PG_VERSION'), '17');
    fs.mkdirSync(path.join(dataDir, 'storage', 'media'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'storage', 'media', 'kept.png'), 'kept');
    const error = await restoreBackup(file, { dataDir, now: NOW }).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(RestoreRefused);
    expect((error as Error).message).toMatch(/^The backup's stored files do not match its manifest, so nothing was restored: /);
    expect((error as Error).message).toMatch(message);
    expect(fs.readdirSync(dataDir).sort()).toEqual(['pglite', 'storage']);
    expect(fs.readdirSync(path.join(dataDir, 'pglite'))).toEqual(['PG_VERSION']);
    expect(fs.readFileSync(path.join(dataDir, 'storage', 'media', 'kept.png'), 'utf8')).toBe('kept');
  });
});

describe('the stored files in a bucket (FILE-5)', () => {
  async function contentsOf(storage: FileStorage): Promise<Map<string, Buffer>> {
    const held = new Map<string, Buffer>();
    for await (const key of storage.list()) {
      const chunks: Buffer[] = [];
      for await (const chunk of (await storage.open(key)).stream) chunks.push(chunk as Buffer);
      held.set(key, Buffer.concat(chunks));
    }
    return held;
  }

  let s3: S3TestServer;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(() => s3.close());
  /** The round trip's backup, which the refusals below use. */
  let bucketBackup = '';

  it('npm run backup and npm run restore with STORAGE_URL: the backed-up files come back, newer objects go, other prefixes stay', slow, async () => {
    const dataDir = fs.mkdtempSync(path.join(tmp, 'bucket-'));
    const db = await createDb({ pgliteDir: path.join(dataDir, 'pglite') });
    await migrateLatest(db.knex);
    await db.close();
    const storageUrl = s3.storageUrl('clinic');
    const bucket = await createStorage({ storageDir: path.join(dataDir, 'storage'), storageUrl });
    // A over one upload part (restored in parts too), B small; and another clinic's object beside ours.
    const a = crypto.randomBytes(6 * 1024 * 1024 + 3);
    const b = Buffer.from('the X-ray as it was backed up');
    await bucket.put('media/a.png', [a]);
    await bucket.put('xrays/b.dcm', [b]);
    const neighbour = await createStorage({ storageDir: path.join(dataDir, 'unused'), storageUrl: s3.storageUrl('another-clinic') });
    await neighbour.put('media/theirs.png', [Buffer.from('theirs')]);

    const env = { PATH: process.env.PATH, ...clockEnv(), DATA_DIR: dataDir, STORAGE_URL: storageUrl };
    const backup = await runFile(process.execPath, ['--import', 'tsx', 'api/cli/backup.ts'], { env });
    const file = backup.stdout.trim().split('\n').at(-1)!;
    bucketBackup = file;
    expect((await readManifest(file)).files).toEqual({
      'media/a.png': { size: a.length, sha256: sha256(a) },
      'xrays/b.dcm': { size: b.length, sha256: sha256(b) },
    });

    await bucket.put('media/c.png', [Buffer.from('added after the backup')]);
    await bucket.put('xrays/b.dcm', [Buffer.from('changed after the backup')]);
    const restore = await runFile(process.execPath, ['--import', 'tsx', 'api/cli/restore.ts', file], { env });
    expect(restore.stdout).toMatch(/2 stored files \(each checked against its SHA-256\)/);

    expect(await contentsOf(bucket)).toEqual(new Map([['media/a.png', a], ['xrays/b.dcm', b]]));
    expect(await contentsOf(neighbour)).toEqual(new Map([['media/theirs.png', Buffer.from('theirs')]]));
    // The folder served only to check the files: nothing of it is left.
    expect(fs.readdirSync(dataDir).filter((f) => f.startsWith('storage'))).toEqual([]);
  });

  it('refuses, changing nothing, a bucket it cannot reach and a backup whose files do not match its manifest', slow, async () => {
    const dataDir = fs.mkdtempSync(path.join(tmp, 'bucket-refused-'));
    fs.mkdirSync(path.join(dataDir, 'pglite'));
    fs.writeFileSync(path.join(dataDir, 'pglite', 'PG_VERSION'), '17');
    const storageUrl = s3.storageUrl('refusals');
    const bucket = await createStorage({ storageDir: path.join(dataDir, 'storage'), storageUrl });
    await bucket.put('media/kept.png', [Buffer.from('kept')]);
    const unchanged = async () => {
      expect(fs.readdirSync(dataDir)).toEqual(['pglite']);
      expect(fs.readdirSync(path.join(dataDir, 'pglite'))).toEqual(['PG_VERSION']);
      expect(await contentsOf(bucket)).toEqual(new Map([['media/kept.png', Buffer.from('kept')]]));
    };

    const noBucket = storageUrl.replace(`/${TEST_BUCKET}/`, '/no-such-bucket/');
    const unreachable = await restoreBackup(bucketBackup, { dataDir, storageUrl: noBucket, now: NOW }).catch((err: unknown) => err);
    expect(unreachable).toBeInstanceOf(RestoreRefused);
    expect((unreachable as Error).message).toMatch(/^The bucket s3\+http:\/\/127\.0\.0\.1:\d+\/no-such-bucket\/refusals could not be listed \(.+\), so nothing was restored\.$/);
    await unchanged();

    const unpacked = fs.mkdtempSync(path.join(tmp, 'bucket-spoiled-'));
    await tar.extract({ file: bucketBackup, cwd: unpacked });
    fs.writeFileSync(path.join(unpacked, 'storage/xrays/b.dcm'), 'not the X-ray that was backed up');
    const spoiled = `${unpacked}.tar`;
    await tar.create({ file: spoiled, cwd: unpacked }, fs.readdirSync(unpacked));
    await expect(restoreBackup(spoiled, { dataDir, storageUrl, now: NOW })).rejects.toThrow(/xrays\/b\.dcm differs from its SHA-256 in the manifest/);
    await unchanged();
  });
});

describe('refusals and rotation', () => {
  it('refuses a backup from a newer schema and a file that is not a backup', async () => {
    const work = fs.mkdtempSync(path.join(tmp, 'newer-'));
    const manifest = {
      product: 'smile-dental-clinic',
      createdAt: NOW.toISOString(),
      format: 'pglite',
      migrations: ['001-initial-schema', '999-from-the-future'],
      schemaVersion: '999-from-the-future',
      tables: {},
    };
    fs.writeFileSync(path.join(work, 'manifest.json'), JSON.stringify(manifest));
    fs.writeFileSync(path.join(work, 'database.pglite.tar.gz'), '');
    const file = path.join(tmp, 'newer.tar');
    await tar.create({ file, cwd: work }, ['manifest.json', 'database.pglite.tar.gz']);
    await expect(restoreBackup(file, { dataDir: work, now: NOW })).rejects.toThrow(
      'This backup was made by a newer version of the product (schema 999-from-the-future). Update the product, then restore it.',
    );
    const notBackup = path.join(tmp, 'not-a-backup.tar');
    fs.writeFileSync(path.join(work, 'x.txt'), 'hello');
    await tar.create({ file: notBackup, cwd: work }, ['x.txt']);
    await expect(restoreBackup(notBackup, { dataDir: work, now: NOW })).rejects.toThrow(/not a backup of this product/);
    await expect(restoreBackup(path.join(tmp, 'missing.tar'), { dataDir: work, now: NOW })).rejects.toBeInstanceOf(RestoreRefused);
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
      const options = { backupDir, keep: 2, storage: new FolderStorage(path.join(backupDir, 'storage')) };
      const day = (n: number) => new Date(Date.UTC(2026, 10, 24 + n, 3, 0, 0));
      const first = await dailyBackup(db, options, day(0));
      expect(first.file).not.toBeNull();
      expect((await readManifest(first.file!)).format).toBe(db.isEmbedded ? 'pglite' : 'logical');
      // Again the same day (a repeated run, a restart): no second copy, whatever the machine's date and the
      // file's time (written now, by the machine's clock; a copy or a touch changes it too): the product's
      // clock named the file, and the name is what counts.
      fs.utimesSync(first.file!, day(-30), day(-30));
      expect((await dailyBackup(db, options, new Date(day(0).getTime() + 60 * 60_000))).file).toBeNull();
      for (const n of [1, 2]) {
        // A touched file that looks fresh does not stop the next day's backup either.
        fs.utimesSync(listBackups(backupDir).at(-1)!, day(n), day(n));
        expect((await dailyBackup(db, options, day(n))).file).not.toBeNull();
      }
      expect(listBackups(backupDir).map((f) => path.basename(f))).toEqual(['clinic-backup-20261125T030000Z.tar', 'clinic-backup-20261126T030000Z.tar']);
    } finally {
      await db.close();
    }
  });
});
