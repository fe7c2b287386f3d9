import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { createLogger } from '../../logger';
import { smtpMailer } from '../../services/mailer';
import { OutboxWorker } from '../../services/outbox-worker';
import { SmtpPeer } from '../support/smtp-peer';
import { startTestApp, type TestApp } from '../support/test-app';

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
    knex: app.deps.knex,
    mailer: smtpMailer(peer.url, { secure: false, ignoreTLS: true }),
    logger: createLogger('silent'),
    from: 'Clinic <no-reply@clinic.test>',
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
});

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
  expect(rows.every((r) => r.sentAt !== null && r.attempts === 1)).toBe(true);
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
  for (const row of failed) {
    expect(row.sentAt).toBeNull();
    expect(row.attempts).toBe(1);
    expect(row.lastError).toBeTruthy();
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() - 50);
  }

  await peer.start(port);
  await new Promise((r) => setTimeout(r, 150)); // past the first backoff (100 ms)
  expect(await worker.drain()).toBe(2);
  expect(await worker.drain()).toBe(0);

  expect(peer.received.map((m) => m.subject?.slice(0, 20)).sort()).toHaveLength(2);
  const rows = await app.deps.knex('email_outbox').orderBy('id');
  expect(rows.map((r) => r.attempts)).toEqual([2, 2]);
  expect(rows.every((r) => r.sentAt && r.lastError === null)).toBe(true);
});

it('never lets two workers send the same message', async () => {
  const second = new OutboxWorker({
    knex: app.deps.knex,
    mailer: smtpMailer(peer.url, { secure: false, ignoreTLS: true }),
    logger: createLogger('silent'),
    from: 'Clinic <no-reply@clinic.test>',
  });
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
