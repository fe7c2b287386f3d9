import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicToday, isSunday } from '../../../shared/domain/clinic-time';
import { createDb } from '../../db/knex';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { SmtpPeer } from '../support/smtp-peer';
import { createServerDatabase } from '../support/test-db';

// OPS-14: two real server processes (`npm start` as production runs it, from source here) on one PostgreSQL
// database, as behind a load balancer, behave as one: a session made through one works on the other, a change
// made through one is served by the other at once (its public cache and rendered pages, SITE-27, invalidated
// through PostgreSQL, whoever wrote the change), the booking rate limit counts across both, and every email
// is sent once. Server database only: PGlite is one process's own. Timeouts are generous: the machine running
// this is small and shared.

const slow = { timeout: 300_000 };
const ADMIN_EMAIL = 'owner@clinic.test';
const ADMIN_PASSWORD = 'two-servers-Password-2026';
const FRONT_DESK = 'front-desk@clinic.test';

if (process.env.TEST_DATABASE_URL) {
  describe('two server processes on one database', () => {
    let database: { url: string; drop(): Promise<void> };
    let dataDir: string;
    let peer: SmtpPeer;
    let a: ServerProcess;
    let b: ServerProcess;
    let session: string;

    beforeAll(async () => {
      peer = await new SmtpPeer().start();
      database = await createServerDatabase();
      dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'clinic-two-'));
      const env = {
        DATA_DIR: dataDir,
        DATABASE_URL: database.url,
        NODE_ENV: 'test',
        SEED_DEMO: 'false',
        ADMIN_EMAIL,
        ADMIN_PASSWORD,
        SMTP_URL: peer.url,
        MAIL_FROM: 'Clinic <no-reply@clinic.test>',
        CLINIC_NOTIFY_EMAIL: FRONT_DESK,
        BOOKING_SLOT_CAPACITY: '100',
        BOOKING_RATE_LIMIT_PER_ADDRESS: '2',
        // Behind the balancer, the client's address comes from X-Forwarded-For.
        TRUST_PROXY: 'true',
      };
      // One after the other: the first migrates and seeds, the second finds it done.
      a = await startServerProcess(env);
      b = await startServerProcess(env);
    }, slow.timeout);

    afterAll(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
      await peer?.stop();
      await database?.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    }, slow.timeout);

    const call = (to: ServerProcess, route: string, init: { method?: string; json?: unknown; cookie?: string; from?: string } = {}) =>
      fetch(`${to.url}${route}`, {
        method: init.method ?? 'GET',
        headers: {
          'content-type': 'application/json',
          origin: to.url,
          ...(init.cookie ? { cookie: init.cookie } : {}),
          ...(init.from ? { 'x-forwarded-for': init.from } : {}),
        },
        body: init.json === undefined ? undefined : JSON.stringify(init.json),
      });

    it('serves a session made through one process on the other', async () => {
      const res = await call(a, '/api/auth/login', { method: 'POST', json: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
      expect(res.status).toBe(200);
      session = res.headers.getSetCookie().find((c) => c.startsWith('sid='))!.split(';')[0];
      const me = await call(b, '/api/auth/me', { cookie: session });
      expect(me.status).toBe(200);
      expect(await me.json()).toMatchObject({ user: { email: ADMIN_EMAIL } });
    }, slow.timeout);

    it("shows a post published through one process in the other's cached public list and pages within 2 s", async () => {
      const titles = async () => ((await (await call(b, '/api/blog-posts')).json()) as { title: string }[]).map((p) => p.title);
      const pageOf = async (path: string) => (await call(b, path)).text();
      // Warm B's caches: the list and the rendered blog pages (SITE-27) are now kept in B's memory.
      expect(await titles()).toEqual([]);
      expect(await titles()).toEqual([]);
      for (const path of ['/blogs', '/mr/blogs']) {
        expect(await pageOf(path)).not.toContain('Two Servers, One Clinic');
        expect(await pageOf(path)).not.toContain('Two Servers, One Clinic');
      }

      const created = await call(a, '/api/admin/blog-posts', {
        method: 'POST',
        cookie: session,
        json: { title: 'Two Servers, One Clinic', excerpt: 'Seen everywhere at once.', content: '<p>Hello.</p>', isPublished: true },
      });
      expect(created.status, await created.clone().text()).toBe(201);
      const publishedAt = Date.now();

      let seen = await titles();
      while (!seen.includes('Two Servers, One Clinic') && Date.now() - publishedAt < 10_000) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        seen = await titles();
      }
      const delay = Date.now() - publishedAt;
      console.log(`two-servers: the post reached B's cached list ${delay} ms after A answered`);
      expect(seen).toContain('Two Servers, One Clinic');
      expect(delay).toBeLessThanOrEqual(2_000);
      // The list reached B, so its announcement did: B's kept pages were dropped with it.
      for (const path of ['/blogs', '/mr/blogs']) expect(await pageOf(path), path).toContain('Two Servers, One Clinic');
    }, slow.timeout);

    it("shows a review approved by any writer (here plain SQL, as psql would) on the other's cached home page within 2 s", async () => {
      const home = async () => (await call(b, '/')).text();
      const writer = await createDb({ databaseUrl: database.url });
      try {
        const [{ id: appointmentId }] = await writer
          .knex('appointments')
          .insert({ firstName: 'Asha', lastName: 'Rao', email: 'asha@example.in', phone: '+91 98220 11111', treatment: 'cleaning', preferredDate: '2026-01-05', preferredTime: '10:00', status: 'completed' })
          .returning('id');
        const [{ id }] = await writer.knex('reviews').insert({ appointmentId, rating: 5, text: 'Seen on every server', displayName: 'A. R.' }).returning('id');
        expect(await home()).not.toContain('Seen on every server');
        expect(await home()).not.toContain('Seen on every server'); // kept in B's memory now

        await writer.knex('reviews').where({ id }).update({ status: 'approved', approvedAt: new Date() });
        const approvedAt = Date.now();
        let html = await home();
        while (!html.includes('Seen on every server') && Date.now() - approvedAt < 10_000) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          html = await home();
        }
        const delay = Date.now() - approvedAt;
        console.log(`two-servers: the approved review reached B's cached home page ${delay} ms after the write`);
        expect(html).toContain('Seen on every server');
        expect(delay).toBeLessThanOrEqual(2_000);
      } finally {
        await writer.close();
      }
    }, slow.timeout);

    it('counts booking requests from one address across both processes, and sends each email once', async () => {
      const ok1 = await call(a, '/api/appointments', { method: 'POST', from: '203.0.113.7', json: booking('first', 1) });
      expect(ok1.status, await ok1.clone().text()).toBe(201);
      const ok2 = await call(a, '/api/appointments', { method: 'POST', from: '203.0.113.7', json: booking('second', 2) });
      expect(ok2.status).toBe(201);
      const refused = await call(b, '/api/appointments', { method: 'POST', from: '203.0.113.7', json: booking('third', 3) });
      expect(refused.status).toBe(429);
      // Another address is still welcome, on B.
      const ok3 = await call(b, '/api/appointments', { method: 'POST', from: '203.0.113.8', json: booking('fourth', 4) });
      expect(ok3.status).toBe(201);

      // Each booking mails the patient and the front desk. Both processes' outbox workers run; wait for all
      // six, then a while longer for any duplicate.
      await waitUntil(() => peer.received.length >= 6, 120_000);
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      const perRecipient: Record<string, number> = {};
      for (const mail of peer.received) perRecipient[recipient(mail)] = (perRecipient[recipient(mail)] ?? 0) + 1;
      expect(perRecipient).toEqual({
        'first@example.in': 1,
        'second@example.in': 1,
        'fourth@example.in': 1,
        [FRONT_DESK]: 3,
      });
      expect(new Set(peer.received.map((m) => m.messageId)).size).toBe(6);
    }, slow.timeout);
  });
}

// The embedded database has no server to share: a second process on its folder is refused, not let in to
// corrupt it (docs/operations.md).
it('refuses a second process on one embedded database', async () => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'clinic-one-'));
  const first = await createDb({ pgliteDir: path.join(dataDir, 'pglite') });
  try {
    await expect(startServerProcess({ DATA_DIR: dataDir, NODE_ENV: 'test', SEED_DEMO: 'false' })).rejects.toThrow(
      `in use by process ${process.pid}`,
    );
  } finally {
    await first.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}, slow.timeout);

function booking(who: string, n: number) {
  return {
    firstName: 'Two',
    lastName: who,
    email: `${who}@example.in`,
    phone: `+91 96${String(n).padStart(8, '0')}`,
    preferredDate: bookableDate(),
    preferredTime: '11:00',
    treatment: 'consultation',
  };
}

/** Two days ahead by the machine's clock: the server processes here run on it, as in production. */
function bookableDate(): string {
  const day = new Date(`${clinicToday(new Date())}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 2);
  if (isSunday(day.toISOString().slice(0, 10))) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

function recipient(mail: ParsedMail): string {
  const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
  return to?.value[0]?.address ?? '';
}

async function waitUntil(check: () => boolean, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
