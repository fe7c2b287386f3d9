import type { Knex } from 'knex';
import { clinicToday } from '../../../shared/domain/clinic-time';
import { MONTH_MESSAGE, buildGstReport, monthRange, type GstReport, type GstReportCreditNote, type GstReportInvoice } from '../../../shared/domain/gst-report';
import { decimalString, toPaise } from '../../../shared/domain/money';
import type { Deps } from '../../deps';
import { badRequest } from '../../errors';
import { auditExport } from '../../platform/audit';

// GET /api/admin/reports/gst(.csv)?month=yyyy-MM: the month's invoices read in two queries (invoices, then
// their items) and summed by shared/domain/gst-report.ts, the same per-invoice tax lines as the documents.

type Row = Record<string, unknown>;

/** ?month=, by default this month at the clinic. */
export function parseMonth(raw: unknown, now: Date): string {
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined || value === '') return clinicToday(now).slice(0, 7);
  if (typeof value !== 'string' || !monthRange(value)) throw badRequest(MONTH_MESSAGE, { month: MONTH_MESSAGE });
  return value;
}

const INVOICE_COLUMNS = [
  'id',
  'invoiceNumber',
  'financialYear',
  'sequence',
  'issueDate',
  'status',
  'cancelledAt',
  'gstRegistered',
  'supplierGstin',
  'taxPercentage',
  'taxAmount',
  'totalAmount',
];

async function withItems(db: Knex, rows: Row[]): Promise<GstReportInvoice[]> {
  const items: Row[] = rows.length
    ? await db('invoice_items')
        .whereIn(
          'invoiceId',
          rows.map((r) => r.id as number),
        )
        .orderBy(['invoiceId', 'position'])
        .select('invoiceId', 'quantity', 'unitPrice', 'taxRate', 'sacCode')
    : [];
  const byInvoice = new Map<number, GstReportInvoice['items']>();
  for (const item of items) {
    const list = byInvoice.get(Number(item.invoiceId)) ?? [];
    list.push({
      quantity: Number(item.quantity),
      unitPrice: String(item.unitPrice),
      taxRate: String(item.taxRate),
      sacCode: (item.sacCode as string | null) ?? null,
    });
    byInvoice.set(Number(item.invoiceId), list);
  }
  return rows.map((row) => ({
    id: Number(row.id),
    invoiceNumber: String(row.invoiceNumber),
    financialYear: String(row.financialYear),
    sequence: Number(row.sequence),
    issueDate: String(row.issueDate),
    status: String(row.status),
    cancelledAt: row.cancelledAt == null ? null : new Date(row.cancelledAt as string | Date).toISOString(),
    gstRegistered: Boolean(row.gstRegistered),
    supplierGstin: (row.supplierGstin as string | null) ?? null,
    taxPercentage: String(row.taxPercentage),
    taxAmount: String(row.taxAmount),
    totalAmount: String(row.totalAmount),
    items: byInvoice.get(Number(row.id)) ?? [],
  }));
}

/** DATA-8: the report as the accountant gets it (on screen or as CSV), audited: who, when, which month. */
export async function exportGstReport(deps: Pick<Deps, 'knex'>, month: string, format: 'json' | 'csv'): Promise<GstReport> {
  await auditExport(deps.knex, { entity: 'report', entityId: 'gst', what: { report: 'GST', month, format } });
  return gstReport(deps.knex, month);
}

export async function gstReport(knex: Knex, month: string): Promise<GstReport> {
  const { from, to } = monthRange(month)!;
  // The month at the clinic as instants: from its first midnight in Kolkata to the next month's.
  const next = new Date(`${to}T00:00:00+05:30`);
  next.setUTCDate(next.getUTCDate() + 1);
  const [issued, cancelledLater] = await Promise.all([
    knex('invoices').whereBetween('issueDate', [from, to]).orderBy('sequence').select(INVOICE_COLUMNS) as Promise<Row[]>,
    knex('invoices')
      .where('issueDate', '<', from)
      .where('status', 'cancelled')
      .where('cancelledAt', '>=', new Date(`${from}T00:00:00+05:30`))
      .where('cancelledAt', '<', next)
      .orderBy('id')
      .select(INVOICE_COLUMNS) as Promise<Row[]>,
  ]);
  return buildGstReport(month, await withItems(knex, issued), await withItems(knex, cancelledLater), await creditNotesOf(knex, from, to));
}

/** INV-44: the credit notes issued in the month (by their own issue date), with their lines. */
async function creditNotesOf(knex: Knex, from: string, to: string): Promise<GstReportCreditNote[]> {
  const notes: Row[] = await knex('creditNotes as n')
    .join('invoices as i', 'i.id', 'n.invoiceId')
    .whereBetween('n.issueDate', [from, to])
    .orderBy('n.financialYear')
    .orderBy('n.sequence')
    .select('n.id', 'n.creditNoteNumber', 'n.issueDate', 'n.reason', 'i.invoiceNumber', 'i.issueDate as invoiceIssueDate', 'i.gstRegistered');
  const lines: Row[] = notes.length
    ? await knex('creditNoteLines').whereIn('creditNoteId', notes.map((n) => n.id as number)).orderBy(['creditNoteId', 'position'])
    : [];
  return notes.map((n) => ({
    number: String(n.creditNoteNumber),
    issueDate: String(n.issueDate),
    invoiceNumber: String(n.invoiceNumber),
    invoiceIssueDate: String(n.invoiceIssueDate),
    gstRegistered: Boolean(n.gstRegistered),
    reason: String(n.reason),
    lines: lines
      .filter((l) => l.creditNoteId === n.id)
      .map((l) => ({ taxRate: String(l.taxRate), sacCode: (l.sacCode as string | null) ?? null, taxableValue: String(l.taxableValue), cgst: String(l.cgst), sgst: String(l.sgst) })),
  }));
}

