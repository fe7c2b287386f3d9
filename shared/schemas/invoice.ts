import { z } from 'zod';
import type { CreditNote } from './credit-note';
import type { InvoiceStatus } from '../constants/booking';
import { DEFAULT_TAX_PERCENTAGE, GST_RATES, type InvoiceKind, type PaymentMode } from '../constants/invoice';
import { computeInvoiceTotals, type TotalsOptions } from '../domain/invoice-totals';
import { fromPaise, toPaise } from '../domain/money';
import { idField, numberInput, optionalDate, optionalText } from './fields';
import type { IsoDate, IsoDateTime } from './json';
import type { Patient } from './patient';
import type { FieldProblem } from './validation-error';

// An invoice: the create form's schema and its totals rule (INV-8), and the invoice as the API answers it.

// The largest single amount accepted; keeps every figure far inside numeric(14,2) and safe integers.
const MAX_AMOUNT = 10_000_000_000;

// Rounds to the paisa (step 0.01) so later arithmetic starts from exact values.
function roundToPaisa(value: number): number {
  return fromPaise(toPaise(value));
}

function amount(message: string, fallback: number | undefined) {
  return z.preprocess(
    numberInput(fallback),
    z
      .number({ error: message })
      .min(0, message)
      .max(MAX_AMOUNT, 'Amount is too large')
      .transform(roundToPaisa),
  );
}

export const SAC_CODE_MESSAGE = 'Please select a valid SAC code';
export const GST_RATE_MESSAGE = 'GST rate must be 0, 5, 12, 18 or 28%';

/** A services accounting code: six digits starting 99 (999312 health care, 999722 cosmetic, ...). */
export function optionalSacCode() {
  return z
    .string({ error: SAC_CODE_MESSAGE })
    .trim()
    .nullish()
    .transform((value) => value || null)
    .refine((value) => value === null || /^99\d{4}$/.test(value), SAC_CODE_MESSAGE);
}

const gstRateNumber = z
  .number({ error: GST_RATE_MESSAGE })
  .refine((rate) => (GST_RATES as readonly number[]).includes(rate), GST_RATE_MESSAGE);

/** INV-20: one of the GST rates, in percent; empty, null and missing give `fallback`. */
export function gstRate(fallback: number) {
  return z.preprocess(numberInput(fallback), gstRateNumber);
}

/** An optional GST rate: empty, null and missing become null. */
export function optionalGstRate() {
  return z.preprocess(numberInput(undefined), gstRateNumber.optional()).transform((rate) => rate ?? null);
}

const invoiceItemObject = z.object({
  description: z
    .string({ error: 'Description is required' })
    .trim()
    .min(1, 'Description is required')
    .max(500, 'Description must be at most 500 characters'),
  quantity: z.preprocess(
    numberInput(1),
    z
      .number({ error: 'Quantity must be at least 1' })
      .int('Quantity must be a whole number')
      .min(1, 'Quantity must be at least 1')
      .max(100_000, 'Quantity is too large'),
  ),
  unitPrice: amount('Unit price must be positive', 0),
  // Optional: the form sends it, other callers may leave it for the schema to work out.
  totalPrice: amount('Total price must be positive', undefined).optional(),
  sacCode: optionalSacCode(),
  // INV-20: the item's GST rate; missing (or null, or empty) means the invoice's taxPercentage.
  taxRate: optionalGstRate(),
});

export const invoiceItemSchema = invoiceItemObject.transform((item) => ({
  ...item,
  totalPrice: item.totalPrice ?? fromPaise(toPaise(item.unitPrice) * item.quantity),
}));
export type InvoiceItemPayload = z.output<typeof invoiceItemSchema>;
export type InvoiceItemInput = z.input<typeof invoiceItemSchema>;

const taxPercentage = z.preprocess(
  numberInput(DEFAULT_TAX_PERCENTAGE),
  z
    .number({ error: 'Tax percentage must be positive' })
    .min(0, 'Tax percentage must be positive')
    .max(100, 'Tax percentage cannot exceed 100%')
    // Step 0.01: two decimals, e.g. 12.5 or 18, the same rounding as amounts.
    .transform(roundToPaisa),
);

export const invoiceCreateSchema = z.object({
  patientId: z.preprocess(
    numberInput(undefined),
    idField('Please select a patient'),
  ),
  dueDate: optionalDate('Please enter a valid due date'),
  subtotal: amount('Subtotal must be positive', undefined),
  taxPercentage,
  taxAmount: amount('Tax amount must be positive', undefined),
  totalAmount: amount('Total amount must be positive', undefined),
  notes: optionalText(2000, 'Notes must be at most 2000 characters'),
  /** DESK-15: the visit this invoice bills ("Bill this visit"); optional. */
  appointmentId: z.preprocess(
    numberInput(undefined),
    idField('Please select a valid appointment')
      .nullish()
      .transform((v) => v ?? null),
  ),
  items: z
    .array(invoiceItemSchema, { error: 'At least one item is required' })
    .min(1, 'At least one item is required')
    .max(100, 'An invoice can have at most 100 items'),
});
export type InvoiceCreate = z.output<typeof invoiceCreateSchema>;
export type InvoiceCreateInput = z.input<typeof invoiceCreateSchema>;

export const NOT_REGISTERED_MESSAGE = 'No GST can be charged: the clinic has no GSTIN (set it in Settings)';

