import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../logger';
import { hashToken } from '../../services/appointments/manage-links';
import { takeBackup, userTables } from '../../platform/backups/backups';
import { sendDueReminders } from '../../services/appointments/reminders';
import { sendDueReviewRequests } from '../../services/content/reviews';
import { peerOutboxWorker } from '../support/peer-worker';
import { SmtpPeer } from '../support/smtp-peer';
import { onRealServer } from '../support/test-db';
import { startTestApp, type TestApp } from '../support/test-app';

// SEC-7, BOOK-13, REV-2: "a copy of the database opens no appointment". Every email that carries a personal
// or review link (acknowledgements in three languages, a confirmation from the admin and one from a staff
// booking, a reschedule, a reminder, a review request) is delivered by the server's outbox worker to a real
// SMTP peer; the links are taken from the delivered mail and opened. Then a backup as the product takes it,
// a plain dump of every table's text, and every log line written are searched for those live tokens: none.

const NOW = '2026-11-23T05:00:00Z'; // Monday 10:30 in Kolkata
const visitor = { lastName: 'Patil', treatment: 'rootcanal' };

const logged: string[] = [];
let app: TestApp;
let cookie: string;
let tmp: string;

beforeAll(async () => {
  app = await startTestApp({
    config: { publicUrl: 'https://clinic.example.in', bookingRateLimitPerAddress: 0 },
    logger: createLogger('debug', (line) => logged.push(line)),
  });
  cookie = await app.signIn();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'token-at-rest-'));
});
afterAll(async () => {
  await app?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

async function book(firstName: string, language: string, preferredDate: string, preferredTime: string, n: number): Promise<number> {
  const res = await app.request('/api/appointments', {
    method: 'POST',
    json: { ...visitor, firstName, email: `${firstName.toLowerCase()}@example.in`, phone: `+91 98220 5555${n}`, preferredDate, preferredTime, language },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** Every file of a backup (and of the archives inside it) as text, so a token anywhere in it is found. */
function backupText(file: string): string {
  const dir = fs.mkdtempSync(path.join(tmp, 'x-'));
  tar.extract({ file, cwd: dir, sync: true });
  let text = '';
  for (const name of fs.readdirSync(dir)) {
    const bytes = fs.readFileSync(path.join(dir, name));
    if (name.endsWith('.tar.gz')) {
      const inner = fs.mkdtempSync(path.join(tmp, 'y-'));
      fs.writeFileSync(path.join(inner, 'a.tar'), zlib.gunzipSync(bytes));
      tar.extract({ file: path.join(inner, 'a.tar'), cwd: inner, sync: true });
      for (const f of fs.readdirSync(inner, { recursive: true, withFileTypes: true })) {
        if (f.isFile() && f.name !== 'a.tar') text += fs.readFileSync(path.join(f.parentPath, f.name)).toString('latin1');
      }
    } else {
      text += (name.endsWith('.gz') ? zlib.gunzipSync(bytes) : bytes).toString('latin1');
    }
  }
  return text;
}

describe('a copy of the database or of the log opens no appointment (SEC-7)', () => {
  it('holds no live token, while the links in the delivered emails open their pages', async () => {
    app.clock.set(NOW);
    const rohan = await book('Rohan', 'en', '2026-11-26', '18:00', 1);
    const meera = await book('Meera', 'mr', '2026-11-27', '11:00', 2);
    await book('Kavita', 'hi', '2026-11-27', '12:00', 3);
    expect((await app.request(`/api/admin/appointments/${rohan}`, { method: 'PUT', json: { status: 'confirmed' }, cookie })).status).toBe(200);
    const staff = await app.request('/api/admin/appointments', {
      method: 'POST',
      cookie,
      json: { firstName: 'Sunita', lastName: 'Deshpande', email: 'sunita@example.in', phone: '+91 98220 77777', preferredDate: '2026-11-28', preferredTime: '17:00', treatment: 'cleaning' },
    });
    expect(staff.status).toBe(201);
    const moved = await app.request(`/api/admin/appointments/${meera}/reschedule`, { method: 'PATCH', cookie, json: { preferredDate: '2026-11-28', preferredTime: '11:00' } });
    expect(moved.status).toBe(200);
    await app.deps.knex('appointments').insert({
      firstName: 'Asha', lastName: 'Shinde', email: 'asha@example.in', phone: '9876500000', treatment: 'cleaning', language: 'hi',
      preferredDate: '2026-11-21', preferredTime: '11:00', status: 'completed', completedAt: new Date('2026-11-21T06:00:00Z'),
    });
    app.clock.set('2026-11-25T12:30:00Z'); // Rohan's reminder is due (24 h before)
    expect(await sendDueReminders(app.deps, app.clock.now())).toBe(1);
    expect(await sendDueReviewRequests(app.deps, app.clock.now())).toBe(1);

    // The server's worker delivers everything to a real SMTP peer.
    const peer = await new SmtpPeer().start();
    const worker = peerOutboxWorker(app.deps, peer, app.deps.logger);
    try {
      await worker.drain();
    } finally {
      await worker.stop();
      await peer.stop();
    }
    const kinds = (await app.deps.knex('email_outbox').whereNotNull('sentAt').select('kind')).map((r) => r.kind).sort();
    expect(kinds).toEqual([
      ...Array(3).fill('booking-acknowledgement'), ...Array(3).fill('booking-notification'),
      'appointment-confirmed', 'appointment-confirmed', 'appointment-reminder', 'appointment-rescheduled', 'review-request',
    ].sort());

    const tokensIn = (kind: string) => peer.received.flatMap((m) => [...(m.text ?? '').matchAll(new RegExp(`https://clinic\\.example\\.in/${kind}/([A-Za-z0-9_-]{43})`, 'g'))].map((x) => x[1]));
    const manage = tokensIn('appointment');
    const review = tokensIn('review');
    expect(manage).toHaveLength(7); // 3 acknowledgements, 2 confirmations, the reschedule, the reminder
    expect(review).toHaveLength(1);
    const live = [...manage, ...review];
    expect(new Set(live).size).toBe(live.length);

    // The links in the emails work: each opens its appointment; the pages open (I18N-7: in their language).
    for (const token of manage) expect((await app.request(`/api/appointment-links/${token}`)).status, token).toBe(200);
    expect((await app.request(`/appointment/${manage[0]}`)).status).toBe(200);
    expect((await app.request(`/mr/appointment/${manage[1]}`)).status).toBe(200);
    expect((await app.request(`/review/${review[0]}`)).status).toBe(200);

    // A backup as the product takes it (the embedded database's own dump, or a server's logical dump).
    const file = await takeBackup(app.db, { backupDir: tmp, format: onRealServer() ? 'logical' : 'pglite', now: app.clock.now(), storage: app.deps.storage });
    const inBackup = backupText(file);
    // A plain dump of every table's text.
    const rows: string[] = [];
    for (const table of await userTables(app.deps.knex)) {
      const { rows: r } = await app.deps.knex.raw<{ rows: { t: string }[] }>('select t::text as t from ?? t', [table]);
      rows.push(...r.map((x) => x.t));
    }
    const inTables = rows.join('\n');
    const inLog = logged.join('\n');

    // What the searches see: the links' hashes, the stored emails' placeholders, the requests' lines.
    expect(inBackup).toContain(hashToken(manage[0]));
    expect(inTables).toContain(hashToken(review[0]));
    expect(inTables).toContain('https://clinic.example.in/appointment/{personal-link}');
    expect(inLog).toContain('"path":"/api/appointment-links/[token]"');
    expect(inLog).toContain('"event":"email_sent"');
    for (const token of live) {
      expect(inBackup, 'backup').not.toContain(token);
      expect(inTables, 'tables').not.toContain(token);
      expect(inLog, 'log').not.toContain(token);
    }
  });
});
