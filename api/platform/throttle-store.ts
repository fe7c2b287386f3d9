import crypto from 'node:crypto';
import type { Knex } from 'knex';

/**
 * Fixed-window counters and blocks in the `throttles` table (migration 004), shared by every server
 * process on the database. Callers pass the clock (`deps.now()`), so tests can walk through a day.
 *
 * A key is a scope and a value, e.g. ('login-address', '203.0.113.9'). The value is hashed before it is
 * stored: the table never holds an email or an IP address.
 */

export interface ThrottleState {
  /** Hits in the current window, including this one. */
  hits: number;
  windowStartedAt: Date;
  blockedUntil: Date | null;
}

export const throttleKey = (scope: string, value: string) =>
  `${scope}:${crypto.createHash('sha256').update(value.toLowerCase()).digest('base64url').slice(0, 32)}`;

interface Row {
  hits: number;
  window_started_at: Date | string;
  blocked_until: Date | string | null;
}

const toState = (r: Row): ThrottleState => ({
  hits: Number(r.hits),
  windowStartedAt: new Date(r.window_started_at),
  blockedUntil: r.blocked_until ? new Date(r.blocked_until) : null,
});

/**
 * Counts one hit on the key in a window of `windowMs` that starts at the key's first hit; a hit after
 * the window has ended starts a new one. One atomic statement: concurrent hits from several processes
 * all count.
 */
export async function hitThrottle(knex: Knex, key: string, windowMs: number, now: Date): Promise<ThrottleState> {
  const windowStart = new Date(now.getTime() - windowMs);
  const { rows } = await knex.raw<{ rows: Row[] }>(
    `insert into throttles (key, hits, window_started_at) values (?, 1, ?)
     on conflict (key) do update set
       hits = case when throttles.window_started_at <= ? then 1 else throttles.hits + 1 end,
       window_started_at = case when throttles.window_started_at <= ? then excluded.window_started_at
                                else throttles.window_started_at end
     returning hits, window_started_at, blocked_until`,
    [key, now, windowStart, windowStart],
  );
  if (Math.random() < 0.01) await sweepThrottles(knex, now);
  return toState(rows[0]);
}

/** Milliseconds until the latest block among the keys ends; 0 when none of them is blocked now. */
export async function blockedForMs(knex: Knex, keys: string[], now: Date): Promise<number> {
  if (keys.length === 0) return 0;
  const rows: { blockedUntil: Date | string | null }[] = await knex('throttles')
    .whereIn('key', keys)
    .where('blockedUntil', '>', now)
    .select('blockedUntil');
  return Math.max(0, ...rows.map((r) => new Date(r.blockedUntil!).getTime() - now.getTime()));
}

/** Shuts the key out until `until` (never shortens a longer block already in place). */
export async function blockThrottle(knex: Knex, key: string, until: Date, now: Date): Promise<void> {
  await knex.raw(
    `insert into throttles (key, hits, window_started_at, blocked_until) values (?, 0, ?, ?)
     on conflict (key) do update set blocked_until = greatest(throttles.blocked_until, excluded.blocked_until)`,
    [key, now, until],
  );
}

/** Forgets the keys (a successful sign-in clears its account's failures). */
export async function clearThrottles(knex: Knex, keys: string[]): Promise<void> {
  if (keys.length) await knex('throttles').whereIn('key', keys).delete();
}

/** Deletes rows whose windows ended a day ago and that block nothing. */
export async function sweepThrottles(knex: Knex, now: Date): Promise<number> {
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60_000);
  return knex('throttles')
    .where('windowStartedAt', '<', dayAgo)
    .where((q) => q.whereNull('blockedUntil').orWhere('blockedUntil', '<', now))
    .delete();
}

/**
 * A lockout that grows: the `limit`-th attempt in a window shuts the key out for `lockMs`, and each
 * attempt after it (made once the block has ended) doubles that, up to `maxLockMs`. The window starts at
 * the key's first attempt and lasts `windowMs`, so the growth is remembered that long.
 */
export interface LockoutRule {
  limit: number;
  windowMs: number;
  lockMs: number;
  maxLockMs: number;
}

/**
 * Counts one attempt on the key unless it is blocked now, and sets the block the rule asks for; answers
 * 0 when the attempt was counted, else the milliseconds the block still lasts (nothing counted). One
 * atomic statement, so attempts racing in from several processes are each counted and never slip past a
 * block (count before the work, e.g. the password check, and give it back with refundAttempt on success).
 */
export async function takeAttempt(knex: Knex, key: string, rule: LockoutRule, now: Date): Promise<number> {
  const hits = `(case when t.window_started_at <= :windowStart then 1 else t.hits + 1 end)`;
  // The exponent is capped so that power() cannot overflow; the cap on the lock applies long before.
  const lockFor = (n: string) =>
    `cast(:now as timestamptz) + least(:lockMs * power(2, least(${n} - :limit, 40)), :maxLockMs) * interval '1 millisecond'`;
  const { rows } = await knex.raw<{ rows: Row[] }>(
    `insert into throttles as t (key, hits, window_started_at, blocked_until)
     values (:key, 1, :now, case when 1 >= :limit then ${lockFor('1')} end)
     on conflict (key) do update set
       hits = ${hits},
       window_started_at = case when t.window_started_at <= :windowStart then excluded.window_started_at
                                else t.window_started_at end,
       blocked_until = case when ${hits} >= :limit then ${lockFor(hits)} end
     where t.blocked_until is null or t.blocked_until <= :now
     returning hits`,
    {
      key,
      now,
      windowStart: new Date(now.getTime() - rule.windowMs),
      limit: rule.limit,
      lockMs: rule.lockMs,
      maxLockMs: rule.maxLockMs,
    },
  );
  if (Math.random() < 0.01) await sweepThrottles(knex, now);
  if (rows.length > 0) return 0;
  return Math.max(1, await blockedForMs(knex, [key], now));
}

/**
 * Gives back one attempt counted by takeAttempt (it turned out not to be a failure). Fewer attempts than
 * the rule's limit left in the window lift the block that attempt may have set.
 */
export async function refundAttempt(knex: Knex, key: string, rule: LockoutRule): Promise<void> {
  await knex.raw(
    `update throttles set hits = hits - 1,
       blocked_until = case when hits - 1 < ? then null else blocked_until end
     where key = ? and hits > 0`,
    [rule.limit, key],
  );
}
