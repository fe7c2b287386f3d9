import type { InvoiceDocument } from '../invoice/document';
import { renderEmail, type RenderedEmail } from './layout';

/**
 * The email that carries an invoice PDF (POST /api/admin/invoices/:id/send). It is written from the same
 * document model as the PDF, so the number, dates and total it quotes are the attachment's.
 */
export function invoiceEmail(doc: InvoiceDocument): RenderedEmail {
  const rows: [string, string][] = [
    ['Invoice number', doc.invoiceNumber],
    ['Invoice date', doc.issueDate],
    ...(doc.dueDate && !doc.paid ? ([['Due date', doc.dueDate]] as [string, string][]) : []),
    ['Total amount', doc.total],
    ...(doc.paid ? ([['Status', doc.paid.detail]] as [string, string][]) : []),
  ];
  return renderEmail(`Your invoice ${doc.invoiceNumber} from ${doc.supplier.name}`, `Dear ${doc.billTo.name},`, [
    { paragraph: `Thank you for visiting ${doc.supplier.name}. Your invoice is attached to this email as a PDF.` },
    { rows },
    {
      paragraph: doc.paid
        ? 'This invoice has been paid. Please keep it for your records.'
        : 'If you have any questions about this invoice, please reply to this email or call us.',
    },
  ]);
}
