import crypto from 'node:crypto';
import bcrypt from 'bcrypt';
import type { Knex } from 'knex';
import type { Deps } from '../../deps';
import { HttpError, unauthorized, tooManyRequests } from '../../errors';
import { Session } from '../../models/session';
import { User } from '../../models/user';
import { audit } from '../../platform/audit';
import { passwordWork } from '../../platform/password-work';
import { findTrustedDevice, trustDevice } from './trusted-devices';
import { sessionMaxHours } from '../../../shared/schemas/site-setting';
import type { LoginClient } from './login-throttle';

export const BCRYPT_COST = 12;
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
/** Sliding expiry is written at most this often, so a busy screen does not write on every request. */
const TOUCH_EVERY_MS = 60_000;
export const INVALID_CREDENTIALS = 'Invalid email or password';
export const ACCOUNT_DISABLED = "This account has been disabled. Please ask the clinic's owner.";
export const TOO_MANY_ATTEMPTS = 'Too many sign-in attempts. Please wait and try again.';

// Compared against when the account does not exist, so a miss takes as long as a wrong password: a bcrypt
// hash of the same cost whose salt and digest are fixed here. (Hashing one at load cost every start, and so
// every restart after a crash (OPS-22), a quarter of a second of CPU.)
const dummyHash = `$2b$${BCRYPT_COST}$CEVF2S/RP6STmtkBs39OZu2GUoL6MrQ5XC8DXbp44nsPs3PEUQJyy`;

/** The clock sessions age by (Deps.sessionNow, else the clinic's). */
export const sessionClock = (deps: Pick<Deps, 'now' | 'sessionNow'>) => (deps.sessionNow ?? deps.now)();

export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export async function hashPassword(password: string): Promise<string> {
  return passwordWork(() => bcrypt.hash(password, BCRYPT_COST));
}

export async function findUserByEmail(knex: Knex, email: string): Promise<User | undefined> {
  return User.query(knex).whereRaw('lower(email) = lower(?)', [email]).first();
}

/**
 * Signs in, or throws 401 (wrong password and unknown account alike), 429 (throttled, with Retry-After)
 * or 503 (too many password checks under way). Answers the new session token and the browser's new
 * device token (api/services/staff/trusted-devices.ts).
 */
export async function login(
  deps: Pick<Deps, 'knex' | 'throttle' | 'now' | 'sessionNow'>,
  input: { email: string; password: string; address: string; previousToken?: string; deviceToken?: string; userAgent?: string },
): Promise<{ user: User; token: string; deviceToken: string }> {
  const { knex, throttle } = deps;
  const now = deps.now();
  const user = await findUserByEmail(knex, input.email);
  const deviceId = await findTrustedDevice(knex, input.deviceToken, user?.id, now);
  const client: LoginClient =
    deviceId !== undefined ? { deviceId } : { account: input.email.toLowerCase(), address: input.address };

  const waitMs = await throttle.waitMs(client, now);
  if (waitMs > 0) throw tooManyRequests(TOO_MANY_ATTEMPTS, waitMs / 1000);
  // The attempt is counted inside the bcrypt bound: a 503 (nothing checked) counts nothing.
  const ok = await passwordWork(async () => {
    const wait = await throttle.take(client, now);
    if (wait > 0) throw tooManyRequests(TOO_MANY_ATTEMPTS, wait / 1000);
    return bcrypt.compare(input.password, user?.passwordHash ?? dummyHash);
  });
  if (!user || !ok) {
    // DATA-4: a checked, failed sign-in; the email typed is kept only when it names no account.
    await audit(knex, {
      action: 'sign-in-failed',
      entity: 'user',
      entityId: user?.id ?? null,
      actor: user ? { id: user.id, name: user.displayName } : null,
      changes: user ? null : { email: { old: null, new: input.email.slice(0, 254) } },
    });
    throw unauthorized(INVALID_CREDENTIALS);
  }
  await throttle.succeeded(client);
  // AUTH-12: a disabled account keeps its records but cannot sign in (said only to whoever knows its password).
  if (user.disabledAt) throw new HttpError(403, ACCOUNT_DISABLED);

  // Rotated at login (AUTH-3): a session id known before sign-in is never the signed-in one.
  const token = crypto.randomBytes(32).toString('base64url');
  const deviceToken = await knex.transaction(async (trx) => {
    if (input.previousToken) await Session.query(trx).deleteById(hashToken(input.previousToken));
    const at = sessionClock(deps);
    await Session.query(trx).where('expiresAt', '<', at).delete();
    await Session.query(trx).insert({
      id: hashToken(token),
      userId: user.id,
      createdAt: at,
      lastSeenAt: at,
      expiresAt: new Date(at.getTime() + SESSION_IDLE_MS),
      userAgent: input.userAgent?.slice(0, 300) || null,
      address: input.address.slice(0, 100),
    });
    await audit(trx, { action: 'sign-in', entity: 'user', entityId: user.id, actor: { id: user.id, name: user.displayName } });
    return trustDevice(trx, { userId: user.id, previousToken: input.deviceToken, now });
  });
  return { user, token, deviceToken };
}

