import bcrypt from 'bcrypt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { throttleKey } from '../../platform/throttle-store';
import { ADMIN, startTestApp, type TestApp } from '../support/test-app';

// bcrypt work cannot take the whole libuv thread pool (api/platform/password-work.ts).
// A bound of 2 at once with 3 waiting; the sign-in throttle is opened wide so that only the bound answers.

const BOUND = { concurrency: 2, queue: 3, retryAfterSeconds: 2 };
let running = 0;
let peak = 0;
const compare = bcrypt.compare.bind(bcrypt) as (data: string, hash: string) => Promise<boolean>;

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({
    passwordWork: BOUND,
    throttle: { account: { limit: 1000 }, address: { limit: 1000 } },
  });
  vi.spyOn(bcrypt, 'compare').mockImplementation((async (data: string, hash: string) => {
    running += 1;
    peak = Math.max(peak, running);
    try {
      return await compare(data, hash);
    } finally {
      running -= 1;
    }
  }) as typeof bcrypt.compare);
});
afterAll(async () => {
  vi.restoreAllMocks();
  await app?.close();
});

function login(email: string, password: string) {
  return app.request('/api/auth/login', { method: 'POST', json: { email, password } });
}

describe('many sign-ins at once', () => {
  it('run at most 2 password checks at a time, queue 3, and answer the rest 503 with Retry-After', async () => {
    peak = 0;
    const answers = await Promise.all(Array.from({ length: 20 }, () => login(ADMIN.email, ADMIN.password)));
    const statuses = answers.map((r) => r.status);
    expect(peak).toBe(2);
    expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(BOUND.concurrency + BOUND.queue);
    const busy = answers.filter((r) => r.status === 503);
    expect(busy.length).toBeGreaterThan(0);
    for (const res of busy) {
      expect(res.headers.get('retry-after')).toBe('2');
      // API-2: the sign-in answers success, user, error, a refusal included.
      expect(await res.json()).toEqual({ success: false, error: 'The server is busy. Please try again in a moment.' });
    }
    // Once the burst has passed, a sign-in is answered as usual.
    expect((await login(ADMIN.email, ADMIN.password)).status).toBe(200);
  });

  it('count only the attempts whose password was checked against the sign-in throttle', async () => {
    peak = 0;
    const email = 'guessed@clinic.test';
    const answers = await Promise.all(Array.from({ length: 20 }, () => login(email, 'wrong-password')));
    const statuses = answers.map((r) => r.status);
    expect(peak).toBeLessThanOrEqual(2);
    expect(statuses.filter((s) => s === 503).length).toBeGreaterThan(0);
    const checked = statuses.filter((s) => s === 401).length;
    expect(checked + statuses.filter((s) => s === 503).length).toBe(20);
    const row = await app.deps.knex('throttles').where({ key: throttleKey('login-account', email) }).first('hits');
    expect(row.hits).toBe(checked);
  });
});
