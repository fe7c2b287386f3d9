import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as openingSessions from '../../db/migrations/039-opening-sessions';
import * as closingHourSlots from '../../db/migrations/071-closing-hour-slots';
import { storeFirstStartSettings } from '../../services/appointments/clinic-settings';
import { defaultClinicSettings, type ClinicSettings } from '../../../shared/schemas/clinic-settings';
import { startTestApp, type TestApp } from '../support/test-app';

// SET-8, APPT-20, SITE-28, SITE-29: opening hours with breaks. Each weekday is closed or one or more sessions;
// a slot is offered from its session's opening to its closing, both included (less the clinic's "last
// appointment starts N minutes before closing", default 0); the public pages word the hours from the setting,
// in every language, and a change reaches them at once. Monday 23 November 2026, 10:30 in Pune.
const NOW = '2026-11-23T05:00:00Z';
const TUESDAY = '2026-11-24';
const SUNDAY = '2026-11-29';

const visitor = {
  firstName: 'Priya',
  lastName: 'Kulkarni',
  email: 'priya@example.in',
  phone: '+91 98220 12345',
  preferredDate: TUESDAY,
  preferredTime: '10:00',
  treatment: 'cleaning',
};

let app: TestApp;
let owner: string;
beforeAll(async () => {
  app = await startTestApp({ config: { bookingRateLimitPerAddress: 0, bookingMaxOpenPerContact: 0 } });
  owner = await app.signIn();
  await storeFirstStartSettings(app.db.knex, app.deps.config);
});
afterAll(() => app?.close());
beforeEach(async () => {
  app.clock.set(NOW);
  await app.deps.knex('appointments').delete();
  await app.deps.knex('clinic_settings').delete();
  await storeFirstStartSettings(app.db.knex, app.deps.config);
});

const getSettings = async () => (await app.request('/api/admin/clinic-settings', { cookie: owner })).json() as Promise<ClinicSettings>;
const putSettings = (body: unknown) => app.request('/api/admin/clinic-settings', { method: 'PUT', cookie: owner, json: body });
const book = (body: Record<string, unknown> = {}) => app.request('/api/appointments', { method: 'POST', json: { ...visitor, ...body } });
const slotTimes = async (date: string) => ((await (await app.request(`/api/appointments/availability?date=${date}`)).json()).slots as { time: string }[]).map((s) => s.time);
const staffBook = (body: Record<string, unknown>) =>
  app.request('/api/admin/appointments', { method: 'POST', cookie: owner, json: { ...visitor, status: 'confirmed', ...body } });
async function openSunday(sessions: { open: string; close: string }[]) {
  const current = await getSettings();
  const res = await putSettings({ ...current, openingHours: { ...current.openingHours, sunday: sessions } });
  expect(res.status).toBe(200);
}

