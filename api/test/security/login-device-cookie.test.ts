import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, resetPassword } from '../../services/staff/accounts';
import { ADMIN, deviceCookieFrom, startTestApp, type TestApp } from '../support/test-app';

// The device cookie (api/services/staff/trusted-devices.ts): what it looks like, how it is stored, and that it
// proves a browser for one account only. Small limits: two untrusted failures lock an account, three
// failures lock a trusted browser.

const DESK = { email: 'desk@clinic.test', password: 'front-desk-Long-2', name: 'Front Desk' };
const MINUTE = 60_000;

let app: TestApp;
let t0: number;
/** Each test stands still at its own instant, far enough from the others for their locks to have ended. */
const standAt = (minutes: number) => app.clock.set(new Date(t0 + minutes * MINUTE));
beforeAll(async () => {
  app = await startTestApp({ throttle: { account: { limit: 2 }, device: { limit: 3 } } });
  t0 = Date.now();
  await createAccount(app.deps.knex, DESK.email, DESK.password, DESK.name);
});
afterAll(() => app?.close());

function login(email: string, password: string, cookie?: string) {
  return app.request('/api/auth/login', { method: 'POST', json: { email, password }, cookie });
}

/** Two wrong passwords from browsers that never signed in: the account is shut out for a minute. */
async function lockUntrusted(email: string) {
  for (let i = 0; i < 2; i++) expect((await login(email, 'wrong-password')).status).toBe(401);
  expect((await login(email, 'wrong-password')).status).toBe(429);
}

describe('the device cookie', () => {
  it('is set at sign-in: httpOnly, SameSite=Strict, for /api/auth only, for 180 days', async () => {
    const res = await login(ADMIN.email, ADMIN.password);
    expect(res.status).toBe(200);
    // The session cookie comes first (clients that read one cookie keep reading the session).
    expect(res.headers.getSetCookie()[0]).toMatch(/^sid=/);
    const set = res.headers.getSetCookie().find((c) => c.startsWith('device='))!;
    expect(set).toMatch(/^device=[A-Za-z0-9_-]{43};/);
    expect(set).toMatch(/; path=\/api\/auth(;|$)/i);
    expect(set).toMatch(/; samesite=strict/i);
    expect(set).toMatch(/; httponly/i);
    expect(set).not.toMatch(/; secure/i);
    const expires = new Date(/expires=([^;]+)/i.exec(set)![1]).getTime();
    expect(Math.abs(expires - (Date.now() + 180 * 24 * 60 * MINUTE))).toBeLessThan(MINUTE);
  });

  it('is Secure when the site is served over HTTPS', async () => {
    const https = await startTestApp({ db: app.db, config: { trustProxy: true } });
    try {
      const res = await https.request('/api/auth/login', {
        method: 'POST',
        json: { email: ADMIN.email, password: ADMIN.password },
        headers: { 'X-Forwarded-Proto': 'https' },
      });
      expect(res.status).toBe(200);
      expect(res.headers.getSetCookie().find((c) => c.startsWith('device='))).toMatch(/; secure/i);
    } finally {
      await https.close();
    }
  });

  it('is stored only as a hash, bound to its account', async () => {
    const cookie = deviceCookieFrom(await login(DESK.email, DESK.password));
    const token = cookie.slice('device='.length);
    const rows = await app.deps.knex('trustedDevices').select();
    expect(JSON.stringify(rows)).not.toContain(token);
    const hash = crypto.createHash('sha256').update(token).digest('hex');
    const mine = rows.filter((r) => r.tokenHash === hash);
    expect(mine).toHaveLength(1);
    const desk = await app.deps.knex('users').where({ email: DESK.email }).first('id');
    expect(mine[0].userId).toBe(desk.id);
  });
});

