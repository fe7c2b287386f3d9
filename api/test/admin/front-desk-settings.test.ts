import { storeFirstStartSettings } from '../../services/appointments/clinic-settings';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { defaultClinicSettings, type ClinicSettings } from '../../../shared/schemas/clinic-settings';
import { createAccount } from '../../services/staff/accounts';
import { cookieFrom, startTestApp, type TestApp } from '../support/test-app';

// SET-4, SET-6, BOOK-4, BOOK-7, BOOK-10: the clinic's hours, slots and rules live in the database and every booking rule reads them;
// closed dates refuse public bookings with their reason. Monday 23 November 2026, 10:30 in Pune.
const NOW = '2026-11-23T05:00:00Z';

const visitor = {
  firstName: 'Priya',
  lastName: 'Kulkarni',
  email: 'priya@example.in',
  phone: '+91 98220 12345',
  preferredDate: '2026-11-24',
  preferredTime: '10:00',
  treatment: 'cleaning',
};

let app: TestApp;
let owner: string;
let receptionist: string;
beforeAll(async () => {
  app = await startTestApp({
    config: { slotCapacity: 3, bookingWindowDays: 30, clinicNotifyEmail: 'desk@clinic.test', reminderHoursBefore: 12, bookingRateLimitPerAddress: 0 },
  });
  owner = await app.signIn();
  await createAccount(app.deps.knex, 'rekha@clinic.test', 'front-desk-2026', 'Rekha', 'receptionist');
  receptionist = cookieFrom(
    await app.request('/api/auth/login', { method: 'POST', json: { email: 'rekha@clinic.test', password: 'front-desk-2026' } }),
  );
});
afterAll(() => app?.close());
beforeEach(async () => {
  app.clock.set(NOW);
  await app.deps.knex('email_outbox').delete();
  await app.deps.knex('appointments').delete();
  await app.deps.knex('closed_dates').delete();
});

const getSettings = async (cookie = owner) => (await app.request('/api/admin/clinic-settings', { cookie })).json() as Promise<ClinicSettings>;
const putSettings = (body: unknown, cookie = owner) => app.request('/api/admin/clinic-settings', { method: 'PUT', cookie, json: body });
const book = (body: Record<string, unknown> = {}) => app.request('/api/appointments', { method: 'POST', json: { ...visitor, ...body } });
const availability = async (date: string) => (await app.request(`/api/appointments/availability?date=${date}`)).json();
const rules = async () => (await app.request('/api/appointments/rules')).json();

describe('clinic settings (SET-4)', () => {
  it('are seeded once from the environment over the CLINIC-4 and CLINIC-5 defaults, and a receptionist may read them', async () => {
    const expected = { ...defaultClinicSettings, slotCapacity: 3, bookingWindowDays: 30, notificationEmail: 'desk@clinic.test', reminderHoursBefore: 12 };
    expect(await getSettings()).toEqual(expected);
    await storeFirstStartSettings(app.db.knex, app.deps.config); // as the server does when it starts
    expect(await getSettings(receptionist)).toEqual(expected);
    // The environment only seeds: once stored, a changed variable changes nothing.
    app.deps.config.slotCapacity = 9;
    try {
      expect((await getSettings()).slotCapacity).toBe(3);
    } finally {
      app.deps.config.slotCapacity = 3;
    }
  });

  it('are changed whole by the owner only, validated, slots sorted (slot message per ruling D45)', async () => {
    const current = await getSettings();
    const forbidden = await putSettings(current, receptionist);
    expect(forbidden.status).toBe(403);
    const bad = await putSettings({ ...current, timeSlots: ['10:00', '10:00'] });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toBe('Each time slot may be listed only once');
    const outside = await putSettings({ ...current, timeSlots: ['07:00'] });
    // APPT-20: a slot starts between a session's opening and closing, both included.
    expect((await outside.json()).error).toBe("The slot 07:00 is outside the opening hours (a slot starts between a session's opening and closing times)");
    expect((await putSettings({ ...current, slotCapacity: 0 })).status).toBe(400);
    const hours = await putSettings({ ...current, openingHours: { ...current.openingHours, monday: { open: '18:00', close: '09:00' } } });
    expect((await hours.json()).error).toBe('Closing time must be after opening time');
    const ok = await putSettings({ ...current, timeSlots: ['18:00', '09:30'], openingHours: { ...current.openingHours, monday: { open: '09:00', close: '19:00' } } });
    expect(ok.status).toBe(200);
    expect((await ok.json()).timeSlots).toEqual(['09:30', '18:00']);
    await putSettings(await restore());
  });

  async function restore(): Promise<ClinicSettings> {
    return { ...defaultClinicSettings, slotCapacity: 3, bookingWindowDays: 30, notificationEmail: 'desk@clinic.test', reminderHoursBefore: 12 };
  }

  it('drive the public booking: slots, capacity, hours per weekday, closed weekdays and the notification email', async () => {
    const current = await getSettings();
    try {
      const changed = {
        ...current,
        timeSlots: ['09:00', '10:00', '17:30'],
        slotCapacity: 1,
        notificationEmail: 'owner@clinic.test',
        openingHours: { ...current.openingHours, tuesday: { open: '09:00', close: '13:00' }, wednesday: null },
      };
      expect((await putSettings(changed)).status).toBe(200);
      // Tuesday 24th: only the slots inside 09:00-13:00.
      const tuesday = await availability('2026-11-24');
      expect(tuesday.slots.map((s: { time: string }) => s.time)).toEqual(['09:00', '10:00']);
      expect((await book({ preferredTime: '17:30' })).status).toBe(400);
      expect((await book({ preferredTime: '09:00' })).status).toBe(201);
      const full = await book({ preferredTime: '09:00', email: 'other@example.in', phone: '+91 90000 00002' });
      expect(full.status).toBe(409);
      const mail = await app.deps.knex('email_outbox').where({ kind: 'booking-notification' });
      expect(mail.map((m) => m.toAddress)).toEqual(['owner@clinic.test']);
      // Wednesday closed now; Sunday no longer reads as the only closed day.
      expect(await availability('2026-11-25')).toEqual({
        date: '2026-11-25',
        closed: true,
        reason: 'The clinic is closed on Wednesdays. For emergencies, please call us.',
        slots: [],
      });
      expect((await rules()).closedWeekdays).toEqual([0, 3]);
      expect((await rules()).timeSlots).toEqual(['09:00', '10:00', '17:30']);
    } finally {
      await putSettings(current);
    }
  });
});

