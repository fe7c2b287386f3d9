import { z } from 'zod';
import { DEFAULT_TAX_PERCENTAGE, GST_RATES } from '../constants/invoice';
import { computeInvoiceTotals, type TotalsOptions } from '../domain/invoice-totals';
import { fromPaise, toPaise } from '../domain/money';
import { numberInput, optionalDate, optionalText } from './fields';
import type { FieldProblem } from './validation-error';

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

/** D30: one of the GST rates, in percent; empty, null and missing give `fallback`. */
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
  // D30: the item's GST rate; missing (or null, or empty) means the invoice's taxPercentage.
  taxRate: optionalGstRate(),
});

export const invoiceItemSchema = invoiceItemObject.transform((item) => ({
  ...item,
  totalPrice: item.totalPrice ?? fromPaise(toPaise(item.unitPrice) * item.quantity),
}));
export type InvoiceItem = z.output<typeof invoiceItemSchema>;
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
    z
      .number({ error: 'Please select a patient' })
      .int('Please select a patient')
      .positive('Please select a patient')
      .max(2_147_483_647, 'Please select a patient'),
  ),
  dueDate: optionalDate('Please enter a valid due date'),
  subtotal: amount('Subtotal must be positive', undefined),
  taxPercentage,
  taxAmount: amount('Tax amount must be positive', undefined),
  totalAmount: amount('Total amount must be positive', undefined),
  notes: optionalText(2000, 'Notes must be at most 2000 characters'),
  items: z
    .array(invoiceItemSchema, { error: 'At least one item is required' })
    .min(1, 'At least one item is required')
    .max(100, 'An invoice can have at most 100 items'),
});
export type InvoiceCreate = z.output<typeof invoiceCreateSchema>;
export type InvoiceCreateInput = z.input<typeof invoiceCreateSchema>;

export const NOT_REGISTERED_MESSAGE = 'No GST can be charged: the clinic has no GSTIN (set it in Settings)';

/**
 * D14: compares a parsed payload's figures with those recomputed from its items, allowing one paisa.
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
