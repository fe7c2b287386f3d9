import bcrypt from 'bcrypt';
import type { Knex } from 'knex';
import type { OwnSession } from '../../../shared/schemas/auth';
import { STAFF_MESSAGES, type StaffCreate, type StaffUpdate, type StaffUser } from '../../../shared/schemas/staff';
import type { Deps } from '../../deps';
import { HttpError, conflict, notFound, tooManyRequests } from '../../errors';
import { audit, changedFields } from '../../platform/audit';
import { hashPassword, hashToken, sessionClock, sessionEndsAt, sessionMaxHoursColumn } from './auth';
import { passwordWork } from '../../platform/password-work';
import { clearThrottles, throttleKey } from '../../platform/throttle-store';
import type { LoginClient } from './login-throttle';
import { findTrustedDevice, revokeDevices } from './trusted-devices';

// Staff accounts (docs/requirements.md AUTH-9..AUTH-12): the owner adds, edits, disables and resets them;
// every user changes their own password and sees and ends their own sessions. Every change is audited
// in its own transaction (DATA-1).

interface UserRow {
  id: number;
  email: string;
  displayName: string;
  role: 'owner' | 'receptionist';
  disabledAt: Date | null;
  mustChangePassword: boolean;
  createdAt: Date;
  lastSeenAt?: Date | null;
}

function staffJson(u: UserRow): StaffUser {
  return {
    id: u.id,
    email: u.email,
    name: u.displayName,
    role: u.role,
    disabled: u.disabledAt !== null,
    mustChangePassword: u.mustChangePassword,
    createdAt: u.createdAt.toISOString(),
    lastSeenAt: u.lastSeenAt ? new Date(u.lastSeenAt).toISOString() : null,
  };
}

/** What the audit trail compares: the fields a person reads, never the hash. */
const audited = (u: UserRow) => ({ email: u.email, name: u.displayName, role: u.role, disabled: u.disabledAt !== null, passwordIsTemporary: u.mustChangePassword });

const userColumns = ['id', 'email', 'displayName', 'role', 'disabledAt', 'mustChangePassword', 'createdAt'];

export async function listStaff(knex: Knex): Promise<StaffUser[]> {
  const rows = await knex('users')
    .select<UserRow[]>(userColumns.map((c) => `users.${c}`))
    .select(knex.raw('(select max(last_seen_at) from sessions s where s.user_id = users.id) as last_seen_at'))
    .orderByRaw('disabled_at is not null, lower(display_name), id');
  return rows.map(staffJson);
}

async function isUniqueViolation(work: () => Promise<unknown>): Promise<void> {
  try {
    await work();
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw conflict(STAFF_MESSAGES.duplicate);
    throw error;
  }
}

/** AUTH-9: a new account with a temporary password. */
export async function createStaff(deps: Deps, input: StaffCreate): Promise<StaffUser> {
  const passwordHash = await hashPassword(input.password);
  let created!: UserRow;
  await isUniqueViolation(() =>
    deps.knex.transaction(async (trx) => {
      [created] = await trx('users')
        .insert({ email: input.email, displayName: input.name, role: input.role, passwordHash, mustChangePassword: true })
        .returning(userColumns);
      await audit(trx, { action: 'create', entity: 'user', entityId: created.id, changes: changedFields(null, audited(created)) });
    }),
  );
  return staffJson(created);
}

/** Ends every session and forgets every trusted browser of an account (disabled, or a new password). */
async function signOutEverywhere(trx: Knex.Transaction, user: { id: number; email: string }, keepSessionId?: string) {
  const sessions = trx('sessions').where({ userId: user.id });
  if (keepSessionId) sessions.whereNot({ id: keepSessionId });
  await sessions.delete();
  await revokeDevices(trx, user.id);
  await clearThrottles(trx, [throttleKey('login-account', user.email)]);
}

/**
 * AUTH-9, AUTH-12: name, role, disabled, and a password reset (temporary again, sessions ended). The last
 * active owner can be neither disabled nor made a receptionist (409). Owners are locked while this is
 * decided, so two owners demoting each other at once cannot leave none.
 */
export async function updateStaff(
  deps: Deps,
  id: number,
  input: StaffUpdate,
  by: { userId: number; sessionToken?: string },
): Promise<StaffUser> {
  const byUserId = by.userId;
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  return deps.knex.transaction(async (trx) => {
    await trx.raw("select id from users where role = 'owner' and disabled_at is null order by id for update");
    const before = await trx('users').select<UserRow>(userColumns).where({ id }).forUpdate().first();
    if (!before) throw notFound('User');
    const role = input.role ?? before.role;
    const disabled = input.disabled ?? before.disabledAt !== null;
    const wasActiveOwner = before.role === 'owner' && before.disabledAt === null;
    if (wasActiveOwner && (role !== 'owner' || disabled)) {
      const [{ n }] = await trx('users').where({ role: 'owner' }).whereNull('disabledAt').count<{ n: string }[]>({ n: '*' });
      if (Number(n) <= 1) throw conflict(STAFF_MESSAGES.lastOwner);
    }
    const patch: Record<string, unknown> = { role, updatedAt: deps.now() };
    if (input.name !== undefined) patch.displayName = input.name;
    if (input.disabled !== undefined) patch.disabledAt = disabled ? (before.disabledAt ?? deps.now()) : null;
    if (passwordHash) {
      patch.passwordHash = passwordHash;
      // A password set for someone else is theirs to replace; one's own is not temporary.
      patch.mustChangePassword = id !== byUserId;
    }
    const [after] = await trx('users').where({ id }).update(patch).returning<UserRow[]>(userColumns);
    // AUTH-12: a disabled account is signed out at once; a reset password ends the sessions the old one opened.
    // (An owner resetting their own password keeps the session they did it from.)
    if (disabled || passwordHash) await signOutEverywhere(trx, before, id === byUserId && by.sessionToken ? hashToken(by.sessionToken) : undefined);
    const action = passwordHash ? 'reset-password' : input.disabled !== undefined && disabled !== (before.disabledAt !== null) ? (disabled ? 'disable' : 'enable') : 'update';
    await audit(trx, { action, entity: 'user', entityId: id, changes: changedFields(audited(before), audited(after)) });
    return staffJson(after);
  });
}

