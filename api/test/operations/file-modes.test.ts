import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../db/knex';
import { privateFolders, privateTarOptions, tightenTree } from '../../private-files';
import { startServerProcess } from '../support/server-process';
import { createServerDatabase } from '../support/test-db';

// OPS-21: the files the product keeps are its user's alone. The built server, started as production starts it
// (from a shell whose umask is 000, on a DATA_DIR an older version left 0777/0666), then a backup and a
// restore with the built command-line tools: afterwards no file or folder in DATA_DIR or BACKUP_DIR, and no
// member of the backup archive, has a bit for the group or for others.

const slow = { timeout: 300_000 };
const run = promisify(execFile);
const ADMIN = { email: 'owner@clinic.test', password: 'modes-Password-2026' };

let tmp: string;
let umaskBefore: number;
beforeAll(() => {
  if (!fs.existsSync('dist/api/server.js') || !fs.existsSync('dist/api/cli/backup.js')) {
    throw new Error('The server build is missing: run `npm run build:server` first (npm test builds).');
  }
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'clinic-modes-'));
  // The worst start: every child of this test inherits umask 000 and must set its own.
  umaskBefore = process.umask(0);
});
afterAll(() => {
  process.umask(umaskBefore);
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** Every file and folder under `root` (not following links) whose mode has a group or other bit, as "0644 path". */
function looseUnder(root: string): string[] {
  const loose: string[] = [];
  const visit = (file: string) => {
    const stat = fs.lstatSync(file);
    if (stat.isSymbolicLink()) return;
    if ((stat.mode & 0o077) !== 0) loose.push(`${(stat.mode & 0o7777).toString(8).padStart(4, '0')} ${path.relative(tmp, file)}`);
    if (stat.isDirectory()) for (const name of fs.readdirSync(file)) visit(path.join(file, name));
  };
  visit(root);
  return loose;
}

function filesUnder(root: string): string[] {
  return fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).map((d) => path.join(d.parentPath, d.name));
}

/** What an older version, or a copy made as another user, leaves: folders 0777, files 0666. */
function loosen(root: string) {
  const visit = (file: string) => {
    const stat = fs.lstatSync(file);
    if (stat.isSymbolicLink()) return;
    fs.chmodSync(file, stat.isDirectory() ? 0o777 : 0o666);
    if (stat.isDirectory()) for (const name of fs.readdirSync(file)) visit(path.join(file, name));
  };
  visit(root);
}

function write(file: string, text: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

/** The backup archive's members as "mode path", e.g. "0600 manifest.json". */
async function membersOf(file: string): Promise<string[]> {
  const members: string[] = [];
  await tar.list({ file, onReadEntry: (entry) => void members.push(`${(entry.mode ?? 0).toString(8).padStart(4, '0')} ${entry.path}`) });
  return members;
}

function umaskOf(pid: number): string {
  return /^Umask:\s*(\d+)$/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? '';
}

async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify(ADMIN),
  });
  expect(res.status).toBe(200);
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

/** Work that writes files: an invoice emailed (a development mail file) and an image uploaded. */
async function writeSomething(url: string, dataDir: string) {
  const cookie = await signIn(url);
  const headers = { cookie, origin: url };
  const invoices = (await (await fetch(`${url}/api/admin/invoices`, { headers })).json()) as { id: number }[];
  let sent = false;
  for (const invoice of invoices) {
    const res = await fetch(`${url}/api/admin/invoices/${invoice.id}/send`, { method: 'POST', headers });
    if (res.status === 200) {
      sent = true;
      break;
    }
  }
  expect(sent).toBe(true);
  const form = new FormData();
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 30, g: 140, b: 200 } } }).png().toBuffer();
  form.append('image', new Blob([png], { type: 'image/png' }), 'smile.png');
  expect((await fetch(`${url}/api/admin/upload`, { method: 'POST', headers, body: form })).status).toBe(201);
  // The outbox worker writes the email into DATA_DIR/mail shortly after.
  const mail = path.join(dataDir, 'mail');
  for (let i = 0; i < 100 && !(fs.existsSync(mail) && fs.readdirSync(mail).some((f) => f.endsWith('.eml') && f !== 'old.eml')); i++) {
    await new Promise((r) => setTimeout(r, 200));
  }
  expect(fs.readdirSync(mail).filter((f) => f.endsWith('.eml') && f !== 'old.eml').length).toBeGreaterThan(0);
}

