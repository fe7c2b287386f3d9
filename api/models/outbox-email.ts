import { BaseModel } from './base-model';

export type Attachment = { type: 'invoice-pdf'; invoiceId: number };

export class OutboxEmail extends BaseModel {
  static override tableName = 'email_outbox';
  static override jsonAttributes = ['attachments'];
  id!: number;
  kind!: string;
  toAddress!: string;
  subject!: string;
  html!: string;
  textBody!: string;
  attachments!: Attachment[];
  attempts!: number;
  nextAttemptAt!: Date;
  lockedUntil!: Date | null;
  sentAt!: Date | null;
  messageId!: string | null;
  lastError!: string | null;
  createdAt!: Date;
}
