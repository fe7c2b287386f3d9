import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ruling, spec } from '../../../scripts/spec-conformance';
import { storeFirstStartSettings } from '../../services/appointments/clinic-settings';
import type { ClinicSettings } from '../../../shared/schemas/clinic-settings';
import { startTestApp, type TestApp } from '../support/test-app';

// SPEC 9 "Booking time slots" and "Clinic hours", SPEC 5's preferredDate and preferredTime as far as the slots
// go, and the rulings on them: D12 (what the server refuses), D27 (SPEC 9's slots and hours are the defaults of
// the clinic's settings), D28 (staff bookings and the reschedule) and D45 (each closing hour is a slot; the
// owner may end the slots earlier with "last appointment starts N minutes before closing", default 0).
//
// The clinic's clock stands at Monday 23 November 2026, 10:30 in Pune (05:00 UTC): today's 10:00 has passed.
const NOW = '2026-11-23T05:00:00Z';
const TODAY = '2026-11-23';
const TUESDAY = '2026-11-24';
const SATURDAY = '2026-11-28';
const SUNDAY = '2026-11-29';
const WEEK = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28'];

const TEN = ['10:00', '11:00', '12:00', '13:00', '14:00', '17:00', '18:00', '19:00', '20:00', '21:00'];
const EIGHT = ['10:00', '11:00', '12:00', '13:00', '17:00', '18:00', '19:00', '20:00'];
const LABELS = ['10:00 AM', '11:00 AM', '12:00 PM', '1:00 PM', '2:00 PM', '5:00 PM', '6:00 PM', '7:00 PM', '8:00 PM', '9:00 PM'];
const SPEC_HOURS = [
  { open: '10:00', close: '14:00' },
  { open: '17:00', close: '21:00' },
];
const INVALID_SLOT = 'Please select a valid time slot';
const SUNDAY_CLOSED = 'The clinic is closed on Sundays. For emergencies, please call us.';

let app: TestApp;
let owner: string;
let visitors = 0;

beforeAll(async () => {
  app = await startTestApp({ config: { bookingRateLimitPerAddress: 0, bookingMaxOpenPerContact: 0 } });
  owner = await app.signIn();
});
afterAll(() => app?.close());
beforeEach(async () => {
  app.clock.set(NOW);
  await app.deps.knex('appointments').delete();
  await app.deps.knex('clinic_settings').delete();
  await storeFirstStartSettings(app.db.knex, app.deps.config);
});

/** A visitor of their own (email and phone), so no per-contact limit meets another test's booking. */
function visitor(body: Record<string, unknown> = {}) {
  visitors += 1;
  return {
    firstName: 'Priya',
    lastName: 'Kulkarni',
    email: `slots${visitors}@example.in`,
    phone: `+91 98220 ${String(10000 + visitors).padStart(5, '0')}`,
    preferredDate: TUESDAY,
    preferredTime: '10:00',
    treatment: 'cleaning',
    notes: 'First visit',
    ...body,
  };
}

const book = (body: Record<string, unknown> = {}) => app.request('/api/appointments', { method: 'POST', json: visitor(body) });
const staffBook = (body: Record<string, unknown>) =>
  app.request('/api/admin/appointments', { method: 'POST', cookie: owner, json: { ...visitor(body), status: 'confirmed' } });
const reschedule = (id: number, body: Record<string, unknown>) =>
  app.request(`/api/admin/appointments/${id}/reschedule`, { method: 'PATCH', cookie: owner, json: body });
const availability = async (date: string) => (await app.request(`/api/appointments/availability?date=${date}`)).json();
const slotTimes = async (date: string) => ((await availability(date)).slots as { time: string }[]).map((s) => s.time);
const rules = async () => (await app.request('/api/appointments/rules')).json();
const getSettings = async () => (await app.request('/api/admin/clinic-settings', { cookie: owner })).json() as Promise<ClinicSettings>;
async function setMinutesBeforeClosing(minutes: number) {
  const res = await app.request('/api/admin/clinic-settings', {
    method: 'PUT',
    cookie: owner,
    json: { ...(await getSettings()), lastAppointmentMinutesBeforeClosing: minutes },
  });
  expect(res.status).toBe(200);
  expect((await res.json()).lastAppointmentMinutesBeforeClosing).toBe(minutes);
}