describe.each([
  { database: 'embedded' as const },
  ...(process.env.TEST_DATABASE_URL ? [{ database: 'server' as const }] : []),
])('files at rest, on the $database database', ({ database }) => {
  it('are private after a start from a loose DATA_DIR, a backup and a restore', slow, async () => {
    const root = fs.mkdtempSync(path.join(tmp, `${database}-`));
    const dataDir = path.join(root, 'data');
    const backupDir = path.join(root, 'backups');
    const outside = path.join(root, 'outside', 'shared.txt');
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      BACKUP_DIR: backupDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: 'true',
    };
    let drop = async () => {};
    if (database === 'server') {
      const server = await createServerDatabase();
      env.DATABASE_URL = server.url;
      drop = server.drop;
    } else {
      // A database made before this version, then left readable by all.
      const db = await createDb({ pgliteDir: path.join(dataDir, 'pglite') });
      await db.close();
    }
    try {
      write(path.join(dataDir, 'mail', 'old.eml'), 'an old development email');
      write(path.join(dataDir, 'storage', 'ab', 'cd.bin'), 'an uploaded file');
      write(path.join(dataDir, 'desktop-updates', 'latest.yml'), 'version: 1.0.0');
      write(path.join(backupDir, 'notes.txt'), 'kept by the operator');
      write(outside, 'a file of another program');
      fs.symlinkSync(outside, path.join(dataDir, 'link-to-outside'));
      loosen(root);
      fs.chmodSync(outside, 0o644);
      expect(looseUnder(dataDir).length).toBeGreaterThan(4);

      const server = await startServerProcess(env, 180_000, { from: 'build' });
      let stopped = false;
      try {
        expect(umaskOf(server.pid)).toBe('0077');
        const line = server.output().split('\n').find((l) => l.includes('"event":"file_modes_tightened"'));
        expect(line, 'one log line says what was tightened').toBeDefined();
        const logged = JSON.parse(line!) as { count: number; folders: Record<string, number> };
        expect(Object.keys(logged.folders)).toEqual(expect.arrayContaining([dataDir, path.join(dataDir, 'mail'), path.join(dataDir, 'storage'), backupDir]));
        expect(logged.count).toBeGreaterThan(4);
        expect(server.output()).not.toContain('cd.bin'); // folders are named, not files (a mail file's name holds an address)

        await writeSomething(server.url, dataDir);
        expect(await server.stop()).toBe(0);
        stopped = true;
      } finally {
        if (!stopped) await server.kill();
      }

      const { ADMIN_EMAIL: _email, ADMIN_PASSWORD: _password, ...settings } = env;
      const cliEnv = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...settings };
      const backup = await run(process.execPath, ['dist/api/cli/backup.js'], { env: cliEnv });
      const file = backup.stdout.trim().split('\n').at(-1)!;
      expect(path.dirname(file)).toBe(backupDir);
      await run(process.execPath, ['dist/api/cli/restore.js', file], { env: cliEnv });

      expect(looseUnder(dataDir)).toEqual([]);
      expect(looseUnder(backupDir)).toEqual([]);
      const members = await membersOf(file);
      expect(members.length).toBeGreaterThanOrEqual(2);
      expect(members.filter((m) => !/^0(600|700) /.test(m))).toEqual([]);
      if (database === 'embedded') {
        // The restored database is in place (the one before it kept beside), both private.
        expect(fs.readdirSync(dataDir).some((f) => f.startsWith('pglite.before-restore-'))).toBe(true);
        expect(filesUnder(path.join(dataDir, 'pglite')).length).toBeGreaterThan(100);
      }
      // A link inside DATA_DIR is neither changed nor followed.
      expect(fs.statSync(outside).mode & 0o777).toBe(0o644);
    } finally {
      await drop();
    }
  });
});

describe('the embedded database', () => {
  it("keeps its files private under any umask (Emscripten's own umask and chmod are overruled)", slow, async () => {
    const dir = path.join(fs.mkdtempSync(path.join(tmp, 'pglite-')), 'pglite');
    const db = await createDb({ pgliteDir: dir }); // in this process, whose umask is 000
    await db.knex.raw('create table notes (id serial primary key, body text)');
    await db.knex('notes').insert({ body: 'a patient detail' });
    await db.knex.raw('checkpoint');
    await db.close();
    expect(filesUnder(dir).length).toBeGreaterThan(100);
    expect(looseUnder(dir)).toEqual([]);
  });
});

describe('the private-files helpers', () => {
  it('tightens a tree without following its links, and counts by folder', () => {
    const root = fs.mkdtempSync(path.join(tmp, 'tree-'));
    write(path.join(root, 'a', 'b', 'c.txt'), 'c');
    write(path.join(root, 'top.txt'), 't');
    write(path.join(tmp, 'elsewhere.txt'), 'e');
    fs.symlinkSync(path.join(tmp, 'elsewhere.txt'), path.join(root, 'a', 'link'));
    loosen(root);
    fs.chmodSync(path.join(tmp, 'elsewhere.txt'), 0o666);

    const result = tightenTree(root);
    expect(looseUnder(root)).toEqual([]);
    expect(result.changed).toEqual({ [root]: 2, [path.join(root, 'a')]: 3 });
    expect(fs.statSync(path.join(tmp, 'elsewhere.txt')).mode & 0o777).toBe(0o666);
    expect(tightenTree(root).changed).toEqual({});
  });

  it('takes every folder setting, each once, a folder inside another with it', () => {
    expect(
      privateFolders({ dataDir: '/srv/clinic', backupDir: '/srv/clinic/backups', desktopUpdatesDir: '/mnt/updates', storageDir: '/srv/clinic', port: 3000, logLevel: 'info' }),
    ).toEqual(['/mnt/updates', '/srv/clinic']);
  });

  it('writes an archive whose file and members are private, whatever the files were', async () => {
    const dir = fs.mkdtempSync(path.join(tmp, 'tar-'));
    write(path.join(dir, 'in', 'media', 'x.bin'), 'x');
    write(path.join(dir, 'in', 'manifest.json'), '{}');
    loosen(dir);
    const file = path.join(dir, 'out.tar');
    await tar.create({ file, cwd: path.join(dir, 'in'), portable: true, ...privateTarOptions }, ['manifest.json', 'media']);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect((await membersOf(file)).sort()).toEqual(['0600 manifest.json', '0600 media/x.bin', '0700 media/']);
  });
});

describe('the deployments', () => {
  it('give the service a private umask and data folder', () => {
    const unit = fs.readFileSync('deploy/smile-dental.service', 'utf8');
    expect(unit).toMatch(/^UMask=0077$/m);
    expect(unit).toMatch(/^StateDirectoryMode=0700$/m);
    const dockerfile = fs.readFileSync('Dockerfile', 'utf8');
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/install -d -m 0700 -o node -g node \/var\/lib\/clinic\b/);
  });
});
