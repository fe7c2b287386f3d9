import type { InvoiceDocument } from '../invoice/document';
import { renderEmail, type RenderedEmail } from './layout';

/**
 * The email that carries an invoice PDF (POST /api/admin/invoices/:id/send). It is written from the same
 * document model as the PDF, so the number, dates and amounts it quotes are the attachment's, and it says
 * how to pay what is left (D30: by UPI with the QR code or the UPI ID when the clinic has one).
 */
export function invoiceEmail(doc: InvoiceDocument): RenderedEmail {
  const received = doc.totals.find((t) => t.label === 'Amount received');
  const rows: [string, string][] = [
    ['Invoice number', doc.invoiceNumber],
    ['Invoice date', doc.issueDate],
    ...(doc.dueDate && !doc.paid ? ([['Due date', doc.dueDate]] as [string, string][]) : []),
    ['Total amount', doc.total],
    ...(received && doc.balanceDue
      ? ([
          ['Amount received', received.value],
          ['Balance due', doc.balanceDue],
        ] as [string, string][])
      : []),
    ...(doc.paid ? ([['Status', doc.paid.detail]] as [string, string][]) : []),
  ];
  const howToPay = doc.upi
    ? `To pay ${doc.upi.amount} by UPI, scan the QR code on the attached invoice with any UPI app (Google Pay, ` +
      `PhonePe, Paytm, BHIM or your bank's app), or send it to the UPI ID ${doc.upi.upiId} with the note ` +
      `${doc.invoiceNumber}. You can also pay at the clinic by cash or card.`
    : `You can pay ${doc.balanceDue} at the clinic by cash, card or UPI.`;
  return renderEmail(`Your invoice ${doc.invoiceNumber} from ${doc.supplier.name}`, `Dear ${doc.billTo.name},`, [
    { paragraph: `Thank you for visiting ${doc.supplier.name}. Your invoice is attached to this email as a PDF.` },
    { rows },
    ...(doc.balanceDue ? [{ paragraph: howToPay }] : []),
    {
      paragraph: doc.paid
        ? 'This invoice has been paid. Please keep it for your records.'
        : 'If you have any questions about this invoice, please reply to this email or call us.',
    },
  ]);
}