describe('closed dates (SET-6)', () => {
  const close = (body: unknown, cookie = owner) => app.request('/api/admin/closed-dates', { method: 'POST', cookie, json: body });

  it('closes a date, answers the bookings to move, lists it with their count, and reopens it', async () => {
    expect((await book({ preferredDate: '2026-11-27', preferredTime: '11:00' })).status).toBe(201);
    const res = await close({ date: '2026-11-27', reason: 'Guru Nanak Jayanti' });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({ date: '2026-11-27', reason: 'Guru Nanak Jayanti' });
    expect(body.affected.map((a: { email: string }) => a.email)).toEqual([visitor.email]);

    const list = await (await app.request('/api/admin/closed-dates', { cookie: receptionist })).json();
    expect(list).toEqual({ items: [{ date: '2026-11-27', reason: 'Guru Nanak Jayanti', bookings: 1 }] });
    expect((await close({ date: '2026-11-27', reason: 'Again' })).status).toBe(409);

    expect((await app.request('/api/admin/closed-dates/2026-11-27', { method: 'DELETE', cookie: receptionist })).status).toBe(403);
    expect((await app.request('/api/admin/closed-dates/2026-11-27', { method: 'DELETE', cookie: owner })).status).toBe(204);
    expect((await app.request('/api/admin/closed-dates/2026-11-27', { method: 'DELETE', cookie: owner })).status).toBe(404);
    expect((await app.request('/api/admin/closed-dates/not-a-date', { method: 'DELETE', cookie: owner })).status).toBe(404);
  });

  it('refuses a past date, an empty reason and a receptionist', async () => {
    expect(await (await close({ date: '2026-11-22', reason: 'Too late' })).json()).toEqual({
      error: 'A past date cannot be closed',
      fields: { date: 'A past date cannot be closed' },
    });
    expect((await close({ date: '2026-12-01', reason: '  ' })).status).toBe(400);
    expect((await close({ date: '2026-12-01', reason: 'Holiday' }, receptionist)).status).toBe(403);
  });

  it('refuses public bookings with the reason, says closed with the reason, and is in the rules', async () => {
    await close({ date: '2026-12-18', reason: 'Christmas' });
    await close({ date: '2027-03-01', reason: 'Beyond the window' });
    const res = await book({ preferredDate: '2026-12-18' });
    expect(res.status).toBe(400);
    const message = 'The clinic is closed on 18 December 2026: Christmas';
    expect(await res.json()).toEqual({ error: message, fields: { preferredDate: message } });
    expect(await availability('2026-12-18')).toEqual({ date: '2026-12-18', closed: true, reason: message, slots: [] });
    // Upcoming closures within the booking window only.
    expect((await rules()).closedDates).toEqual([{ date: '2026-12-18', reason: 'Christmas' }]);
    expect(Number((await app.deps.knex('appointments').count('* as n').first())?.n)).toBe(0);
  });
});
