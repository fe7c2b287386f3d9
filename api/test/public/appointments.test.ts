import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HONEYPOT_MESSAGE, timeSlots } from '../../../shared/constants/booking';
import { clinic } from '../../../shared/constants/clinic';
import { addDays, isSunday } from '../../../shared/domain/clinic-time';
import { ConfigError, loadConfig, type Config } from '../../config';
import { countBookingRequest, rateLimitAddress } from '../../services/appointments/booking';
import { getClinicSettings, saveClinicSettings } from '../../services/appointments/clinic-settings';
import { onRealServer } from '../support/test-db';
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
  it('lists every slot (the ten of CLINIC-5, ruling D45), greying out the full ones and those already passed today', async () => {
    await book({ ...valid, preferredDate: '2026-11-23', preferredTime: '12:00' });
    await book({ ...valid, preferredDate: '2026-11-23', preferredTime: '12:00' });
    const res = await app.request('/api/appointments/availability?date=2026-11-23');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.closed).toBe(false);
    const byTime = Object.fromEntries(body.slots.map((s: { time: string; reason: string | null }) => [s.time, s.reason]));
    expect(byTime).toMatchObject({ '10:00': 'passed', '11:00': null, '12:00': 'full', '14:00': null, '20:00': null, '21:00': null });
    expect(body.slots).toHaveLength(10);
  });

  it('says a Sunday is closed', async () => {
    const body = await (await app.request('/api/appointments/availability?date=2026-11-29')).json();
    expect(body).toEqual({
      date: '2026-11-29',
      closed: true,
      reason: 'The clinic is closed on Sundays. For emergencies, please call us.',
      slots: [],
    });
  });

  it('refuses a malformed date', async () => {
    expect((await app.request('/api/appointments/availability?date=tomorrow')).status).toBe(400);
  });
});

// ---- The form cannot flood the clinic or send mail to strangers (docs/security.md) ----

/** Working days from tomorrow, each with its slots: as many distinct places as a test needs. */
function places(n: number, from = TOMORROW): { preferredDate: string; preferredTime: string }[] {
  const out: { preferredDate: string; preferredTime: string }[] = [];
  for (let day = from; out.length < n; day = addDays(day, 1)) {
    if (isSunday(day)) continue;
    for (const time of ['10:00', '11:00', '12:00', '13:00', '17:00', '18:00', '19:00', '20:00']) {
      if (out.length < n) out.push({ preferredDate: day, preferredTime: time });
    }
  }
  return out;
}

/** A visitor of their own (email and phone), so only the limit under test applies. */
const stranger = (i: number) => ({ email: `visitor${i}@example.in`, phone: `+91 90000 ${String(i).padStart(5, '0')}` });

/** Sets configuration for the tests of one describe block and puts it back afterwards. */
function withConfig(change: Partial<Config>) {
  let saved: Partial<Config> = {};
  beforeEach(() => {
    saved = Object.fromEntries(Object.keys(change).map((k) => [k, app.deps.config[k as keyof Config]]));
    Object.assign(app.deps.config, change);
  });
  afterEach(() => {
    Object.assign(app.deps.config, saved);
  });
}

const counts = async () => ({
  appointments: Number((await app.deps.knex('appointments').count('* as n').first())!.n),
  mail: Number((await app.deps.knex('email_outbox').count('* as n').first())!.n),
});

