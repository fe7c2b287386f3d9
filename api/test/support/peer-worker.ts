import type { Knex } from 'knex';
import { createLogger, type Logger } from '../../logger';
import { renderInvoiceAttachment } from '../../services/attachments';
import { smtpMailer } from '../../services/mailer';
import { OutboxWorker } from '../../services/outbox-worker';
import type { SmtpPeer } from './smtp-peer';

/**
 * The outbox worker as the server runs it (attachments rendered: invoice PDFs, the confirmations' .ics),
 * delivering over real SMTP to the test's peer, quick to retry.
 */
export function peerOutboxWorker(knex: Knex, peer: SmtpPeer, logger: Logger = createLogger('silent')): OutboxWorker {
  return new OutboxWorker({
    knex,
    mailer: smtpMailer(peer.url, { secure: false, ignoreTLS: true }),
    logger,
    from: 'Clinic <no-reply@clinic.test>',
    retryBaseMs: 100,
    renderAttachment: renderInvoiceAttachment,
  });
}
