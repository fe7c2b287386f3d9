import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { MANAGE_TOKEN } from '../../../shared/schemas/manage-appointment';
import { LINK_PLACEHOLDER, type MakeLinks, type PersonalLink } from '../../platform/mail/personal-link';

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

export function reviewUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/review/${token}`;
}

/** The stored (placeholder) address of a link of this kind, to render the email with at queue time. */
export function placeholderUrl(kind: PersonalLink['kind'], publicUrl: string): string {
  return kind === 'manage' ? manageUrl(publicUrl, LINK_PLACEHOLDER) : reviewUrl(publicUrl, LINK_PLACEHOLDER);
}

/** Where each kind's address puts the token, and the table its hash goes to. */
const LINKS: Record<PersonalLink['kind'], { path: string; table: string }> = {
  manage: { path: '/appointment/', table: 'appointment_links' },
  review: { path: '/review/', table: 'review_links' },
};

/**
 * SEC-7, BOOK-12, REV-2: makes the email's link as it is sent: a new token, only its hash stored (with the
 * appointment, if it still exists: a deleted one's email keeps a link that opens nothing, as before), and the
 * bodies with the token in place of the placeholder. A re-send after a crash makes another link; each works.
 */
export const sendableBodies: MakeLinks = async (knex, link, bodies) => {
  const { token, hash } = newManageToken();
  const { path, table } = LINKS[link.kind];
  await knex.raw(`insert into ?? (token_hash, appointment_id) select ?, id from appointments where id = ?`, [table, hash, link.appointmentId]);
  const fill = (body: string) => body.split(`${path}${LINK_PLACEHOLDER}`).join(`${path}${token}`);
  return { html: fill(bodies.html), text: fill(bodies.text) };
};

/** The appointment id a token opens, or null (malformed, tampered or unknown). */
export async function appointmentIdForToken(knex: Knex | Knex.Transaction, token: string): Promise<number | null> {
  if (!TOKEN.test(token)) return null;
  const row = await knex('appointment_links').where({ tokenHash: hashToken(token) }).first('appointmentId');
  return row ? Number(row.appointmentId) : null;
}