describe('a browser that has signed in before', () => {
  it('signs in to its own account while the account is locked for other browsers; other cookies give no trust', async () => {
    standAt(0);
    let admin = deviceCookieFrom(await login(ADMIN.email, ADMIN.password));
    let desk = deviceCookieFrom(await login(DESK.email, DESK.password));
    await lockUntrusted(ADMIN.email);
    await lockUntrusted(DESK.email);

    const trusted = await login(ADMIN.email, ADMIN.password, admin);
    expect(trusted.status).toBe(200);
    // The cookie is replaced at each sign-in: the value used before no longer proves anything.
    const previous = admin;
    admin = deviceCookieFrom(trusted);
    expect(admin).not.toBe(previous);
    expect((await login(ADMIN.email, ADMIN.password, previous)).status).toBe(429);

    // The admin's cookie is no proof for the desk account, nor the desk's for the admin.
    expect((await login(DESK.email, DESK.password, admin)).status).toBe(429);
    expect((await login(ADMIN.email, ADMIN.password, desk)).status).toBe(429);
    // Forged and tampered values prove nothing.
    const forged = `device=${crypto.randomBytes(32).toString('base64url')}`;
    expect((await login(ADMIN.email, ADMIN.password, forged)).status).toBe(429);
    const i = 'device='.length + 10;
    const tampered = admin.slice(0, i) + (admin[i] === 'A' ? 'B' : 'A') + admin.slice(i + 1);
    expect((await login(ADMIN.email, ADMIN.password, tampered)).status).toBe(429);
    expect((await login(ADMIN.email, ADMIN.password, 'device=not-a-token')).status).toBe(429);

    const deskAgain = await login(DESK.email, DESK.password, desk);
    expect(deskAgain.status).toBe(200);
    desk = deviceCookieFrom(deskAgain);
    expect((await login(ADMIN.email, ADMIN.password, admin)).status).toBe(200);
  });

  it('stays known to every account that signed in on it', async () => {
    standAt(10);
    const first = deviceCookieFrom(await login(ADMIN.email, ADMIN.password));
    const shared = deviceCookieFrom(await login(DESK.email, DESK.password, first));
    await lockUntrusted(ADMIN.email);
    await lockUntrusted(DESK.email);
    const asAdmin = await login(ADMIN.email, ADMIN.password, shared);
    expect(asAdmin.status).toBe(200);
    expect((await login(DESK.email, DESK.password, deviceCookieFrom(asAdmin))).status).toBe(200);
  });

  it('is shut out by its own failures only, for a time that grows', async () => {
    standAt(20);
    let mine = deviceCookieFrom(await login(ADMIN.email, ADMIN.password));
    const other = deviceCookieFrom(await login(ADMIN.email, ADMIN.password));

    for (let i = 0; i < 3; i++) expect((await login(ADMIN.email, 'typo-typo', mine)).status).toBe(401);
    const locked = await login(ADMIN.email, ADMIN.password, mine);
    expect(locked.status).toBe(429);
    expect(locked.headers.get('retry-after')).toBe('60');
    // Another browser of the same admin, and the account itself, are not affected.
    expect((await login(ADMIN.email, ADMIN.password, other)).status).toBe(200);

    standAt(21);
    expect((await login(ADMIN.email, 'typo-typo', mine)).status).toBe(401);
    expect((await login(ADMIN.email, ADMIN.password, mine)).headers.get('retry-after')).toBe('120');

    standAt(23);
    const back = await login(ADMIN.email, ADMIN.password, mine);
    expect(back.status).toBe(200);
    mine = deviceCookieFrom(back);
    // A success forgives the browser's failures.
    expect((await login(ADMIN.email, 'typo-typo', mine)).status).toBe(401);
    expect((await login(ADMIN.email, ADMIN.password, mine)).status).toBe(200);
  });

  it('is forgotten when the password is reset (npm run admin -- reset-password), which lifts the account lock', async () => {
    standAt(30);
    const desk = deviceCookieFrom(await login(DESK.email, DESK.password));
    await lockUntrusted(DESK.email);
    expect(await resetPassword(app.deps.knex, DESK.email, 'new-front-desk-Long-3', app.deps.now())).toBe(true);
    const user = await app.deps.knex('users').where({ email: DESK.email }).first('id');
    expect(Number((await app.deps.knex('trustedDevices').where({ userId: user.id }).count({ n: '*' }))[0].n)).toBe(0);
    // The failures against the old password are forgotten: any browser may sign in with the new one.
    expect((await login(DESK.email, 'new-front-desk-Long-3')).status).toBe(200);
    // The browser known before the reset is a stranger now.
    await lockUntrusted(DESK.email);
    expect((await login(DESK.email, 'new-front-desk-Long-3', desk)).status).toBe(429);
  });
});
