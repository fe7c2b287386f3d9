import { describe, expect, it } from 'vitest';
import { computeInvoiceTotals, invoiceDocumentTitle, totalsAgree } from './invoice-totals';

describe('computeInvoiceTotals', () => {
  it('adds items and 18% GST split into halves', () => {
    const totals = computeInvoiceTotals(
      [
        { description: 'Scaling', quantity: 1, unitPrice: 1500 },
        { description: 'Filling', quantity: 2, unitPrice: 2000.5 },
      ],
      18,
    );
    expect(totals.items.map((i) => i.totalPrice)).toEqual([1500, 4001]);
    expect(totals.items[1].description).toBe('Filling');
    expect(totals).toMatchObject({ subtotal: 5501, taxAmount: 990.18, totalAmount: 6491.18, cgst: 495.09, sgst: 495.09 });
  });

  it('rounds tax to the paisa and keeps CGST + SGST = tax', () => {
    const totals = computeInvoiceTotals([{ quantity: 3, unitPrice: 0.1 }], 18.5);
    // 0.30 x 18.5% = 0.0555 -> 0.06; halves 0.03 + 0.03
    expect(totals.taxAmount).toBe(0.06);
    const odd = computeInvoiceTotals([{ quantity: 1, unitPrice: 0.06 }], 18);
    // 0.0108 -> 0.01; CGST takes the rounded-up half, SGST the rest
    expect(odd.paise).toMatchObject({ taxAmount: 1, cgst: 1, sgst: 0 });
  });

  it('handles zero tax and no items', () => {
    expect(computeInvoiceTotals([{ quantity: 1, unitPrice: '2500.00' }], 0)).toMatchObject({
      subtotal: 2500,
      taxAmount: 0,
      totalAmount: 2500,
    });
    expect(computeInvoiceTotals([], 18).totalAmount).toBe(0);
  });

  it('refuses fractional quantities', () => {
    expect(() => computeInvoiceTotals([{ quantity: 1.5, unitPrice: 10 }], 0)).toThrow(RangeError);
  });
});

describe('totalsAgree', () => {
  it('accepts a difference of one paisa, not two', () => {
    const base = { subtotal: 100, taxAmount: 18, totalAmount: 118 };
    expect(totalsAgree(base, { subtotal: '100.01', taxAmount: 18, totalAmount: 118.01 })).toBe(true);
    expect(totalsAgree(base, { ...base, totalAmount: 118.02 })).toBe(false);
  });
});

describe('invoiceDocumentTitle', () => {
  it('names the document by whether GST applies', () => {
    expect(invoiceDocumentTitle(18)).toBe('Tax Invoice');
    expect(invoiceDocumentTitle('0.00')).toBe('Bill of Supply');
  });
});
