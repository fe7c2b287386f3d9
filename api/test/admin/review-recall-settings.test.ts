import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ClinicSettings } from '../../../shared/schemas/clinic-settings';
import { createAccount } from '../../services/staff/accounts';
import { storeFirstStartSettings } from '../../services/appointments/clinic-settings';
import { sendDueReviewRequests } from '../../services/content/reviews';
import { cookieFrom, startTestApp, type TestApp } from '../support/test-app';

// SET-4, REV-1, PAT-6: the review request switch and delay and the recall period are clinic settings the
// owner changes in Settings (audited); RECALL_MONTHS only seeds the recall period on a first start. The Recall
// list and the review requests follow the saved values.

const NOW = '2026-11-23T05:00:00Z'; // Monday 23 November 2026, 10:30 in Pune

let app: TestApp;
let owner: string;
let receptionist: string;

beforeAll(async () => {
  app = await startTestApp({ config: { publicUrl: 'https://clinic.example.in', recallMonths: 4 } });
  owner = await app.signIn();
  await createAccount(app.deps.knex, 'rekha@clinic.test', 'front-desk-2026', 'Rekha', 'receptionist');
  receptionist = cookieFrom(
    await app.request('/api/auth/login', { method: 'POST', json: { email: 'rekha@clinic.test', password: 'front-desk-2026' } }),
  );
});
afterAll(async () => {
  await app?.close();
});
beforeEach(async () => {
  app.clock.set(NOW);
  await app.deps.knex('email_outbox').delete();
  await app.deps.knex('reviews').delete();
  await app.deps.knex('appointments').delete();
  await app.deps.knex('patients').delete();
});

const getSettings = async (cookie = owner) => (await app.request('/api/admin/clinic-settings', { cookie })).json() as Promise<ClinicSettings>;
const putSettings = (body: unknown, cookie = owner) => app.request('/api/admin/clinic-settings', { method: 'PUT', cookie, json: body });
const recall = async () =>
  (await (await app.request('/api/admin/recall', { cookie: owner })).json()) as { months: number; items: { firstName: string; dueDate: string }[] };

async function patientWithVisit(name: string, lastVisit: string, extra: Record<string, unknown> = {}): Promise<number> {
  const email = `${name.toLowerCase()}@example.in`;
  const [{ id }] = await app.deps.knex('patients').insert({ firstName: name, lastName: 'Joshi', email, phone: '9876500000' }, ['id']);
  await app.deps.knex('appointments').insert({
    patientId: id,
    firstName: name,
    lastName: 'Joshi',
    email,
    phone: '9876500000',
    treatment: 'cleaning',
    preferredDate: lastVisit,
    preferredTime: '11:00',
    status: 'completed',
    ...extra,
  });
  return id;
}

