import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NO_SHOW_TOO_EARLY_MESSAGE, RESCHEDULE_STATUS_MESSAGE, SLOT_FULL_MESSAGE } from '../../../shared/constants/booking';
import { peerOutboxWorker } from '../support/peer-worker';
import { SmtpPeer } from '../support/smtp-peer';
import { onRealServer } from '../support/test-db';
import { ADMIN, startTestApp, type TestApp } from '../support/test-app';

// APPT-10 to APPT-13: the front desk books phoning and walk-in patients, moves appointments and records no-shows.
// Monday 23 November 2026, 10:30 in Pune (05:00 UTC); capacity 2 (the default).
const NOW = '2026-11-23T05:00:00Z';

const caller = {
  firstName: 'Sunita',
  lastName: 'Deshpande',
  email: 'sunita@example.in',
  phone: '+91 98220 77777',
};
const slot = { preferredDate: '2026-11-25', preferredTime: '17:00', treatment: 'cleaning' };

let app: TestApp;
let cookie: string;
beforeAll(async () => {
  app = await startTestApp({ poolMax: 20 });
  cookie = await app.signIn();
});
afterAll(() => app?.close());
beforeEach(async () => {
  app.clock.set(NOW);
  await app.deps.knex('email_outbox').delete();
  await app.deps.knex('appointments').delete();
  await app.deps.knex('closed_dates').delete();
  await app.deps.knex('patients').delete();
});

const book = (body: Record<string, unknown>) => app.request('/api/admin/appointments', { method: 'POST', cookie, json: body });
const move = (id: number, body: Record<string, unknown>) =>
  app.request(`/api/admin/appointments/${id}/reschedule`, { method: 'PATCH', cookie, json: body });
const outbox = () => app.deps.knex('email_outbox').orderBy('id');

async function fill(date: string, time: string, n: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const [{ id }] = await app.deps
      .knex('appointments')
      .insert({ ...caller, email: `p${time}${i}${date}@example.in`, treatment: 'cleaning', preferredDate: date, preferredTime: time, status: 'confirmed' })
      .returning('id');
    ids.push(id);
  }
  return ids;
}

describe('POST /api/admin/appointments (staff booking)', () => {
  it('books new details as confirmed by default, records who booked it, and emails the confirmation', async () => {
    const res = await book({ ...caller, ...slot, notes: 'Phoned in' });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({
      ...caller,
      ...slot,
      notes: 'Phoned in',
      status: 'confirmed',
      source: 'staff',
      bookedAnyway: false,
      phone: '+919822077777',
      bookedBy: ADMIN.name,
      patientId: expect.any(Number),
      hasMedicalAlerts: false,
    });
    const mail = await outbox();
    expect(mail.map((m) => [m.kind, m.toAddress])).toEqual([['appointment-confirmed', caller.email]]);
    expect(app.outboxNudges()).toBeGreaterThan(0);
  });

  it('books a patient on file by id, with their details and medical alerts; pending sends no email', async () => {
    const [{ id: patientId }] = await app.deps
      .knex('patients')
      .insert({ ...caller, allergies: 'Penicillin', conditions: 'Diabetes' })
      .returning('id');
    const res = await book({ patientId, ...slot, status: 'pending' });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      patientId,
      firstName: caller.firstName,
      email: caller.email,
      status: 'pending',
      // DATA-11: that the patient has alerts, not what they are.
      hasMedicalAlerts: true,
      medicalAlertsUnconfirmed: false,
    });
    expect(JSON.stringify(await (await app.request('/api/admin/appointments', { cookie })).json())).not.toContain('Penicillin');
    expect(await outbox()).toEqual([]);
  });

  it('links new details to the patient with the same phone and first name (BOOK-17)', async () => {
    const [{ id: patientId }] = await app.deps.knex('patients').insert({ ...caller, email: 'SUNITA@example.in', phone: '+919822077777' }).returning('id');
    expect(await (await book({ ...caller, firstName: ' SUNITA ', ...slot })).json()).toMatchObject({ patientId });
  });

  it("keeps the booking form's rules for new details, and says which field is wrong", async () => {
    const res = await book({ ...caller, email: 'not-an-email', ...slot });
    expect(res.status).toBe(400);
    expect((await res.json()).fields).toHaveProperty('email');
    const unknown = await book({ patientId: 999999, ...slot });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({ error: 'Patient not found', fields: { patientId: 'Patient not found' } });
    expect((await book({ ...caller, ...slot, treatment: 'magic' })).status).toBe(400);
  });

  it('refuses a full slot with 409, and books it anyway when asked, recording that', async () => {
    await fill(slot.preferredDate, slot.preferredTime, 2);
    const res = await book({ ...caller, ...slot });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: SLOT_FULL_MESSAGE });
    const anyway = await book({ ...caller, ...slot, bookAnyway: true });
    expect(anyway.status).toBe(201);
    expect(await anyway.json()).toMatchObject({ bookedAnyway: true, source: 'staff' });
  });

  it('refuses a closed date with its reason and a Sunday, unless booked anyway', async () => {
    await app.deps.knex('closed_dates').insert({ date: '2026-11-25', reason: 'Staff training' });
    const closed = await book({ ...caller, ...slot });
    expect(closed.status).toBe(400);
    expect((await closed.json()).error).toBe('The clinic is closed on 25 November 2026: Staff training');
    const sunday = await book({ ...caller, ...slot, preferredDate: '2026-11-29' });
    expect((await sunday.json()).error).toBe('The clinic is closed on Sundays. For emergencies, please call us.');
    const anyway = await book({ ...caller, ...slot, bookAnyway: true });
    expect(anyway.status).toBe(201);
    expect((await anyway.json()).bookedAnyway).toBe(true);
  });

  it('refuses a past date always, and a slot already passed today unless booked anyway (a walk-in)', async () => {
    const past = await book({ ...caller, ...slot, preferredDate: '2026-11-22', bookAnyway: true });
    expect(past.status).toBe(400);
    const passed = await book({ ...caller, ...slot, preferredDate: '2026-11-23', preferredTime: '10:00' });
    expect(passed.status).toBe(400);
    expect((await passed.json()).error).toBe('This time has already passed today. Please choose a later time.');
    expect((await book({ ...caller, ...slot, preferredDate: '2026-11-23', preferredTime: '10:00', bookAnyway: true })).status).toBe(201);
  });

  it('takes a time that is not a slot only when booked anyway; no booking window applies to staff', async () => {
    expect((await book({ ...caller, ...slot, preferredTime: '15:30' })).status).toBe(400);
    expect((await book({ ...caller, ...slot, preferredTime: '15:30', bookAnyway: true })).status).toBe(201);
    expect((await book({ ...caller, ...slot, preferredDate: '2027-06-01' })).status).toBe(201);
  });
});

