import type { Knex } from 'knex';
import { clinic } from '../../../shared/constants/clinic';
import type { PaymentMode } from '../../../shared/constants/invoice';
import { clinicToday } from '../../../shared/domain/clinic-time';
import { decimalString, toPaise } from '../../../shared/domain/money';
import { buildReceiptDocument, type ReceiptDocument } from '../../../shared/invoice/receipt';
import { formatInvoiceAmount } from '../../../shared/invoice/document';
import { type MarkPaid, type PaymentCreate, paymentDateProblem } from '../../../shared/schemas/payment';
import type { Deps } from '../../deps';
import { badRequest, conflict, notFound } from '../../errors';
import { audit } from '../../platform/audit';
import { ALREADY_PAID_MESSAGE, CANCELLED_MESSAGE, type InvoiceJson, type PaymentJson, readInvoice, readPayments } from './invoices';

// INV-21: payments against an invoice. Each is written in one transaction with the invoice's running total
// (amount_paid) and stored status, the invoice's row locked first, so two payments recorded at once can
// never take more than the balance between them.

export const CANCELLED_PAYMENT_MESSAGE = 'A cancelled invoice cannot take payments';

export function overBalanceMessage(balancePaise: number): string {
  return `Amount cannot be more than the balance due of ${formatInvoiceAmount(balancePaise / 100)}`;
}

export interface NewPayment {
  amountPaise: number | 'balance';
  paidOn: string;
  mode: PaymentMode;
  reference: string | null;
}

/**
 * Writes one payment and the invoice's new figures; answers the payment's id. Throws the API-4/INV-21 errors.
 * `credit` makes it a credit row (INV-29): part of an advance applied, no new money.
 */
export async function addPayment(
  trx: Knex.Transaction,
  deps: Deps,
  invoiceId: number,
  payment: NewPayment,
  userId: number | null,
  action: 'payment' | 'mark-paid' | 'apply-credit',
  credit?: { sourcePaymentId: number },
): Promise<number> {
  const invoice = await trx('invoices')
    .where({ id: invoiceId })
    .forUpdate()
    .first('id', 'status', 'issueDate', 'totalAmount', 'amountPaid', 'creditedAmount');
  if (!invoice) throw notFound('Invoice');
  if (invoice.status === 'cancelled') throw conflict(payment.amountPaise === 'balance' ? CANCELLED_MESSAGE : CANCELLED_PAYMENT_MESSAGE);
  const problem = paymentDateProblem(payment.paidOn, String(invoice.issueDate), deps.now());
  if (problem) throw badRequest(problem.message, { [problem.field]: problem.message });
  // INV-42: what credit notes took off is not owed.
  const total = toPaise(invoice.totalAmount) - toPaise(invoice.creditedAmount ?? 0);
  const paid = toPaise(invoice.amountPaid);
  const balance = total - paid;
  if (balance <= 0) throw conflict(ALREADY_PAID_MESSAGE);
  const amount = payment.amountPaise === 'balance' ? balance : payment.amountPaise;
  if (amount > balance) {
    const message = overBalanceMessage(balance);
    throw badRequest(message, { amount: message });
  }
  const [{ id }] = await trx('invoice_payments')
    .insert({
      invoiceId,
      amount: decimalString(amount),
      paidOn: payment.paidOn,
      mode: payment.mode,
      reference: payment.reference,
      createdBy: userId,
      createdAt: deps.now(),
      ...(credit ? { kind: 'credit', sourcePaymentId: credit.sourcePaymentId } : {}),
    })
    .returning('id');
  const settled = paid + amount === total;
  // Paid on: the latest payment's date once nothing is left (payments may be entered out of date order).
  const lastPaidOn = settled ? ((await trx('invoice_payments').where({ invoiceId }).max('paidOn as d').first())?.d as string) : null;
  await trx('invoices')
    .where({ id: invoiceId })
    .update({
      amountPaid: decimalString(paid + amount),
      status: settled ? 'paid' : 'pending',
      paidOn: lastPaidOn,
      updatedAt: deps.now(),
    });
  await audit(trx, {
    action,
    entity: 'invoice',
    entityId: invoiceId,
    changes: {
      amountPaid: { old: decimalString(paid), new: decimalString(paid + amount) },
      status: { old: invoice.status, new: settled ? 'paid' : 'pending' },
      payment: {
        old: null,
        new: { id: Number(id), amount: decimalString(amount), paidOn: payment.paidOn, mode: payment.mode, reference: payment.reference, ...(credit ? { fromAdvance: credit.sourcePaymentId } : {}) },
      },
    },
  });
  return Number(id);
}

/** POST /api/admin/invoices/:id/payments -> the payment, with the invoice as it now stands. */
export async function recordPayment(
  deps: Deps,
  invoiceId: number,
  input: PaymentCreate,
  userId: number | null,
): Promise<PaymentJson & { invoice: InvoiceJson }> {
  const now = deps.now();
  const result = await deps.knex.transaction(async (trx) => {
    const paymentId = await addPayment(trx, deps, invoiceId, { ...input, amountPaise: toPaise(input.amount) }, userId, 'payment');
    const invoice = (await readInvoice(trx, invoiceId, now))!;
    const payment = invoice.payments!.find((p) => p.id === paymentId)!;
    return { ...payment, invoice };
  });
  deps.logger.info('payment_recorded', { invoiceId, paymentId: result.id, mode: result.mode });
  return result;
}

/**
 * PATCH /:id/mark-paid (INV-11): records a payment of the whole balance, by the mode given (cash when
 * none, as the original call sends no body), dated today at the clinic unless paidOn is given.
 */
export async function markInvoicePaid(deps: Deps, invoiceId: number, body: MarkPaid, userId: number | null): Promise<InvoiceJson> {
  const now = deps.now();
  const invoice = await deps.knex.transaction(async (trx) => {
    await addPayment(trx, deps, invoiceId, { amountPaise: 'balance', paidOn: body.paidOn ?? clinicToday(now), mode: body.mode, reference: body.reference }, userId, 'mark-paid');
    return (await readInvoice(trx, invoiceId, now))!;
  });
  deps.logger.info('invoice_marked_paid', { invoiceId, mode: body.mode });
  return invoice;
}

/** The receipt of one payment (GET /:id/payments/:paymentId/receipt), or 404 for either. */
export async function receiptDocument(deps: Deps, invoiceId: number, paymentId: number): Promise<ReceiptDocument> {
  const invoice = await readInvoice(deps.knex, invoiceId, deps.now());
  if (!invoice) throw notFound('Invoice');
  const payments = invoice.payments ?? (await readPayments(deps.knex, invoiceId, invoice.invoiceNumber));
  const index = payments.findIndex((p) => p.id === paymentId);
  if (index < 0) throw notFound('Payment');
  const receivedToDate = payments.slice(0, index + 1).reduce((sum, p) => sum + toPaise(p.amount), 0) / 100;
  return buildReceiptDocument(
    { invoice: { ...invoice, billTo: invoice.billTo! }, payment: payments[index], ordinal: index + 1, receivedToDate },
    clinic,
  );
}