describe('per-address rate limit (BOOKING_RATE_LIMIT_PER_ADDRESS, default 10 in 10 minutes)', () => {
  withConfig({ bookingRateLimitPerAddress: 10, bookingRateLimitWindowMs: 10 * 60_000 });
  beforeEach(() => app.deps.knex('throttles').delete());

  it('takes a burst of 10 from one address, refuses the 11th with 429 and Retry-After, and forgets it after the window', async () => {
    const spots = places(12);
    for (let i = 0; i < 10; i++) expect((await book({ ...valid, ...stranger(i), ...spots[i] })).status).toBe(201);

    const refused = await book({ ...valid, ...stranger(10), ...spots[10] });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('600');
    expect(await refused.json()).toEqual({
      error: 'Too many booking requests from your network. Please try again in 10 minutes, or call us.',
    });
    expect(await counts()).toEqual({ appointments: 10, mail: 20 });

    // Four minutes on, the wait is six minutes; a spoofed X-Forwarded-For is not another address.
    app.clock.set(new Date(Date.parse(NOW) + 4 * 60_000));
    const later = await app.request('/api/appointments', {
      method: 'POST',
      json: { ...valid, ...stranger(10), ...spots[10] },
      headers: { 'x-forwarded-for': '198.51.100.23' },
    });
    expect(later.status).toBe(429);
    expect(later.headers.get('retry-after')).toBe('360');
    expect((await later.json()).error).toContain('Please try again in 6 minutes');

    // The window started with the first request: ten minutes after it, the address starts afresh.
    app.clock.set(new Date(Date.parse(NOW) + 10 * 60_000));
    expect((await book({ ...valid, ...stranger(10), ...spots[10] })).status).toBe(201);
    expect((await book({ ...valid, ...stranger(11), ...spots[11] })).status).toBe(201);
  });

  it('counts refused and malformed requests too, and each address separately', async () => {
    for (let i = 0; i < 10; i++) expect((await book({ ...valid, firstName: '' })).status).toBe(400);
    expect((await book(valid)).status).toBe(429);
    expect(await counts()).toEqual({ appointments: 0, mail: 0 });
    // Another address (through the service: the test client has one) still has its allowance.
    await expect(countBookingRequest(app.deps, '203.0.113.9')).resolves.toBeUndefined();
  });

  it('counts an IPv6 client by its /64 network, which one home or phone gets whole', async () => {
    expect(rateLimitAddress('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(rateLimitAddress('2405:201:abcd:12::5')).toBe('2405:201:abcd:12::/64');
    expect(rateLimitAddress('2405:0201:abcd:0012:ffff:1:2:3')).toBe('2405:201:abcd:12::/64');
    expect(rateLimitAddress('2405:201::1')).toBe('2405:201:0:0::/64');
    for (let i = 1; i <= 10; i++) await countBookingRequest(app.deps, `2405:201:abcd:12::${i.toString(16)}`);
    await expect(countBookingRequest(app.deps, '2405:201:abcd:12:9999::1')).rejects.toMatchObject({ status: 429 });
    await expect(countBookingRequest(app.deps, '2405:201:abcd:13::1')).resolves.toBeUndefined();
  });

  it('is off with 0', async () => {
    app.deps.config.bookingRateLimitPerAddress = 0;
    const spots = places(15);
    for (let i = 0; i < 15; i++) expect((await book({ ...valid, ...stranger(i), ...spots[i] })).status).toBe(201);
  });
});

describe('open bookings per email and per phone (BOOKING_MAX_OPEN_PER_CONTACT, default 3)', () => {
  const LIMIT_MESSAGE = 'You already have 3 upcoming appointment requests. Please call us to change or add one.';

  it('refuses a 4th open booking for one email, whatever its case, with 409, storing and mailing nothing', async () => {
    const spots = places(5);
    for (let i = 0; i < 3; i++) expect((await book({ ...valid, phone: stranger(i).phone, ...spots[i] })).status).toBe(201);
    const before = await counts();
    const res = await book({ ...valid, email: 'PRIYA@Example.IN', phone: stranger(3).phone, ...spots[3] });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: LIMIT_MESSAGE });
    expect(await counts()).toEqual(before);
  });

  it('refuses a 4th open booking for one phone however it is written', async () => {
    const spots = places(4);
    const phones = ['+91 98220 12345', '098220 12345', '9822012345'];
    for (let i = 0; i < 3; i++) expect((await book({ ...valid, email: stranger(i).email, phone: phones[i], ...spots[i] })).status).toBe(201);
    const res = await book({ ...valid, email: stranger(3).email, phone: '+91 (982) 201-2345', ...spots[3] });
    expect(res.status).toBe(409);
    expect((await res.json()).error).toBe(LIMIT_MESSAGE);
  });

  it('counts only open bookings: cancelled, completed and past ones leave room', async () => {
    const spots = places(6);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await (await book({ ...valid, ...spots[i] })).json()).id);
    expect((await book({ ...valid, ...spots[3] })).status).toBe(409);

    await app.deps.knex('appointments').where({ id: ids[0] }).update({ status: 'cancelled' });
    expect((await book({ ...valid, ...spots[3] })).status).toBe(201);
    await app.deps.knex('appointments').where({ id: ids[1] }).update({ status: 'completed' });
    expect((await book({ ...valid, ...spots[4] })).status).toBe(201);
    expect((await book({ ...valid, ...spots[5] })).status).toBe(409);

    // A confirmed one counts until its day has gone by (Asia/Kolkata).
    await app.deps.knex('appointments').where({ id: ids[2] }).update({ status: 'confirmed' });
    expect((await book({ ...valid, ...spots[5] })).status).toBe(409);
    app.clock.set('2026-11-24T18:30:00Z'); // midnight in Pune: 24 November is past
    const after = places(1, '2026-11-26')[0];
    expect((await book({ ...valid, ...after })).status).toBe(201);
  });

  /**
   * On the real server, holds every booking at its first read of the appointments until all of them are
   * waiting, then lets them go at once: without the contact's lock, all would count 0 and get through.
   * (PGlite has one connection, so there the requests simply queue.)
   */
  async function released<T>(n: number, start: () => Promise<T>[]): Promise<T[]> {
    if (!onRealServer()) return Promise.all(start());
    const gate = await app.deps.knex.transaction();
    await gate.raw('lock table appointments in access exclusive mode');
    const all = Promise.all(start());
    for (let waiting = 0; waiting < n; ) {
      await new Promise((r) => setTimeout(r, 20));
      const { rows } = await app.deps.knex.raw<{ rows: { n: string }[] }>(
        "select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
      );
      waiting = Number(rows[0].n);
    }
    await gate.commit();
    return all;
  }

  it('lets two of the same contact race: exactly 3 of 12 concurrent bookings get through', async () => {
    const spots = places(24);
    const sameEmail = await released(12, () =>
      Array.from({ length: 12 }, (_, i) => book({ ...valid, phone: stranger(i).phone, ...spots[i] })),
    );
    expect(sameEmail.map((r) => r.status).sort()).toEqual([...Array(3).fill(201), ...Array(9).fill(409)]);
    const samePhone = await released(12, () =>
      Array.from({ length: 12 }, (_, i) => book({ ...valid, email: stranger(i).email, phone: '+91 97000 00001', ...spots[12 + i] })),
    );
    expect(samePhone.map((r) => r.status).sort()).toEqual([...Array(3).fill(201), ...Array(9).fill(409)]);
    expect(await counts()).toEqual({ appointments: 6, mail: 12 });
  });

  it('follows the setting, and 0 means no cap', async () => {
    const spots = places(6);
    app.deps.config.bookingMaxOpenPerContact = 1;
    try {
      expect((await book({ ...valid, ...spots[0] })).status).toBe(201);
      const res = await book({ ...valid, ...spots[1] });
      expect(await res.json()).toEqual({ error: 'You already have 1 upcoming appointment request. Please call us to change or add one.' });
      app.deps.config.bookingMaxOpenPerContact = 0;
      for (let i = 1; i < 6; i++) expect((await book({ ...valid, ...spots[i] })).status).toBe(201);
    } finally {
      app.deps.config.bookingMaxOpenPerContact = 3;
    }
  });
});