describe('the ten booking slots', () => {
  it(spec('SPEC 9', 'Booking time slots: 10:00, 11:00, 12:00, 13:00, 14:00, 17:00, 18:00, 19:00, 20:00, 21:00'), async () => {
    const day = await availability(TUESDAY);
    expect(day.closed).toBe(false);
    expect(day.slots).toEqual(TEN.map((time) => ({ time, available: true, reason: null })));
  });

  it(ruling('D45', "the public booking offers exactly SPEC 9's ten slots, 10:00 to 14:00 and 17:00 to 21:00, each closing hour included"), async () => {
    for (const time of TEN) {
      const res = await book({ preferredTime: time });
      expect(res.status, time).toBe(201);
      expect(await res.json(), time).toMatchObject({ preferredDate: TUESDAY, preferredTime: time, status: 'pending' });
    }
    const stored: { preferredTime: string }[] = await app.deps.knex('appointments').where({ preferredDate: TUESDAY }).orderBy('preferredTime').select('preferredTime');
    expect(stored.map((r) => r.preferredTime)).toEqual(TEN);
  });

  it(spec('SPEC 9', '10:00, 11:00, 12:00, 13:00, 14:00, 17:00, 18:00, 19:00, 20:00, 21:00'), async () => {
    // The rules every public page embeds and the form reads (GET /api/appointments/rules).
    const answer = await rules();
    expect(answer.timeSlots).toEqual(TEN);
    expect(answer.lastAppointmentMinutesBeforeClosing).toBe(0);
    // The clinic's settings start from SPEC 9's list (D27).
    expect((await getSettings()).timeSlots).toEqual(TEN);
  });

  it(spec('SPEC 9', '(shown 10:00 AM to 9:00 PM)'), async () => {
    // The public booking form on the contact page, as the server renders it: one option per slot.
    const page = await (await app.request('/contact')).text();
    const form = page.slice(page.indexOf('id="book"'));
    const select = /<select[^>]*name="preferredTime"[^>]*>([\s\S]*?)<\/select>/.exec(form)?.[1] ?? '';
    const options = [...select.matchAll(/<option[^>]*value="([^"]*)"[^>]*>([^<]*)<\/option>/g)].map((m) => [m[1], m[2]]);
    expect(options.filter(([value]) => value !== '')).toEqual(TEN.map((time, i) => [time, LABELS[i]]));
  });
});

