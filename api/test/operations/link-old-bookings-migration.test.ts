import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Knex } from 'knex';
import * as linkOldBookings from '../../db/migrations/110-link-old-bookings';
import { seedDemoContent } from '../../db/seeds/demo-content';
import { startTestApp, type TestApp } from '../support/test-app';
import { createTestDatabase } from '../support/test-db';
import type { Database } from '../../db/knex';

// Migration 110 (BOOK-17, PAT-17): appointments stored without a patient are linked by the booking's rule (the
// same phone in normal form and the same first name, else a patient made from the booking), in batches,
// idempotently, with one log line saying what it did. Run on two shapes of data: the demo as the first starts
// before it wrote it (visitors' bookings unlinked, phones as "+91 98220 10000"), and rows as the first release
// stored them (phones as typed, an empty email), beside the cases it must leave alone.

const count = async (q: Knex.QueryBuilder) => Number((await q.count('* as n').first()).n);

/** Everything the migration may touch, to show a second run changes nothing. */
async function snapshot(knex: Knex) {
  return {
    appointments: await knex('appointments').orderBy('id').select('id', 'patientId', 'phone'),
    patients: await knex('patients').orderBy('id').select('id', 'firstName', 'lastName', 'email', 'phone', 'fileNumber', 'mergedIntoId'),
    audit: Number((await knex('auditLog').count('* as n').first())!.n),
  };
}

async function runLogged(knex: Knex): Promise<string[]> {
  const lines: string[] = [];
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  });
  try {
    await knex.transaction((trx) => linkOldBookings.up(trx));
  } finally {
    spy.mockRestore();
  }
  return lines.filter((l) => l.includes('110-link-old-bookings'));
}

describe('on a copy of the demo as first starts wrote it before', () => {
  let app: TestApp;
  let cookie: string;
  let log: string[];
  beforeAll(async () => {
    app = await startTestApp();
    app.clock.set('2026-12-07T04:30:00Z');
    cookie = await app.signIn();
    const knex = app.deps.knex;
    await seedDemoContent(knex, app.deps.now());
    // The demo as it was: the visitors' bookings (phones 97300 ...) had no patient, and phones were spaced.
    const made = await knex('patients').where('phone', 'like', '+9197300%').pluck('id');
    expect(made).toHaveLength(15);
    await knex('appointments').whereIn('patientId', made).update({ patientId: null });
    await knex('patients').whereIn('id', made).delete();
    await knex.raw(`update patients set phone = '+91 ' || substr(phone, 4, 5) || ' ' || substr(phone, 9)`);
    await knex.raw(`update appointments set phone = '+91 ' || substr(phone, 4, 5) || ' ' || substr(phone, 9)`);
    expect(await count(knex('appointments').whereNull('patientId'))).toBe(15);
    log = await runLogged(knex);
  });
  afterAll(() => app?.close());

  it('links every demo appointment: to its patient on file, or to a patient made from the visitor booking', async () => {
    const rows = await app.deps.knex('appointments as a').join('patients as p', 'p.id', 'a.patientId').select('a.firstName', 'a.lastName', 'a.phone', 'p.firstName as pFirst', 'p.lastName as pLast', 'p.phone as pPhone');
    expect(rows).toHaveLength(30);
    expect(await count(app.deps.knex('appointments').whereNull('patientId'))).toBe(0);
    for (const r of rows) expect([r.pFirst, r.pLast, r.pPhone]).toEqual([r.firstName, r.lastName, r.phone]);
    expect(await count(app.deps.knex('patients'))).toBe(24 + 15);
    expect(rows.every((r) => /^\+91\d{10}$/.test(r.phone))).toBe(true);
  });

  it('says what it did in one log line', () => {
    expect(log).toHaveLength(1);
    expect(JSON.parse(log[0])).toMatchObject({ event: 'migration', migration: '110-link-old-bookings', linked: 15, patientsMade: 15, leftUnlinked: 0 });
  });

  it('makes the visitors findable and their visits billable as patients ("Aarav Shinde")', async () => {
    const found = await (await app.request('/api/admin/patients?q=Aarav%20Shinde', { cookie })).json();
    expect(found).toEqual([expect.objectContaining({ firstName: 'Aarav', lastName: 'Shinde', fileNumber: expect.stringMatching(/^SC-\d{6}$/) })]);
    const history = await (await app.request(`/api/admin/patients/${found[0].id}/history`, { cookie })).json();
    expect(history.appointments).toHaveLength(1);
  });

  it('changes nothing when run again', async () => {
    const before = await snapshot(app.deps.knex);
    expect(await runLogged(app.deps.knex)).toEqual([]);
    expect(await snapshot(app.deps.knex)).toEqual(before);
  });
});

