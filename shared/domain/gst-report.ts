import { GST_RATES } from '../constants/invoice';
import { clinicToday, isValidDateString } from './clinic-time';
import { supplyClass } from './invoice-kind';
import { billedRateTaxes, computeInvoiceTotals } from './invoice-totals';
import { fromPaise, toPaise } from './money';

// The month's GST figures for the clinic's accountant (GSTR-1 and GSTR-3B), from the invoices issued in the
// month (by issue date, a clinic calendar date, CLINIC-3). Every figure is summed from each invoice's own tax
// lines as billed (billedRateTaxes), so the report equals the sum of the documents.
//
// A clinic's supplies are intra-state to unregistered persons (B2C): GSTR-1 table 7 by rate, table 8 for
// exempt and nil-rated value, table 13 for the documents issued; GSTR-3B 3.1(a) taxable and 3.1(c) exempt
// and nil.

export const MONTH_MESSAGE = 'month must be a month like 2026-11';

export interface GstReportInvoice {
  id: number;
  invoiceNumber: string;
  financialYear: string;
  sequence: number;
  issueDate: string;
  status: string;
  /** ISO timestamp, for cancelled invoices. */
  cancelledAt: string | null;
  gstRegistered: boolean;
  supplierGstin: string | null;
  taxPercentage: number | string;
  taxAmount: number | string;
  totalAmount: number | string;
  items: { quantity: number; unitPrice: number | string; taxRate: number | string; sacCode: string | null }[];
}

export interface GstRateRow {
  rate: number;
  taxableValue: number;
  cgst: number;
  sgst: number;
  totalTax: number;
  /** Taxable value plus tax. */
  value: number;
}

export interface CancelledInvoiceRow {
  id: number;
  invoiceNumber: string;
  issueDate: string;
  /** yyyy-MM-dd at the clinic */
  cancelledOn: string | null;
  totalAmount: number;
}

export interface DocumentSeries {
  financialYear: string;
  firstNumber: string;
  lastNumber: string;
  /** Numbers in the range (all issued, the series being gap-free), cancelled among them, and the rest. */
  total: number;
  cancelled: number;
  net: number;
}

export interface GstReport {
  month: string;
  from: string;
  to: string;
  /** The GSTINs the month's invoices were issued under. */
  gstins: string[];
  /** The standard rates (5, 12, 18, 28) always, and any other rate billed; ascending. */
  rates: GstRateRow[];
  exemptValue: number;
  nilRatedValue: number;
  /** The value of invoices issued while the clinic had no GSTIN (no GST return covers them). */
  unregisteredValue: number;
  totals: {
    invoices: number;
    taxableValue: number;
    cgst: number;
    sgst: number;
    totalTax: number;
    exemptValue: number;
    nilRatedValue: number;
    unregisteredValue: number;
    /** The sum of the totals of the month's invoices that are not cancelled. */
    invoiceValue: number;
  };
  documents: DocumentSeries[];
  /** The month's invoices that were cancelled (left out of every figure above). */
  cancelled: CancelledInvoiceRow[];
  /** Invoices of earlier months cancelled during this one: their returns may need amending. */
  cancelledFromEarlierMonths: CancelledInvoiceRow[];
  /** INV-44: the credit notes issued this month (whatever month their invoice was), a reduction in this month. */
  creditNotes: CreditNoteSection;
  /** INV-44: the month's figures less its credit notes (GSTR-3B 3.1(a) is reported net of them). */
  net: { taxableValue: number; cgst: number; sgst: number; totalTax: number; exemptValue: number; nilRatedValue: number; unregisteredValue: number; value: number };
}

/** A credit note's lines as the report reads them. */
export interface GstReportCreditNote {
  number: string;
  issueDate: string;
  invoiceNumber: string;
  invoiceIssueDate: string;
  gstRegistered: boolean;
  reason: string;
  lines: { taxRate: number | string; sacCode: string | null; taxableValue: number | string; cgst: number | string; sgst: number | string }[];
}

export interface CreditNoteRow {
  number: string;
  issueDate: string;
  invoiceNumber: string;
  invoiceIssueDate: string;
  reason: string;
  taxableValue: number;
  totalTax: number;
  value: number;
}

export interface CreditNoteSection {
  notes: CreditNoteRow[];
  /** By rate, as `rates` above: what the month's credit notes reversed. */
  rates: GstRateRow[];
  exemptValue: number;
  nilRatedValue: number;
  unregisteredValue: number;
  /** taxableValue: of the taxed lines (as `totals.taxableValue` above); value: every line with its tax. */
  totals: { count: number; taxableValue: number; cgst: number; sgst: number; totalTax: number; value: number };
}