describe('opening hours with breaks (SET-8, APPT-20)', () => {
  // APPT-20 now holds the opposite of this test's former expectation (no slot at 14:00 or 21:00).
  it('by default offers 14:00 and 21:00, each session\'s closing hour; 60 minutes before closing leaves them out (ruling D45)', async () => {
    expect((await getSettings()).openingHours.tuesday).toEqual([
      { open: '10:00', close: '14:00' },
      { open: '17:00', close: '21:00' },
    ]);
    expect((await getSettings()).lastAppointmentMinutesBeforeClosing).toBe(0);
    expect(await slotTimes(TUESDAY)).toEqual(['10:00', '11:00', '12:00', '13:00', '14:00', '17:00', '18:00', '19:00', '20:00', '21:00']);
    expect((await book({ preferredTime: '14:00' })).status).toBe(201);
    expect((await book({ preferredTime: '21:00', email: 'b@example.in', phone: '+91 98220 99999' })).status).toBe(201);

    const current = await getSettings();
    expect((await putSettings({ ...current, lastAppointmentMinutesBeforeClosing: 60 })).status).toBe(200);
    expect(await slotTimes(TUESDAY)).toEqual(['10:00', '11:00', '12:00', '13:00', '17:00', '18:00', '19:00', '20:00']);
    const refused = await book({ preferredTime: '14:00', email: 'c@example.in', phone: '+91 98220 88888' });
    expect(refused.status).toBe(400);
    expect((await refused.json()).fields).toEqual({ preferredTime: 'Please select a valid time slot' });
  });

  it('refuses a slot in the break, for visitors and (unless booked anyway) for staff', async () => {
    const current = await getSettings();
    // A slot at 15:00 fits Saturday's longer morning only; Tuesday's break still refuses it.
    const saturday = [{ open: '10:00', close: '16:00' }, { open: '17:00', close: '21:00' }];
    expect((await putSettings({ ...current, timeSlots: [...current.timeSlots, '15:00'], openingHours: { ...current.openingHours, saturday } })).status).toBe(200);
    expect(await slotTimes(TUESDAY)).not.toContain('15:00');
    expect(await slotTimes('2026-11-28')).toContain('15:00');
    const visitorRefused = await book({ preferredTime: '15:00' });
    expect(visitorRefused.status).toBe(400);
    const staffRefused = await staffBook({ preferredTime: '15:00' });
    expect(staffRefused.status).toBe(400);
    expect((await staffRefused.json()).error).toBe('Please select a valid time slot');
    expect((await staffBook({ preferredTime: '15:00', bookAnyway: true })).status).toBe(201);
    expect((await book({ preferredDate: '2026-11-28', preferredTime: '15:00' })).status).toBe(201);
  });

  it('refuses a closed Sunday, and once Sunday is opened 10:00-13:00 offers 10:00 to 13:00 there (ruling D45)', async () => {
    const closed = await book({ preferredDate: SUNDAY });
    expect(closed.status).toBe(400);
    expect((await closed.json()).fields).toEqual({ preferredDate: 'The clinic is closed on Sundays. For emergencies, please call us.' });

    await openSunday([{ open: '10:00', close: '13:00' }]);
    expect(await slotTimes(SUNDAY)).toEqual(['10:00', '11:00', '12:00', '13:00']);
    expect((await (await app.request('/api/appointments/rules')).json()).closedWeekdays).toEqual([]);
    expect((await book({ preferredDate: SUNDAY, preferredTime: '14:00' })).status).toBe(400);
    expect((await book({ preferredDate: SUNDAY, preferredTime: '13:00' })).status).toBe(201);
  });

  it('refuses overlapping sessions and a slot that fits no session, with the reason', async () => {
    const current = await getSettings();
    const overlap = await putSettings({ ...current, openingHours: { ...current.openingHours, monday: [{ open: '10:00', close: '14:00' }, { open: '13:00', close: '18:00' }] } });
    expect(overlap.status).toBe(400);
    expect((await overlap.json()).error).toBe('Sessions of one day must not overlap');
    const late = await putSettings({ ...current, timeSlots: [...current.timeSlots, '21:30'] });
    expect(late.status).toBe(400);
    expect((await late.json()).error).toBe("The slot 21:30 is outside the opening hours (a slot starts between a session's opening and closing times)");
    const minutes = await putSettings({ ...current, lastAppointmentMinutesBeforeClosing: 241 });
    expect(minutes.status).toBe(400);
    expect((await minutes.json()).error).toBe('Last appointment before closing must be a whole number from 0 to 240');
  });
});

describe('the public hours come from Settings (SITE-28, SITE-29)', () => {
  const html = async (path: string) => (await app.request(path)).text();
  const jsonLdHours = (page: string) => {
    const blocks = [...page.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]));
    return blocks.find((b) => b.openingHoursSpecification)?.openingHoursSpecification;
  };

  it('word the default week on the contact page and the footer, and its JSON-LD', async () => {
    const page = await html('/contact');
    expect(page).toContain('Monday - Saturday');
    expect(page).toContain('10:00 AM - 2:00 PM');
    expect(page).toContain('5:00 PM - 9:00 PM');
    expect(jsonLdHours(page)).toHaveLength(2);
  });

  it('show Sunday opened in English, Marathi and Hindi as soon as it is saved (the cached pages are dropped)', async () => {
    await html('/contact'); // rendered and cached before the change
    await html('/mr/contact');
    await openSunday([{ open: '10:00', close: '13:00' }]);
    const en = await html('/contact');
    expect(en).toContain('10:00 AM - 1:00 PM');
    expect(en).not.toMatch(/Sunday<\/(dt|span)>\s*<(dd|span)[^>]*>\s*(<span[^>]*>)?Closed/);
    expect(jsonLdHours(en)).toContainEqual({ '@type': 'OpeningHoursSpecification', dayOfWeek: ['Sunday'], opens: '10:00', closes: '13:00' });
    const mr = await html('/mr/contact');
    expect(mr).toContain('सकाळी 10:00 - दुपारी 1:00');
    expect(mr).toContain('रविवार');
    const hi = await html('/hi/contact');
    expect(hi).toContain('सुबह 10:00 - दोपहर 1:00');
    // The footer of any page says the same.
    expect(await html('/about')).toContain('10:00 AM - 1:00 PM');
  });
});

