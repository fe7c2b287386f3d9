import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import type { Database } from '../../db/knex';
import { DEMO_ADMIN_EMAIL, ensureAdminAndSeed, StartupRefused } from '../../db/seeds/first-start';
import { createTestDatabase } from '../support/test-db';

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