export const CURRENT_PASSWORD_WRONG = 'Current password is incorrect';
export const TOO_MANY_PASSWORD_ATTEMPTS = 'Too many password attempts. Please wait and try again.';

/**
 * AUTH-10, AUTH-11: the signed-in user replaces their password; their other sessions end. AUTH-13: the current
 * password is checked like a sign-in (the same counters: this browser's own when it is a trusted device of
 * the account, else the account's and the address's), so a stolen session cannot guess it; each checked
 * attempt is audited.
 */
export async function changeOwnPassword(
  deps: Deps,
  userId: number,
  sessionToken: string,
  input: { currentPassword: string; newPassword: string },
  from: { address: string; deviceToken?: string },
): Promise<void> {
  const now = deps.now();
  const user = await deps.knex('users').select('id', 'email', 'passwordHash', 'mustChangePassword').where({ id: userId }).first();
  if (!user) throw notFound('User');
  const deviceId = await findTrustedDevice(deps.knex, from.deviceToken, userId, now);
  const client: LoginClient = deviceId !== undefined ? { deviceId } : { account: user.email.toLowerCase(), address: from.address };
  const waitMs = await deps.throttle.waitMs(client, now);
  if (waitMs > 0) throw tooManyRequests(TOO_MANY_PASSWORD_ATTEMPTS, waitMs / 1000);
  // Counted inside the bcrypt bound, before the check, as sign-in does: a 503 counts nothing.
  const ok = await passwordWork(async () => {
    const wait = await deps.throttle.take(client, now);
    if (wait > 0) throw tooManyRequests(TOO_MANY_PASSWORD_ATTEMPTS, wait / 1000);
    return bcrypt.compare(input.currentPassword, user.passwordHash);
  });
  if (!ok) {
    await audit(deps.knex, { action: 'change-password-failed', entity: 'user', entityId: userId });
    throw new HttpError(400, CURRENT_PASSWORD_WRONG, { currentPassword: CURRENT_PASSWORD_WRONG });
  }
  await deps.throttle.succeeded(client);
  const passwordHash = await hashPassword(input.newPassword);
  await deps.knex.transaction(async (trx) => {
    await trx('users').where({ id: userId }).update({ passwordHash, mustChangePassword: false, updatedAt: deps.now() });
    await signOutEverywhere(trx, user, hashToken(sessionToken));
    await audit(trx, {
      action: 'change-password',
      entity: 'user',
      entityId: userId,
      changes: user.mustChangePassword ? { passwordIsTemporary: { old: true, new: false } } : null,
    });
  });
}

/** AUTH-10: the user's own live sessions, the current one marked. */
export async function listOwnSessions(deps: Pick<Deps, 'knex' | 'now' | 'sessionNow'>, userId: number, sessionToken: string): Promise<OwnSession[]> {
  const current = hashToken(sessionToken);
  const now = sessionClock(deps);
  const rows = await deps.knex('sessions')
    .select('id', 'ref', 'createdAt', 'lastSeenAt', 'expiresAt', 'userAgent', 'address', sessionMaxHoursColumn(deps.knex))
    .where({ userId })
    .where('expiresAt', '>', now)
    .orderBy('lastSeenAt', 'desc');
  return rows
    .map((s) => ({ ...s, endsAt: new Date(Math.min(s.expiresAt.getTime(), sessionEndsAt(s.createdAt, s.sessionMaxHours).getTime())) }))
    .filter((s) => s.endsAt > now)
    .map((s) => ({
      id: s.ref,
      createdAt: s.createdAt.toISOString(),
      lastSeenAt: s.lastSeenAt.toISOString(),
      // Whichever comes first: 12 hours without use (AUTH-3) or the session's lifetime (AUTH-15).
      expiresAt: s.endsAt.toISOString(),
      userAgent: s.userAgent,
      address: s.address,
      current: s.id === current,
    }));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** AUTH-10: ends one of the user's own sessions (another user's is "not found"). */
export async function endOwnSession(knex: Knex, userId: number, ref: string): Promise<void> {
  if (!UUID.test(ref)) throw notFound('Session');
  await knex.transaction(async (trx) => {
    const ended = await trx('sessions').where({ userId, ref }).delete().returning('ref');
    if (ended.length === 0) throw notFound('Session');
    await audit(trx, { action: 'end-session', entity: 'user', entityId: userId });
  });
}