describe('PATCH /api/admin/appointments/:id/reschedule', () => {
  async function staffBooked(over: Record<string, unknown> = {}): Promise<number> {
    const res = await book({ ...caller, ...slot, ...over });
    expect(res.status).toBe(201);
    return (await res.json()).id;
  }

  it('moves the appointment, answers it, and queues the new time for the patient', async () => {
    const id = await staffBooked();
    await app.deps.knex('email_outbox').delete();
    const res = await move(id, { preferredDate: '2026-11-27', preferredTime: '18:00' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id, preferredDate: '2026-11-27', preferredTime: '18:00', status: 'confirmed' });
    const [mail] = await outbox();
    expect(mail).toMatchObject({ kind: 'appointment-rescheduled', toAddress: caller.email });
    expect(mail.subject).toContain('27 November 2026, 6:00 PM');
    expect(mail.textBody).toContain('Was: 25 November 2026, 5:00 PM');
  });

  it('refuses a full slot with 409 and the slot-full message, and moves anyway when asked', async () => {
    const id = await staffBooked();
    await fill('2026-11-27', '18:00', 2);
    const res = await move(id, { preferredDate: '2026-11-27', preferredTime: '18:00' });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: SLOT_FULL_MESSAGE });
    const row = await app.deps.knex('appointments').where({ id }).first();
    expect(row.preferredDate).toBe(slot.preferredDate);
    const anyway = await move(id, { preferredDate: '2026-11-27', preferredTime: '18:00', bookAnyway: true });
    expect(anyway.status).toBe(200);
    expect((await anyway.json()).bookedAnyway).toBe(true);
  });

  it('moves within a full slot day: the appointment does not count against its own new slot', async () => {
    const id = await staffBooked({ preferredTime: '18:00' });
    await fill(slot.preferredDate, slot.preferredTime, 1);
    expect((await move(id, { preferredDate: slot.preferredDate, preferredTime: slot.preferredTime })).status).toBe(200);
  });

  it('refuses completed, cancelled and no-show appointments with 409, an unknown one with 404', async () => {
    for (const status of ['completed', 'cancelled', 'no-show']) {
      const id = await staffBooked();
      await app.deps.knex('appointments').where({ id }).update({ status });
      const res = await move(id, { preferredDate: '2026-11-27', preferredTime: '18:00' });
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({ error: RESCHEDULE_STATUS_MESSAGE });
    }
    expect((await move(999999, { preferredDate: '2026-11-27', preferredTime: '18:00' })).status).toBe(404);
  });

  it('refuses a closed date and the same time, with 400', async () => {
    const id = await staffBooked();
    await app.deps.knex('closed_dates').insert({ date: '2026-11-27', reason: 'Guru Nanak Jayanti' });
    const closed = await move(id, { preferredDate: '2026-11-27', preferredTime: '18:00' });
    expect(closed.status).toBe(400);
    expect((await closed.json()).error).toBe('The clinic is closed on 27 November 2026: Guru Nanak Jayanti');
    expect((await move(id, { preferredDate: slot.preferredDate, preferredTime: slot.preferredTime })).status).toBe(400);
  });

  /**
   * Two receptionists move two patients into the last place of a slot at the same moment. On the real
   * server both requests are held at the slot's lock (taken here first) until both wait, then let go:
   * without the lock each would count one booking of two and both would get in.
   */
  it('lets exactly one of two concurrent moves into the last place win', async () => {
    const a = await staffBooked({ preferredTime: '10:00' });
    const b = await staffBooked({ preferredTime: '11:00' });
    await fill('2026-11-26', '19:00', 1);
    const target = { preferredDate: '2026-11-26', preferredTime: '19:00' };
    let results: Response[];
    if (onRealServer()) {
      const gate = await app.deps.knex.transaction();
      await gate.raw(`select pg_advisory_xact_lock(hashtext('slot:' || ?::date::text || ':' || ?))`, [target.preferredDate, target.preferredTime]);
      const both = Promise.all([move(a, target), move(b, target)]);
      // Both wait at the lock; a build without the lock never waits, so the gate opens after 10 s and fails below.
      const deadline = Date.now() + 10_000;
      for (let waiting = 0; waiting < 2 && Date.now() < deadline; ) {
        await new Promise((r) => setTimeout(r, 20));
        const { rows } = await app.deps.knex.raw<{ rows: { n: string }[] }>(
          "select count(*) as n from pg_stat_activity where datname = current_database() and wait_event = 'advisory'",
        );
        waiting = Number(rows[0].n);
      }
      await gate.commit();
      results = await both;
    } else {
      results = await Promise.all([move(a, target), move(b, target)]);
    }
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const inSlot = await app.deps.knex('appointments').where({ preferredDate: target.preferredDate, preferredTime: target.preferredTime });
    expect(inSlot).toHaveLength(2);
    expect((await outbox()).filter((m) => m.kind === 'appointment-rescheduled')).toHaveLength(1);
  });

  it('races a public booking for the last place under the same lock: one of the two wins', async () => {
    const a = await staffBooked({ preferredTime: '10:00' });
    await fill('2026-11-26', '20:00', 1);
    const target = { preferredDate: '2026-11-26', preferredTime: '20:00' };
    const visitor = { ...caller, email: 'visitor@example.in', phone: '+91 90000 12345', ...target, treatment: 'cleaning' };
    const results = await Promise.all([move(a, target), app.request('/api/appointments', { method: 'POST', json: visitor })]);
    expect(results.filter((r) => r.status === 200 || r.status === 201)).toHaveLength(1);
    const inSlot = await app.deps.knex('appointments').where({ preferredDate: target.preferredDate, preferredTime: target.preferredTime }).whereNot('status', 'cancelled');
    expect(inSlot).toHaveLength(2);
  });
});