/** INV-44: the month's credit notes summed as the invoices are: by rate, exempt, nil-rated, not registered. */
export function buildCreditNoteSection(notes: readonly GstReportCreditNote[]): CreditNoteSection {
  const byRate = new Map<number, { taxable: number; cgst: number; sgst: number }>();
  let exempt = 0;
  let nil = 0;
  let unregistered = 0;
  let value = 0;
  const rows: CreditNoteRow[] = [];
  for (const note of notes) {
    let noteTaxable = 0;
    let noteTax = 0;
    for (const line of note.lines) {
      const taxable = toPaise(line.taxableValue);
      const cgst = toPaise(line.cgst);
      const sgst = toPaise(line.sgst);
      noteTaxable += taxable;
      noteTax += cgst + sgst;
      const kind = supplyClass(note.gstRegistered, { taxRate: line.taxRate, sacCode: line.sacCode });
      if (kind === 'taxed') {
        const key = toPaise(line.taxRate);
        const sum = byRate.get(key) ?? { taxable: 0, cgst: 0, sgst: 0 };
        sum.taxable += taxable;
        sum.cgst += cgst;
        sum.sgst += sgst;
        byRate.set(key, sum);
      } else if (kind === 'exempt') exempt += taxable;
      else if (kind === 'nil-rated') nil += taxable;
      else unregistered += taxable;
    }
    value += noteTaxable + noteTax;
    rows.push({
      number: note.number,
      issueDate: note.issueDate,
      invoiceNumber: note.invoiceNumber,
      invoiceIssueDate: note.invoiceIssueDate,
      reason: note.reason,
      taxableValue: fromPaise(noteTaxable),
      totalTax: fromPaise(noteTax),
      value: fromPaise(noteTaxable + noteTax),
    });
  }
  const sums = [...byRate.values()];
  const total = (key: 'taxable' | 'cgst' | 'sgst') => sums.reduce((t, sum) => t + sum[key], 0);
  return {
    notes: rows,
    rates: [...byRate.entries()]
      .sort(([a], [b]) => a - b)
      .map(([hundredths, sum]) => ({
        rate: fromPaise(hundredths),
        taxableValue: fromPaise(sum.taxable),
        cgst: fromPaise(sum.cgst),
        sgst: fromPaise(sum.sgst),
        totalTax: fromPaise(sum.cgst + sum.sgst),
        value: fromPaise(sum.taxable + sum.cgst + sum.sgst),
      })),
    exemptValue: fromPaise(exempt),
    nilRatedValue: fromPaise(nil),
    unregisteredValue: fromPaise(unregistered),
    totals: {
      count: notes.length,
      taxableValue: fromPaise(total('taxable')),
      cgst: fromPaise(total('cgst')),
      sgst: fromPaise(total('sgst')),
      totalTax: fromPaise(total('cgst') + total('sgst')),
      value: fromPaise(value),
    },
  };
}

/** '2026-11' -> { from: '2026-11-01', to: '2026-11-30' }, or null for anything else. */
export function monthRange(month: string): { from: string; to: string } | null {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match || !isValidDateString(`${month}-01`) || match[1] < '1900') return null;
  for (const last of [31, 30, 29, 28]) {
    if (isValidDateString(`${month}-${last}`)) return { from: `${month}-01`, to: `${month}-${last}` };
  }
  return null;
}

function cancelledRow(inv: GstReportInvoice): CancelledInvoiceRow {
  return {
    id: inv.id,
    invoiceNumber: inv.invoiceNumber,
    issueDate: inv.issueDate,
    cancelledOn: inv.cancelledAt ? clinicToday(new Date(inv.cancelledAt)) : null,
    totalAmount: fromPaise(toPaise(inv.totalAmount)),
  };
}

/**
 * The report for `month` from the invoices issued in it (cancelled ones included, for the list and the
 * document counts) and those of earlier months cancelled in it.
 */
