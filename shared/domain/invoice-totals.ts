import type { InvoiceKind } from '../constants/invoice';
import { invoiceKind } from './invoice-kind';
import { divideRounded, fromPaise, toPaise } from './money';

// The ONE computation of an invoice's figures (INV-8, INV-20): used by the server when it creates an invoice and
// checks the figures sent, by the document (PDF and HTML page) for its tax lines and summary, by the GST
// report, and by the admin form for its live totals.

export interface InvoiceFigures {
  subtotal: number | string;
  taxAmount: number | string;
  totalAmount: number | string;
}

/** The tax of one GST rate on one invoice. */
export interface RateLine {
  /** Percent, e.g. 18 (CGST and SGST are 9% each). */
  rate: number;
  /** The value of the items at this rate. */
  taxable: number;
  cgst: number;
  sgst: number;
  /** cgst + sgst */
  tax: number;
  paise: { taxable: number; cgst: number; sgst: number; tax: number };
}

export interface InvoiceTotals<T> {
  /** The items with their amount (quantity x unit price) and the GST rate applied to them. */
  items: (T & { totalPrice: number; taxRate: number })[];
  subtotal: number;
  taxAmount: number;
  totalAmount: number;
  cgst: number;
  sgst: number;
  /** Value of the items charged GST, and of those not charged (exempt, nil-rated, or unregistered). */
  taxableValue: number;
  untaxedValue: number;
  /** One line per rate present, ascending, 0% included. */
  rates: RateLine[];
  kind: InvoiceKind;
  registered: boolean;
  /** The same figures in integer paise, for storing exactly (see decimalString). */
  paise: {
    items: number[];
    subtotal: number;
    taxAmount: number;
    totalAmount: number;
    cgst: number;
    sgst: number;
    taxableValue: number;
    untaxedValue: number;
  };
}

export interface TotalsOptions {
  /**
   * Whether the clinic is GST-registered (has a GSTIN) for this invoice. Unregistered: no item is taxed,
   * whatever its rate (INV-19). Defaults to registered, as the admin form assumes.
   */
  registered?: boolean;
}

/** a x b / d rounded half away from zero, exact for any safe integers (BigInt where the product is large). */
function mulDivRounded(a: number, b: number, d: number): number {
  const product = a * b;
  if (Number.isSafeInteger(product)) {
    const q = Math.trunc(product / d);
    const r = product - q * d;
    return 2 * Math.abs(r) >= d ? q + Math.sign(product) : q;
  }
  const p = BigInt(a) * BigInt(b);
  const big = BigInt(d);
  let q = p / big;
  const r = p % big;
  const abs = r < 0n ? -r : r;
  if (2n * abs >= big) q += p < 0n ? -1n : 1n;
  const result = Number(q);
  if (!Number.isSafeInteger(result)) throw new RangeError('Amount too large');
  return result;
}

/**
 * INV-7's arithmetic per GST rate (INV-20), in paise:
 * - item amount = quantity x unit price; subtotal = the sum of the item amounts;
 * - an item's rate is its own `taxRate`, else the invoice's `taxPercentage` (INV-5, INV-20), and 0
 *   when the clinic is not registered;
 * - per rate: the taxable value is the sum of its items; CGST and SGST are each half the rate on that value,
 *   rounded to the paisa (so they are always equal, as the two taxes are levied separately);
 * - tax = the sum of CGST and SGST over the rates; total = subtotal + tax.
 * One rate on every item gives INV-7's `subtotal x percentage / 100` to within a paisa.
 */
