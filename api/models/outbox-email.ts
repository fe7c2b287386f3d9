import { BaseModel } from './base-model';

export type Attachment =
  | { type: 'invoice-pdf'; invoiceId: number }
  /** Content fixed when the email was queued (the appointment's .ics, MAIL-9); purged with the body. */
  | { type: 'ics'; filename: string; content: string };

export class OutboxEmail extends BaseModel {
  static override tableName = 'email_outbox';
  static override jsonAttributes = ['attachments'];
  id!: number;
  kind!: string;
  // Blank ('') once purged: see purgedAt.
  toAddress!: string;
  subject!: string;
  html!: string;
  textBody!: string;
  attachments!: Attachment[];
  /**
   * SEC-7: what the email's personal link opens; the bodies hold LINK_PLACEHOLDER in its place and the worker
   * makes the link as it sends (api/services/appointments/manage-links.ts). Null: no link.
   */
  linkKind!: 'manage' | 'review' | null;
  linkAppointmentId!: number | null;
  attempts!: number;
  nextAttemptAt!: Date;
  lockedUntil!: Date | null;
  /** The worker holding the lease (api/platform/mail/outbox-worker.ts). */
  lockedBy!: string | null;
  sentAt!: Date | null;
  /** Fixed at creation: every attempt sends the Message-ID <messageUuid@sender's domain>. */
  messageUuid!: string;
  /** The Message-ID the accepted attempt carried. */
  messageId!: string | null;
  lastError!: string | null;
  createdAt!: Date;
  /** Set when the retention period blanked the recipient, subject and bodies (outbox-retention.ts). */
  purgedAt!: Date | null;
}