describe('on rows shaped like the first release', () => {
  let db: Database;
  const ids: Record<string, number> = {};
  let log: string[];
  beforeAll(async () => {
    db = await createTestDatabase();
    const knex = db.knex;
    const patient = async (key: string, row: Record<string, unknown>) => {
      const [p] = await knex('patients').insert({ lastName: 'Kulkarni', email: `${key}@example.in`, createdAt: '2026-01-01T00:00:00Z', ...row }).returning('id');
      ids[key] = p.id;
    };
    await patient('priya', { firstName: 'Priya', phone: '+919822012345' });
    await patient('merged-into', { firstName: 'Meera', phone: '+919822099999' });
    await patient('merged', { firstName: 'Meera', phone: '+919822099999', mergedIntoId: ids['merged-into'], mergedAt: '2026-03-01T00:00:00Z' });
    // A patient the clinic deleted: only its audited delete remains (PAT-4).
    await knex('auditLog').insert({
      action: 'delete',
      entity: 'patient',
      entityId: '999',
      changes: JSON.stringify({ firstName: { old: 'Sunil', new: null }, phone: { old: '+919881100000', new: null } }),
    });
    const appointment = async (key: string, row: Record<string, unknown>) => {
      const [a] = await knex('appointments')
        .insert({ lastName: 'Jadhav', email: `${key}@example.in`, treatment: 'cleaning', preferredDate: '2026-11-25', preferredTime: '10:00', ...row })
        .returning('id');
      ids[`a-${key}`] = a.id;
    };
    // Oldest first: ravi-2 was booked before ravi-1, so Ravi's patient takes ravi-2's details.
    await appointment('priya-typed', { firstName: ' priya ', phone: '098220 12345', createdAt: '2026-02-02T00:00:00Z' });
    await appointment('ravi-1', { firstName: 'Ravi', lastName: 'Later', phone: '97300 25447', email: '', createdAt: '2026-02-05T00:00:00Z' });
    await appointment('ravi-2', { firstName: 'RAVI', lastName: 'First', phone: '+91 97300 25447', email: '', createdAt: '2026-02-03T00:00:00Z' });
    await appointment('son', { firstName: 'Aarav', phone: '9730025447', createdAt: '2026-02-06T00:00:00Z' });
    await appointment('meera', { firstName: 'Meera', phone: '98220 99999', createdAt: '2026-02-07T00:00:00Z' });
    await appointment('odd', { firstName: 'Odd', phone: '12-34', createdAt: '2026-02-08T00:00:00Z' });
    await appointment('erased', { firstName: '', lastName: '', phone: '', email: null, createdAt: '2026-02-09T00:00:00Z' });
    await appointment('deleted', { firstName: 'Sunil', phone: '98811 00000', createdAt: '2026-02-10T00:00:00Z' });
    // More than one batch of 500, to show the batches meet: one person booking 520 times becomes one patient.
    await knex.raw(`
      insert into appointments (first_name, last_name, email, phone, treatment, preferred_date, preferred_time, created_at)
      select 'Batch', 'Person', 'batch@example.in', '+91 90000 00001', 'cleaning', '2026-11-26', '10:00', timestamptz '2026-03-01' + n * interval '1 minute'
      from generate_series(1, 520) n`);
    log = await runLogged(knex);
  });
  afterAll(() => db?.close());

  const patientOf = async (key: string) => (await db.knex('appointments').where({ id: ids[`a-${key}`] }).first('patientId')).patientId as number | null;

  it('links a typed phone and a differently written first name to the patient on file', async () => {
    expect(await patientOf('priya-typed')).toBe(ids.priya);
    expect((await db.knex('appointments').where({ id: ids['a-priya-typed'] }).first('phone')).phone).toBe('+919822012345');
  });

  it("makes one patient for one person's bookings, from the oldest, and one for a son on the same phone", async () => {
    const ravi = await patientOf('ravi-1');
    expect(await patientOf('ravi-2')).toBe(ravi);
    const son = await patientOf('son');
    expect(son).not.toBe(ravi);
    const made = await db.knex('patients').whereIn('id', [ravi!, son!]).orderBy('id').select('firstName', 'lastName', 'email', 'phone', 'createdAt');
    expect(made).toEqual([
      { firstName: 'RAVI', lastName: 'First', email: null, phone: '+919730025447', createdAt: new Date('2026-02-03T00:00:00Z') },
      { firstName: 'Aarav', lastName: 'Jadhav', email: 'son@example.in', phone: '+919730025447', createdAt: new Date('2026-02-06T00:00:00Z') },
    ]);
    const audited = await db.knex('auditLog').where({ entity: 'patient', action: 'create', entityId: String(ravi) }).first('changes');
    expect(audited.changes).toMatchObject({ source: { new: 'booking' }, phone: { new: '+919730025447' } });
  });

  it('never links to a merged record, and keeps a phone that does not parse as typed', async () => {
    expect(await patientOf('meera')).toBe(ids['merged-into']);
    const odd = await patientOf('odd');
    expect((await db.knex('patients').where({ id: odd! }).first('phone')).phone).toBe('12-34');
  });

  it("leaves an erased patient's appointment and a deleted patient's appointment unlinked", async () => {
    expect(await patientOf('erased')).toBeNull();
    expect(await patientOf('deleted')).toBeNull();
    expect(await db.knex('patients').where({ firstName: 'Sunil' }).first()).toBeUndefined();
  });

  it('links across batches, and reports what it linked, made and left', async () => {
    expect(Number((await db.knex('appointments').where({ firstName: 'Batch' }).countDistinct('patientId as n').first())!.n)).toBe(1);
    expect(await count(db.knex('appointments').where({ firstName: 'Batch' }).whereNull('patientId'))).toBe(0);
    expect(log).toHaveLength(1);
    // linked: priya, ravi x2, son, meera, odd and the 520; made: Ravi, Aarav, Odd, Batch; left: Sunil's.
    expect(JSON.parse(log[0])).toMatchObject({ linked: 526, patientsMade: 4, leftUnlinked: 1 });
  });

  it('changes nothing when run again', async () => {
    const before = await snapshot(db.knex);
    expect(await runLogged(db.knex)).toHaveLength(1); // it says again that one is left, and does nothing
    expect(await snapshot(db.knex)).toEqual(before);
  });
});
