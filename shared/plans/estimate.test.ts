import { describe, expect, it } from 'vitest';
import { computeInvoiceTotals } from '../domain/invoice-totals';
import { computeEstimate, emiMonthly, PLAN_DISCOUNT_TOO_LARGE, sharePlanDiscount } from './estimate';

describe('the estimate (PLAN-4, PLAN-5, PLAN-6)', () => {
  it('shares a plan discount in whole paise that add up to it exactly, the odd paise to the largest fractions', () => {
    expect(sharePlanDiscount([100_000, 100_000, 100_000], 10_000)).toEqual([3334, 3333, 3333]);
    expect(sharePlanDiscount([50_000, 0, 150_000], 1)).toEqual([0, 0, 1]);
    expect(sharePlanDiscount([1, 1], 0)).toEqual([0, 0]);
    expect(() => sharePlanDiscount([100, 100], 201)).toThrow(PLAN_DISCOUNT_TOO_LARGE);
  });

  it('figures equal an invoice of the same net prices to the paisa, per visit and overall', () => {
    const lines = [
      { unitPrice: 8999.99, discount: 333.33, taxRate: 18, visit: 1 },
      { unitPrice: 5555.55, discount: 0, taxRate: 0, visit: 1 },
      { unitPrice: 1234.57, discount: 0.01, taxRate: 18, visit: 2 },
    ];
    const e = computeEstimate(lines, 777.77, true);
    const invoice = computeInvoiceTotals(e.lines.map((l) => ({ quantity: 1, unitPrice: l.netPrice, taxRate: l.taxRate })), 18);
    expect([e.subtotal, e.taxAmount, e.totalAmount]).toEqual([invoice.subtotal, invoice.taxAmount, invoice.totalAmount]);
    const visit2 = computeInvoiceTotals([{ quantity: 1, unitPrice: e.lines[2].netPrice, taxRate: 18 }], 18);
    expect(e.visits[1].totalAmount).toBe(visit2.totalAmount);
    expect(e.discountTotal).toBe(333.33 + 0.01 + 777.77);
    expect(computeEstimate(lines, 0, false).taxAmount).toBe(0);
  });

  it('shows an EMI rounded up to the rupee', () => {
    expect(emiMonthly(12_500, 3)).toBe(4167);
    expect(emiMonthly(12_000, 6)).toBe(2000);
  });
});
