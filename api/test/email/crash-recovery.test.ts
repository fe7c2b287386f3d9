import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicToday, isSunday } from '../../../shared/domain/clinic-time';
import { createDb, type Database } from '../../db/knex';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { SmtpPeer } from '../support/smtp-peer';
import { createServerDatabase } from '../support/test-db';

// The real server as a child process, killed with SIGKILL as a crash or the OOM killer would, then
// restarted on the same database (PGlite in a temporary DATA_DIR, or a new database on TEST_DATABASE_URL's
// server), with a real SMTP peer. Timings are printed, and bounded generously for a loaded 2-core machine:
// the outbox lease is 10 s, the old one was 120 s.

const RESTART_TO_DELIVERY_MAX_MS = 15_000;
// Starting the server (tsx, PGlite's WebAssembly, recovery) takes 5 s on an idle 2-core machine and over a
// minute on a loaded one; what is measured is the time from the restarted server listening.
const slow = { timeout: 300_000 };

interface Target {
  env: Record<string, string>;
  open(): Promise<Database>;
  drop(): Promise<void>;
}

let target: Target;
let peer: SmtpPeer;
let server: ServerProcess;
const timings: Record<string, number> = {};
const killedRows: { email: string; messageId: string }[] = [];

const env = () => ({
  ...target.env,
  NODE_ENV: 'test',
  SEED_DEMO: 'false',
  ADMIN_EMAIL: 'owner@clinic.test',
  ADMIN_PASSWORD: 'crash-test-Password-2026',
  SMTP_URL: peer.url,
  MAIL_FROM: 'Clinic <no-reply@clinic.test>',
  CLINIC_NOTIFY_EMAIL: 'front-desk@clinic.test',
  BOOKING_SLOT_CAPACITY: '100',
  // The burst books from one address; the public form's per-address rate limit would refuse it.
  BOOKING_RATE_LIMIT_PER_ADDRESS: '0',
});

beforeAll(async () => {
  peer = await new SmtpPeer().start();
  target = await createTarget();
  server = await startServerProcess(env());
}, slow.timeout);

afterAll(async () => {
  await server?.kill();
  await peer?.stop();
  await target?.drop();
  console.log(`crash-recovery timings (${process.env.TEST_DATABASE_URL ? 'server' : 'PGlite'}):`, timings);
}, slow.timeout);

describe('mail after a crash', () => {
  it('sends the mail a killed worker was sending within seconds of the restart', slow, async () => {
    let stalled!: () => void;
    const inData = new Promise<void>((resolve) => (stalled = resolve));
    let answer!: (accept: boolean) => void;
    peer.onDataStart = () => {
      peer.onDataStart = null;
      stalled();
      return new Promise<boolean>((resolve) => (answer = resolve));
    };
    expect((await book(server, 'stalled', 1001)).status).toBe(201);
    await inData;
    const killedAt = Date.now();
    await server.kill();
    answer(false); // the half-sent copy is not kept

    server = await startServerProcess(env());
    const ack = await peer.waitFor((a) => recipient(a.mail) === 'stalled@example.in', 60_000);
    await peer.waitFor((a) => recipient(a.mail) === 'front-desk@clinic.test', 30_000); // the booking's second email
    Object.assign(timings, {
      stalledRestartMs: server.listeningAt - killedAt,
      stalledDeliveryAfterSpawnMs: ack.at - server.spawnedAt,
      stalledDeliveryAfterListeningMs: ack.at - server.listeningAt,
    });
    expect(ack.at - server.listeningAt).toBeLessThanOrEqual(RESTART_TO_DELIVERY_MAX_MS);
    expect(peer.received.filter((m) => m.messageId === ack.mail.messageId)).toHaveLength(1);
    killedRows.push({ email: 'stalled@example.in', messageId: ack.mail.messageId! });
  });

  it('sends again, with the same Message-ID, a message the SMTP server accepted just before the crash', slow, async () => {
    let killedAt = 0;
    peer.beforeReply = async (mail) => {
      if (recipient(mail) !== 'accepted@example.in') return;
      peer.beforeReply = null;
      await server.kill(); // the peer has the whole message; the sender dies before it hears "250"
      killedAt = Date.now();
    };
    expect((await book(server, 'accepted', 1002)).status).toBe(201);
    const first = await peer.waitFor((a) => recipient(a.mail) === 'accepted@example.in', 30_000);
    await waitUntil(() => killedAt > 0, 30_000);

    server = await startServerProcess(env());
    const again = await peer.waitFor((a) => a !== first && recipient(a.mail) === 'accepted@example.in', 60_000);
    Object.assign(timings, {
      duplicateDeliveryAfterSpawnMs: again.at - server.spawnedAt,
      duplicateDeliveryAfterListeningMs: again.at - server.listeningAt,
    });
    expect(again.at - server.listeningAt).toBeLessThanOrEqual(RESTART_TO_DELIVERY_MAX_MS);
    expect(first.mail.messageId).toMatch(/^<[0-9a-f-]{36}@clinic\.test>$/);
    expect(again.mail.messageId).toBe(first.mail.messageId);
    expect(again.mail.subject).toBe(first.mail.subject);
    // Line folding may differ between copies; SEC-7: so does the personal link, made at each send, and both open it.
    const link = /\/appointment\/([A-Za-z0-9_-]{43})/;
    const [firstToken, againToken] = [first, again].map((a) => link.exec(squeeze(a.mail.text))![1]);
    expect(squeeze(again.mail.text).replace(againToken, 'T')).toBe(squeeze(first.mail.text).replace(firstToken, 'T'));
    for (const token of [firstToken, againToken]) expect((await fetch(`${server.url}/api/appointment-links/${token}`)).status).toBe(200);
    killedRows.push({ email: 'accepted@example.in', messageId: first.mail.messageId! });
  });
});

