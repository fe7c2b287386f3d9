import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { accountPasswordSchema } from '../../../shared/schemas/auth';
import { loadConfig } from '../../config';
import { createDbFromConfig, type Database } from '../../db/knex';
import { migrateLatest } from '../../db/migrate';
import { DEMO_ADMIN_EMAIL, ensureAdminAndSeed, StartupRefused } from '../../db/seeds/first-start';
import { createAccount } from '../../services/staff/accounts';
import { startServerProcess } from '../support/server-process';
import { createServerDatabase, createTestDatabase } from '../support/test-db';

// The clinic's clock at the first start: the demo content is laid out around it.
const NOW = new Date('2026-11-24T04:30:00Z');

let db: Database | undefined;
afterEach(async () => {
  await db?.close();
  db = undefined;
});

describe('first start (OPS-6)', () => {
  it('creates a demo admin with a generated password, printed once, and the demo content', async () => {
    db = await createTestDatabase();
    const lines: string[] = [];
    await ensureAdminAndSeed(db.knex, loadConfig({}), (l) => lines.push(l), NOW);
    const users = await db.knex('users');
    expect(users.map((u) => u.email)).toEqual([DEMO_ADMIN_EMAIL]);
    const passwordLine = lines.find((l) => l.includes('password:'))!;
    expect(passwordLine).toMatch(/password: [A-Za-z0-9]{16}$/);
    expect(await db.knex('blog_posts').count('* as n').first()).not.toEqual({ n: 0 });

    const again: string[] = [];
    await ensureAdminAndSeed(db.knex, loadConfig({}), (l) => again.push(l), NOW);
    expect(again.join('\n')).not.toContain('password');
    expect(await db.knex('users').count('* as n').first()).toEqual({ n: 1 });
  });

  it('uses ADMIN_EMAIL/ADMIN_PASSWORD and skips demo content with SEED_DEMO=false', async () => {
    db = await createTestDatabase();
    await ensureAdminAndSeed(
      db.knex,
      loadConfig({ ADMIN_EMAIL: 'owner@clinic.test', ADMIN_PASSWORD: 'a-long-Secret-2026', SEED_DEMO: 'false' }),
      () => {},
      NOW,
    );
    expect((await db.knex('users')).map((u) => u.email)).toEqual(['owner@clinic.test']);
    expect(await db.knex('blog_posts').count('* as n').first()).toEqual({ n: 0 });
  });

  it('refuses a weak ADMIN_PASSWORD', async () => {
    db = await createTestDatabase();
    await expect(
      ensureAdminAndSeed(db.knex, loadConfig({ ADMIN_EMAIL: 'owner@clinic.test', ADMIN_PASSWORD: 'password123' }), () => {}, NOW),
    ).rejects.toBeInstanceOf(StartupRefused);
  });

  it('refuses to start in production with no admin account and no default password', async () => {
    db = await createTestDatabase();
    await expect(ensureAdminAndSeed(db.knex, loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.clinic.test:587' }), () => {}, NOW)).rejects.toThrow(
      /No admin account exists/,
    );
    expect(await db.knex('users').count('* as n').first()).toEqual({ n: 0 });
    expect(await db.knex('blog_posts').count('* as n').first()).toEqual({ n: 0 });
  });
});

const PRODUCTION = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail.clinic.test:587' };

describe('the first owner in production (AUTH-11)', () => {
  it('must change the password ADMIN_PASSWORD gave them before anything else; outside production they need not', async () => {
    db = await createTestDatabase();
    await ensureAdminAndSeed(db.knex, loadConfig({ ...PRODUCTION, ADMIN_EMAIL: 'owner@clinic.test', ADMIN_PASSWORD: 'a-long-Secret-2026' }), () => {}, NOW);
    expect(await db.knex('users').first('email', 'role', 'mustChangePassword')).toEqual({ email: 'owner@clinic.test', role: 'owner', mustChangePassword: true });
    await db.close();

    db = await createTestDatabase();
    await ensureAdminAndSeed(db.knex, loadConfig({ ADMIN_EMAIL: 'owner@clinic.test', ADMIN_PASSWORD: 'a-long-Secret-2026' }), () => {}, NOW);
    expect(await db.knex('users').first('mustChangePassword')).toEqual({ mustChangePassword: false });
  });

  it("refuses deploy/env.example's placeholder ADMIN_PASSWORD, by the product's own password rules", async () => {
    const example = fs.readFileSync(new URL('../../../deploy/env.example', import.meta.url), 'utf8');
    const env = Object.fromEntries(example.split('\n').filter((l) => /^[A-Z_]+=/.test(l)).map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]));
    expect(env.ADMIN_PASSWORD).toBeTruthy();
    expect(accountPasswordSchema.safeParse(env.ADMIN_PASSWORD).error?.issues.map((i) => i.message)).toEqual(['This password is a placeholder. Please choose your own.']);

    db = await createTestDatabase();
    const start = ensureAdminAndSeed(db.knex, loadConfig({ ...PRODUCTION, ADMIN_EMAIL: env.ADMIN_EMAIL, ADMIN_PASSWORD: env.ADMIN_PASSWORD }), () => {}, NOW);
    await expect(start).rejects.toThrow(new StartupRefused('ADMIN_PASSWORD: This password is a placeholder. Please choose your own.'));
    expect(await db.knex('users').count('* as n').first()).toEqual({ n: 0 });
  });
});

