import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN, deviceCookieFrom, startTestApp, type TestApp } from '../support/test-app';

// OPS-14: two server processes on one database throttle sign-ins as one. Two apps on the same database
// stand for them; three untrusted failures lock an account.

let first: TestApp;
let second: TestApp;
beforeAll(async () => {
  first = await startTestApp({ throttle: { account: { limit: 3 } } });
  second = await startTestApp({ db: first.db, throttle: { account: { limit: 3 } } });
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

const login = (app: TestApp, password: string, cookie?: string) =>
  app.request('/api/auth/login', { method: 'POST', json: { email: ADMIN.email, password }, cookie });

it('counts failures made through either server together, and trusts a browser known to either', async () => {
  const device = deviceCookieFrom(await login(first, ADMIN.password));

  expect((await login(first, 'wrong-password')).status).toBe(401);
  expect((await login(second, 'wrong-password')).status).toBe(401);
  expect((await login(first, 'wrong-password')).status).toBe(401);
  // The third failure locked the account on both.
  for (const app of [first, second]) {
    const res = await login(app, ADMIN.password);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  }
  // The browser that signed in through the first server is known to the second.
  expect((await login(second, ADMIN.password, device)).status).toBe(200);
});
