import type { Deps } from '../../deps';
import { createLogger } from '../../logger';
import { renderInvoiceAttachment } from '../../services/mail-attachments';
import type { OutgoingMail } from '../../platform/mail/mailer';
import { OutboxWorker } from '../../platform/mail/outbox-worker';
import { sendableBodies } from '../../services/appointments/manage-links';

/** An email as its recipient gets it (the personal link made at send time, SEC-7), with its outbox row's kind. */
export interface SentMail extends OutgoingMail {
  kind: string;
}

/**
 * Sends what the outbox holds due now through the server's worker into memory, and answers it, oldest first.
 * The stored rows hold a placeholder for a personal link (SEC-7): the link is read from what was sent.
 */
export async function deliverOutbox(deps: Pick<Deps, 'knex' | 'now'>): Promise<SentMail[]> {
  const sent: OutgoingMail[] = [];
  const worker = new OutboxWorker({
    makeLinks: sendableBodies,
    knex: deps.knex,
    now: deps.now,
    mailer: {
      send: async (mail) => {
        sent.push(mail);
        return { messageId: mail.messageId ?? '' };
      },
      close: () => {},
    },
    logger: createLogger('silent'),
    from: 'Clinic <no-reply@clinic.test>',
    renderAttachment: renderInvoiceAttachment,
  });
  await worker.drain();
  const rows: { kind: string; messageId: string }[] = await deps.knex('email_outbox')
    .whereIn('messageId', sent.map((m) => m.messageId ?? ''))
    .select('kind', 'messageId');
  const kindOf = new Map(rows.map((r) => [r.messageId, r.kind]));
  return sent.map((m) => ({ ...m, kind: kindOf.get(m.messageId ?? '') ?? '' }));
}

/** The token of the personal (`/appointment/`) or review (`/review/`) link in a sent email's text. */
export function linkToken(mail: Pick<OutgoingMail, 'text'>, kind: 'appointment' | 'review' = 'appointment'): string {
  const match = new RegExp(`/${kind}/([A-Za-z0-9_-]{43})`).exec(mail.text);
  if (!match) throw new Error(`no /${kind}/ link in: ${mail.text}`);
  return match[1];
}
