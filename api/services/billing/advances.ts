import type { Knex } from 'knex';
import { clinicToday } from '../../../shared/domain/clinic-time';
import { decimalString, fromPaise, toPaise } from '../../../shared/domain/money';
import type { PaymentMode } from '../../../shared/constants/invoice';
import {
  ADVANCE_MESSAGES,
  type Advance,
  type AdvanceCreate,
  type ApplyCredit,
  type PatientCredit,
  type Refund,
  type RefundCreate,
  advanceReceiptNumber,
} from '../../../shared/schemas/payment';
import { formatInvoiceAmount } from '../../../shared/invoice/document';
import type { Deps } from '../../deps';
import { badRequest, conflict, notFound } from '../../errors';
import { audit } from '../../platform/audit';
import { ALREADY_PAID_MESSAGE, type InvoiceJson, readInvoice } from './invoices';
import { CANCELLED_PAYMENT_MESSAGE, addPayment, overBalanceMessage } from './payments';

// Advances, credit and refunds (docs/billing.md, "Advances, credit and refunds"). An advance is a row of
// invoice_payments with kind 'advance' and no invoice (INV-28); applying credit writes 'credit' rows on the
// invoice, each taken from one advance, oldest first (INV-29); a refund pays back part or all of a payment
// or an advance in its own mode (INV-30). Every change locks what it changes (the invoice first, then the
// payment rows, the order payments.ts keeps), keeps the running totals (amount_paid, applied, refunded) in
// the same transaction, and writes its audit row there.

type Row = Record<string, unknown>;

const ADVANCE_COLUMNS = ['p.id', 'p.patientId', 'p.amount', 'p.paidOn', 'p.mode', 'p.reference', 'p.applied', 'p.refunded', 'p.createdAt', 'u.displayName as recordedBy'];

function advanceJson(row: Row): Advance {
  const amount = toPaise(String(row.amount));
  const applied = toPaise(String(row.applied));
  const refunded = toPaise(String(row.refunded));
  return {
    id: Number(row.id),
    patientId: row.patientId == null ? null : Number(row.patientId),
    amount: fromPaise(amount),
    paidOn: String(row.paidOn),
    mode: String(row.mode) as PaymentMode,
    reference: (row.reference as string | null) ?? null,
    applied: fromPaise(applied),
    refunded: fromPaise(refunded),
    available: fromPaise(amount - applied - refunded),
    receiptNumber: advanceReceiptNumber(Number(row.id)),
    recordedBy: (row.recordedBy as string | null) ?? null,
    createdAt: new Date(row.createdAt as string).toISOString(),
  };
}

function advances(db: Knex | Knex.Transaction) {
  return db('invoice_payments as p').leftJoin('users as u', 'u.id', 'p.createdBy').where('p.kind', 'advance');
}

async function readAdvance(db: Knex | Knex.Transaction, id: number): Promise<Advance> {
  const row = await advances(db).where('p.id', id).first(ADVANCE_COLUMNS);
  if (!row) throw notFound('Payment');
  return advanceJson(row);
}

/** POST /api/admin/patients/:id/advances (INV-28): money received today before an invoice exists. */
export async function recordAdvance(deps: Deps, patientId: number, input: AdvanceCreate, userId: number | null): Promise<Advance> {
  const now = deps.now();
  const advance = await deps.knex.transaction(async (trx) => {
    // `for key share`: the patient cannot be deleted under us before the advance references them.
    const patient = await trx('patients').where({ id: patientId }).forKeyShare().first('id');
    if (!patient) throw notFound('Patient');
    const [{ id }] = await trx('invoice_payments')
      .insert({
        kind: 'advance',
        invoiceId: null,
        patientId,
        amount: decimalString(toPaise(input.amount)),
        paidOn: clinicToday(now),
        mode: input.mode,
        reference: input.reference,
        createdBy: userId,
        createdAt: now,
      })
      .returning('id');
    await audit(trx, {
      action: 'advance',
      entity: 'patient',
      entityId: patientId,
      changes: { advance: { old: null, new: { id: Number(id), amount: decimalString(toPaise(input.amount)), mode: input.mode, reference: input.reference } } },
    });
    return readAdvance(trx, Number(id));
  });
  deps.logger.info('advance_recorded', { patientId, paymentId: advance.id, mode: advance.mode });
  return advance;
}

