import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../services/staff/accounts';
import { cookieFrom, startTestApp, type TestApp } from '../support/test-app';

// AUTH-3 and AUTH-15: a session ends after 12 hours without use, and, however busy, session_max_hours after
// sign-in (a setting, 12 by default). Walked with the app's movable session clock; the desktop app's main
// process holds the same cookie and meets the same answers.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const START = new Date('2026-11-24T03:30:00Z').getTime(); // 09:00 in Pune
const DESK = { email: 'desk@clinic.test', password: 'front-desk-Long-1', name: 'Desk' };

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
  await createAccount(app.deps.knex, DESK.email, DESK.password, DESK.name, 'receptionist');
});
afterAll(() => app?.close());

const at = (ms: number) => app.sessionClock.set(new Date(START + ms));
const signIn = async (who: { email: string; password: string }) =>
  cookieFrom(await app.request('/api/auth/login', { method: 'POST', json: { email: who.email, password: who.password } }));
const stats = (cookie: string) => app.request('/api/admin/stats', { cookie });
const setHours = (cookie: string, value: string | number) => app.request('/api/admin/site-settings/session_max_hours', { method: 'PUT', cookie, json: { value } });

describe('the absolute lifetime of a session', () => {
  it('ends a session used every 20 minutes exactly 12 hours after sign-in, by default; signing in again opens a new one', async () => {
    at(0);
    const cookie = await signIn(DESK);
    const answers: number[] = [];
    for (let t = 20 * MINUTE; t < 12 * HOUR; t += 20 * MINUTE) {
      at(t);
      answers.push((await stats(cookie)).status);
    }
    expect(new Set(answers)).toEqual(new Set([200]));
    at(12 * HOUR);
    const ended = await stats(cookie);
    expect(ended.status).toBe(401);
    expect(await ended.json()).toEqual({ error: 'Not signed in' });
    // It is gone, not only refused: me, the sessions list and a later request all say so.
    expect((await app.request('/api/auth/me', { cookie })).status).toBe(401);
    expect((await app.request('/api/auth/sessions', { cookie })).status).toBe(401);
    const fresh = await signIn(DESK);
    expect((await stats(fresh)).status).toBe(200);
  });

  it('still ends a session after 12 hours without use, whatever the lifetime', async () => {
    at(24 * HOUR);
    const cookie = await signIn(DESK);
    const owner = await signIn({ email: 'admin@clinic.test', password: 'correct-horse-battery' });
    expect((await setHours(owner, 48)).status).toBe(200);
    at(24 * HOUR + 11 * HOUR);
    expect((await stats(cookie)).status).toBe(200);
    at(24 * HOUR + 22 * HOUR + 59 * MINUTE); // 11 h 59 after its last use, past the default lifetime: 48 h applies
    expect((await stats(cookie)).status).toBe(200);
    at(24 * HOUR + 35 * HOUR); // 12 h 01 after its last use, well within 48 h of sign-in
    expect((await stats(cookie)).status).toBe(401);
    const again = await signIn({ email: 'admin@clinic.test', password: 'correct-horse-battery' });
    expect((await setHours(again, '')).status).toBe(200);
  });

  it('follows the owner’s setting, for the sessions already open too, and says when each one ends', async () => {
    at(100 * HOUR);
    const owner = await signIn({ email: 'admin@clinic.test', password: 'correct-horse-battery' });
    const desk = await signIn(DESK);
    at(100 * HOUR + 3 * HOUR);
    expect((await stats(desk)).status).toBe(200);
    const saved = await setHours(owner, '2');
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ key: 'session_max_hours', value: '2' });
    // Both were opened three hours ago: a two-hour lifetime has already ended them, the owner's own included.
    expect((await stats(desk)).status).toBe(401);
    expect((await stats(owner)).status).toBe(401);

    const owner2 = await signIn({ email: 'admin@clinic.test', password: 'correct-horse-battery' });
    const [mine] = await (await app.request('/api/auth/sessions', { cookie: owner2 })).json();
    expect(mine.expiresAt).toBe(new Date(START + 103 * HOUR + 2 * HOUR).toISOString());
    at(103 * HOUR + 2 * HOUR - MINUTE);
    expect((await stats(owner2)).status).toBe(200);
    at(103 * HOUR + 2 * HOUR);
    expect((await stats(owner2)).status).toBe(401);

    // Clearing the setting brings back the default.
    const owner3 = await signIn({ email: 'admin@clinic.test', password: 'correct-horse-battery' });
    expect(await (await setHours(owner3, '')).json()).toEqual({ key: 'session_max_hours', value: null });
    at(105 * HOUR + 11 * HOUR);
    expect((await stats(owner3)).status).toBe(200);
  });

  it('takes whole hours from 1 to 168 from the owner only, and audits the change', async () => {
    at(200 * HOUR);
    const owner = await signIn({ email: 'admin@clinic.test', password: 'correct-horse-battery' });
    for (const bad of ['0', '169', '1.5', 'twelve', -1]) {
      const res = await setHours(owner, bad);
      expect(res.status, String(bad)).toBe(400);
      expect((await res.json()).fields).toEqual({ value: 'Session length must be a whole number of hours from 1 to 168' });
    }
    const desk = await signIn(DESK);
    expect((await setHours(desk, '24')).status).toBe(403);
    expect((await app.request('/api/site-settings/session_max_hours')).status).toBe(404); // not public
    expect((await setHours(owner, '8')).status).toBe(200);
    const row = await app.deps.knex('auditLog').where({ entity: 'site-setting', entityId: 'session_max_hours' }).orderBy('id', 'desc').first('action', 'changes');
    expect(row).toMatchObject({ action: 'update', changes: { value: { new: '8' } } });
    expect(await (await app.request('/api/admin/site-settings/session_max_hours', { cookie: owner })).json()).toEqual({ key: 'session_max_hours', value: '8' });
  });
});