describe('data after a crash', () => {
  it('keeps every booking acknowledged before a kill -9 in the middle of a burst', slow, async () => {
    const total = 80;
    const acknowledged: { id: number; email: string }[] = [];
    let next = 0;
    let killing: Promise<void> | null = null;
    const lane = async () => {
      while (next < total) {
        // Names hold letters only (booking rule), so the number is spelled in letters: 0 -> a, 27 -> bb.
        const email = `burst${lettersFor(next)}@example.in`;
        next += 1;
        try {
          const res = await book(server, email.split('@')[0], next);
          if (res.status !== 201) continue;
          acknowledged.push({ id: ((await res.json()) as { id: number }).id, email });
          if (acknowledged.length === 30) killing = server.kill();
        } catch {
          // Cut off by the kill: unknown whether it was stored, so nothing is asserted about it.
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, lane));
    await killing;
    expect(acknowledged.length).toBeGreaterThanOrEqual(30);
    expect(acknowledged.length).toBeLessThan(total); // the kill came mid-burst

    server = await startServerProcess(env());
    expect(await server.stop()).toBe(0); // and a graceful stop (OPS-12) after the restart
    const db = await target.open();
    try {
      const ids = new Set((await db.knex('appointments').select('id')).map((r) => r.id as number));
      expect(acknowledged.filter((a) => !ids.has(a.id))).toEqual([]);
      const queued = new Set((await db.knex('email_outbox').select('toAddress')).map((r) => r.toAddress as string));
      expect(acknowledged.filter((a) => !queued.has(a.email))).toEqual([]);

      // The rows behind the two crashed sends: sent, on a second attempt, with the Message-ID the peer saw.
      for (const { email, messageId } of killedRows) {
        const row = await db.knex('email_outbox').where({ toAddress: email }).first();
        expect(row).toMatchObject({ attempts: 2, messageId, lockedBy: null });
        expect(row.sentAt).toBeInstanceOf(Date);
        expect(messageId).toBe(`<${row.messageUuid}@clinic.test>`);
      }
    } finally {
      await db.close();
    }
  });
});

async function createTarget(): Promise<Target> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'clinic-crash-'));
  const removeDir = () => fs.rm(dataDir, { recursive: true, force: true });
  if (!process.env.TEST_DATABASE_URL) {
    return {
      env: { DATA_DIR: dataDir },
      open: () => createDb({ pgliteDir: path.join(dataDir, 'pglite') }),
      drop: removeDir,
    };
  }
  const database = await createServerDatabase();
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: database.url },
    open: () => createDb({ databaseUrl: database.url, poolMax: 2 }),
    drop: async () => {
      await database.drop();
      await removeDir();
    },
  };
}

/** A valid public booking a few days ahead (not a Sunday), within any booking window. */
function book(to: ServerProcess, who: string, n: number): Promise<Response> {
  return fetch(`${to.url}/api/appointments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: to.url },
    body: JSON.stringify({
      firstName: 'Crash',
      lastName: who,
      email: `${who}@example.in`,
      phone: `+91 97${String(n).padStart(8, '0')}`,
      preferredDate: bookableDate(),
      preferredTime: '11:00',
      treatment: 'consultation',
    }),
  });
}

const lettersFor = (n: number): string => String.fromCharCode(97 + (n % 26)).repeat(1 + Math.floor(n / 26));

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

const squeeze = (text = '') => text.replace(/\s+/g, '');

async function waitUntil(check: () => boolean, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
