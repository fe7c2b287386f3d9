import type { Knex } from 'knex';
import type { RenderedEmail } from '../../shared/emails/layout';
import { OutboxEmail, type Attachment } from '../models/outbox-email';

/**
 * MAIL-1: mail is queued in the same transaction as the change that caused it, so a change and its
 * notification are committed together or not at all. The worker sends after the commit.
 */
export async function enqueueEmail(
  trx: Knex.Transaction,
  email: RenderedEmail & { kind: string; to: string; attachments?: Attachment[] },
): Promise<OutboxEmail> {
  return OutboxEmail.query(trx).insert({
    kind: email.kind,
    toAddress: email.to,
    subject: email.subject,
    html: email.html,
    textBody: email.text,
    attachments: email.attachments ?? [],
  });
}
