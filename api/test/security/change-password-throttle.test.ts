import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN, cookieFrom, deviceCookieFrom, startTestApp, type TestApp } from '../support/test-app';

// AUTH-13: a wrong current password on change-password counts like a failed sign-in, with the sign-in's
// production rules (api/services/staff/login-throttle.ts), and every checked attempt is audited without a password.

const MINUTE = 60_000;
const TOO_MANY = { error: 'Too many password attempts. Please wait and try again.' };

let app: TestApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const login = (password: string, cookie?: string) => app!.request('/api/auth/login', { method: 'POST', json: { email: ADMIN.email, password }, cookie });
const change = (cookie: string, currentPassword: string, newPassword = 'a-brand-new-Secret-7') =>
  app!.request('/api/auth/change-password', { method: 'POST', cookie, json: { currentPassword, newPassword } });
const auditRows = async () => app!.deps.knex('auditLog').where({ entity: 'user' }).whereLike('action', 'change-password%').orderBy('id').select('action', 'userName', 'changes');

describe('change-password guessing', () => {
  it('a stolen session guessing the current password is locked out like a sign-in guesser, and the account’s sign-in with it', async () => {
    app = await startTestApp();
    app.clock.set('2026-11-24T04:30:00Z');
    // The owner's own browser signed in earlier: it holds a device cookie.
    const ownerDevice = deviceCookieFrom(await login(ADMIN.password));
    // The thief has only the session cookie, in another browser.
    const stolen = cookieFrom(await login(ADMIN.password));

    const guesses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await change(stolen, `guess-number-${i}`);
      guesses.push(res.status);
      expect(await res.json()).toMatchObject({ error: 'Current password is incorrect' });
    }
    expect(guesses).toEqual([400, 400, 400, 400, 400]);
    const locked = await change(stolen, `guess-number-5`);
    expect(locked.status).toBe(429);
    expect(await locked.json()).toEqual(TOO_MANY);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Even the right password waits: the lock is not a hint.
    expect((await change(stolen, ADMIN.password)).status).toBe(429);

    // The same counters as sign-in: a browser unknown to the account waits too; the owner's known browser does not.
    expect((await login(ADMIN.password)).status).toBe(429);
    expect((await login(ADMIN.password, ownerDevice)).status).toBe(200);

    // Five checked attempts, five rows; the refused ones wrote none, and no row holds a password.
    const rows = await auditRows();
    expect(rows).toEqual(Array.from({ length: 5 }, () => ({ action: 'change-password-failed', userName: ADMIN.name, changes: null })));

    // Once the lock has passed, the right current password changes it (and that is audited too).
    app.clock.set(new Date(new Date('2026-11-24T04:30:00Z').getTime() + 2 * MINUTE));
    const done = await change(stolen, ADMIN.password);
    expect(done.status).toBe(200);
    expect((await auditRows()).map((r) => r.action)).toEqual([...Array(5).fill('change-password-failed'), 'change-password']);
    const everything = JSON.stringify(await app.deps.knex('auditLog').select('changes'));
    for (const secret of [ADMIN.password, 'guess-number-0', 'a-brand-new-Secret-7']) expect(everything).not.toContain(secret);
  });

  it('on the holder’s own trusted browser, failures count against that browser only, as at sign-in', async () => {
    app = await startTestApp();
    app.clock.set('2026-11-24T04:30:00Z');
    const first = await login(ADMIN.password);
    const session = `${cookieFrom(first)}; ${deviceCookieFrom(first)}`;
    for (let i = 0; i < 5; i += 1) expect((await change(session, `typo-number-${i}`)).status).toBe(400);
    expect((await change(session, 'typo-number-5')).status).toBe(429);
    // The account's counter for other browsers was not touched: a new browser still signs in.
    expect((await login(ADMIN.password)).status).toBe(200);
  });
});