describe('a changed ADMIN_EMAIL (AUTH-14)', () => {
  const owner = { email: 'owner@clinic.test', password: 'a-long-Secret-2026' };

  it('refuses to start rather than create a second owner, naming the three ways out; the same address starts as before', async () => {
    db = await createTestDatabase();
    await ensureAdminAndSeed(db.knex, loadConfig({ ...PRODUCTION, ADMIN_EMAIL: owner.email, ADMIN_PASSWORD: owner.password }), () => {}, NOW);

    const changed = loadConfig({ ...PRODUCTION, ADMIN_EMAIL: 'new.owner@clinic.test', ADMIN_PASSWORD: 'another-long-Secret-9' });
    const error = await ensureAdminAndSeed(db.knex, changed, () => {}, NOW).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StartupRefused);
    const message = (error as Error).message;
    expect(message).toContain('ADMIN_EMAIL is new.owner@clinic.test, which has no account, and the clinic already has an owner (owner@clinic.test).');
    expect(message).toContain('set ADMIN_EMAIL back to owner@clinic.test');
    expect(message).toContain('remove ADMIN_EMAIL and ADMIN_PASSWORD');
    expect(message).toContain('npm run admin -- create new.owner@clinic.test');
    expect((await db.knex('users')).map((u) => u.email)).toEqual([owner.email]);

    // Any spelling of the existing address is the existing account; no address at all changes nothing.
    await ensureAdminAndSeed(db.knex, loadConfig({ ...PRODUCTION, ADMIN_EMAIL: 'Owner@Clinic.test', ADMIN_PASSWORD: owner.password }), () => {}, NOW);
    await ensureAdminAndSeed(db.knex, loadConfig(PRODUCTION), () => {}, NOW);
    expect((await db.knex('users')).map((u) => u.email)).toEqual([owner.email]);
  });

  it('a clinic whose only accounts are receptionists may still get its owner from ADMIN_EMAIL', async () => {
    db = await createTestDatabase();
    await createAccount(db.knex, 'desk@clinic.test', 'front-desk-Long-1', 'Desk', 'receptionist');
    await ensureAdminAndSeed(db.knex, loadConfig({ ...PRODUCTION, ADMIN_EMAIL: owner.email, ADMIN_PASSWORD: owner.password }), () => {}, NOW);
    expect((await db.knex('users').where({ role: 'owner' })).map((u) => u.email)).toEqual([owner.email]);
  });

  it('the server process exits with the refused-start code (78, OPS-22) and says why', { timeout: 180_000 }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinic-admin-email-'));
    const env: Record<string, string> = { ...PRODUCTION, DATA_DIR: dataDir, ADMIN_EMAIL: 'new.owner@clinic.test', ADMIN_PASSWORD: 'another-long-Secret-9' };
    let drop = async () => {};
    if (process.env.TEST_DATABASE_URL) {
      const server = await createServerDatabase();
      env.DATABASE_URL = server.url;
      drop = server.drop;
    }
    try {
      const existing = await createDbFromConfig({ databaseUrl: env.DATABASE_URL, dataDir });
      await migrateLatest(existing.knex);
      await createAccount(existing.knex, owner.email, owner.password, 'Dr. Owner');
      await existing.close();
      await expect(startServerProcess(env)).rejects.toThrow(/server exited \(78\) before listening:[\s\S]*already has an owner \(owner@clinic\.test\)[\s\S]*npm run admin -- create new\.owner@clinic\.test/);
    } finally {
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
