import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { createLogger } from '../../logger';
import { smtpMailer } from '../../platform/mail/mailer';
import { enqueueEmail } from '../../platform/mail/outbox';
import { purgeSentEmails } from '../../platform/mail/outbox-retention';
import { OutboxWorker } from '../../platform/mail/outbox-worker';
import { SmtpPeer } from '../support/smtp-peer';
import { createTestDatabase } from '../support/test-db';
import type { Database } from '../../db/knex';
import { sendableBodies } from '../../services/appointments/manage-links';

// Sent emails hold patients' details; after EMAIL_RETENTION_DAYS their recipient, subject and bodies are
// blanked and the row stays as the record that a message went out.

const DAY = 24 * 60 * 60_000;
// The product's clock here (CLINIC-12): sent_at, the retention age and purged_at are all read from it.
const NOW = new Date('2026-11-24T05:00:00Z');
let db: Database;
let peer: SmtpPeer;

beforeAll(async () => {
  db = await createTestDatabase();
  peer = await new SmtpPeer().start();
});
afterAll(async () => {
  await peer?.stop();
  await db?.close();
});
beforeEach(async () => {
  await db.knex('email_outbox').delete();
});

const worker = (retentionDays?: number, log?: (line: string) => void) =>
  new OutboxWorker({
    makeLinks: sendableBodies,
    knex: db.knex,
    mailer: smtpMailer(peer.url, { secure: false, ignoreTLS: true }),
    logger: log ? createLogger('info', log) : createLogger('silent'),
    from: 'Clinic <no-reply@clinic.test>',
    now: () => NOW,
    retentionDays,
  });

async function queue(count: number, to = 'asha@example.in'): Promise<void> {
  await db.knex.transaction(async (trx) => {
    for (let i = 0; i < count; i++) {
      await enqueueEmail(trx, {
        kind: 'booking-acknowledgement',
        to,
        subject: 'Your appointment, Asha Kulkarni',
        html: '<p>Root canal on 24 November</p>',
        text: 'Root canal on 24 November',
      });
    }
  });
}

const rows = () => db.knex('email_outbox').orderBy('id');

describe('purging sent emails', () => {
  it('keeps them for the retention period, then blanks recipient, subject and bodies and keeps the record', async () => {
    await queue(2);
    expect(await worker().drain()).toBe(2);
    await queue(1, 'unsent@example.in'); // not sent yet: never purged, whatever its age
    const [sent] = await rows();
    // Sent and purged by the product's clock, not the machine's or the database's.
    expect(sent.sentAt).toEqual(NOW);
    const sentAt = NOW.getTime();

    expect(await purgeSentEmails(db.knex, { retentionDays: 90, now: new Date(sentAt + 89 * DAY) })).toBe(0);
    expect((await rows()).every((r) => r.subject && r.html && r.toAddress && r.purgedAt === null)).toBe(true);

    const before = await rows();
    expect(await purgeSentEmails(db.knex, { retentionDays: 90, now: new Date(sentAt + 91 * DAY) })).toBe(2);
    const after = await rows();
    for (const [i, row] of after.slice(0, 2).entries()) {
      expect(row).toMatchObject({ toAddress: '', subject: '', html: '', textBody: '', lastError: null });
      expect(row.purgedAt).toEqual(new Date(sentAt + 91 * DAY));
      // What stays: the record that this kind of message went out, when, and with which Message-ID.
      const { kind, sentAt: at, messageId, messageUuid, attempts, createdAt } = before[i];
      expect(row).toMatchObject({ kind, sentAt: at, messageId, messageUuid, attempts, createdAt });
    }
    expect(after[2]).toMatchObject({ toAddress: 'unsent@example.in', sentAt: null, purgedAt: null });
    expect(after[2].html).toContain('Root canal');

    expect(await purgeSentEmails(db.knex, { retentionDays: 90, now: new Date(sentAt + 200 * DAY) })).toBe(0);
    expect((await rows())[0].purgedAt).toEqual(after[0].purgedAt);
  });

  it('purges each row once when several processes run it at the same moment', async () => {
    await queue(30);
    await db.knex('email_outbox').update({ sentAt: NOW });
    const now = new Date(NOW.getTime() + 100 * DAY);
    const counts = await Promise.all([1, 2, 3].map(() => purgeSentEmails(db.knex, { retentionDays: 90, now })));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(30);
    expect((await rows()).every((r) => r.purgedAt && r.html === '')).toBe(true);
  });

  it('runs from the outbox worker’s loop, at most hourly', async () => {
    await queue(2);
    expect(await worker().drain()).toBe(2);
    const [first, second] = await rows();
    const monthsAgo = new Date(NOW.getTime() - 91 * DAY);
    await db.knex('email_outbox').where({ id: first.id }).update({ sentAt: monthsAgo });

    const events: string[] = [];
    const looping = worker(90, (line) => events.push(JSON.parse(line).event));
    looping.start();
    await waitUntil(async () => (await rows())[0].purgedAt !== null);
    expect(events).toContain('emails_purged');

    // A second pass in the same hour sends mail but leaves retention alone.
    await db.knex('email_outbox').where({ id: second.id }).update({ sentAt: monthsAgo });
    await queue(1, 'later@example.in');
    looping.nudge();
    await waitUntil(async () => events.includes('email_sent'));
    await sleep(300);
    await looping.stop();
    expect((await rows()).map((r) => r.purgedAt !== null)).toEqual([true, false, false]);
    expect(events.filter((e) => e === 'emails_purged')).toHaveLength(1);
  });

  it('takes EMAIL_RETENTION_DAYS from the environment: 90 days unless set, at least 1', () => {
    expect(loadConfig({}).emailRetentionDays).toBe(90);
    expect(loadConfig({ EMAIL_RETENTION_DAYS: '30' }).emailRetentionDays).toBe(30);
    expect(() => loadConfig({ EMAIL_RETENTION_DAYS: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ EMAIL_RETENTION_DAYS: 'forever' })).toThrow(/EMAIL_RETENTION_DAYS/);
  });
});

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out');
    await sleep(50);
  }
}
