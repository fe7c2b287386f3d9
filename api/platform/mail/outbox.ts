import type { Knex } from 'knex';
import type { RenderedEmail } from '../../../shared/emails/layout';
import { OutboxEmail, type Attachment } from '../../models/outbox-email';
import { holdsLinkToken, LINK_PLACEHOLDER, type PersonalLink } from './personal-link';

/**
 * MAIL-1: mail is queued in the same transaction as the change that caused it, so a change and its
 * notification are committed together or not at all. The worker sends after the commit.
 * SEC-7: an email with a personal link is rendered with placeholderUrl() and names its `link`; the worker
 * makes the link as it sends.
 */
export async function enqueueEmail(
  trx: Knex.Transaction,
  email: RenderedEmail & { kind: string; to: string | null; attachments?: Attachment[]; link?: PersonalLink },
): Promise<OutboxEmail | null> {
  // PAT-11: a patient without an email gets no mail, silently; a service whose staff asked for the email
  // (an invoice, a recall) refuses before it gets here.
  if (!email.to) return null;
  // SEC-7: refused here, where every email passes, so no new email can store a token or lose its link.
  if (holdsLinkToken(email.html) || holdsLinkToken(email.text)) {
    throw new Error(`The ${email.kind} email holds a personal link's token: render it with placeholderUrl() and pass its link`);
  }
  if (email.link && !email.text.includes(LINK_PLACEHOLDER)) throw new Error(`The ${email.kind} email has a link but no placeholder for it`);
  return OutboxEmail.query(trx).insert({
    kind: email.kind,
    toAddress: email.to,
    subject: email.subject,
    html: email.html,
    textBody: email.text,
    attachments: email.attachments ?? [],
    linkKind: email.link?.kind ?? null,
    linkAppointmentId: email.link?.appointmentId ?? null,
  });
}