describe('migration 039 (SET-8)', () => {
  const old = (openingHours: Record<string, unknown>, timeSlots: string[]) => ({ ...defaultClinicSettings, openingHours, timeSlots });
  const oldDefault = { open: '10:00', close: '21:00' };
  const oldWeek = { sunday: null, monday: oldDefault, tuesday: oldDefault, wednesday: oldDefault, thursday: oldDefault, friday: oldDefault, saturday: oldDefault };
  const oldSlots = ['10:00', '11:00', '12:00', '13:00', '14:00', '17:00', '18:00', '19:00', '20:00', '21:00'];

  // Migration 071 (APPT-20) brings back the two slots 039 dropped: the upgraded clinic has CLINIC-5's ten.
  it("turns the old default day into the two sessions; 039 drops the slots that started at closing time and 071 restores them (ruling D45)", async () => {
    await app.deps.knex('clinic_settings').update({ settings: JSON.stringify(old(oldWeek, oldSlots)) });
    await openingSessions.up(app.deps.knex);
    const settings = await getSettings();
    expect(settings.openingHours).toEqual(defaultClinicSettings.openingHours);
    expect(settings.timeSlots).toEqual(['10:00', '11:00', '12:00', '13:00', '17:00', '18:00', '19:00', '20:00']);
    await closingHourSlots.up(app.deps.knex);
    expect((await getSettings()).timeSlots).toEqual(defaultClinicSettings.timeSlots);
    expect(defaultClinicSettings.timeSlots).toEqual(oldSlots);
  });

  it("keeps a clinic's own hours and slots as they were edited, and down() gives the old shape back", async () => {
    const edited = { ...oldWeek, sunday: { open: '09:00', close: '12:00' }, monday: { open: '09:00', close: '19:00' }, wednesday: null };
    await app.deps.knex('clinic_settings').update({ settings: JSON.stringify(old(edited, ['09:30', '11:00', '15:00', '18:00'])) });
    await openingSessions.up(app.deps.knex);
    const settings = await getSettings();
    expect(settings.openingHours.sunday).toEqual([{ open: '09:00', close: '12:00' }]);
    expect(settings.openingHours.monday).toEqual([{ open: '09:00', close: '19:00' }]);
    expect(settings.openingHours.wednesday).toEqual([]);
    // A slot at 15:00 means the clinic's day had no break: its 10:00-21:00 days stay one session.
    expect(settings.openingHours.tuesday).toEqual([oldDefault]);
    expect(settings.timeSlots).toEqual(['09:30', '11:00', '15:00', '18:00']);
    await openingSessions.up(app.deps.knex); // a second run changes nothing
    expect((await getSettings()).openingHours).toEqual(settings.openingHours);
    await openingSessions.down(app.deps.knex);
    const row = await app.deps.knex('clinic_settings').first('settings');
    const stored = typeof row.settings === 'string' ? JSON.parse(row.settings) : row.settings;
    expect(stored.openingHours).toMatchObject({ sunday: { open: '09:00', close: '12:00' }, wednesday: null, tuesday: oldDefault });
  });
});

describe('migration 071 (APPT-20, CLINIC-5)', () => {
  const eight = ['10:00', '11:00', '12:00', '13:00', '17:00', '18:00', '19:00', '20:00'];
  const ten = ['10:00', '11:00', '12:00', '13:00', '14:00', '17:00', '18:00', '19:00', '20:00', '21:00'];
  const stored = async () => {
    const row = await app.deps.knex('clinic_settings').first('settings');
    return (typeof row.settings === 'string' ? JSON.parse(row.settings) : row.settings) as Record<string, unknown>;
  };
  const store = async (settings: Record<string, unknown>) => app.deps.knex('clinic_settings').update({ settings: JSON.stringify(settings) });
  const { lastAppointmentMinutesBeforeClosing: _later, ...olderRow } = defaultClinicSettings;

  it('gives a clinic stored with the old eight-slot default the ten slots, once, and down() takes them back (ruling D45)', async () => {
    await store({ ...olderRow, timeSlots: eight });
    await closingHourSlots.up(app.deps.knex);
    expect((await stored()).timeSlots).toEqual(ten);
    expect(await slotTimes(TUESDAY)).toEqual(ten);
    await closingHourSlots.up(app.deps.knex); // a second run changes nothing
    expect((await stored()).timeSlots).toEqual(ten);
    await store({ ...(await stored()), lastAppointmentMinutesBeforeClosing: 30 });
    await closingHourSlots.down(app.deps.knex);
    const back = await stored();
    expect(back.timeSlots).toEqual(eight);
    expect(back).not.toHaveProperty('lastAppointmentMinutesBeforeClosing');
  });

  it("keeps a clinic's own slots", async () => {
    const own = ['09:30', '11:00', '13:00', '18:00'];
    await store({ ...olderRow, timeSlots: own });
    await closingHourSlots.up(app.deps.knex);
    expect((await stored()).timeSlots).toEqual(own);
    const fewer = eight.slice(0, 7);
    await store({ ...olderRow, timeSlots: fewer });
    await closingHourSlots.up(app.deps.knex);
    expect((await stored()).timeSlots).toEqual(fewer);
  });
});
