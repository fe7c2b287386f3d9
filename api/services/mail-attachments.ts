import type { Knex } from 'knex';
import type { Attachment } from '../models/outbox-email';
import type { OutgoingMail } from '../platform/mail/mailer';
import { loadInvoiceDocument } from './billing/invoices';

/**
 * OPS-16: the PDF renderer (pdfkit, fontkit and the two parsed Devanagari fonts, about 10 MB) is loaded by
 * the first PDF a process makes, not at start (docs/operations.md, "Memory").
 */
export const loadPdfRenderer = () => import('./billing/invoice-pdf');

type RenderedAttachment = NonNullable<OutgoingMail['attachments']>[number];

/**
 * The outbox worker's renderAttachment (api/server.ts): turns `{ type: 'invoice-pdf', invoiceId }` into the
 * invoice's PDF at send time, rendered exactly as GET /api/admin/invoices/:id/pdf renders it.
 */
export async function renderInvoiceAttachment(a: Attachment, knex: Knex, now: Date): Promise<RenderedAttachment> {
  // MAIL-9: a calendar file travels with its email; METHOD=PUBLISH so mail apps offer "add to calendar".
  if (a.type === 'ics') return { filename: a.filename, content: Buffer.from(a.content, 'utf8'), contentType: 'text/calendar; charset=utf-8; method=PUBLISH' };
  if (a.type !== 'invoice-pdf') throw new Error(`Unknown attachment type: ${String((a as { type: unknown }).type)}`);
  const doc = await loadInvoiceDocument(knex, a.invoiceId, now);
  // Deleting an invoice withdraws its unsent email; this only happens if the two cross mid-send.
  if (!doc) throw new Error(`Invoice ${a.invoiceId} no longer exists`);
  const { renderInvoicePdf } = await loadPdfRenderer();
  return { filename: doc.fileName, content: await renderInvoicePdf(doc), contentType: 'application/pdf' };
}
