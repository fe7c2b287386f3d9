import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { StaffRole } from '../../../shared/constants/roles';
import { audit, type Actor } from '../../platform/audit';
import { hashPassword } from './auth';
import { clearThrottles, throttleKey } from '../../platform/throttle-store';
import { revokeDevices } from './trusted-devices';

/** Who the audit trail names for a change made with `npm run admin` on the server. */
export const SERVER_CONSOLE: Actor = { id: null, name: 'Server console (npm run admin)' };

/**
 * A new staff account; owner unless told otherwise (the first account of a clinic is its owner, AUTH-8).
 * `temporary`: the password was chosen by someone else (the command line, ADMIN_PASSWORD in production), so its
 * holder must replace it before anything else (AUTH-11).
 */
export async function createAccount(
  knex: Knex,
  email: string,
  password: string,
  displayName: string,
  role: StaffRole = 'owner',
  options: { temporary?: boolean } = {},
) {
  const [user] = await knex('users')
    .insert({ email, displayName, role, passwordHash: await hashPassword(password), mustChangePassword: options.temporary ?? false })
    .returning(['id', 'email']);
  return user as { id: number; email: string };
}

/**
 * `npm run admin -- reset-password` (OPS-7): a password typed on the server's console is the operator's choice,
 * not the holder's, so it is temporary (AUTH-11) like one the owner sets on the Staff screen.
 */
export async function resetPassword(knex: Knex, email: string, password: string, now: Date): Promise<boolean> {
  const passwordHash = await hashPassword(password);
  return knex.transaction(async (trx) => {
    const [user] = await trx('users')
      .whereRaw('lower(email) = lower(?)', [email])
      .update({ passwordHash, mustChangePassword: true, updatedAt: now })
      .returning('id');
    if (!user) return false;
    await audit(trx, { action: 'reset-password', entity: 'user', entityId: user.id, actor: SERVER_CONSOLE, changes: { passwordIsTemporary: { old: null, new: true } } });
    // A new password ends every session of the account, and every browser it trusted: whoever knew the
    // old password may have signed in somewhere and kept a device cookie.
    await trx('sessions').where({ userId: user.id }).delete();
    await revokeDevices(trx, user.id);
    // Failures against the old password no longer matter: the account's lock on other browsers is lifted.
    await clearThrottles(trx, [throttleKey('login-account', email)]);
    return true;
  });
}

export function generatePassword(): string {
  // 16 characters from an unambiguous alphabet: easy to read off a console, far from common.
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return Array.from(crypto.randomBytes(16), (b) => alphabet[b % alphabet.length]).join('');
}
