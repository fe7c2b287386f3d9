import type { Knex } from 'knex';
import { TOKEN_PATH_PREFIXES } from '../../../shared/schemas/manage-appointment';

/**
 * SEC-7: an email that carries a personal link is queued with this in place of the token, and with what the
 * link opens (PersonalLink); the outbox worker has the link made as it sends the email (MakeLinks). The
 * stored row never holds a token, so neither does a backup. Not a token's shape: it opens nothing.
 */
export const LINK_PLACEHOLDER = '{personal-link}';

/** What an email's link opens: the appointment's manage page (BOOK-12) or its review form (REV-2). */
export interface PersonalLink {
  kind: 'manage' | 'review';
  appointmentId: number;
}

/**
 * Makes an email's link as it is sent and answers the bodies with it in place of the placeholder. The
 * appointments domain provides it (services/appointments/manage-links.ts `sendableBodies`); the worker is
 * handed it, as it is handed the attachment renderer, so the mail platform knows no domain's tables.
 */
export type MakeLinks = (knex: Knex, link: PersonalLink, bodies: { html: string; text: string }) => Promise<{ html: string; text: string }>;

const TOKEN_IN_ADDRESS = new RegExp(`(?:${TOKEN_PATH_PREFIXES.join('|')})[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])`);

/** SEC-7: whether a text holds a personal link's address with a token in it (what may never be stored). */
export function holdsLinkToken(text: string): boolean {
  return TOKEN_IN_ADDRESS.test(text);
}
