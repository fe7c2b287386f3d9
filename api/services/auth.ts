import crypto from 'node:crypto';
import bcrypt from 'bcrypt';
import type { Knex } from 'knex';
import { unauthorized, tooManyRequests } from '../errors';
import { Session } from '../models/session';
import { User } from '../models/user';
import type { LoginThrottle } from './login-throttle';

export const BCRYPT_COST = 12;
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
/** Sliding expiry is written at most this often, so a busy screen does not write on every request. */
const TOUCH_EVERY_MS = 60_000;
export const INVALID_CREDENTIALS = 'Invalid email or password';

// Compared against when the account does not exist, so a miss takes as long as a wrong password.
const dummyHash = bcrypt.hashSync('not-a-real-password', BCRYPT_COST);

export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export async function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, BCRYPT_COST);
}

export async function findUserByEmail(knex: Knex, email: string): Promise<User | undefined> {
  return User.query(knex).whereRaw('lower(email) = lower(?)', [email]).first();
}

export async function login(
  knex: Knex,
  throttle: LoginThrottle,
  input: { email: string; password: string; address: string; previousToken?: string },
): Promise<{ user: User; token: string }> {
  const account = input.email.toLowerCase();
  const wait = throttle.retryAfter(input.address, account);
  if (wait > 0) throw tooManyRequests('Too many sign-in attempts. Please wait and try again.', wait);

  const user = await findUserByEmail(knex, input.email);
  const ok = await bcrypt.compare(input.password, user?.passwordHash ?? dummyHash);
  if (!user || !ok) {
    throttle.recordFailure(input.address, account);
    throw unauthorized(INVALID_CREDENTIALS);
  }
  throttle.recordSuccess(input.address, account);

  // Rotated at login (D7): a session id known before sign-in is never the signed-in one.
  const token = crypto.randomBytes(32).toString('base64url');
  await knex.transaction(async (trx) => {
    if (input.previousToken) await Session.query(trx).deleteById(hashToken(input.previousToken));
    await Session.query(trx).where('expiresAt', '<', new Date()).delete();
    await Session.query(trx).insert({
      id: hashToken(token),
      userId: user.id,
      expiresAt: new Date(Date.now() + SESSION_IDLE_MS),
    });
  });
  return { user, token };
}

export async function logout(knex: Knex, token: string): Promise<void> {
  await Session.query(knex).deleteById(hashToken(token));
}

/** The signed-in user for a cookie token, sliding the idle expiry forward; undefined when none. */
export async function userForToken(knex: Knex, token: string): Promise<User | undefined> {
  const id = hashToken(token);
  const session = await Session.query(knex).findById(id).withGraphJoined('user');
  if (!session?.user) return undefined;
  const now = Date.now();
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