describe('one slot rule for every way into a slot (APPT-24)', () => {
  /**
   * The last place of a slot, wanted at one moment by two visitors on the public form, a receptionist booking
   * a caller, a receptionist moving a patient and the clinic approving a patient's requested time. On the
   * real server all five are held at the slot's lock (taken here first) until all five wait, then let go:
   * every path counts under the one lock, so exactly one gets in and the slot holds its capacity.
   */
  it('gives the last place to exactly one of two visitors, a staff booking, a move and an approved request', async () => {
    const target = { preferredDate: '2026-11-26', preferredTime: '18:00' };
    const moving = await (await book({ ...caller, ...slot, preferredTime: '10:00' })).json();
    const asking = await (await book({ ...caller, firstName: 'Rohan', email: 'rohan@example.in', ...slot, preferredTime: '11:00' })).json();
    await app.deps.knex('appointments').where({ id: asking.id }).update({ requestedDate: target.preferredDate, requestedTime: target.preferredTime });
    await fill(target.preferredDate, target.preferredTime, 1);
    const visitor = (firstName: string, phone: string) => ({ ...caller, firstName, email: `${firstName.toLowerCase()}@example.in`, phone, ...target, treatment: 'cleaning' });
    const contenders = () => [
      app.request('/api/appointments', { method: 'POST', json: visitor('Asha', '+91 90000 12341') }),
      app.request('/api/appointments', { method: 'POST', json: visitor('Meera', '+91 90000 12342') }),
      book({ ...caller, firstName: 'Kiran', phone: '+91 98220 66666', email: 'walkin@example.in', ...target, treatment: 'cleaning' }),
      move(moving.id, target),
      app.request(`/api/admin/appointments/${asking.id}/approve-request`, { method: 'POST', cookie }),
    ];
    let results: Response[];
    if (onRealServer()) {
      const gate = await app.deps.knex.transaction();
      await gate.raw(`select pg_advisory_xact_lock(hashtext('slot:' || ?::date::text || ':' || ?))`, [target.preferredDate, target.preferredTime]);
      const all = Promise.all(contenders());
      // All five wait at the slot's lock; a path that counted without it would never wait, and the gate
      // would open after 10 s with fewer waiting, which the counts below then catch.
      const deadline = Date.now() + 10_000;
      let waiting = 0;
      while (waiting < 5 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 20));
        const { rows } = await app.deps.knex.raw<{ rows: { n: string }[] }>(
          "select count(*) as n from pg_stat_activity where datname = current_database() and wait_event = 'advisory'",
        );
        waiting = Number(rows[0].n);
      }
      await gate.commit();
      results = await all;
      expect(waiting).toBe(5);
    } else {
      results = await Promise.all(contenders());
    }
    expect(results.filter((r) => r.status === 200 || r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(4);
    const inSlot = await app.deps.knex('appointments').where(target).whereNot('status', 'cancelled');
    expect(inSlot).toHaveLength(2);
  });
});

