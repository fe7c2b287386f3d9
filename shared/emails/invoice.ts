import type { InvoiceDocument } from '../invoice/document';
import { renderEmail, type RenderedEmail } from './layout';
import { emailCatalogues } from '../i18n/email-words';
import { fmt, type Lang } from '../i18n/types';

/**
 * The email that carries an invoice PDF (POST /api/admin/invoices/:id/send). It is written from the same
 * document model as the PDF, so the number, dates and amounts it quotes are the attachment's, and it says
 * how to pay what is left (INV-22: by UPI with the QR code or the UPI ID when the clinic has one).
 */
export function invoiceEmail(doc: InvoiceDocument, lang: Lang = 'en'): RenderedEmail {
  // I18N-3: the email's words in the patient's language; the figures and dates are the PDF's, as printed.
  const w = emailCatalogues[lang].email;
  const received = doc.totals.find((t) => t.label === 'Amount received');
  const rows: [string, string][] = [
    [w.invoiceNumber, doc.invoiceNumber],
    [w.invoiceDate, doc.issueDate],
    ...(doc.dueDate && !doc.paid ? ([[w.dueDate, doc.dueDate]] as [string, string][]) : []),
    [w.totalAmount, doc.total],
    ...(received && doc.balanceDue
      ? ([
          [w.amountReceived, received.value],
          [w.balanceDue, doc.balanceDue],
        ] as [string, string][])
      : []),
    ...(doc.paid ? ([[w.status, doc.paid.detail]] as [string, string][]) : []),
  ];
  const howToPay = doc.upi
    ? fmt(w.payUpi, { amount: doc.upi.amount, upiId: doc.upi.upiId, number: doc.invoiceNumber })
    : fmt(w.payAtClinic, { amount: doc.balanceDue ?? '' });
  return renderEmail(
    fmt(w.invoiceSubject, { number: doc.invoiceNumber, clinic: doc.supplier.name }),
    fmt(w.dear, { name: doc.billTo.name }),
    [
      { paragraph: fmt(w.invoiceIntro, { clinic: doc.supplier.name }) },
      { rows },
      ...(doc.balanceDue ? [{ paragraph: howToPay }] : []),
      { paragraph: doc.paid ? w.invoicePaid : w.invoiceQuestions },
    ],
    lang,
  );
}
