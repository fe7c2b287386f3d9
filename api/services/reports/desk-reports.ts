import type { Knex } from 'knex';
import { PAYMENT_MODES, type PaymentMode } from '../../../shared/constants/invoice';
import { addDays, clinicToday } from '../../../shared/domain/clinic-time';
import { decimalString, fromPaise, toPaise } from '../../../shared/domain/money';
import {
  DUES_BUCKETS,
  type DayEndMoney,
  type DayEndPayment,
  type DayEndRefund,
  type DayEndReport,
  type DuesFigures,
  type DuesReport,
  type DuesRow,
  duesBucket,
} from '../../../shared/schemas/desk-reports';
import type { Deps } from '../../deps';
import { dateQueryParam } from '../../db/list-query';
import { badRequest } from '../../errors';
import { auditExport } from '../../platform/audit';
import { csvField, csvLine } from './csv-export';

// The owner's end of day: the day-end collection (INV-31) and the dues by age (INV-32), as JSON and CSV
// (INV-33). Every figure is summed in integer paise from the payment, refund and invoice rows themselves,
// so the reports agree with the invoices to the paisa.

type Row = Record<string, unknown>;
const paise = (v: unknown) => toPaise(String(v ?? 0));
const rupees = (p: number) => fromPaise(p);
const UNKNOWN_STAFF = 'Unknown staff member';

/** ?date= / ?asOf=: a date written yyyy-MM-dd, today at the clinic when absent, never after today. */
export function parseReportDate(query: Record<string, unknown>, name: 'date' | 'asOf', now: Date): string {
  const today = clinicToday(now);
  const value = dateQueryParam(query, name) ?? today;
  if (value > today) {
    const message = `${name} cannot be after today`;
    throw badRequest(message, { [name]: message });
  }
  return value;
}

function patientName(row: Row): string {
  if (row.firstName != null) return `${String(row.firstName)} ${String(row.lastName ?? '')}`.trim();
  const billTo = typeof row.billTo === 'string' ? (JSON.parse(row.billTo) as { name?: string }) : (row.billTo as { name?: string } | null);
  return billTo?.name ?? 'Unknown patient';
}