describe('the clinic hours', () => {
  it(spec('SPEC 9', 'Clinic hours: Mon-Sat 10:00 AM-2:00 PM and 5:00 PM-9:00 PM', 'D27'), async () => {
    const answer = await rules();
    expect(answer.dayHours).toEqual([[], SPEC_HOURS, SPEC_HOURS, SPEC_HOURS, SPEC_HOURS, SPEC_HOURS, SPEC_HOURS]);
    expect(answer.closedWeekdays).toEqual([0]);
    const settings = await getSettings();
    for (const day of ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const) {
      expect(settings.openingHours[day], day).toEqual(SPEC_HOURS);
    }
    // Monday (today, from 11:00 on: 10:00 has passed) to Saturday each offer the ten slots.
    for (const date of WEEK) expect(await slotTimes(date), date).toEqual(TEN);
    // The contact page words them.
    const page = await (await app.request('/contact')).text();
    expect(page).toContain('Monday - Saturday');
    expect(page).toContain('10:00 AM - 2:00 PM');
    expect(page).toContain('5:00 PM - 9:00 PM');
  });

  it(spec('SPEC 9', 'Sunday closed; emergency appointments by phone', 'D12'), async () => {
    expect(await availability(SUNDAY)).toEqual({ date: SUNDAY, closed: true, reason: SUNDAY_CLOSED, slots: [] });
    const res = await book({ preferredDate: SUNDAY, preferredTime: '10:00' });
    expect(res.status).toBe(400);
    expect((await res.json()).fields).toEqual({ preferredDate: SUNDAY_CLOSED });
    expect((await getSettings()).openingHours.sunday).toEqual([]);
  });

  it(ruling('D12', "the server rejects a past date, a Sunday (the clinic is closed: emergencies by phone), a time that is not one of the spec's slots"), async () => {
    for (const time of ['09:00', '14:30', '15:00', '16:00', '21:30', '22:00', '10:30']) {
      const res = await book({ preferredTime: time });
      expect(res.status, time).toBe(400);
      const body = await res.json();
      expect(body.error, time).toBe(INVALID_SLOT);
      expect(body.fields, time).toEqual({ preferredTime: INVALID_SLOT });
    }
    const junk = await book({ preferredTime: 'noon!' });
    expect(junk.status).toBe(400);
    expect((await junk.json()).fields).toEqual({ preferredTime: INVALID_SLOT });
    expect(Number((await app.deps.knex('appointments').count<{ n: string }[]>('* as n'))[0].n)).toBe(0);
  });
});

describe("SPEC 5's date and time of a booking", () => {
  it(spec('SPEC 5', "preferredTime required: 'Please select a preferred time'"), async () => {
    const res = await book({ preferredTime: '' });
    expect(res.status).toBe(400);
    expect((await res.json()).fields).toMatchObject({ preferredTime: 'Please select a preferred time' });
  });

  it(spec('SPEC 5', "preferredDate required: 'Please select a preferred date'"), async () => {
    const res = await book({ preferredDate: '' });
    expect(res.status).toBe(400);
    expect((await res.json()).fields).toMatchObject({ preferredDate: 'Please select a preferred date' });
  });

  it(spec('SPEC 5', 'Past dates and dates before 1900 cannot be chosen; today is allowed.', 'D12'), async () => {
    // Today: its last slots (14:00, 21:00) are bookable; 10:00 has passed (D12).
    expect((await book({ preferredDate: TODAY, preferredTime: '21:00' })).status).toBe(201);
    expect((await book({ preferredDate: TODAY, preferredTime: '14:00' })).status).toBe(201);
    const passed = await book({ preferredDate: TODAY, preferredTime: '10:00' });
    expect(passed.status).toBe(400);
    expect((await passed.json()).fields).toEqual({ preferredTime: 'This time has already passed today. Please choose a later time.' });
    const today = await availability(TODAY);
    expect(today.slots[0]).toEqual({ time: '10:00', available: false, reason: 'passed' });
    expect(today.slots.at(-1)).toEqual({ time: '21:00', available: true, reason: null });
    // Yesterday and a date before 1900 are refused.
    for (const date of ['2026-11-22', '1899-12-30']) {
      const res = await book({ preferredDate: date, preferredTime: '21:00' });
      expect(res.status, date).toBe(400);
      expect(Object.keys((await res.json()).fields), date).toEqual(['preferredDate']);
    }
  });
});

