import { divideRounded, fromPaise, toPaise } from './money';

export interface InvoiceFigures {
  subtotal: number | string;
  taxAmount: number | string;
  totalAmount: number | string;
}

export interface InvoiceTotals<T> {
  items: (T & { totalPrice: number })[];
  subtotal: number;
  taxAmount: number;
  totalAmount: number;
  cgst: number;
  sgst: number;
  /** The same figures in integer paise, for storing exactly (see decimalString). */
  paise: { items: number[]; subtotal: number; taxAmount: number; totalAmount: number; cgst: number; sgst: number };
}

/**
 * SPEC section 5's arithmetic, done in paise: item total = quantity x unit price; subtotal = sum;
 * tax = subtotal x percentage / 100 rounded to the paisa; total = subtotal + tax. GST is split
 * into CGST (half, rounded) and SGST (the rest) so the halves always add up to the tax (D16).
 */
export function computeInvoiceTotals<T extends { quantity: number; unitPrice: number | string }>(
  items: readonly T[],
  taxPercentage: number | string,
): InvoiceTotals<T> {
  // The percentage has at most two decimals (step 0.01), so it is exact in hundredths.
  const taxHundredths = toPaise(taxPercentage);
  const itemPaise = items.map((item) => {
    if (!Number.isSafeInteger(item.quantity)) throw new RangeError(`Quantity must be a whole number: ${item.quantity}`);
    return toPaise(item.unitPrice) * item.quantity;
  });
  const subtotal = itemPaise.reduce((sum, p) => sum + p, 0);
  const taxAmount = divideRounded(subtotal * taxHundredths, 10_000);
  const cgst = divideRounded(taxAmount, 2);
  const sgst = taxAmount - cgst;
  const totalAmount = subtotal + taxAmount;
  return {
    items: items.map((item, i) => ({ ...item, totalPrice: fromPaise(itemPaise[i]) })),
    subtotal: fromPaise(subtotal),
    taxAmount: fromPaise(taxAmount),
    totalAmount: fromPaise(totalAmount),
    cgst: fromPaise(cgst),
    sgst: fromPaise(sgst),
    paise: { items: itemPaise, subtotal, taxAmount, totalAmount, cgst, sgst },
  };
}

function withinOnePaisa(a: number | string, b: number | string): boolean {
  return Math.abs(toPaise(a) - toPaise(b)) <= 1;
}

/** D14: the server accepts client figures that differ from its own by at most one paisa. */
export function totalsAgree(a: InvoiceFigures, b: InvoiceFigures): boolean {
  return (
    withinOnePaisa(a.subtotal, b.subtotal) &&
    withinOnePaisa(a.taxAmount, b.taxAmount) &&
    withinOnePaisa(a.totalAmount, b.totalAmount)
  );
}

/** D16: a 0% invoice is a Bill of Supply with no tax lines; any GST makes it a Tax Invoice. */
export function invoiceDocumentTitle(taxPercentage: number | string): 'Tax Invoice' | 'Bill of Supply' {
  return Number(taxPercentage) > 0 ? 'Tax Invoice' : 'Bill of Supply';
}
