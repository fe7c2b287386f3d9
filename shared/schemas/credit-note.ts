import { z } from 'zod';
import { fromPaise, toPaise } from '../domain/money';
import { idField as rowIdField, numberInput, requiredText } from './fields';
import type { IsoDate, IsoDateTime } from './json';

// INV-40..INV-45: a credit note against an invoice (POST /api/admin/invoices/{id}/credit-notes), CGST
// section 34. Not the patient's advance credit (INV-29): a credit note reverses what an invoice charged.

export const CREDIT_NOTE_MESSAGES = {
  lines: 'Choose at least one invoice line to credit',
  amount: 'Amount must be more than zero',
  amountTooLarge: 'Amount is too large',
  line: 'Give the invoice line (itemId) or a description for each line',
  itemId: 'itemId must be the id of one of the invoice’s lines',
  clinicalItemId: 'clinicalItemId must be the id of a chart item billed on this invoice',
  description: 'Description must be at most 200 characters',
  reason: 'Please give a reason for the credit note',
  reasonLong: 'Reason must be at most 500 characters',
} as const;

// API-10: a row id within PostgreSQL's integer, else 400 naming the field.
const idField = (message: string) => z.preprocess(numberInput(undefined), rowIdField(message)).optional().nullable();

export const creditNoteLineSchema = z
  .object({
    /** The invoice line's id, as the invoice answers it (items[].id). */
    itemId: idField(CREDIT_NOTE_MESSAGES.itemId),
    /** A line not tied to one invoice line (a discount after the fact): its words. */
    description: z.string().trim().max(200, CREDIT_NOTE_MESSAGES.description).nullish().transform((v) => v || null),
    /** The clinical item this line reverses (else the one the invoice line billed, if any). */
    clinicalItemId: idField(CREDIT_NOTE_MESSAGES.clinicalItemId),
    /** The taxable value credited, in rupees (its GST is reversed with it at the line's rate). */
    amount: z.preprocess(
      numberInput(undefined),
      z
        .number({ error: CREDIT_NOTE_MESSAGES.amount })
        .max(10_000_000_000, CREDIT_NOTE_MESSAGES.amountTooLarge)
        .transform((value) => fromPaise(toPaise(value)))
        .refine((value) => value > 0, CREDIT_NOTE_MESSAGES.amount),
    ),
  })
  .refine((line) => line.itemId != null || line.description != null, { message: CREDIT_NOTE_MESSAGES.line, path: ['itemId'] });

export const creditNoteCreateSchema = z.object({
  lines: z.array(creditNoteLineSchema, { error: CREDIT_NOTE_MESSAGES.lines }).min(1, CREDIT_NOTE_MESSAGES.lines).max(100),
  reason: requiredText(CREDIT_NOTE_MESSAGES.reason, 500, CREDIT_NOTE_MESSAGES.reasonLong),
});
export type CreditNoteCreate = z.output<typeof creditNoteCreateSchema>;
export type CreditNoteCreateInput = z.input<typeof creditNoteCreateSchema>;

/** One line of a credit note as the API answers it. */
export interface CreditNoteLine {
  id: number;
  position: number;
  /** The invoice line it reverses (null for a line given by description only). */
  itemId: number | null;
  clinicalItemId: number | null;
  description: string;
  sacCode: string | null;
  taxRate: number;
  taxableValue: number;
  cgst: number;
  sgst: number;
  /** Taxable value plus CGST and SGST. */
  amount: number;
}

/** INV-40: a credit note, linked to its invoice. */
export interface CreditNote {
  id: number;
  number: string;
  invoiceId: number;
  invoiceNumber: string;
  issueDate: IsoDate;
  reason: string;
  subtotal: number;
  cgst: number;
  sgst: number;
  taxAmount: number;
  totalAmount: number;
  lines: CreditNoteLine[];
  createdBy: number | null;
  createdByName: string | null;
  createdAt: IsoDateTime;
  /** The PDF's address (GET /api/admin/credit-notes/{id}.pdf). */
  pdfUrl: string;
}
