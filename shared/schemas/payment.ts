import { z } from 'zod';
import { PAYMENT_MODES } from '../constants/invoice';
import { clinicToday } from '../domain/clinic-time';
import { fromPaise, toPaise } from '../domain/money';
import { isPlausibleDate, numberInput, optionalText } from './fields';
import type { FieldProblem } from './validation-error';

// INV-21: a payment against an invoice (POST /api/admin/invoices/{id}/payments) and the optional body of
// PATCH /api/admin/invoices/{id}/mark-paid.

export const PAYMENT_MESSAGES = {
  amount: 'Amount must be more than zero',
  amountTooLarge: 'Amount is too large',
  paidOn: 'Please enter the payment date',
  future: 'Payment date cannot be in the future',
  beforeIssue: 'Payment date cannot be before the invoice date',
  mode: 'Please select a payment mode (cash, UPI, card or bank transfer)',
  reference: 'Reference must be at most 100 characters',
} as const;

const paidOnField = z
  .string({ error: PAYMENT_MESSAGES.paidOn })
  .trim()
  .min(1, { message: PAYMENT_MESSAGES.paidOn, abort: true })
  .refine(isPlausibleDate, PAYMENT_MESSAGES.paidOn);

const modeField = z.enum(PAYMENT_MODES, { error: PAYMENT_MESSAGES.mode });

export const paymentCreateSchema = z.object({
  amount: z.preprocess(
    numberInput(undefined),
    z
      .number({ error: PAYMENT_MESSAGES.amount })
      .max(10_000_000_000, PAYMENT_MESSAGES.amountTooLarge)
      .transform((value) => fromPaise(toPaise(value)))
      .refine((value) => value > 0, PAYMENT_MESSAGES.amount),
  ),
  /** yyyy-MM-dd, the day the money was received. */
  paidOn: paidOnField,
  mode: modeField,
  reference: optionalText(100, PAYMENT_MESSAGES.reference),
});
export type PaymentCreate = z.output<typeof paymentCreateSchema>;
export type PaymentCreateInput = z.input<typeof paymentCreateSchema>;

/** PATCH mark-paid: every field optional (INV-11: the call sends no body): mode cash, today, no reference. */
export const markPaidSchema = z
  .object({
    paidOn: paidOnField.optional(),
    mode: modeField.optional(),
    reference: optionalText(100, PAYMENT_MESSAGES.reference),
  })
  .nullish()
  .transform((body) => ({ paidOn: body?.paidOn ?? null, mode: body?.mode ?? 'cash', reference: body?.reference ?? null }));
export type MarkPaid = z.output<typeof markPaidSchema>;

/** The clock-dependent rules (CLINIC-3): not after today at the clinic, not before the invoice's date. */
export function paymentDateProblem(paidOn: string, issueDate: string, now: Date): FieldProblem | null {
  if (paidOn > clinicToday(now)) return { field: 'paidOn', message: PAYMENT_MESSAGES.future };
  if (paidOn < issueDate) return { field: 'paidOn', message: PAYMENT_MESSAGES.beforeIssue };
  return null;
}
