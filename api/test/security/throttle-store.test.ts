import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/knex';
import {
  blockThrottle,
  blockedForMs,
  clearThrottles,
  hitThrottle,
  refundAttempt,
  sweepThrottles,
  takeAttempt,
  throttleKey,
} from '../../platform/throttle-store';
import { createTestDatabase } from '../support/test-db';

let db: Database;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db?.close());

const at = (iso: string) => new Date(iso);
const MINUTE = 60_000;

describe('throttle store', () => {
  it('counts hits within a window and starts a new window once it has ended', async () => {
    const key = throttleKey('test-window', 'a');
    expect((await hitThrottle(db.knex, key, 10 * MINUTE, at('2026-11-24T10:00:00Z'))).hits).toBe(1);
    expect((await hitThrottle(db.knex, key, 10 * MINUTE, at('2026-11-24T10:05:00Z'))).hits).toBe(2);
    expect((await hitThrottle(db.knex, key, 10 * MINUTE, at('2026-11-24T10:09:59Z'))).hits).toBe(3);
    const fresh = await hitThrottle(db.knex, key, 10 * MINUTE, at('2026-11-24T10:10:00Z'));
    expect(fresh.hits).toBe(1);
    expect(fresh.windowStartedAt.toISOString()).toBe('2026-11-24T10:10:00.000Z');
  });

  it('stores keys hashed: no email or address in the table', async () => {
    await hitThrottle(db.knex, throttleKey('login-account', 'someone@clinic.test'), MINUTE, new Date());
    const keys = (await db.knex('throttles').select('key')).map((r) => r.key as string);
    expect(keys.some((k) => k.includes('someone'))).toBe(false);
    expect(keys.some((k) => k.startsWith('login-account:'))).toBe(true);
  });

  it('blocks until a time, keeps the longer of two blocks, and clears', async () => {
    const key = throttleKey('test-block', 'b');
    const now = at('2026-11-24T10:00:00Z');
    await blockThrottle(db.knex, key, at('2026-11-24T10:02:00Z'), now);
    await blockThrottle(db.knex, key, at('2026-11-24T10:01:00Z'), now);
    expect(await blockedForMs(db.knex, [key, throttleKey('test-block', 'other')], now)).toBe(2 * MINUTE);
    expect(await blockedForMs(db.knex, [key], at('2026-11-24T10:02:00Z'))).toBe(0);
    await clearThrottles(db.knex, [key]);
    expect(await blockedForMs(db.knex, [key], now)).toBe(0);
  });

  it('sweeps windows that ended a day ago unless they still block', async () => {
    const old = throttleKey('test-sweep', 'old');
    const blocked = throttleKey('test-sweep', 'blocked');
    await hitThrottle(db.knex, old, MINUTE, at('2026-11-20T10:00:00Z'));
    await hitThrottle(db.knex, blocked, MINUTE, at('2026-11-20T10:00:00Z'));
    await blockThrottle(db.knex, blocked, at('2026-11-30T00:00:00Z'), at('2026-11-20T10:00:00Z'));
    await sweepThrottles(db.knex, at('2026-11-24T10:00:00Z'));
    const left = (await db.knex('throttles').whereIn('key', [old, blocked]).select('key')).map((r) => r.key);
    expect(left).toEqual([blocked]);
  });

  it('counts every one of many concurrent hits (on a real server, several processes share it)', async () => {
    const key = throttleKey('test-concurrent', 'c');
    const now = new Date();
    await Promise.all(Array.from({ length: 40 }, () => hitThrottle(db.knex, key, MINUTE, now)));
    const [row] = await db.knex('throttles').where({ key }).select('hits');
    expect(row.hits).toBe(40);
  });

  describe('growing lockouts (takeAttempt)', () => {
    const rule = { limit: 3, windowMs: 24 * 60 * MINUTE, lockMs: MINUTE, maxLockMs: 5 * MINUTE };
    const t0 = at('2026-11-24T10:00:00Z').getTime();
    const after = (ms: number) => new Date(t0 + ms);

    it('lets attempts through up to the limit, then locks for a time that doubles up to the cap', async () => {
      const key = throttleKey('test-take', 'grow');
      expect(await takeAttempt(db.knex, key, rule, after(0))).toBe(0);
      expect(await takeAttempt(db.knex, key, rule, after(1000))).toBe(0);
      // The third attempt goes ahead and shuts the key out for a minute after it.
      expect(await takeAttempt(db.knex, key, rule, after(2000))).toBe(0);
      expect(await takeAttempt(db.knex, key, rule, after(3000))).toBe(MINUTE - 1000);
      expect(await takeAttempt(db.knex, key, rule, after(2000 + MINUTE))).toBe(0);
      expect(await blockedForMs(db.knex, [key], after(2000 + MINUTE))).toBe(2 * MINUTE);
      expect(await takeAttempt(db.knex, key, rule, after(2000 + 3 * MINUTE))).toBe(0);
      expect(await blockedForMs(db.knex, [key], after(2000 + 3 * MINUTE))).toBe(4 * MINUTE);
      expect(await takeAttempt(db.knex, key, rule, after(2000 + 7 * MINUTE))).toBe(0);
      expect(await blockedForMs(db.knex, [key], after(2000 + 7 * MINUTE))).toBe(5 * MINUTE);
      // Refused attempts were not counted: six went through.
      const [row] = await db.knex('throttles').where({ key }).select('hits');
      expect(row.hits).toBe(6);
    });

    it('forgets the attempts once the window has ended', async () => {
      const key = throttleKey('test-take', 'window');
      for (let i = 0; i < 3; i++) await takeAttempt(db.knex, key, rule, after(i));
      expect(await takeAttempt(db.knex, key, rule, after(rule.windowMs + MINUTE))).toBe(0);
      expect(await blockedForMs(db.knex, [key], after(rule.windowMs + MINUTE))).toBe(0);
    });

    it('gives an attempt back, lifting the block once fewer than the limit are left', async () => {
      const key = throttleKey('test-take', 'refund');
      for (let i = 0; i < 3; i++) await takeAttempt(db.knex, key, rule, after(0));
      expect(await blockedForMs(db.knex, [key], after(0))).toBe(MINUTE);
      await refundAttempt(db.knex, key, rule);
      expect(await blockedForMs(db.knex, [key], after(0))).toBe(0);
      const [row] = await db.knex('throttles').where({ key }).select('hits');
      expect(row.hits).toBe(2);
    });

    it('lets exactly the limit through when many attempts race (on a real server, from several processes)', async () => {
      const key = throttleKey('test-take', 'race');
      const waits = await Promise.all(Array.from({ length: 30 }, () => takeAttempt(db.knex, key, rule, after(0))));
      expect(waits.filter((w) => w === 0)).toHaveLength(3);
      expect(waits.filter((w) => w === MINUTE)).toHaveLength(27);
    });
  });
});
