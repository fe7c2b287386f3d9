import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app';

// The clinic's clock stands at Monday 23 November 2026, 10:30 in Pune (05:00 UTC).
const NOW = '2026-11-23T05:00:00Z';
const TOMORROW = '2026-11-24';

const valid = {
  firstName: 'Priya',
  lastName: 'Kulkarni',
  email: 'priya@example.in',
  phone: '+91 98220 12345',
  preferredDate: TOMORROW,
  preferredTime: '10:00',
  treatment: 'cleaning',
  notes: 'Sensitive teeth',
};

let app: TestApp;
beforeAll(async () => {
  // One address books everything here: the per-address limit has its own tests below, which set it.
  app = await startTestApp({ poolMax: 20, config: { bookingRateLimitPerAddress: 0 } });
});
afterAll(() => app?.close());
beforeEach(async () => {
  app.clock.set(NOW);
  await app.deps.knex('email_outbox').delete();
  await app.deps.knex('appointments').delete();
});

const book = (body: object) => app.request('/api/appointments', { method: 'POST', json: body });

describe('POST /api/appointments', () => {
  it('books a free slot and queues the acknowledgement and the clinic notification', async () => {
    const res = await book(valid);
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({ preferredDate: TOMORROW, preferredTime: '10:00', status: 'pending' });

    const stored = await app.deps.knex('appointments').where({ id: body.id }).first();
    expect(stored).toMatchObject({ firstName: 'Priya', email: 'priya@example.in', notes: 'Sensitive teeth', status: 'pending' });

    const mail = await app.deps.knex('email_outbox').orderBy('id');
    expect(mail.map((m) => [m.kind, m.toAddress])).toEqual([
      ['booking-acknowledgement', 'priya@example.in'],
      ['booking-notification', app.deps.config.clinicNotifyEmail ?? expect.any(String)],
    ]);
    expect(mail[0].textBody).toContain('24 November 2026');
    expect(app.outboxNudges()).toBeGreaterThan(0);
  });

  it.each([
    ['firstName', { firstName: 'P' }, 'First name must be at least 2 characters'],
    ['lastName', { lastName: 'K' }, 'Last name must be at least 2 characters'],
    ['email', { email: 'not-an-email' }, 'Invalid email address'],
    ['phone', { phone: '98220' }, 'Phone number must be at least 10 digits'],
    ['preferredDate', { preferredDate: '' }, 'Please select a preferred date'],
    ['preferredTime', { preferredTime: '' }, 'Please select a preferred time'],
    ['treatment', { treatment: '' }, 'Please select a treatment'],
  ])('refuses a bad %s with the spec message', async (field, change, message) => {
    const res = await book({ ...valid, ...change });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: message, fields: { [field]: message } });
    expect(await app.deps.knex('appointments').count('* as n').first()).toEqual({ n: 0 });
  });

  it('accepts a booking without notes', async () => {
    const { notes: _notes, ...withoutNotes } = valid;
    expect((await book(withoutNotes)).status).toBe(201);
  });

  it('refuses a past date', async () => {
    const res = await book({ ...valid, preferredDate: '2026-11-21' });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe('Please choose today or a later date');
  });

  it('refuses a Sunday, when the clinic is closed', async () => {
    const res = await book({ ...valid, preferredDate: '2026-11-29' });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe('The clinic is closed on Sundays. For emergencies, please call us.');
  });

  it("refuses a slot of today that has already passed, and takes today's later slot", async () => {
    const passed = await book({ ...valid, preferredDate: '2026-11-23', preferredTime: '10:00' });
    expect(passed.status).toBe(400);
    expect((await passed.json()).error).toBe('This time has already passed today. Please choose a later time.');
    expect((await book({ ...valid, preferredDate: '2026-11-23', preferredTime: '11:00' })).status).toBe(201);
  });

  it('refuses a time that is not one of the slots', async () => {
    const res = await book({ ...valid, preferredTime: '15:00' });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe('Please select a valid time slot');
  });

  it('refuses an unknown treatment code', async () => {
    const res = await book({ ...valid, treatment: 'tattoo' });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe('Please select a valid treatment');
  });

  it('refuses a full slot with 409 and queues no mail for it', async () => {
    expect((await book(valid)).status).toBe(201);
    expect((await book({ ...valid, email: 'second@example.in' })).status).toBe(201);
    const full = await book({ ...valid, email: 'third@example.in' });
    expect(full.status).toBe(409);
    expect(await full.json()).toEqual({ error: 'This time slot is fully booked. Please choose another time.' });
    expect(await app.deps.knex('email_outbox').count('* as n').first()).toEqual({ n: 4 });
  });

  it('frees a place when a booking of the slot is cancelled', async () => {
    await book(valid);
    await book(valid);
    await app.deps.knex('appointments').limit(1).update({ status: 'cancelled' });
    expect((await book(valid)).status).toBe(201);
  });

  it('gives exactly two of 50 concurrent bookings a slot of capacity 2', async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => book({ ...valid, preferredTime: '17:00', email: `racer${i}@example.in` })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(2);
    expect(statuses.filter((s) => s === 409)).toHaveLength(48);
    const { n } = (await app.deps.knex('appointments').where({ preferredTime: '17:00' }).count('* as n').first())!;
    expect(n).toBe(2);
  });

  it('refuses text holding a NUL character with 400, not a database error', async () => {
    const res = await book({ ...valid, notes: 'bad\u0000note' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'Text must not contain NUL characters' });
  });

  it('refuses a body that is not JSON with a clear error', async () => {
    const res = await app.request('/api/appointments', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"firstName":',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'Request body is not valid' });
  });
});

describe('GET /api/appointments/availability', () => {
  it('lists every slot, greying out the full ones and those already passed today', async () => {
    await book({ ...valid, preferredDate: '2026-11-23', preferredTime: '12:00' });
    await book({ ...valid, preferredDate: '2026-11-23', preferredTime: '12:00' });
    const res = await app.request('/api/appointments/availability?date=2026-11-23');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.closed).toBe(false);
    const byTime = Object.fromEntries(body.slots.map((s: { time: string; reason: string | null }) => [s.time, s.reason]));
    expect(byTime).toMatchObject({ '10:00': 'passed', '11:00': null, '12:00': 'full', '21:00': null });
    expect(body.slots).toHaveLength(10);
  });

  it('says a Sunday is closed', async () => {
    const body = await (await app.request('/api/appointments/availability?date=2026-11-29')).json();
    expect(body).toEqual({ date: '2026-11-29', closed: true, slots: [] });
  });

  it('refuses a malformed date', async () => {
    expect((await app.request('/api/appointments/availability?date=tomorrow')).status).toBe(400);
  });
});