export function computeInvoiceTotals<T extends { quantity: number; unitPrice: number | string; taxRate?: number | string | null }>(
  items: readonly T[],
  taxPercentage: number | string,
  options: TotalsOptions = {},
): InvoiceTotals<T> {
  const registered = options.registered ?? true;
  // Rates have at most two decimals (step 0.01): exact in hundredths of a percent.
  const defaultHundredths = toPaise(taxPercentage);
  const itemPaise = items.map((item) => {
    if (!Number.isSafeInteger(item.quantity)) throw new RangeError(`Quantity must be a whole number: ${item.quantity}`);
    const paise = toPaise(item.unitPrice) * item.quantity;
    if (!Number.isSafeInteger(paise)) throw new RangeError('Amount too large');
    return paise;
  });
  const itemRates = items.map((item) =>
    registered ? (item.taxRate === null || item.taxRate === undefined || item.taxRate === '' ? defaultHundredths : toPaise(item.taxRate)) : 0,
  );

  const byRate = new Map<number, number>();
  itemRates.forEach((rate, i) => byRate.set(rate, (byRate.get(rate) ?? 0) + itemPaise[i]));
  const rates: RateLine[] = [...byRate.entries()]
    .sort(([a], [b]) => a - b)
    .map(([hundredths, taxable]) => {
      const half = mulDivRounded(taxable, hundredths, 20_000);
      return {
        rate: fromPaise(hundredths),
        taxable: fromPaise(taxable),
        cgst: fromPaise(half),
        sgst: fromPaise(half),
        tax: fromPaise(2 * half),
        paise: { taxable, cgst: half, sgst: half, tax: 2 * half },
      };
    });

  const subtotal = itemPaise.reduce((sum, p) => sum + p, 0);
  const cgst = rates.reduce((sum, line) => sum + line.paise.cgst, 0);
  const taxAmount = 2 * cgst;
  const totalAmount = subtotal + taxAmount;
  const taxableValue = rates.filter((line) => line.rate > 0).reduce((sum, line) => sum + line.paise.taxable, 0);
  return {
    items: items.map((item, i) => ({ ...item, totalPrice: fromPaise(itemPaise[i]), taxRate: fromPaise(itemRates[i]) })),
    subtotal: fromPaise(subtotal),
    taxAmount: fromPaise(taxAmount),
    totalAmount: fromPaise(totalAmount),
    cgst: fromPaise(cgst),
    sgst: fromPaise(cgst),
    taxableValue: fromPaise(taxableValue),
    untaxedValue: fromPaise(subtotal - taxableValue),
    rates,
    kind: invoiceKind(registered, itemRates),
    registered,
    paise: { items: itemPaise, subtotal, taxAmount, totalAmount, cgst, sgst: cgst, taxableValue, untaxedValue: subtotal - taxableValue },
  };
}

function withinOnePaisa(a: number | string, b: number | string): boolean {
  return Math.abs(toPaise(a) - toPaise(b)) <= 1;
}

/** INV-8: the server accepts client figures that differ from its own by at most one paisa. */
export function totalsAgree(a: InvoiceFigures, b: InvoiceFigures): boolean {
  return (
    withinOnePaisa(a.subtotal, b.subtotal) &&
    withinOnePaisa(a.taxAmount, b.taxAmount) &&
    withinOnePaisa(a.totalAmount, b.totalAmount)
  );
}

/** CGST and SGST of one taxed rate as billed, in paise. */
export interface BilledRateTax {
  rate: number;
  taxable: number;
  cgst: number;
  sgst: number;
}

/**
 * The tax lines of an invoice as it was billed: its taxed rates (rate > 0) with the CGST and SGST that add
 * up to the tax stored on it. They are the computed ones, except on invoices issued before per-rate GST
 * (one rate, tax = subtotal x rate rounded once), which may differ from two rounded halves by a paisa: those
 * keep their split as issued, CGST half the tax rounded and SGST the rest. The document and the GST report
 * both read the tax this way, so they agree with each other and with the stored totals.
 */
export function billedRateTaxes(rates: readonly RateLine[], storedTaxPaise: number): BilledRateTax[] {
  const taxed = rates
    .filter((line) => line.rate > 0)
    .map((line) => ({ rate: line.rate, taxable: line.paise.taxable, cgst: line.paise.cgst, sgst: line.paise.sgst }));
  const off = storedTaxPaise - taxed.reduce((sum, line) => sum + line.cgst + line.sgst, 0);
  if (off !== 0 && taxed.length === 1) {
    taxed[0].cgst = divideRounded(storedTaxPaise, 2);
    taxed[0].sgst = storedTaxPaise - taxed[0].cgst;
  } else if (off !== 0 && taxed.length > 0) {
    taxed[taxed.length - 1].sgst += off;
  }
  return taxed;
}
