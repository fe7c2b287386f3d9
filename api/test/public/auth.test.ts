import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, cookieFrom, startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
beforeAll(async () => {
  // A small account limit so the rate-limit tests run quickly; the production figures are in login-throttle.ts.
  app = await startTestApp({ throttle: { account: { limit: 3 } } });
});
afterAll(() => app?.close());

const login = (email: string, password: string) =>
  app.request('/api/auth/login', { method: 'POST', json: { email, password } });

describe('POST /api/auth/login', () => {
  it('signs in with the right password and sets an httpOnly, SameSite=Lax session cookie', async () => {
    const res = await login(ADMIN.email, ADMIN.password);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, user: { id: expect.any(Number), email: ADMIN.email, name: ADMIN.name, role: 'owner', mustChangePassword: false } });
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('sid='))!;
    expect(setCookie).toMatch(/httponly/i);
    expect(setCookie).toMatch(/samesite=lax/i);
    const token = cookieFrom(res).slice(4);
    // The database keeps only a hash of the token.
    const stored = await app.deps.knex('sessions').select('id');
    expect(stored.map((s) => s.id)).not.toContain(token);
  });

  it('matches the email case-insensitively', async () => {
    expect((await login(ADMIN.email.toUpperCase(), ADMIN.password)).status).toBe(200);
  });

  it('refuses a wrong password with 401 and the same message as an unknown account', async () => {
    const wrong = await login(ADMIN.email, 'wrong-password-1');
    const unknown = await login('nobody@clinic.test', 'wrong-password-1');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    // API-2: the sign-in answers success, user, error, a refusal included.
    expect(await wrong.json()).toEqual({ success: false, error: 'Invalid email or password' });
    expect(await unknown.json()).toEqual({ success: false, error: 'Invalid email or password' });
  });

  it('validates with the spec messages', async () => {
    const bad = await login('not-an-email', '123');
    expect(bad.status).toBe(400);
    // API-2: success: false beside the error and fields of API-4.
    expect(await bad.json()).toEqual({
      success: false,
      error: 'Invalid email address',
      fields: { email: 'Invalid email address', password: 'Password must be at least 6 characters' },
    });
  });

  it('rotates the session at sign-in: the old cookie stops working', async () => {
    const first = cookieFrom(await login(ADMIN.email, ADMIN.password));
    const second = await app.request('/api/auth/login', {
      method: 'POST',
      json: { email: ADMIN.email, password: ADMIN.password },
      cookie: first,
    });
    const secondCookie = cookieFrom(second);
    expect(secondCookie).not.toBe(first);
    expect((await app.request('/api/auth/me', { cookie: first })).status).toBe(401);
    expect((await app.request('/api/auth/me', { cookie: secondCookie })).status).toBe(200);
  });
});

describe('login rate limiting', () => {
  it('locks an account for a short while after repeated failures, with Retry-After', async () => {
    const victim = 'locked@clinic.test';
    for (let i = 0; i < 3; i++) expect((await login(victim, 'guess-guess')).status).toBe(401);
    const limited = await login(victim, 'guess-guess');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect((await limited.json()).error).toMatch(/Too many sign-in attempts/);
  });

  it('does not lock the real admin out through failures on other accounts', async () => {
    for (let i = 0; i < 3; i++) await login(`other${i}@clinic.test`, 'guess-guess');
    expect((await login(ADMIN.email, ADMIN.password)).status).toBe(200);
  });
});

describe('sessions', () => {
  it('answers the signed-in user from GET /api/auth/me', async () => {
    const cookie = await app.signIn();
    const res = await app.request('/api/auth/me', { cookie });
    expect(res.status).toBe(200);
    expect((await res.json()).user.email).toBe(ADMIN.email);
  });

  it('answers 401 from /api/auth/me without a session', async () => {
    const res = await app.request('/api/auth/me');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'Not signed in' });
  });

  it('ends the session at logout', async () => {
    const cookie = await app.signIn();
    const out = await app.request('/api/auth/logout', { method: 'POST', cookie });
    expect(out.status).toBe(200);
    expect((await app.request('/api/auth/me', { cookie })).status).toBe(401);
  });

  it('refuses logout without a session', async () => {
    expect((await app.request('/api/auth/logout', { method: 'POST' })).status).toBe(401);
  });

  it('expires a session idle for more than 12 hours', async () => {
    const cookie = await app.signIn();
    await app.deps.knex('sessions').update({ expiresAt: new Date(Date.now() - 1000) });
    expect((await app.request('/api/auth/me', { cookie })).status).toBe(401);
  });

  it('refuses every admin route without a session (every route and spelling: security/route-guard.test.ts)', async () => {
    for (const path of ['/api/admin/stats', '/api/admin/patients']) {
      const res = await app.request(path);
      expect(res.status, path).toBe(401);
      expect(await res.json()).toEqual({ error: 'Not signed in' });
    }
  });

  it('answers an unknown admin path 404 with or without a session (the guard sits on the routes)', async () => {
    const res = await app.request('/api/admin/anything');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Not found' });
  });

  it('accepts an admin path with a session', async () => {
    const cookie = await app.signIn();
    const res = await app.request('/api/admin/anything', { cookie });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Not found' });
  });
});
