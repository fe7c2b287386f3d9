import type { PaymentMode } from '../constants/invoice';
import type { IsoDate, IsoDateTime } from './json';

// The owner's end of day (INV-31, INV-32, INV-33): GET /api/admin/reports/day-end and /dues, and their CSVs.
// Amounts are rupees with at most two decimals, summed in paise on the server.

export interface DayEndMoney {
  /** Money received: invoice payments and advances (credit applied from an advance is not new money). */
  received: number;
  refunds: number;
  /** received - refunds. */
  net: number;
}

export interface DayEndPayment {
  id: number;
  /** 'payment' (against an invoice) or 'advance' (before an invoice exists). */
  kind: 'payment' | 'advance';
  mode: PaymentMode;
  amount: number;
  reference: string | null;
  invoiceId: number | null;
  invoiceNumber: string | null;
  patientId: number | null;
  patientName: string;
  recordedBy: string;
  recordedAt: IsoDateTime;
}

export interface DayEndRefund {
  id: number;
  paymentId: number;
  kind: 'payment' | 'advance';
  mode: PaymentMode;
  amount: number;
  reason: string;
  invoiceNumber: string | null;
  patientName: string;
  recordedBy: string;
  recordedAt: IsoDateTime;
}

export interface DayEndReport {
  /** The clinic day (Asia/Kolkata). */
  date: IsoDate;
  totals: DayEndMoney & { invoicePayments: number; advances: number; count: number };
  /** Always the four modes, in the order cash, upi, card, bank. */
  byMode: (DayEndMoney & { mode: PaymentMode })[];
  /** Each staff member who recorded money that day (received or refunded), by name. */
  byStaff: (DayEndMoney & { staffId: number | null; name: string; count: number })[];
  payments: DayEndPayment[];
  refunds: DayEndRefund[];
}

/** The debt's age buckets, in days since the invoice date. */
export const DUES_BUCKETS = [
  { key: 'days0to30', label: '0-30 days', max: 30 },
  { key: 'days31to60', label: '31-60 days', max: 60 },
  { key: 'days61to90', label: '61-90 days', max: 90 },
  { key: 'days90plus', label: '90+ days', max: Infinity },
] as const;
export type DuesBucket = (typeof DUES_BUCKETS)[number]['key'];

/** The bucket of a debt this many days old (0-30, 31-60, 61-90, over 90). */
export function duesBucket(ageDays: number): DuesBucket {
  return DUES_BUCKETS.find((b) => ageDays <= b.max)!.key;
}

export type DuesFigures = Record<DuesBucket, number> & {
  /** The unpaid balances summed. */
  owed: number;
  /** Unused credit (advances not yet applied or refunded). */
  credit: number;
  /** owed - credit: negative when the clinic holds more of the patient's money than they owe. */
  netDue: number;
};

export interface DuesInvoice {
  id: number;
  invoiceNumber: string;
  issueDate: IsoDate;
  ageDays: number;
  bucket: DuesBucket;
  total: number;
  paid: number;
  balance: number;
}

export interface DuesRow extends DuesFigures {
  patientId: number | null;
  name: string;
  phone: string | null;
  invoices: DuesInvoice[];
}

export interface DuesReport {
  asOf: IsoDate;
  rows: DuesRow[];
  totals: DuesFigures;
}