describe('booking window (BOOKING_WINDOW_DAYS, default 60)', () => {
  // Today is Monday 23 November 2026: day 60 is Friday 22 January 2027, day 61 a Saturday.
  it('takes day 60 and refuses day 61 with 400 on preferredDate', async () => {
    expect((await book({ ...valid, preferredDate: '2027-01-22' })).status).toBe(201);
    const res = await book({ ...valid, preferredDate: '2027-01-23' });
    expect(res.status).toBe(400);
    const message = 'Please choose a date within the next 60 days';
    expect(await res.json()).toEqual({ error: message, fields: { preferredDate: message } });
    expect(await counts()).toEqual({ appointments: 1, mail: 2 });
  });

  // SET-4: the window is the clinic's setting (stored in the database; BOOKING_WINDOW_DAYS seeds it).
  async function setWindow(days: number) {
    const settings = await getClinicSettings(app.deps);
    await saveClinicSettings(app.deps, { ...settings, bookingWindowDays: days });
  }

  it('says the number the setting gives, in the refusal, the availability and the rules', async () => {
    await setWindow(14);
    try {
      const res = await book({ ...valid, preferredDate: '2026-12-08' });
      expect((await res.json()).error).toBe('Please choose a date within the next 14 days');
      expect((await book({ ...valid, preferredDate: '2026-12-07' })).status).toBe(201);
      expect(await (await app.request('/api/appointments/rules')).json()).toMatchObject({ windowDays: 14 });
    } finally {
      await setWindow(60);
    }
  });

  it('answers the window to the form (with the last appointment\'s minutes before closing, ruling D45), and a day beyond it is closed', async () => {
    expect(await (await app.request('/api/appointments/rules')).json()).toEqual({
      windowDays: 60,
      timeSlots: [...timeSlots],
      closedWeekdays: [0],
      closedDates: [],
      dayHours: [[], ...Array(6).fill([{ open: '10:00', close: '14:00' }, { open: '17:00', close: '21:00' }])],
      lastAppointmentMinutesBeforeClosing: 0,
    });
    const beyond = await (await app.request('/api/appointments/availability?date=2027-01-23')).json();
    expect(beyond).toEqual({ date: '2027-01-23', closed: true, slots: [] });
    const last = await (await app.request('/api/appointments/availability?date=2027-01-22')).json();
    expect(last.closed).toBe(false);
  });
});

