import crypto from 'node:crypto';
import bcrypt from 'bcrypt';
import type { Knex } from 'knex';
import type { Deps } from '../deps';
import { HttpError, unauthorized, tooManyRequests } from '../errors';
import { Session } from '../models/session';
import { User } from '../models/user';
import { audit } from './audit';
import { passwordWork } from './password-work';
import { findTrustedDevice, trustDevice } from './trusted-devices';
import type { LoginClient } from './login-throttle';

export const BCRYPT_COST = 12;
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
/** Sliding expiry is written at most this often, so a busy screen does not write on every request. */
const TOUCH_EVERY_MS = 60_000;
export const INVALID_CREDENTIALS = 'Invalid email or password';
export const ACCOUNT_DISABLED = "This account has been disabled. Please ask the clinic's owner.";
export const TOO_MANY_ATTEMPTS = 'Too many sign-in attempts. Please wait and try again.';

// Compared against when the account does not exist, so a miss takes as long as a wrong password.
const dummyHash = bcrypt.hashSync('not-a-real-password', BCRYPT_COST);

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
 * device token (api/services/trusted-devices.ts).
 */
export async function login(
  deps: Pick<Deps, 'knex' | 'throttle' | 'now'>,
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
    await Session.query(trx).where('expiresAt', '<', now).delete();
    await Session.query(trx).insert({
      id: hashToken(token),
      userId: user.id,
      // CLINIC-12: every time of a session is by the product's clock, which the expiry check reads too.
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + SESSION_IDLE_MS),
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

/** The signed-in user for a cookie token, sliding the idle expiry forward; undefined when none. */
export async function userForToken(deps: Pick<Deps, 'knex' | 'now'>, token: string): Promise<User | undefined> {
  const { knex } = deps;
  const id = hashToken(token);
  const session = await Session.query(knex).findById(id).withGraphJoined('user');
  if (!session?.user || session.user.disabledAt) return undefined;
  const now = deps.now().getTime();
  if (session.expiresAt.getTime() <= now) {
    await Session.query(knex).deleteById(id);
    return undefined;
  }
  if (now - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await Session.query(knex)
      .findById(id)
      .patch({ lastSeenAt: new Date(now), expiresAt: new Date(now + SESSION_IDLE_MS) });
  }
  return session.user;
}