/** INV-31: the money of one clinic day, by mode and by the staff member who recorded it. */
export async function dayEndReport(knex: Knex, date: string): Promise<DayEndReport> {
  const [paymentRows, refundRows] = await Promise.all([
    knex('invoice_payments as p')
      .leftJoin('invoices as i', 'i.id', 'p.invoiceId')
      .leftJoin('patients as pt', 'pt.id', knex.raw('coalesce(p.patient_id, i.patient_id)'))
      .leftJoin('users as u', 'u.id', 'p.createdBy')
      .whereIn('p.kind', ['payment', 'advance'])
      .where('p.paidOn', date)
      .orderBy('p.id')
      .select('p.id', 'p.kind', 'p.mode', 'p.amount', 'p.reference', 'p.createdBy', 'p.createdAt', 'i.id as invoiceId', 'i.invoiceNumber', 'i.billTo',
        'pt.id as patientId', 'pt.firstName', 'pt.lastName', 'u.displayName') as Promise<Row[]>,
    knex('payment_refunds as r')
      .join('invoice_payments as p', 'p.id', 'r.paymentId')
      .leftJoin('invoices as i', 'i.id', 'p.invoiceId')
      .leftJoin('patients as pt', 'pt.id', knex.raw('coalesce(p.patient_id, i.patient_id)'))
      .leftJoin('users as u', 'u.id', 'r.createdBy')
      .where('r.refundedOn', date)
      .orderBy('r.id')
      .select('r.id', 'r.paymentId', 'p.kind', 'r.mode', 'r.amount', 'r.reason', 'r.createdBy', 'r.createdAt', 'i.invoiceNumber', 'i.billTo',
        'pt.firstName', 'pt.lastName', 'u.displayName') as Promise<Row[]>,
  ]);

  const zero = (): { received: number; refunds: number } => ({ received: 0, refunds: 0 });
  const modes = new Map<PaymentMode, { received: number; refunds: number }>(PAYMENT_MODES.map((m) => [m, zero()]));
  const staff = new Map<string, { staffId: number | null; name: string; received: number; refunds: number; count: number }>();
  const staffOf = (row: Row) => {
    const id = row.createdBy == null ? null : Number(row.createdBy);
    const name = row.displayName == null ? UNKNOWN_STAFF : String(row.displayName);
    const key = String(id);
    if (!staff.has(key)) staff.set(key, { staffId: id, name, received: 0, refunds: 0, count: 0 });
    return staff.get(key)!;
  };
  let invoicePayments = 0;
  let advances = 0;

  const payments: DayEndPayment[] = paymentRows.map((row) => {
    const amount = paise(row.amount);
    const mode = row.mode as PaymentMode;
    modes.get(mode)!.received += amount;
    const s = staffOf(row);
    s.received += amount;
    s.count += 1;
    if (row.kind === 'advance') advances += amount;
    else invoicePayments += amount;
    return {
      id: Number(row.id),
      kind: row.kind === 'advance' ? 'advance' : 'payment',
      mode,
      amount: rupees(amount),
      reference: (row.reference as string | null) ?? null,
      invoiceId: row.invoiceId == null ? null : Number(row.invoiceId),
      invoiceNumber: (row.invoiceNumber as string | null) ?? null,
      patientId: row.patientId == null ? null : Number(row.patientId),
      patientName: patientName(row),
      recordedBy: s.name,
      recordedAt: new Date(row.createdAt as string).toISOString(),
    };
  });
  const refunds: DayEndRefund[] = refundRows.map((row) => {
    const amount = paise(row.amount);
    const mode = row.mode as PaymentMode;
    modes.get(mode)!.refunds += amount;
    const s = staffOf(row);
    s.refunds += amount;
    return {
      id: Number(row.id),
      paymentId: Number(row.paymentId),
      kind: row.kind === 'advance' ? 'advance' : 'payment',
      mode,
      amount: rupees(amount),
      reason: String(row.reason),
      invoiceNumber: (row.invoiceNumber as string | null) ?? null,
      patientName: patientName(row),
      recordedBy: s.name,
      recordedAt: new Date(row.createdAt as string).toISOString(),
    };
  });

  const money = (m: { received: number; refunds: number }): DayEndMoney => ({
    received: rupees(m.received),
    refunds: rupees(m.refunds),
    net: rupees(m.received - m.refunds),
  });
  const received = invoicePayments + advances;
  const refunded = [...modes.values()].reduce((sum, m) => sum + m.refunds, 0);
  return {
    date,
    totals: { ...money({ received, refunds: refunded }), invoicePayments: rupees(invoicePayments), advances: rupees(advances), count: payments.length },
    byMode: PAYMENT_MODES.map((mode) => ({ mode, ...money(modes.get(mode)!) })),
    byStaff: [...staff.values()]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((s) => ({ staffId: s.staffId, name: s.name, count: s.count, ...money(s) })),
    payments,
    refunds,
  };
}

const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * INV-32: who owes what on `asOf`: each invoice's balance as it stood that day (its payments and credit
 * received by then, less refunds made by then; an invoice cancelled later still counted), bucketed by days
 * since its date, per patient, less the patient's unused credit that day.
 */
