import type { InvoiceStatus } from '../constants/booking';
import { clinicToday } from './clinic-time';
import { toPaise } from './money';

export interface InvoiceStatusFacts {
  /** Set when the invoice was cancelled (INV-12: a numbered invoice is cancelled, never erased). */
  cancelled: boolean;
  totalAmount: number | string;
  /** The sum of the payments recorded against it. */
  amountPaid: number | string;
  /** yyyy-MM-dd */
  dueDate?: string | null;
}

/**
 * INV-10: what an invoice reads as today at the clinic (Asia/Kolkata), in this order:
 * cancelled; paid (nothing left to pay); overdue (something left and the due date is past, whether or not
 * part was paid: the money is late either way, and the balance says how much); partially-paid (some paid);
 * pending.
 */
export function invoiceStatus(facts: InvoiceStatusFacts, now: Date): InvoiceStatus {
  if (facts.cancelled) return 'cancelled';
  const paid = toPaise(facts.amountPaid);
  if (paid >= toPaise(facts.totalAmount)) return 'paid';
  if (facts.dueDate && facts.dueDate < clinicToday(now)) return 'overdue';
  return paid > 0 ? 'partially-paid' : 'pending';
}

/** The amount still to pay, never below zero. */
export function invoiceBalance(totalAmount: number | string, amountPaid: number | string): number {
  return Math.max(0, toPaise(totalAmount) - toPaise(amountPaid)) / 100;
}
