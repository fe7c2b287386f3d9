import { paymentModeLabel } from '../constants/invoice';
import { amountInWords } from '../domain/amount-in-words';
import { formatDate } from '../domain/dates';
import { toPaise } from '../domain/money';
import { formatInvoiceAmount, type ClinicIdentity } from './document';
import { formatPhone } from '../domain/phone';

// INV-21: the receipt for one payment (GET /api/admin/invoices/{id}/payments/{paymentId}/receipt), as a plain
// model of formatted strings the server's PDF draws (api/services/billing/invoice-pdf.ts, the invoice's fonts).

export interface ReceiptSource {
  invoice: {
    invoiceNumber: string;
    issueDate: string;
    totalAmount: number | string;
    supplierGstin?: string | null;
    billTo: { name: string; phone?: string | null; email?: string | null };
  };
  payment: { amount: number | string; paidOn: string; mode: string; reference?: string | null };
  /** 1 for the invoice's first payment, 2 for the second, ... */
  ordinal: number;
  /** The sum of the invoice's payments up to and including this one. */
  receivedToDate: number | string;
}

export interface ReceiptDocument {
  title: string;
  receiptNumber: string;
  supplier: { name: string; lines: string[]; taxLines: string[] };
  /** Receipt No. and Date. */
  meta: { label: string; value: string }[];
  receivedFrom: { heading: string; name: string; lines: string[] };
  amount: { label: string; value: string };
  amountInWords: { label: string; value: string };
  /** Mode, reference, the invoice it pays, its total, received to date, balance. */
  rows: { label: string; value: string }[];
  signatory: { forLine: string; label: string };
  footer: string[];
  fileName: string;
  documentTitle: string;
}

/** The receipt PDF's file name: 'receipt-INV-2026-27-0001-R2.pdf'. */
export function receiptFileName(number: string): string {
  return `receipt-${number.replace(/[^A-Za-z0-9-]/g, '-')}.pdf`;
}

/** 'INV/2026-27/0001-R2': the invoice's number and the payment's place among its payments. */
export function receiptNumber(invoiceNumber: string, ordinal: number): string {
  return `${invoiceNumber}-R${ordinal}`;
}

export function buildReceiptDocument(source: ReceiptSource, clinic: ClinicIdentity): ReceiptDocument {
  const { invoice, payment } = source;
  const number = receiptNumber(invoice.invoiceNumber, source.ordinal);
  const balance = Math.max(0, toPaise(invoice.totalAmount) - toPaise(source.receivedToDate)) / 100;
  const gstin = invoice.supplierGstin?.trim();
  return {
    title: 'Payment Receipt',
    receiptNumber: number,
    supplier: {
      name: clinic.name,
      lines: [clinic.addressText, `Phone: ${clinic.phone}  |  Email: ${clinic.email}`],
      taxLines: gstin ? [`GSTIN: ${gstin}`] : [],
    },
    meta: [
      { label: 'Receipt No.', value: number },
      { label: 'Date', value: formatDate(payment.paidOn) },
    ],
    receivedFrom: {
      heading: 'Received From',
      name: invoice.billTo.name.trim(),
      lines: [...(invoice.billTo.phone ? [`Phone: ${formatPhone(invoice.billTo.phone)}`] : []), ...(invoice.billTo.email ? [`Email: ${invoice.billTo.email}`] : [])],
    },
    amount: { label: 'Amount received', value: formatInvoiceAmount(payment.amount) },
    amountInWords: { label: 'Amount in words:', value: amountInWords(payment.amount) },
    rows: [
      { label: 'Payment mode', value: paymentModeLabel(payment.mode) },
      ...(payment.reference ? [{ label: 'Reference', value: payment.reference }] : []),
      { label: 'Against invoice', value: `${invoice.invoiceNumber} dated ${formatDate(invoice.issueDate)}` },
      { label: 'Invoice total', value: formatInvoiceAmount(invoice.totalAmount) },
      { label: 'Received to date', value: formatInvoiceAmount(source.receivedToDate) },
      { label: 'Balance due', value: formatInvoiceAmount(balance) },
    ],
    signatory: { forLine: `For ${clinic.name}`, label: 'Authorised Signatory' },
    footer: ['This is a computer-generated receipt. Thank you.'],
    fileName: receiptFileName(number),
    documentTitle: `Payment Receipt ${number}`,
  };
}

/** Every visible string of the receipt, in reading order. */
export function receiptDocumentStrings(doc: ReceiptDocument): string[] {
  return [
    doc.supplier.name,
    ...doc.supplier.lines,
    ...doc.supplier.taxLines,
    doc.title,
    doc.receivedFrom.heading,
    doc.receivedFrom.name,
    ...doc.receivedFrom.lines,
    ...doc.meta.flatMap((m) => [m.label, m.value]),
    doc.amount.label,
    doc.amount.value,
    doc.amountInWords.label,
    doc.amountInWords.value,
    ...doc.rows.flatMap((r) => [r.label, r.value]),
    doc.signatory.forLine,
    doc.signatory.label,
    ...doc.footer,
  ];
}