export async function duesReport(knex: Knex, asOf: string): Promise<DuesReport> {
  // The instant the clinic day after asOf begins: a cancellation from then on had not happened yet.
  const dayAfter = new Date(`${addDays(asOf, 1)}T00:00:00+05:30`);
  const [invoiceRows, paidRows, refundedRows, advanceRows, creditedRows] = await Promise.all([
    knex('invoices as i')
      .leftJoin('patients as pt', 'pt.id', 'i.patientId')
      .where('i.issueDate', '<=', asOf)
      .where((w) => w.whereNot('i.status', 'cancelled').orWhere('i.cancelledAt', '>=', dayAfter))
      .orderBy('i.issueDate')
      .orderBy('i.id')
      .select('i.id', 'i.invoiceNumber', 'i.issueDate', 'i.totalAmount', 'i.billTo', 'pt.id as patientId', 'pt.firstName', 'pt.lastName', 'pt.phone') as Promise<Row[]>,
    knex('invoice_payments').whereNotNull('invoiceId').where('paidOn', '<=', asOf).groupBy('invoiceId').select('invoiceId', knex.raw('sum(amount) as total')) as Promise<Row[]>,
    knex('payment_refunds as r')
      .join('invoice_payments as p', 'p.id', 'r.paymentId')
      .whereNotNull('p.invoiceId')
      .where('r.refundedOn', '<=', asOf)
      .groupBy('p.invoiceId')
      .select('p.invoiceId', knex.raw('sum(r.amount) as total')) as Promise<Row[]>,
    // Each advance received by asOf, less what credit rows took of it and refunds gave back by then.
    knex('invoice_payments as a')
      .join('patients as pt', 'pt.id', 'a.patientId')
      .where('a.kind', 'advance')
      .where('a.paidOn', '<=', asOf)
      .select(
        'a.patientId',
        'a.amount',
        'pt.firstName',
        'pt.lastName',
        'pt.phone',
        knex.raw(`(select coalesce(sum(c.amount), 0) from invoice_payments c where c.source_payment_id = a.id and c.paid_on <= ?) as used`, [asOf]),
        knex.raw(`(select coalesce(sum(r.amount), 0) from payment_refunds r where r.payment_id = a.id and r.refunded_on <= ?) as returned`, [asOf]),
      ) as Promise<Row[]>,
    // INV-42: credit notes issued by asOf take their amount off what the invoice asks.
    knex('credit_notes').where('issueDate', '<=', asOf).groupBy('invoiceId').select('invoiceId', knex.raw('sum(total_amount) as total')) as Promise<Row[]>,
  ]);
  const creditedBy = new Map(creditedRows.map((r) => [Number(r.invoiceId), paise(r.total)]));
  const paidBy = new Map(paidRows.map((r) => [Number(r.invoiceId), paise(r.total)]));
  const refundedBy = new Map(refundedRows.map((r) => [Number(r.invoiceId), paise(r.total)]));

  type Acc = { patientId: number | null; name: string; phone: string | null; invoices: DuesRow['invoices']; buckets: Record<string, number>; credit: number };
  const rows = new Map<string, Acc>();
  const accFor = (key: string, init: () => Omit<Acc, 'invoices' | 'buckets' | 'credit'>) => {
    if (!rows.has(key)) rows.set(key, { ...init(), invoices: [], buckets: Object.fromEntries(DUES_BUCKETS.map((b) => [b.key, 0])), credit: 0 });
    return rows.get(key)!;
  };

  for (const row of invoiceRows) {
    const id = Number(row.id);
    const total = paise(row.totalAmount) - (creditedBy.get(Number(row.id)) ?? 0);
    const paid = (paidBy.get(id) ?? 0) - (refundedBy.get(id) ?? 0);
    const balance = total - paid;
    if (balance <= 0) continue;
    const issueDate = String(row.issueDate);
    const ageDays = daysBetween(issueDate, asOf);
    const bucket = duesBucket(ageDays);
    // An invoice without a patient (deleted, PAT-4) is a row of its own, under the name it was billed to.
    const key = row.patientId == null ? `invoice:${id}` : `patient:${Number(row.patientId)}`;
    const acc = accFor(key, () => ({
      patientId: row.patientId == null ? null : Number(row.patientId),
      name: patientName(row),
      phone: (row.phone as string | null) ?? null,
    }));
    acc.buckets[bucket] += balance;
    acc.invoices.push({ id, invoiceNumber: String(row.invoiceNumber), issueDate, ageDays, bucket, total: rupees(total), paid: rupees(paid), balance: rupees(balance) });
  }
  for (const row of advanceRows) {
    const left = paise(row.amount) - paise(row.used) - paise(row.returned);
    if (left <= 0) continue;
    const acc = accFor(`patient:${Number(row.patientId)}`, () => ({ patientId: Number(row.patientId), name: patientName(row), phone: (row.phone as string | null) ?? null }));
    acc.credit += left;
  }

  const figures = (buckets: Record<string, number>, credit: number): DuesFigures => {
    const owed = DUES_BUCKETS.reduce((sum, b) => sum + buckets[b.key], 0);
    return {
      ...(Object.fromEntries(DUES_BUCKETS.map((b) => [b.key, rupees(buckets[b.key])])) as Record<(typeof DUES_BUCKETS)[number]['key'], number>),
      owed: rupees(owed),
      credit: rupees(credit),
      netDue: rupees(owed - credit),
    };
  };
  const list = [...rows.values()];
  const totalBuckets = Object.fromEntries(DUES_BUCKETS.map((b) => [b.key, list.reduce((sum, r) => sum + r.buckets[b.key], 0)]));
  const totalCredit = list.reduce((sum, r) => sum + r.credit, 0);
  const out: DuesRow[] = list
    .map((r) => ({ patientId: r.patientId, name: r.name, phone: r.phone, invoices: r.invoices, ...figures(r.buckets, r.credit) }))
    // The largest debts first; those in credit last.
    .sort((a, b) => b.netDue - a.netDue || a.name.localeCompare(b.name));
  return { asOf, rows: out, totals: figures(totalBuckets, totalCredit) };
}