export async function logout(knex: Knex, token: string, user: { id: number; displayName: string }): Promise<void> {
  await knex.transaction(async (trx) => {
    await Session.query(trx).deleteById(hashToken(token));
    await audit(trx, { action: 'sign-out', entity: 'user', entityId: user.id, actor: { id: user.id, name: user.displayName } });
  });
}

const HOUR = 60 * 60 * 1000;
const MAX_HOURS_SQL = "(select value from site_settings where key = 'session_max_hours')";

/**
 * AUTH-15: the moment a session ends, however busy: session_max_hours (the owner's setting, read when the session
 * is, so a change applies to the sessions already open) after sign-in. `expires_at` keeps the idle expiry (AUTH-3).
 */
export const sessionEndsAt = (createdAt: Date | string, maxHoursSetting: string | null | undefined) =>
  new Date(new Date(createdAt).getTime() + sessionMaxHours(maxHoursSetting) * HOUR);

/** The setting as a column of a sessions query (`sessionMaxHours`), so no request pays a second round trip. */
export const sessionMaxHoursColumn = (knex: Knex) => knex.raw(`${MAX_HOURS_SQL} as session_max_hours`);

/**
 * The signed-in user for a cookie token, sliding the idle expiry forward; undefined when none. A session ends
 * after SESSION_IDLE_MS without use (AUTH-3) and, however busy, session_max_hours after sign-in (AUTH-15):
 * read with the session in one query, so a lower setting ends the sessions already open at their next request.
 */
export async function userForToken(deps: Pick<Deps, 'knex' | 'now' | 'sessionNow'>, token: string): Promise<User | undefined> {
  const { knex } = deps;
  const id = hashToken(token);
  const row = await knex('sessions')
    .join('users', 'users.id', 'sessions.userId')
    .where('sessions.id', id)
    .first(
      'users.*',
      'sessions.createdAt as sessionCreatedAt',
      'sessions.lastSeenAt as sessionLastSeenAt',
      'sessions.expiresAt as sessionExpiresAt',
      sessionMaxHoursColumn(knex),
    );
  if (!row || row.disabledAt) return undefined;
  const { sessionCreatedAt, sessionLastSeenAt, sessionExpiresAt, sessionMaxHours: maxHours, ...userRow } = row;
  const now = sessionClock(deps).getTime();
  if (new Date(sessionExpiresAt).getTime() <= now || sessionEndsAt(sessionCreatedAt, maxHours).getTime() <= now) {
    await knex('sessions').where({ id }).delete();
    return undefined;
  }
  if (now - new Date(sessionLastSeenAt).getTime() > TOUCH_EVERY_MS) {
    await knex('sessions')
      .where({ id })
      .update({ lastSeenAt: new Date(now), expiresAt: new Date(now + SESSION_IDLE_MS) });
  }
  return User.fromDatabaseJson(userRow);
}
