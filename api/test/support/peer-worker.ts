import type { Deps } from '../../deps';
import { createLogger, type Logger } from '../../logger';
import { renderInvoiceAttachment } from '../../services/mail-attachments';
import { smtpMailer } from '../../platform/mail/mailer';
import { OutboxWorker } from '../../platform/mail/outbox-worker';
import type { SmtpPeer } from './smtp-peer';
import { sendableBodies } from '../../services/appointments/manage-links';

/**
 * The outbox worker as the server runs it (attachments rendered: invoice PDFs, the confirmations' .ics),
 * delivering over real SMTP to the test's peer, quick to retry, on the app's clock.
 */
export function peerOutboxWorker(deps: Pick<Deps, 'knex' | 'now'>, peer: SmtpPeer, logger: Logger = createLogger('silent')): OutboxWorker {
  return new OutboxWorker({
    makeLinks: sendableBodies,
    knex: deps.knex,
    now: deps.now,
    mailer: smtpMailer(peer.url, { secure: false, ignoreTLS: true }),
    logger,
    from: 'Clinic <no-reply@clinic.test>',
    retryBaseMs: 100,
    renderAttachment: renderInvoiceAttachment,
  });
}