/** DATA-8: each report read is written to the audit trail (what, which day, which format). */
export async function exportDayEnd(deps: Pick<Deps, 'knex'>, date: string, format: 'json' | 'csv'): Promise<DayEndReport> {
  await auditExport(deps.knex, { entity: 'report', entityId: 'day-end', what: { report: 'Day-end collection', date, format } });
  return dayEndReport(deps.knex, date);
}

export async function exportDues(deps: Pick<Deps, 'knex'>, asOf: string, format: 'json' | 'csv'): Promise<DuesReport> {
  await auditExport(deps.knex, { entity: 'report', entityId: 'dues', what: { report: 'Dues', asOf, format } });
  return duesReport(deps.knex, asOf);
}

const amount = (rupeesValue: number) => decimalString(toPaise(rupeesValue));
const csv = (header: readonly string[], lines: Record<string, unknown>[], text: ReadonlySet<string>) =>
  `\uFEFF${csvLine(header.map((h) => csvField(h)))}${lines.map((l) => csvLine(header.map((h) => csvField(l[h], text.has(h))))).join('')}`;

export const DAY_END_CSV_HEADER = ['Section', 'Date', 'Mode', 'Staff', 'Patient', 'Invoice', 'Reference', 'Reason', 'Recorded at', 'Received', 'Refunded', 'Net'] as const;

/** INV-33: one table: each payment and advance, each refund, then the totals by mode, by staff and the day's. */
export function dayEndCsv(report: DayEndReport): string {
  const lines: Record<string, unknown>[] = [];
  for (const p of report.payments) {
    lines.push({
      Section: p.kind === 'advance' ? 'Advance' : 'Payment',
      Date: report.date,
      Mode: p.mode,
      Staff: p.recordedBy,
      Patient: p.patientName,
      Invoice: p.invoiceNumber,
      Reference: p.reference,
      'Recorded at': p.recordedAt,
      Received: amount(p.amount),
      Net: amount(p.amount),
    });
  }
  for (const r of report.refunds) {
    lines.push({
      Section: 'Refund',
      Date: report.date,
      Mode: r.mode,
      Staff: r.recordedBy,
      Patient: r.patientName,
      Invoice: r.invoiceNumber,
      Reason: r.reason,
      'Recorded at': r.recordedAt,
      Refunded: amount(r.amount),
      Net: amount(-r.amount),
    });
  }
  const figures = (m: DayEndMoney) => ({ Received: amount(m.received), Refunded: amount(m.refunds), Net: amount(m.net) });
  for (const m of report.byMode) lines.push({ Section: 'Total by mode', Date: report.date, Mode: m.mode, ...figures(m) });
  for (const s of report.byStaff) lines.push({ Section: 'Total by staff', Date: report.date, Staff: s.name, ...figures(s) });
  lines.push({ Section: 'Day total', Date: report.date, ...figures(report.totals) });
  return csv(DAY_END_CSV_HEADER, lines, new Set(['Staff', 'Patient', 'Reference', 'Reason']));
}

export const DUES_CSV_HEADER = ['Patient ID', 'Patient', 'Phone', 'Invoices', ...DUES_BUCKETS.map((b) => b.label), 'Owed', 'Unused credit', 'Net due'] as const;

/** INV-33: one row a patient (their unpaid invoices' numbers listed), then the totals. */
export function duesCsv(report: DuesReport): string {
  const row = (f: DuesFigures) => ({
    ...Object.fromEntries(DUES_BUCKETS.map((b) => [b.label, amount(f[b.key])])),
    Owed: amount(f.owed),
    'Unused credit': amount(f.credit),
    'Net due': amount(f.netDue),
  });
  const lines: Record<string, unknown>[] = report.rows.map((r) => ({
    'Patient ID': r.patientId,
    Patient: r.name,
    Phone: r.phone,
    Invoices: r.invoices.map((i) => i.invoiceNumber).join(' '),
    ...row(r),
  }));
  lines.push({ Patient: `Total as of ${report.asOf}`, ...row(report.totals) });
  return csv(DUES_CSV_HEADER, lines, new Set(['Patient']));
}