describe('the hidden field (a honeypot)', () => {
  it('refuses a request that filled it: 400, nothing stored, no mail', async () => {
    const res = await book({ ...valid, website: 'https://spam.example' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: HONEYPOT_MESSAGE });
    expect(await counts()).toEqual({ appointments: 0, mail: 0 });
    expect((await book({ ...valid, website: 42 })).status).toBe(400);
  });

  it('lets a person through, who leaves it empty', async () => {
    expect((await book({ ...valid, website: '' })).status).toBe(201);
  });
});

describe('the acknowledgement to an unverified address carries none of the visitor\'s free text', () => {
  it('has a fixed subject and no notes; the clinic\'s notification keeps the notes', async () => {
    const notes = 'Win a prize at https://spam.example today';
    expect((await book({ ...valid, notes })).status).toBe(201);
    const [ack, notice] = await app.deps.knex('email_outbox').orderBy('id');
    expect(ack.kind).toBe('booking-acknowledgement');
    expect(ack.subject).toBe(`We received your appointment request – ${clinic.name}`);
    for (const part of [ack.subject, ack.html, ack.textBody]) {
      expect(part).not.toContain('spam.example');
      expect(part).not.toContain('Notes');
    }
    expect(ack.textBody).toContain('Dear Priya Kulkarni,');
    expect(notice.textBody).toContain(`Notes: ${notes}`);
  });

  it.each([
    ['firstName', 'Visit https://spam.example', 'First name must contain only letters'],
    ['firstName', 'spam.example', 'First name must have a space after each dot'],
    ['lastName', 'www.spam.in', 'Last name must have a space after each dot'],
    ['lastName', 'Kulkarni @ spam', 'Last name must contain only letters'],
    ['firstName', 'Priya2', 'First name must contain only letters'],
    ['firstName', 'P'.repeat(51), 'First name must be at most 50 characters'],
  ])('refuses a %s of %j', async (field, value, message) => {
    const res = await book({ ...valid, [field]: value });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: message, fields: { [field]: message } });
    expect(await counts()).toEqual({ appointments: 0, mail: 0 });
  });

  it.each([
    ['प्रिया', 'कुलकर्णी'],
    ['Anne-Marie', "D'Souza"],
    ['S.K.', 'O’Brien'],
    ['Mary Jo', 'St. John'],
  ])('takes names as people write them: %s %s', async (firstName, lastName) => {
    expect((await book({ ...valid, firstName, lastName })).status).toBe(201);
  });
});

describe('configuration of the booking limits', () => {
  it('has the documented defaults', () => {
    expect(loadConfig({})).toMatchObject({
      bookingRateLimitPerAddress: 10,
      bookingRateLimitWindowMs: 10 * 60_000,
      bookingMaxOpenPerContact: 3,
      bookingWindowDays: 60,
    });
  });

  it('reads the variables, 0 for unlimited', () => {
    const c = loadConfig({
      BOOKING_RATE_LIMIT_PER_ADDRESS: '0',
      BOOKING_RATE_LIMIT_WINDOW_MINUTES: '30',
      BOOKING_MAX_OPEN_PER_CONTACT: '0',
      BOOKING_WINDOW_DAYS: '90',
    });
    expect(c).toMatchObject({ bookingRateLimitPerAddress: 0, bookingRateLimitWindowMs: 30 * 60_000, bookingMaxOpenPerContact: 0, bookingWindowDays: 90 });
  });

  it('names each bad value', () => {
    const bad = { BOOKING_RATE_LIMIT_PER_ADDRESS: '-1', BOOKING_RATE_LIMIT_WINDOW_MINUTES: '0', BOOKING_MAX_OPEN_PER_CONTACT: 'three', BOOKING_WINDOW_DAYS: '0' };
    let message = '';
    try {
      loadConfig(bad);
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      message = (err as Error).message;
    }
    for (const name of Object.keys(bad)) expect(message).toContain(name);
  });
});