/**
 * INV-8: compares a parsed payload's figures with those recomputed from its items, allowing one paisa.
 * Returns the first disagreement, or null. The server keeps its own recomputed figures either way.
 */
export function invoiceTotalsMismatch(invoice: InvoiceCreate, options: TotalsOptions = {}): FieldProblem | null {
  const totals = computeInvoiceTotals(invoice.items, invoice.taxPercentage, options);
  const off = (a: number, b: number) => Math.abs(toPaise(a) - toPaise(b)) > 1;
  const badItem = invoice.items.findIndex((item, i) => off(item.totalPrice, totals.items[i].totalPrice));
  if (badItem >= 0) {
    return { field: `items.${badItem}.totalPrice`, message: 'Total price must equal quantity x unit price' };
  }
  if (off(invoice.subtotal, totals.subtotal)) return { field: 'subtotal', message: 'Subtotal does not match the items' };
  if (off(invoice.taxAmount, totals.taxAmount)) {
    return {
      field: 'taxAmount',
      message: totals.registered ? 'Tax amount does not match the tax percentage' : NOT_REGISTERED_MESSAGE,
    };
  }
  if (off(invoice.totalAmount, totals.totalAmount)) {
    return { field: 'totalAmount', message: 'Total amount must equal subtotal plus tax' };
  }
  return null;
}

/** The patient embedded in an invoice; null once the patient is deleted (PAT-4). */
export type InvoicePatient = Pick<Patient, 'id' | 'fileNumber' | 'firstName' | 'lastName' | 'email' | 'phone'>;

/** The recipient as billed, kept on the invoice at issue time (CGST Rule 46). */
export interface InvoiceBillTo {
  name: string;
  email: string | null;
  phone: string | null;
  address: string | null;
}

/** INV-1: one line of an invoice as the API answers it. */
export interface InvoiceItem {
  id: number;
  position: number;
  description: string;
  sacCode: string | null;
  quantity: number;
  unitPrice: number;
  totalPrice: number;
  /** The GST rate applied, percent (0 on a Bill of Supply). */
  taxRate: number;
  /** INV-40: the taxable value credit notes have reversed of this line (0 when none). */
  credited?: number;
  /** INV-41: the clinical item this line billed while it stands billed (null when none or released). */
  clinicalItemId?: number | null;
}

/** A payment received against an invoice (INV-21). */
export interface InvoicePayment {
  id: number;
  invoiceId: number;
  amount: number;
  paidOn: IsoDate;
  mode: PaymentMode;
  reference: string | null;
  /** 'INV/2026-27/0001-R1', also the receipt's number. */
  receiptNumber: string;
  createdAt: IsoDateTime;
  /** INV-29: 'payment' (money received for this invoice) or 'credit' (taken from the patient's advance). */
  kind: 'payment' | 'credit';
  /** INV-30: how much of it was refunded (0 when none). */
  refunded: number;
}

/** GST of one rate on an invoice: the document's tax summary. */
export interface TaxSummaryLine {
  rate: number;
  taxableValue: number;
  cgst: number;
  sgst: number;
  totalTax: number;
}

/**
 * INV-1: an invoice as GET /api/admin/invoices answers it, with its patient embedded. `status` already
 * reads overdue when an unpaid invoice's due date has passed (INV-10).
 */
export interface Invoice {
  id: number;
  invoiceNumber: string;
  patientId: number | null;
  patient: InvoicePatient | null;
  /** PAT-19: where Email sends it (the patient's email, else the one billed); null: Email is not offered. */
  emailTo: string | null;
  status: InvoiceStatus;
  issueDate: IsoDate;
  dueDate: IsoDate | null;
  subtotal: number;
  taxPercentage: number;
  taxAmount: number;
  totalAmount: number;
  /** INV-19: 'tax-invoice', 'bill-of-supply' or 'invoice-cum-bill-of-supply', fixed at issue. */
  kind: InvoiceKind;
  /** The document's title for the kind. */
  title: string;
  amountPaid: number;
  /** What is left to pay: the total less credit notes (INV-42) less what was paid. */
  balance: number;
  /** INV-42: the sum of the invoice's credit notes, tax included. */
  creditedAmount?: number;
  /** The date of the payment that settled it (null until paid). */
  paidOn: IsoDate | null;
  cancelledAt: IsoDateTime | null;
  /** Whether GST applied at issue, and the GSTIN it was issued under. */
  gstRegistered: boolean;
  supplierGstin: string | null;
  /** DESK-15: the visit the invoice bills, else null. */
  appointmentId: number | null;
  notes: string | null;
  createdAt: IsoDateTime;
}

/** GET /api/admin/invoices/:id and POST /api/admin/invoices: the invoice with its items and recipient. */
export interface InvoiceDetail extends Invoice {
  billTo: InvoiceBillTo;
  items: InvoiceItem[];
  /** GST by rate, ascending, 0% included when present. */
  taxSummary: TaxSummaryLine[];
  payments: InvoicePayment[];
  /** The clinic's UPI ID now (the document prints a QR for the balance when set). */
  upiId: string | null;
  /** INV-40: the credit notes issued against it, oldest first. */
  creditNotes?: CreditNote[];
}

/** The patient's name, or 'Unknown Patient' once the patient is deleted (INV-2, PAT-4). */
export function invoicePatientName(invoice: Pick<Invoice, 'patient'>): string {
  return invoice.patient ? `${invoice.patient.firstName} ${invoice.patient.lastName}`.trim() : 'Unknown Patient';
}