describe('the review and recall settings', () => {
  it('start from RECALL_MONTHS and the defaults (review requests on, 2 hours), and only seed once', async () => {
    const first = await getSettings();
    expect(first).toMatchObject({ reviewRequests: true, reviewRequestDelayHours: 2, recallMonths: 4 });
    await storeFirstStartSettings(app.db.knex, app.deps.config);
    app.deps.config.recallMonths = 9;
    try {
      expect((await getSettings(receptionist)).recallMonths).toBe(4);
    } finally {
      app.deps.config.recallMonths = 4;
    }
  });

  it('a row stored before these settings existed reads them as their first-start values', async () => {
    const current = await getSettings();
    const { reviewRequests: _r, reviewRequestDelayHours: _d, recallMonths: _m, ...older } = current;
    await app.deps.knex('clinic_settings').where({ id: 1 }).update({ settings: JSON.stringify(older) });
    expect(await getSettings()).toEqual({ ...current, reviewRequests: true, reviewRequestDelayHours: 2, recallMonths: 4 });
    await putSettings(current);
  });

  it('are validated with a clear message, and only the owner changes them', async () => {
    const current = await getSettings();
    const cases: [Record<string, unknown>, string][] = [
      [{ recallMonths: 0 }, 'Recall period must be a whole number from 1 to 60'],
      [{ recallMonths: 61 }, 'Recall period must be a whole number from 1 to 60'],
      [{ recallMonths: 6.5 }, 'Recall period must be a whole number from 1 to 60'],
      [{ recallMonths: '6' }, 'Recall period must be a whole number from 1 to 60'],
      [{ reviewRequestDelayHours: -1 }, 'Review request delay must be a whole number from 0 to 168'],
      [{ reviewRequestDelayHours: 169 }, 'Review request delay must be a whole number from 0 to 168'],
      [{ reviewRequests: 'yes' }, 'Review requests must be true or false'],
    ];
    for (const [change, message] of cases) {
      const res = await putSettings({ ...current, ...change });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect((await res.json()).error, JSON.stringify(change)).toBe(message);
    }
    expect((await putSettings({ ...current, recallMonths: 3 }, receptionist)).status).toBe(403);
    expect(await getSettings()).toEqual(current);
  });

  it('are saved with one audit row naming the changed fields; a save without them keeps them', async () => {
    const current = await getSettings();
    const lastAudit = Number((await app.deps.knex('auditLog').max('id as id').first())?.id ?? 0);
    const res = await putSettings({ ...current, reviewRequests: false, reviewRequestDelayHours: 24, recallMonths: 12 });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ reviewRequests: false, reviewRequestDelayHours: 24, recallMonths: 12 });
    const rows = await app.deps.knex('auditLog').where('id', '>', lastAudit);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'update', entity: 'clinic-settings' });
    const changes = typeof rows[0].changes === 'string' ? JSON.parse(rows[0].changes) : rows[0].changes;
    expect(changes).toEqual({
      reviewRequests: { old: true, new: false },
      reviewRequestDelayHours: { old: 2, new: 24 },
      recallMonths: { old: 4, new: 12 },
    });

    // An older client (one that does not know these fields) saves the hours without touching them.
    const { reviewRequests: _r, reviewRequestDelayHours: _d, recallMonths: _m, ...older } = current;
    expect((await putSettings({ ...older, slotCapacity: 5 })).status).toBe(200);
    expect(await getSettings()).toMatchObject({ slotCapacity: 5, reviewRequests: false, reviewRequestDelayHours: 24, recallMonths: 12 });
    expect((await putSettings(current)).status).toBe(200);
  });
});

describe('their effect', () => {
  it('the Recall list follows the recall period', async () => {
    const current = await getSettings();
    await patientWithVisit('Five', '2026-06-20'); // five months ago
    await patientWithVisit('Two', '2026-09-10'); // two months ago
    try {
      // Seeded at 4 months: Five is due (since 20 October), Two is not.
      expect(await recall()).toMatchObject({ months: 4, items: [{ firstName: 'Five', dueDate: '2026-10-20' }] });

      expect((await putSettings({ ...current, recallMonths: 6 })).status).toBe(200);
      expect(await recall()).toEqual({ months: 6, items: [] });
      // Not due: the recall email is refused as for any patient not on the list.
      const five = await app.deps.knex('patients').where({ firstName: 'Five' }).first('id');
      expect((await app.request(`/api/admin/recall/${five.id}/email`, { method: 'POST', cookie: owner })).status).toBe(404);

      expect((await putSettings({ ...current, recallMonths: 2 })).status).toBe(200);
      expect((await recall()).items.map((i) => [i.firstName, i.dueDate])).toEqual([
        ['Five', '2026-08-20'],
        ['Two', '2026-11-10'],
      ]);
      const sent = await app.request(`/api/admin/recall/${five.id}/email`, { method: 'POST', cookie: owner });
      expect(sent.status).toBe(200);
    } finally {
      await putSettings(current);
    }
  });

  it('review requests follow the switch and the delay', async () => {
    const current = await getSettings();
    // A visit completed at 11:30 today (06:00 UTC).
    await patientWithVisit('Asha', '2026-11-23', { completedAt: new Date('2026-11-23T06:00:00Z') });
    const requests = () => app.deps.knex('email_outbox').where({ kind: 'review-request' });
    try {
      expect((await putSettings({ ...current, reviewRequestDelayHours: 5 })).status).toBe(200);
      app.clock.set('2026-11-23T10:59:00Z'); // 4 h 59 after completion
      expect(await sendDueReviewRequests(app.deps, app.clock.now())).toBe(0);

      expect((await putSettings({ ...current, reviewRequests: false, reviewRequestDelayHours: 5 })).status).toBe(200);
      app.clock.set('2026-11-23T11:01:00Z');
      expect(await sendDueReviewRequests(app.deps, app.clock.now())).toBe(0);

      expect((await putSettings({ ...current, reviewRequests: true, reviewRequestDelayHours: 5 })).status).toBe(200);
      expect(await sendDueReviewRequests(app.deps, app.clock.now())).toBe(1);
      expect(await requests()).toHaveLength(1);
    } finally {
      await putSettings(current);
    }
  });
});