// The CSV: one table, a row per figure, for a spreadsheet: UTF-8 with a byte-order mark (so Excel reads it
// as UTF-8), CRLF line ends (RFC 4180), ISO dates, plain numbers with two decimals (no grouping, no sign).
export const GST_CSV_HEADER = [
  'Section',
  'Description',
  'GST rate (%)',
  'Taxable value',
  'CGST',
  'SGST',
  'Total tax',
  'Value',
  'Invoice number',
  'Issue date',
  'Cancelled on',
  'Count',
] as const;

function cell(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  // Quoted when needed; a leading = + - @ is prefixed with ' so a spreadsheet never runs it as a formula.
  const safe = /^[=+\-@]/.test(text) && !/^-?\d/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const amount = (value: number) => decimalString(toPaise(value));

export function gstReportCsv(report: GstReport): string {
  type Line = Partial<Record<(typeof GST_CSV_HEADER)[number], string | number | null>>;
  const lines: Line[] = [];
  for (const r of report.rates) {
    lines.push({
      Section: 'Taxable supplies',
      Description: `GST ${r.rate}% (CGST ${r.rate / 2}% + SGST ${r.rate / 2}%)`,
      'GST rate (%)': amount(r.rate),
      'Taxable value': amount(r.taxableValue),
      CGST: amount(r.cgst),
      SGST: amount(r.sgst),
      'Total tax': amount(r.totalTax),
      Value: amount(r.value),
    });
  }
  const t = report.totals;
  lines.push({
    Section: 'Taxable supplies',
    Description: 'Total',
    'Taxable value': amount(t.taxableValue),
    CGST: amount(t.cgst),
    SGST: amount(t.sgst),
    'Total tax': amount(t.totalTax),
    Value: amount(t.taxableValue + t.totalTax),
  });
  lines.push({ Section: 'Exempt supplies', Description: 'Health care services (SAC 999312) at 0%', Value: amount(t.exemptValue) });
  lines.push({ Section: 'Nil-rated supplies', Description: 'Other items at 0%', Value: amount(t.nilRatedValue) });
  lines.push({ Section: 'Not registered', Description: 'Invoices issued without a GSTIN', Value: amount(t.unregisteredValue) });
  lines.push({ Section: 'All invoices', Description: 'Invoice value, cancelled invoices left out', Value: amount(t.invoiceValue), Count: t.invoices });
  for (const d of report.documents) {
    lines.push({
      Section: 'Documents issued',
      Description: `Invoices ${d.financialYear}: ${d.total} issued, ${d.cancelled} cancelled, ${d.net} net`,
      'Invoice number': `${d.firstNumber} to ${d.lastNumber}`,
      Count: d.total,
    });
  }
  for (const c of report.cancelled) {
    lines.push({
      Section: 'Cancelled invoice',
      Description: 'Issued this month',
      Value: amount(c.totalAmount),
      'Invoice number': c.invoiceNumber,
      'Issue date': c.issueDate,
      'Cancelled on': c.cancelledOn,
    });
  }
  for (const c of report.cancelledFromEarlierMonths) {
    lines.push({
      Section: 'Cancelled invoice',
      Description: 'Issued in an earlier month, cancelled this month',
      Value: amount(c.totalAmount),
      'Invoice number': c.invoiceNumber,
      'Issue date': c.issueDate,
      'Cancelled on': c.cancelledOn,
    });
  }
  // INV-44: the month's credit notes, a reduction: per rate, then one row each, then the net figures.
  for (const r of report.creditNotes.rates) {
    lines.push({
      Section: 'Credit notes',
      Description: `GST ${r.rate}% reversed`,
      'GST rate (%)': amount(r.rate),
      'Taxable value': amount(r.taxableValue),
      CGST: amount(r.cgst),
      SGST: amount(r.sgst),
      'Total tax': amount(r.totalTax),
      Value: amount(r.value),
    });
  }
  for (const n of report.creditNotes.notes) {
    lines.push({
      Section: 'Credit note',
      Description: `${n.number} against ${n.invoiceNumber}: ${n.reason}`,
      'Taxable value': amount(n.taxableValue),
      'Total tax': amount(n.totalTax),
      Value: amount(n.value),
      'Invoice number': n.invoiceNumber,
      'Issue date': n.issueDate,
    });
  }
  const net = report.net;
  if (report.creditNotes.totals.count > 0) lines.push({
    Section: 'Net of credit notes',
    Description: 'Taxable supplies less credit notes',
    'Taxable value': amount(net.taxableValue),
    CGST: amount(net.cgst),
    SGST: amount(net.sgst),
    'Total tax': amount(net.totalTax),
    Value: amount(net.value),
    Count: report.creditNotes.totals.count,
  });
  const rows = [GST_CSV_HEADER.map(cell).join(','), ...lines.map((line) => GST_CSV_HEADER.map((h) => cell(line[h])).join(','))];
  return `\uFEFF${rows.join('\r\n')}\r\n`;
}