/** GET /api/admin/patients/:id/credit: the patient's advances, newest first, and the unused credit. */
export async function patientCredit(db: Knex, patientId: number): Promise<PatientCredit> {
  const patient = await db('patients').where({ id: patientId }).first('id');
  if (!patient) throw notFound('Patient');
  const rows: Row[] = await advances(db).where('p.patientId', patientId).orderBy('p.id', 'desc').select(ADVANCE_COLUMNS);
  const list = rows.map(advanceJson);
  const credit = list.reduce((sum, a) => sum + toPaise(a.available), 0);
  return { patientId, credit: fromPaise(credit), advances: list };
}

/**
 * POST /api/admin/invoices/:id/apply-credit (INV-29): pays the invoice from the patient's unused advances,
 * oldest first, one credit row per advance drawn on. The amount defaults to as much as the credit and the
 * balance allow; more than either is refused.
 */
export async function applyCredit(deps: Deps, invoiceId: number, input: ApplyCredit, userId: number | null): Promise<InvoiceJson> {
  const now = deps.now();
  const invoice = await deps.knex.transaction(async (trx) => {
    const row = await trx('invoices').where({ id: invoiceId }).forUpdate().first('id', 'status', 'patientId', 'totalAmount', 'amountPaid', 'creditedAmount');
    if (!row) throw notFound('Invoice');
    if (row.status === 'cancelled') throw conflict(CANCELLED_PAYMENT_MESSAGE);
    // INV-42: what credit notes took off is not owed.
    const balance = toPaise(row.totalAmount) - toPaise(row.creditedAmount ?? 0) - toPaise(row.amountPaid);
    if (balance <= 0) throw conflict(ALREADY_PAID_MESSAGE);
    if (row.patientId == null) throw conflict(ADVANCE_MESSAGES.noPatient);
    const open: Row[] = await trx('invoice_payments')
      .where({ kind: 'advance', patientId: row.patientId })
      .whereRaw('applied + refunded < amount')
      .orderBy('id')
      .forUpdate()
      .select('id', 'amount', 'applied', 'refunded', 'mode');
    const credit = open.reduce((sum, a) => sum + toPaise(String(a.amount)) - toPaise(String(a.applied)) - toPaise(String(a.refunded)), 0);
    if (credit <= 0) throw conflict(ADVANCE_MESSAGES.noCredit);
    const wanted = input.amount === null ? Math.min(credit, balance) : toPaise(input.amount);
    if (wanted > balance) {
      const message = overBalanceMessage(balance);
      throw badRequest(message, { amount: message });
    }
    if (wanted > credit) {
      const message = `Amount cannot be more than the unused credit of ${formatInvoiceAmount(fromPaise(credit))}`;
      throw badRequest(message, { amount: message });
    }
    let left = wanted;
    for (const advance of open) {
      if (left === 0) break;
      const available = toPaise(String(advance.amount)) - toPaise(String(advance.applied)) - toPaise(String(advance.refunded));
      const take = Math.min(available, left);
      await addPayment(
        trx,
        deps,
        invoiceId,
        { amountPaise: take, paidOn: clinicToday(now), mode: advance.mode as PaymentMode, reference: `From advance ${advanceReceiptNumber(Number(advance.id))}` },
        userId,
        'apply-credit',
        { sourcePaymentId: Number(advance.id) },
      );
      await trx('invoice_payments')
        .where({ id: advance.id })
        .update({ applied: decimalString(toPaise(String(advance.applied)) + take) });
      left -= take;
    }
    return (await readInvoice(trx, invoiceId, now))!;
  });
  deps.logger.info('credit_applied', { invoiceId });
  return invoice;
}

export interface RefundAnswer extends Refund {
  /** The invoice as it now stands, for a refund of an invoice payment. */
  invoice?: InvoiceJson;
  /** The advance as it now stands, for a refund of an advance. */
  advance?: Advance;
}