export function buildGstReport(
  month: string,
  issued: readonly GstReportInvoice[],
  cancelledLater: readonly GstReportInvoice[] = [],
  creditNotes: readonly GstReportCreditNote[] = [],
): GstReport {
  const range = monthRange(month);
  if (!range) throw new RangeError(MONTH_MESSAGE);
  const byRate = new Map<number, { taxable: number; cgst: number; sgst: number }>();
  for (const rate of GST_RATES) if (rate > 0) byRate.set(rate * 100, { taxable: 0, cgst: 0, sgst: 0 });
  let exempt = 0;
  let nil = 0;
  let unregistered = 0;
  let invoiceValue = 0;
  let invoices = 0;
  const gstins = new Set<string>();

  for (const inv of issued) {
    if (inv.status === 'cancelled') continue;
    invoices += 1;
    invoiceValue += toPaise(inv.totalAmount);
    if (inv.supplierGstin) gstins.add(inv.supplierGstin);
    const totals = computeInvoiceTotals(inv.items, inv.taxPercentage, { registered: inv.gstRegistered });
    for (const line of billedRateTaxes(totals.rates, toPaise(inv.taxAmount))) {
      const key = toPaise(line.rate);
      const sum = byRate.get(key) ?? { taxable: 0, cgst: 0, sgst: 0 };
      sum.taxable += line.taxable;
      sum.cgst += line.cgst;
      sum.sgst += line.sgst;
      byRate.set(key, sum);
    }
    totals.items.forEach((item, i) => {
      const value = totals.paise.items[i];
      const kind = supplyClass(inv.gstRegistered, { taxRate: item.taxRate, sacCode: inv.items[i].sacCode });
      if (kind === 'exempt') exempt += value;
      else if (kind === 'nil-rated') nil += value;
      else if (kind === 'unregistered') unregistered += value;
    });
  }

  const rates = [...byRate.entries()]
    .sort(([a], [b]) => a - b)
    .map(([hundredths, sum]) => ({
      rate: fromPaise(hundredths),
      taxableValue: fromPaise(sum.taxable),
      cgst: fromPaise(sum.cgst),
      sgst: fromPaise(sum.sgst),
      totalTax: fromPaise(sum.cgst + sum.sgst),
      value: fromPaise(sum.taxable + sum.cgst + sum.sgst),
    }));
  const sumOf = (key: 'taxable' | 'cgst' | 'sgst') => [...byRate.values()].reduce((total, sum) => total + sum[key], 0);

  // GSTR-1 table 13: per series (financial year), the first and last number issued in the month.
  const series = new Map<string, GstReportInvoice[]>();
  for (const inv of issued) series.set(inv.financialYear, [...(series.get(inv.financialYear) ?? []), inv]);
  const documents = [...series.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([financialYear, list]) => {
      const sorted = [...list].sort((a, b) => a.sequence - b.sequence);
      const cancelled = sorted.filter((inv) => inv.status === 'cancelled').length;
      const total = sorted[sorted.length - 1].sequence - sorted[0].sequence + 1;
      return {
        financialYear,
        firstNumber: sorted[0].invoiceNumber,
        lastNumber: sorted[sorted.length - 1].invoiceNumber,
        total,
        cancelled,
        net: total - cancelled,
      };
    });

  const credit = buildCreditNoteSection(creditNotes);
  const minus = (a: number, b: number) => fromPaise(toPaise(a) - toPaise(b));
  const byNumber = (a: CancelledInvoiceRow, b: CancelledInvoiceRow) => (a.issueDate < b.issueDate ? -1 : a.issueDate > b.issueDate ? 1 : a.id - b.id);
  return {
    month,
    ...range,
    gstins: [...gstins].sort(),
    rates,
    exemptValue: fromPaise(exempt),
    nilRatedValue: fromPaise(nil),
    unregisteredValue: fromPaise(unregistered),
    totals: {
      invoices,
      taxableValue: fromPaise(sumOf('taxable')),
      cgst: fromPaise(sumOf('cgst')),
      sgst: fromPaise(sumOf('sgst')),
      totalTax: fromPaise(sumOf('cgst') + sumOf('sgst')),
      exemptValue: fromPaise(exempt),
      nilRatedValue: fromPaise(nil),
      unregisteredValue: fromPaise(unregistered),
      invoiceValue: fromPaise(invoiceValue),
    },
    documents,
    cancelled: issued.filter((inv) => inv.status === 'cancelled').map(cancelledRow).sort(byNumber),
    cancelledFromEarlierMonths: cancelledLater.map(cancelledRow).sort(byNumber),
    creditNotes: credit,
    net: {
      taxableValue: minus(fromPaise(sumOf('taxable')), credit.totals.taxableValue),
      cgst: minus(fromPaise(sumOf('cgst')), credit.totals.cgst),
      sgst: minus(fromPaise(sumOf('sgst')), credit.totals.sgst),
      totalTax: minus(fromPaise(sumOf('cgst') + sumOf('sgst')), credit.totals.totalTax),
      exemptValue: minus(fromPaise(exempt), credit.exemptValue),
      nilRatedValue: minus(fromPaise(nil), credit.nilRatedValue),
      unregisteredValue: minus(fromPaise(unregistered), credit.unregisteredValue),
      value: minus(fromPaise(invoiceValue), credit.totals.value),
    },
  };
}
