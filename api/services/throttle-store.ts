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
