import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../db/knex';
import * as outboxLinks from '../../db/migrations/022-outbox-personal-links';
import { hashToken, newManageToken } from '../../services/appointments/manage-links';
import { deliverOutbox, linkToken } from '../support/sent-mail';
import { createTestDatabase } from '../support/test-db';

// Migration 022 (SEC-7) on an outbox an older version filled, with the token of each personal link in the
// body: mail waiting to go gets the placeholder and its link columns, and its old link stops existing;
// mail already sent keeps the placeholder where the token was. Then the worker sends the waiting mail with a
// new, working link.

const BASE = 'https://clinic.example.in';
let db: Database;
let appointmentId: number;
const waiting = newManageToken();
const review = newManageToken();
const sent = newManageToken();

beforeAll(async () => {
  db = await createTestDatabase();
  await outboxLinks.down(db.knex);
  const [a] = await db
    .knex('appointments')
    .insert({ firstName: 'Rohan', lastName: 'Patil', email: 'rohan@example.in', phone: '9822055555', treatment: 'rootcanal', preferredDate: '2099-11-26', preferredTime: '18:00' })
    .returning('id');
  appointmentId = a.id;
  await db.knex('appointment_links').insert([waiting, sent].map((t) => ({ tokenHash: t.hash, appointmentId })));
  await db.knex('review_links').insert({ tokenHash: review.hash, appointmentId });
  const mail = (kind: string, path: string, token: string, sentAt: Date | null) => ({
    kind,
    toAddress: 'rohan@example.in',
    subject: kind,
    html: `<a href="${BASE}${path}${token}">Open</a>`,
    textBody: `Open: ${BASE}${path}${token}`,
    sentAt,
  });
  await db.knex('email_outbox').insert([
    mail('booking-acknowledgement', '/appointment/', waiting.token, null),
    mail('review-request', '/review/', review.token, null),
    mail('appointment-confirmed', '/appointment/', sent.token, new Date('2026-11-20T05:00:00Z')),
  ]);
  await outboxLinks.up(db.knex);
});
afterAll(() => db?.close());

it('leaves no token in any stored email, and names what the waiting ones open', async () => {
  const rows = await db.knex('email_outbox').orderBy('id');
  const text = JSON.stringify(rows);
  for (const t of [waiting, review, sent]) expect(text).not.toContain(t.token);
  expect(rows.map((r) => [r.kind, r.linkKind, r.linkAppointmentId, r.textBody])).toEqual([
    ['booking-acknowledgement', 'manage', appointmentId, `Open: ${BASE}/appointment/{personal-link}`],
    ['review-request', 'review', appointmentId, `Open: ${BASE}/review/{personal-link}`],
    ['appointment-confirmed', null, null, `Open: ${BASE}/appointment/{personal-link}`],
  ]);
  expect(rows[0].html).toBe(`<a href="${BASE}/appointment/{personal-link}">Open</a>`);
  // The waiting mail's old links are gone (their tokens are nowhere now); the sent one's link still works.
  expect(await db.knex('appointment_links').select('tokenHash')).toEqual([{ tokenHash: sent.hash }]);
  expect(await db.knex('review_links').select('tokenHash')).toEqual([]);
});

it('sends the waiting mail with a new link that opens the appointment', async () => {
  // The rows were queued by the database's own clock (its column defaults), so the worker reads the same one.
  const delivered = await deliverOutbox({ knex: db.knex, now: () => new Date() });
  expect(delivered.map((m) => m.kind)).toEqual(['booking-acknowledgement', 'review-request']);
  const manage = linkToken(delivered[0]);
  expect(delivered[0].html).toBe(`<a href="${BASE}/appointment/${manage}">Open</a>`);
  expect(await db.knex('appointment_links').where({ tokenHash: hashToken(manage) }).first('appointmentId')).toEqual({ appointmentId });
  const reviewToken = linkToken(delivered[1], 'review');
  expect(await db.knex('review_links').where({ tokenHash: hashToken(reviewToken) }).first('appointmentId')).toEqual({ appointmentId });
});
