import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { createLogger } from '../../logger';
import { smtpMailer } from '../../platform/mail/mailer';
import { enqueueEmail } from '../../platform/mail/outbox';
import { OutboxWorker, type OutboxWorkerOptions } from '../../platform/mail/outbox-worker';
import { SmtpPeer } from '../support/smtp-peer';
import { startTestApp, type TestApp } from '../support/test-app';
import { sendableBodies } from '../../services/appointments/manage-links';

const booking = {
  firstName: 'Rohan',
  lastName: 'Patil',
  email: 'rohan@example.in',
  phone: '+91 98220 55555',
  preferredDate: '2026-11-24',
  preferredTime: '18:00',
  treatment: 'rootcanal',
};

let app: TestApp;
let peer: SmtpPeer;
let worker: OutboxWorker;

beforeAll(async () => {
  app = await startTestApp({ config: { clinicNotifyEmail: 'front-desk@clinic.test' } });
  app.clock.set('2026-11-23T05:00:00Z');
  peer = await new SmtpPeer().start();
  worker = new OutboxWorker({
    makeLinks: sendableBodies,
    knex: app.deps.knex,
    mailer: smtpMailer(peer.url, { secure: false, ignoreTLS: true }),
    logger: createLogger('silent'),
    from: 'Clinic <no-reply@clinic.test>',
    now: app.deps.now,
    retryBaseMs: 100,
  });
});
afterAll(async () => {
  await worker?.stop();
  await peer?.stop();
  await app?.close();
});
beforeEach(async () => {
  await app.deps.knex('email_outbox').delete();
  await app.deps.knex('appointments').delete();
  peer.received.length = 0;
  peer.arrivals.length = 0;
});

const newWorker = (options: Partial<OutboxWorkerOptions> = {}) =>
  new OutboxWorker({
    makeLinks: sendableBodies,
    knex: app.deps.knex,
    mailer: smtpMailer(peer.url, { secure: false, ignoreTLS: true }),
    logger: createLogger('silent'),
    from: 'Clinic <no-reply@clinic.test>',
    now: app.deps.now,
    ...options,
  });

const queue = (count: number) =>
  app.deps.knex.transaction(async (trx) => {
    for (let i = 0; i < count; i++) {
      await enqueueEmail(trx, { kind: 'test', to: `p${i}@example.in`, subject: `Message ${i}`, html: '<p>Hi</p>', text: 'Hi' });
    }
  });

/** The Message-ID each row is sent with: fixed when the row was created, the same on every attempt. */
const messageIds = async () =>
  (await app.deps.knex('email_outbox').orderBy('id')).map((r) => `<${r.messageUuid}@clinic.test>`);

it('delivers the booking emails to a real SMTP server', async () => {
  expect((await app.request('/api/appointments', { method: 'POST', json: booking })).status).toBe(201);
  expect(await worker.drain()).toBe(2);

  const [ack, notice] = peer.received;
  expect(ack.to && 'text' in ack.to ? ack.to.text : '').toBe('rohan@example.in');
  expect(ack.subject).toContain('We received your appointment request');
  expect(ack.text).toContain('24 November 2026');
  expect(ack.text).toContain('6:00 PM');
  expect(ack.html).toContain('Root Canal');
  expect(notice.to && 'text' in notice.to ? notice.to.text : '').toBe('front-desk@clinic.test');
  expect(notice.subject).toContain('Rohan Patil');

  const rows = await app.deps.knex('email_outbox').orderBy('id');
  expect(rows.every((r) => r.sentAt !== null && r.attempts === 1 && r.lockedBy === null)).toBe(true);
  expect(peer.received.map((m) => m.messageId)).toEqual(await messageIds());
  expect(rows.map((r) => r.messageId)).toEqual(await messageIds());
  expect(await worker.drain()).toBe(0);
  expect(peer.received).toHaveLength(2);
});

it('keeps the booking and the mail through an SMTP outage, then delivers each message once', async () => {
  const port = peer.port;
  await peer?.stop();

  const res = await app.request('/api/appointments', { method: 'POST', json: booking });
  expect(res.status).toBe(201);
  expect(await worker.drain()).toBe(0);

  const failed = await app.deps.knex('email_outbox').orderBy('id');
  expect(failed).toHaveLength(2);
  // A retry soon (100 ms), timed by the database's clock, the one every process shares (CLINIC-12): with the
  // machine's clock moved, a retry by it would wait as long as the two differ.
  const { rows: [{ now: databaseNow }] } = await app.deps.knex.raw<{ rows: { now: Date }[] }>('select now() as now');
  for (const row of failed) {
    expect(row.sentAt).toBeNull();
    expect(row.attempts).toBe(1);
    expect(row.lastError).toBeTruthy();
    expect(Math.abs(row.nextAttemptAt.getTime() - databaseNow.getTime())).toBeLessThan(10_000);
  }

  await peer.start(port);
  await new Promise((r) => setTimeout(r, 150)); // past the first backoff (100 ms)
  expect(await worker.drain()).toBe(2);
  expect(await worker.drain()).toBe(0);

  expect(peer.received.map((m) => m.subject?.slice(0, 20)).sort()).toHaveLength(2);
  const rows = await app.deps.knex('email_outbox').orderBy('id');
  expect(rows.map((r) => r.attempts)).toEqual([2, 2]);
  expect(rows.every((r) => r.sentAt && r.lastError === null)).toBe(true);
  expect(peer.received.map((m) => m.messageId).sort()).toEqual((await messageIds()).sort());
});

it('never lets two workers send the same message', async () => {
  const second = newWorker();
  for (let i = 0; i < 5; i++) {
    expect(
      (await app.request('/api/appointments', { method: 'POST', json: { ...booking, preferredTime: '19:00', email: `p${i}@example.in` } }))
        .status,
    ).toBe(i < 2 ? 201 : 409);
  }
  const [a, b] = await Promise.all([worker.drain(), second.drain()]);
  expect(a + b).toBe(4);
  expect(peer.received).toHaveLength(4);
  await second.stop();
});

it('renews its lease while a send outlasts it, so a second worker never takes the message', async () => {
  const first = newWorker({ leaseMs: 1_000 });
  const second = newWorker({ leaseMs: 1_000 });
  await queue(1);
  peer.onDataStart = () => {
    peer.onDataStart = null;
    return new Promise((resolve) => setTimeout(() => resolve(true), 3_000)); // three leases
  };
  const sending = first.drain();
  await sleep(2_000);
  expect(await second.drain()).toBe(0);
  expect(await sending).toBe(1);
  expect(peer.received).toHaveLength(1);
  expect(await app.deps.knex('email_outbox').first()).toMatchObject({ attempts: 1, lockedBy: null, lockedUntil: null });
});

it('finishes the send under way when stopped (OPS-12) and hands the rest of its batch back at once', async () => {
  const pacedWorker = newWorker({ maxPerSecond: 1 });
  await queue(3);
  pacedWorker.start();
  await peer.waitFor(() => true, 10_000);
  await pacedWorker.stop();

  const rows = await app.deps.knex('email_outbox').orderBy('id');
  expect(rows.filter((r) => r.sentAt)).toHaveLength(1);
  for (const row of rows.filter((r) => !r.sentAt)) {
    expect(row).toMatchObject({ attempts: 0, lockedBy: null, lockedUntil: null });
  }
  expect(await worker.drain()).toBe(2);
});