describe('the reschedule email reaches the patient', () => {
  it('is delivered by the outbox worker to the SMTP peer with the new time', async () => {
    const peer = await new SmtpPeer().start();
    const worker = peerOutboxWorker(app.deps, peer);
    try {
      const id = (await (await book({ ...caller, ...slot })).json()).id;
      await app.deps.knex('email_outbox').delete();
      expect((await move(id, { preferredDate: '2026-11-28', preferredTime: '12:00' })).status).toBe(200);
      await worker.drain();
      expect(peer.received).toHaveLength(1);
      const [mail] = peer.received;
      expect(mail.to).toMatchObject({ text: caller.email });
      expect(mail.subject).toContain('Your appointment has moved to 28 November 2026, 12:00 PM');
      expect(mail.text).toContain('New time: 12:00 PM');
      expect(mail.text).toMatch(/Manage my appointment: \S+\/appointment\/[A-Za-z0-9_-]{43}/);
      expect(mail.attachments.map((a) => a.contentType)).toEqual([expect.stringMatching(/^text\/calendar/)]);
    } finally {
      await worker.stop();
      await peer.stop();
    }
  });
});

describe('no-show (APPT-13)', () => {
  const setStatus = (id: number, status: string) => app.request(`/api/admin/appointments/${id}`, { method: 'PUT', cookie, json: { status } });

  it('marks a confirmed appointment no-show only once its time has passed at the clinic', async () => {
    const [id] = await fill('2026-11-23', '17:00', 1);
    const early = await setStatus(id, 'no-show');
    expect(early.status).toBe(409);
    expect(await early.json()).toEqual({ error: NO_SHOW_TOO_EARLY_MESSAGE });
    app.clock.set('2026-11-23T11:31:00Z'); // 17:01 in Pune
    const res = await setStatus(id, 'No-Show');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id, status: 'no-show' });
    const row = await app.deps.knex('appointments').where({ id }).first();
    expect(row.noShowAt).not.toBeNull();
    expect(await outbox()).toEqual([]);
  });

  it('refuses no-show from pending and is final', async () => {
    const [id] = await fill('2026-11-20', '10:00', 1);
    await app.deps.knex('appointments').where({ id }).update({ status: 'pending' });
    expect((await setStatus(id, 'no-show')).status).toBe(409);
    await app.deps.knex('appointments').where({ id }).update({ status: 'confirmed' });
    expect((await setStatus(id, 'no-show')).status).toBe(200);
    expect((await setStatus(id, 'completed')).status).toBe(409);
    expect((await setStatus(id, 'cancelled')).status).toBe(409);
  });

  it('is a status the list filters by', async () => {
    const [id] = await fill('2026-11-20', '10:00', 1);
    await app.deps.knex('appointments').where({ id }).update({ status: 'no-show' });
    const list = await (await app.request('/api/admin/appointments?status=no-show', { cookie })).json();
    expect(list.map((a: { id: number }) => a.id)).toEqual([id]);
  });
});
