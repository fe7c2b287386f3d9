import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { hashPassword } from './auth';

export async function createAccount(knex: Knex, email: string, password: string, displayName: string) {
  const [user] = await knex('users')
    .insert({ email, displayName, passwordHash: await hashPassword(password) })
    .returning(['id', 'email']);
  return user as { id: number; email: string };
}

export async function resetPassword(knex: Knex, email: string, password: string): Promise<boolean> {
  const updated = await knex('users')
    .whereRaw('lower(email) = lower(?)', [email])
    .update({ passwordHash: await hashPassword(password), updatedAt: knex.fn.now() });
  if (updated) {
    // A new password ends every session of the account.
    await knex('sessions').whereIn('userId', knex('users').select('id').whereRaw('lower(email) = lower(?)', [email])).delete();
  }
  return updated > 0;
}

export function generatePassword(): string {
  // 16 characters from an unambiguous alphabet: easy to read off a console, far from common.
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return Array.from(crypto.randomBytes(16), (b) => alphabet[b % alphabet.length]).join('');
}