describe('"last appointment starts N minutes before closing"', () => {
  it(ruling('D45', 'an owner who wants the last one earlier sets "last appointment starts N minutes before closing" in Settings (default 0)'), async () => {
    expect((await getSettings()).lastAppointmentMinutesBeforeClosing).toBe(0);

    await setMinutesBeforeClosing(60);
    expect(await slotTimes(TUESDAY)).toEqual(EIGHT);
    expect((await rules()).lastAppointmentMinutesBeforeClosing).toBe(60);
    // The list of slots is kept: the setting leaves the last ones out of what is offered.
    expect((await rules()).timeSlots).toEqual(TEN);
    for (const time of ['14:00', '21:00']) {
      const res = await book({ preferredTime: time });
      expect(res.status, time).toBe(400);
      expect((await res.json()).fields, time).toEqual({ preferredTime: INVALID_SLOT });
      // A staff booking is refused the same, unless the staff member books anyway (D28).
      const staff = await staffBook({ preferredTime: time });
      expect(staff.status, time).toBe(400);
      expect((await staff.json()).error, time).toBe(INVALID_SLOT);
    }
    expect((await book({ preferredTime: '13:00' })).status).toBe(201);
    expect((await book({ preferredTime: '20:00' })).status).toBe(201);

    await setMinutesBeforeClosing(0);
    expect(await slotTimes(TUESDAY)).toEqual(TEN);
    expect((await book({ preferredTime: '14:00' })).status).toBe(201);
    expect((await book({ preferredTime: '21:00' })).status).toBe(201);
  });

  it(ruling('D45', "A session's slots run from its opening time to its closing time, both included"), async () => {
    // Saturday in one session 09:00-12:00 with half-hour slots: 12:00, the closing time, is one of them.
    const current = await getSettings();
    const res = await app.request('/api/admin/clinic-settings', {
      method: 'PUT',
      cookie: owner,
      json: { ...current, timeSlots: [...TEN, '09:00', '11:30'], openingHours: { ...current.openingHours, saturday: [{ open: '09:00', close: '12:00' }] } },
    });
    expect(res.status).toBe(200);
    expect(await slotTimes(SATURDAY)).toEqual(['09:00', '10:00', '11:00', '11:30', '12:00']);
    expect((await book({ preferredDate: SATURDAY, preferredTime: '12:00' })).status).toBe(201);
    expect((await book({ preferredDate: SATURDAY, preferredTime: '13:00' })).status).toBe(400);
    // 30 minutes before closing: 11:30 is the last.
    await setMinutesBeforeClosing(30);
    expect(await slotTimes(SATURDAY)).toEqual(['09:00', '10:00', '11:00', '11:30']);
    // A time past closing is refused as a slot of the hours (the settings' own check).
    const outside = await app.request('/api/admin/clinic-settings', { method: 'PUT', cookie: owner, json: { ...(await getSettings()), timeSlots: [...TEN, '21:30'] } });
    expect(outside.status).toBe(400);
    const tooMany = await app.request('/api/admin/clinic-settings', { method: 'PUT', cookie: owner, json: { ...(await getSettings()), lastAppointmentMinutesBeforeClosing: 241 } });
    expect(tooMany.status).toBe(400);
  });
});

describe('staff bookings (D28)', () => {
  it(ruling('D28', 'staff create appointments for phone and walk-in patients'), async () => {
    for (const time of ['14:00', '21:00']) {
      const res = await staffBook({ preferredTime: time });
      expect(res.status, time).toBe(201);
      expect(await res.json(), time).toMatchObject({ preferredDate: TUESDAY, preferredTime: time, status: 'confirmed' });
    }
    const calendar = await (await app.request(`/api/admin/appointments/calendar?from=${TUESDAY}&to=${TUESDAY}`, { cookie: owner })).json();
    expect(calendar.days[0].slots.map((s: { time: string }) => s.time)).toEqual(TEN);
  });

  it(ruling('D28', 'reschedule one (new date and time; the patient is emailed)'), async () => {
    const booked = await (await book({ preferredTime: '10:00' })).json();
    const moved = await reschedule(booked.id, { preferredDate: SATURDAY, preferredTime: '21:00' });
    expect(moved.status).toBe(200);
    expect(await moved.json()).toMatchObject({ preferredDate: SATURDAY, preferredTime: '21:00' });
    const back = await reschedule(booked.id, { preferredDate: TUESDAY, preferredTime: '14:00' });
    expect(back.status).toBe(200);
    await setMinutesBeforeClosing(60);
    const refused = await reschedule(booked.id, { preferredDate: SATURDAY, preferredTime: '21:00' });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toBe(INVALID_SLOT);
  });
});
