import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN, deviceCookieFrom, startTestApp, type TestApp } from '../support/test-app';

// AUTH-5, with the production rules (api/services/staff/login-throttle.ts). Every request of these
// tests comes from 127.0.0.1: the attacker and the clinic are on the same network.

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
// API-2: a refused sign-in answers SPEC's login shape (success, error), the throttle's refusal too.
const TOO_MANY = { success: false, error: 'Too many sign-in attempts. Please wait and try again.' };

let app: TestApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

function login(email: string, password: string, cookie?: string) {
  return app!.request('/api/auth/login', { method: 'POST', json: { email, password }, cookie });
}

describe('a stranger cannot keep the real admin out', () => {
  it('lets the admin’s known browser sign in every hour of a day in which a stranger guesses whenever the lock allows', async () => {
    app = await startTestApp();
    const start = new Date('2026-11-24T00:00:00+05:30').getTime();
    const end = start + 24 * HOUR;
    app.clock.set(new Date(start));
    // The admin's browser signed in before the attack: it holds a device cookie.
    let device = deviceCookieFrom(await login(ADMIN.email, ADMIN.password));

    let adminAt = start + HOUR;
    let attackerAt = start + SECOND;
    let guesses = 0;
    let refused = 0;
    const adminAnswers: number[] = [];
    const withoutCookie: number[] = [];
    while (Math.min(adminAt, attackerAt) <= end) {
      if (adminAt <= attackerAt) {
        app.clock.set(new Date(adminAt));
        const res = await login(ADMIN.email, ADMIN.password, device);
        adminAnswers.push(res.status);
        if (res.status === 200) device = deviceCookieFrom(res);
        // The trade-off: a browser that has never signed in waits out the account's lock like the stranger.
        const fresh = await login(ADMIN.email, ADMIN.password);
        withoutCookie.push(fresh.status);
        adminAt += HOUR;
      } else {
        app.clock.set(new Date(attackerAt));
        const res = await login(ADMIN.email, `guess-number-${guesses}`);
        if (res.status === 401) {
          guesses += 1;
          attackerAt += SECOND;
        } else {
          expect(res.status).toBe(429);
          expect(await res.json()).toEqual(TOO_MANY);
          refused += 1;
          attackerAt += Number(res.headers.get('retry-after')) * SECOND;
        }
      }
    }

    expect(adminAnswers).toEqual(Array(24).fill(200));
    expect(withoutCookie).toEqual(Array(24).fill(429));
    // 4 free guesses, then locks of 1, 2, 4 ... 32 minutes, then one guess an hour: 33 in the day.
    expect(guesses).toBeGreaterThan(20);
    expect(guesses).toBeLessThanOrEqual(33);
    expect(refused).toBeGreaterThan(0);
  }, 300_000);
});

describe('one address guessing over many accounts', () => {
  it('is slowed down with delays that double, while the admin’s known browser still signs in', async () => {
    app = await startTestApp();
    const start = new Date('2026-11-24T09:00:00+05:30').getTime();
    app.clock.set(new Date(start));
    const device = deviceCookieFrom(await login(ADMIN.email, ADMIN.password));

    // 20 failures from one address are free (one guess on each of 20 accounts); the 20th locks the address.
    let now = start;
    for (let i = 0; i < 20; i++) expect((await login(`patient${i}@clinic.test`, 'Summer2026!')).status).toBe(401);

    const waits: number[] = [];
    for (let round = 0; round < 5; round++) {
      const refused = await login(`next${round}@clinic.test`, 'Summer2026!');
      expect(refused.status).toBe(429);
      expect(await refused.json()).toEqual(TOO_MANY);
      const wait = Number(refused.headers.get('retry-after'));
      waits.push(wait);
      now += wait * SECOND;
      app.clock.set(new Date(now));
      expect((await login(`other${round}@clinic.test`, 'Summer2026!')).status).toBe(401);
    }
    expect(waits).toEqual([60, 120, 240, 480, 960]);

    // The address is shut out: a browser that never signed in there waits; the admin's known browser does not.
    expect((await login(ADMIN.email, ADMIN.password)).status).toBe(429);
    expect((await login(ADMIN.email, ADMIN.password, device)).status).toBe(200);
  }, 180_000);
});
