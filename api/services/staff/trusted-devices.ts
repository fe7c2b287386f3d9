import crypto from 'node:crypto';
import type { Knex } from 'knex';

// Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a browser that signs in
// successfully gets a random token; the table `trusted_devices` (migration 006) keeps its SHA-256 bound to
// the account. One cookie per browser: a browser used by two accounts holds one token with a row for each.
// The token is replaced at every successful sign-in, so a copy taken earlier stops working then.

export const DEVICE_COOKIE = 'device';
/** How long a browser stays known without signing in; every sign-in starts the period again. */
export const DEVICE_TTL_MS = 180 * 24 * 60 * 60_000;

const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/; // 32 random bytes, base64url

const hashDeviceToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** The cookie's token when it has the shape of one (anything else is ignored, never looked up). */
export function deviceTokenFrom(cookie: string | undefined): string | undefined {
  return cookie && TOKEN_FORMAT.test(cookie) ? cookie : undefined;
}

/**
 * The id of the trusted device this token proves for the user, if any. The lookup is by token alone,
 * whether the account exists or not, so it takes the same time for a known and an unknown email.
 */
export async function findTrustedDevice(
  knex: Knex,
  token: string | undefined,
  userId: number | undefined,
  now: Date,
): Promise<number | undefined> {
  if (!token) return undefined;
  const rows: { id: number; userId: number }[] = await knex('trustedDevices')
    .where({ tokenHash: hashDeviceToken(token) })
    .where('expiresAt', '>', now)
    .select('id', 'userId');
  return rows.find((r) => r.userId === userId)?.id;
}

/**
 * After a successful sign-in: the browser's new token, trusted for this user (and still for the other
 * accounts its previous token was trusted for). Run inside the sign-in's transaction.
 */
export async function trustDevice(
  trx: Knex.Transaction,
  input: { userId: number; previousToken?: string; now: Date },
): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  const tokenHash = hashDeviceToken(token);
  const expiresAt = new Date(input.now.getTime() + DEVICE_TTL_MS);
  if (input.previousToken) {
    await trx('trustedDevices')
      .where({ tokenHash: hashDeviceToken(input.previousToken) })
      .where('expiresAt', '>', input.now)
      .update({ tokenHash, lastUsedAt: input.now, expiresAt });
  }
  await trx.raw(
    `insert into trusted_devices (token_hash, user_id, created_at, last_used_at, expires_at) values (?, ?, ?, ?, ?)
     on conflict (token_hash, user_id) do nothing`,
    [tokenHash, input.userId, input.now, input.now, expiresAt],
  );
  await trx('trustedDevices').where({ userId: input.userId }).where('expiresAt', '<=', input.now).delete();
  return token;
}

/** Forgets every browser of the account (a reset password ends its sessions and its trusted devices). */
export async function revokeDevices(knex: Knex, userId: number): Promise<void> {
  await knex('trustedDevices').where({ userId }).delete();
}
