import { describe, expect, it } from 'vitest';
import { billedRateTaxes, computeInvoiceTotals, totalsAgree } from './invoice-totals';

describe('computeInvoiceTotals', () => {
  it('adds items and 18% GST split into equal CGST and SGST halves', () => {
    const totals = computeInvoiceTotals(
      [
        { description: 'Scaling', quantity: 1, unitPrice: 1500 },
        { description: 'Filling', quantity: 2, unitPrice: 2000.5 },
      ],
      18,
    );
    expect(totals.items.map((i) => i.totalPrice)).toEqual([1500, 4001]);
    expect(totals.items.map((i) => i.taxRate)).toEqual([18, 18]);
    expect(totals.items[1].description).toBe('Filling');
    expect(totals).toMatchObject({ subtotal: 5501, taxAmount: 990.18, totalAmount: 6491.18, cgst: 495.09, sgst: 495.09, kind: 'tax-invoice' });
  });

  it('rounds each half to the paisa, so CGST always equals SGST', () => {
    const totals = computeInvoiceTotals([{ quantity: 3, unitPrice: 0.1 }], 18.5);
    // 0.30 x 9.25% = 0.02775 -> 0.03 each
    expect(totals.paise).toMatchObject({ taxAmount: 6, cgst: 3, sgst: 3 });
    const odd = computeInvoiceTotals([{ quantity: 1, unitPrice: 0.06 }], 18);
    // 9% of 6 paise is 0.54 paise: 1 paisa each
    expect(odd.paise).toMatchObject({ taxAmount: 2, cgst: 1, sgst: 1 });
    const half = computeInvoiceTotals([{ quantity: 1, unitPrice: 13333.32 }], 5);
    // 2.5% of 13,333.32 = 333.333 -> 333.33 each
    expect(half).toMatchObject({ cgst: 333.33, sgst: 333.33, taxAmount: 666.66, totalAmount: 13999.98 });
  });

  it('taxes each item at its own rate, the invoice rate being the default, with one line per rate', () => {
    const totals = computeInvoiceTotals(
      [
        { quantity: 1, unitPrice: 5000, taxRate: 0 },
        { quantity: 2, unitPrice: 4250.5, taxRate: 18 },
        { quantity: 1, unitPrice: 1000, taxRate: null },
        { quantity: 1, unitPrice: 999.99, taxRate: '5' },
      ],
      12,
    );
    expect(totals.items.map((i) => i.taxRate)).toEqual([0, 18, 12, 5]);
    expect(totals.rates.map((r) => [r.rate, r.taxable, r.cgst, r.sgst, r.tax])).toEqual([
      [0, 5000, 0, 0, 0],
      [5, 999.99, 25, 25, 50],
      [12, 1000, 60, 60, 120],
      [18, 8501, 765.09, 765.09, 1530.18],
    ]);
    expect(totals).toMatchObject({
      subtotal: 15500.99,
      taxAmount: 1700.18,
      totalAmount: 17201.17,
      taxableValue: 10500.99,
      untaxedValue: 5000,
      kind: 'invoice-cum-bill-of-supply',
    });
  });

  it('charges no GST at all for a clinic that is not registered, whatever the rates', () => {
    const totals = computeInvoiceTotals([{ quantity: 1, unitPrice: 1000, taxRate: 18 }, { quantity: 1, unitPrice: 500 }], 18, { registered: false });
    expect(totals).toMatchObject({ subtotal: 1500, taxAmount: 0, totalAmount: 1500, kind: 'bill-of-supply', registered: false });
    expect(totals.items.map((i) => i.taxRate)).toEqual([0, 0]);
  });

  it('handles zero tax and no items', () => {
    expect(computeInvoiceTotals([{ quantity: 1, unitPrice: '2500.00' }], 0)).toMatchObject({
      subtotal: 2500,
      taxAmount: 0,
      totalAmount: 2500,
      kind: 'bill-of-supply',
    });
    expect(computeInvoiceTotals([], 18).totalAmount).toBe(0);
  });

  it('stays exact past the safe-integer product, and refuses fractional quantities', () => {
    const big = computeInvoiceTotals([{ quantity: 100_000, unitPrice: 99_999_999.99 }], 28);
    expect(big.paise.subtotal).toBe(999_999_999_900_000);
    expect(big.paise.cgst).toBe(139_999_999_986_000);
    expect(() => computeInvoiceTotals([{ quantity: 1.5, unitPrice: 10 }], 0)).toThrow(RangeError);
  });
});

describe('billedRateTaxes', () => {
  it('answers the computed halves when they make the stored tax', () => {
    const totals = computeInvoiceTotals([{ quantity: 1, unitPrice: 1000, taxRate: 18 }, { quantity: 1, unitPrice: 100, taxRate: 5 }], 0);
    expect(billedRateTaxes(totals.rates, totals.paise.taxAmount)).toEqual([
      { rate: 5, taxable: 10000, cgst: 250, sgst: 250 },
      { rate: 18, taxable: 100000, cgst: 9000, sgst: 9000 },
    ]);
  });

  it('keeps the split of an invoice issued before per-rate GST (tax rounded once)', () => {
    // 0.06 at 18% was billed 0.01 of tax (one rounding); the halves would be 0.01 each.
    const totals = computeInvoiceTotals([{ quantity: 1, unitPrice: 0.06 }], 18);
    expect(billedRateTaxes(totals.rates, 1)).toEqual([{ rate: 18, taxable: 6, cgst: 1, sgst: 0 }]);
  });
});

describe('totalsAgree', () => {
  it('accepts a difference of one paisa, not two', () => {
    const base = { subtotal: 100, taxAmount: 18, totalAmount: 118 };
    expect(totalsAgree(base, { subtotal: '100.01', taxAmount: 18, totalAmount: 118.01 })).toBe(true);
    expect(totalsAgree(base, { ...base, totalAmount: 118.02 })).toBe(false);
  });
});