/**
 * POST /api/admin/payments/:id/refund (INV-30): pays back part or all of a payment or an advance, in its
 * mode, today. Never more than what is left of it (paid less refunded, and for an advance less what credit
 * took). A refund of an invoice payment takes it off the invoice's amount paid, so the invoice owes it
 * again and reads its status from the figures (INV-21); a cancelled invoice stays cancelled.
 */
export async function refundPayment(deps: Deps, paymentId: number, input: RefundCreate, userId: number | null): Promise<RefundAnswer> {
  const now = deps.now();
  const today = clinicToday(now);
  const answer = await deps.knex.transaction(async (trx) => {
    const peek = await trx('invoice_payments').where({ id: paymentId }).first('invoiceId');
    if (!peek) throw notFound('Payment');
    // The invoice first, then the payment: the order every payment takes, so no two wait on each other.
    const invoice = peek.invoiceId == null ? null : await trx('invoices').where({ id: peek.invoiceId }).forUpdate().first('id', 'status', 'totalAmount', 'amountPaid', 'creditedAmount');
    const payment = await trx('invoice_payments').where({ id: paymentId }).forUpdate().first('id', 'kind', 'amount', 'applied', 'refunded', 'mode', 'patientId');
    if (payment.kind === 'credit') throw conflict(ADVANCE_MESSAGES.creditPayment);
    const refunded = toPaise(String(payment.refunded));
    const left = toPaise(String(payment.amount)) - toPaise(String(payment.applied)) - refunded;
    if (left <= 0) throw conflict(ADVANCE_MESSAGES.fullyRefunded);
    const amount = toPaise(input.amount);
    if (amount > left) {
      const what = payment.kind === 'advance' ? 'the unused part of this advance' : 'what is left of this payment';
      const message = `Amount cannot be more than ${what}, ${formatInvoiceAmount(fromPaise(left))}`;
      throw badRequest(message, { amount: message });
    }
    await trx('invoice_payments').where({ id: paymentId }).update({ refunded: decimalString(refunded + amount) });
    const [{ id }] = await trx('payment_refunds')
      .insert({ paymentId, amount: decimalString(amount), mode: payment.mode, reason: input.reason, refundedOn: today, createdBy: userId, createdAt: now })
      .returning('id');
    const refund: Refund = {
      id: Number(id),
      paymentId,
      amount: fromPaise(amount),
      mode: payment.mode as PaymentMode,
      reason: input.reason,
      refundedOn: today,
      createdAt: now.toISOString(),
    };
    const record = { id: Number(id), paymentId, amount: decimalString(amount), mode: payment.mode, reason: input.reason };
    if (invoice) {
      const paid = toPaise(invoice.amountPaid);
      const cancelled = invoice.status === 'cancelled';
      // INV-21's stored status: paid only when nothing is left, which a refund of a positive amount undoes,
      // unless credit notes (INV-42) took off what the refund gives back.
      const owed = toPaise(invoice.totalAmount) - toPaise(invoice.creditedAmount ?? 0);
      const stillSettled = !cancelled && invoice.status === 'paid' && paid - amount >= owed;
      const status = cancelled ? 'cancelled' : stillSettled ? 'paid' : 'pending';
      await trx('invoices')
        .where({ id: invoice.id })
        .update({ amountPaid: decimalString(paid - amount), status, ...(cancelled || stillSettled ? {} : { paidOn: null }), updatedAt: now });
      await audit(trx, {
        action: 'refund',
        entity: 'invoice',
        entityId: invoice.id,
        changes: {
          amountPaid: { old: decimalString(paid), new: decimalString(paid - amount) },
          ...(status !== invoice.status ? { status: { old: invoice.status, new: status } } : {}),
          refund: { old: null, new: record },
        },
      });
      return { ...refund, invoice: (await readInvoice(trx, invoice.id, now))! };
    }
    await audit(trx, { action: 'refund', entity: 'patient', entityId: payment.patientId ?? null, changes: { refund: { old: null, new: record } } });
    return { ...refund, advance: await readAdvance(trx, paymentId) };
  });
  deps.logger.info('payment_refunded', { paymentId, refundId: answer.id, mode: answer.mode });
  return answer;
}
