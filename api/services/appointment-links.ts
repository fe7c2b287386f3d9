import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { MANAGE_TOKEN } from '../../shared/schemas/manage-appointment';

/** 32 random bytes, base64url: 43 characters (MANAGE_TOKEN). */
const TOKEN = MANAGE_TOKEN;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new personal link token and its hash (BOOK-13: only the hash is stored). */
export function newManageToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function manageUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/appointment/${token}`;
}

/**
 * BOOK-12: stores a new personal link for an appointment in the caller's transaction and answers its
 * address. Each email gets its own link; all of an appointment's links stay valid until it is over.
 */
export async function issueManageLink(trx: Knex | Knex.Transaction, appointmentId: number, publicUrl: string): Promise<string> {
  const { token, hash } = newManageToken();
  await trx('appointment_links').insert({ tokenHash: hash, appointmentId });
  return manageUrl(publicUrl, token);
}

/** The appointment id a token opens, or null (malformed, tampered or unknown). */
export async function appointmentIdForToken(knex: Knex | Knex.Transaction, token: string): Promise<number | null> {
  if (!TOKEN.test(token)) return null;
  const row = await knex('appointment_links').where({ tokenHash: hashToken(token) }).first('appointmentId');
  return row ? Number(row.appointmentId) : null;
}
