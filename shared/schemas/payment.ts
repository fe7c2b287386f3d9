import { z } from 'zod';
import { PAYMENT_MODES, type PaymentMode } from '../constants/invoice';
import { clinicToday } from '../domain/clinic-time';
import { fromPaise, toPaise } from '../domain/money';
import { dateField, numberInput, optionalText } from './fields';
import type { FieldProblem } from './validation-error';
import type { IsoDate, IsoDateTime } from './json';

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

const paidOnField = dateField(PAYMENT_MESSAGES.paidOn);

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

// INV-28 to INV-30: advances (money received before an invoice exists), the credit they leave, and refunds.

export const ADVANCE_MESSAGES = {
  reason: 'Please give a reason for the refund',
  reasonLong: 'Reason must be at most 200 characters',
  noCredit: 'This patient has no unused credit',
  creditPayment: "This payment was taken from the patient's credit, not received as money: it cannot be refunded",
  fullyRefunded: 'Nothing is left to refund on this payment',
  noPatient: 'This invoice has no patient, so no credit can be applied to it',
} as const;

const positiveAmount = z.preprocess(
  numberInput(undefined),
  z
    .number({ error: PAYMENT_MESSAGES.amount })
    .max(10_000_000_000, PAYMENT_MESSAGES.amountTooLarge)
    .transform((value) => fromPaise(toPaise(value)))
    .refine((value) => value > 0, PAYMENT_MESSAGES.amount),
);

/** POST /api/admin/patients/{id}/advances: received today at the clinic. */
export const advanceCreateSchema = z.object({
  amount: positiveAmount,
  mode: modeField,
  reference: optionalText(100, PAYMENT_MESSAGES.reference),
});
export type AdvanceCreate = z.output<typeof advanceCreateSchema>;
export type AdvanceCreateInput = z.input<typeof advanceCreateSchema>;

/** POST /api/admin/payments/{id}/refund: partial or full, paid back in the payment's mode, today. */
export const refundCreateSchema = z.object({
  amount: positiveAmount,
  reason: z.string({ error: ADVANCE_MESSAGES.reason }).trim().min(1, ADVANCE_MESSAGES.reason).max(200, ADVANCE_MESSAGES.reasonLong),
});
export type RefundCreate = z.output<typeof refundCreateSchema>;
export type RefundCreateInput = z.input<typeof refundCreateSchema>;

/** POST /api/admin/invoices/{id}/apply-credit: the amount, or (absent) as much as the credit and the balance allow. */
export const applyCreditSchema = z
  .object({ amount: positiveAmount.optional() })
  .nullish()
  .transform((body) => ({ amount: body?.amount ?? null }));
export type ApplyCredit = z.output<typeof applyCreditSchema>;

/** An advance as the API answers it (INV-28). `available` = amount - applied - refunded. */
export interface Advance {
  id: number;
  patientId: number | null;
  amount: number;
  paidOn: IsoDate;
  mode: PaymentMode;
  reference: string | null;
  applied: number;
  refunded: number;
  available: number;
  /** 'ADV-12': the advance receipt's number. */
  receiptNumber: string;
  recordedBy: string | null;
  createdAt: IsoDateTime;
}

/** GET /api/admin/patients/{id}/credit. */
export interface PatientCredit {
  patientId: number;
  /** Unused credit: the advances' available amounts summed. */
  credit: number;
  advances: Advance[];
}

/** A refund as the API answers it (INV-30). */
export interface Refund {
  id: number;
  paymentId: number;
  amount: number;
  mode: PaymentMode;
  reason: string;
  refundedOn: IsoDate;
  createdAt: IsoDateTime;
}

export const advanceReceiptNumber = (id: number) => `ADV-${id}`;
