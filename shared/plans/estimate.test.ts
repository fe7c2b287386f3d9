import { describe, expect, it } from 'vitest';
import { computeInvoiceTotals } from '../domain/invoice-totals';
import { computeEstimate, emiMonthly, PLAN_DISCOUNT_TOO_LARGE, sharePlanDiscount } from './estimate';

describe('the estimate (PLAN-4, PLAN-5, PLAN-6)', () => {
  it('shares a plan discount in whole rupees per item, the remainder on the last, adding up to it exactly (PLAN-19)', () => {
    expect(sharePlanDiscount([100_000, 100_000, 100_000], 10_000)).toEqual([3300, 3300, 3400]);
    // ₹15,000 off ₹45,000 of work in three unequal items: ₹4,861 and ₹5,555, not ₹4,861.11.
    expect(sharePlanDiscount([1_458_333, 1_666_667, 1_375_000], 1_500_000)).toEqual([486_100, 555_500, 458_400]);
    expect(sharePlanDiscount([50_000, 0, 150_000], 1)).toEqual([0, 0, 1]);
    expect(sharePlanDiscount([150_000, 0], 1)).toEqual([1, 0]);
    // Nearly everything off: the last item cannot take the remainder, the one before it takes the rest.
    expect(sharePlanDiscount([100_000, 150], 100_100)).toEqual([99_950, 150]);
    for (const [prices, off] of [[[123_456, 654_321, 99_999, 50_000], 333_333], [[10_000_000_00, 25_000_000_00], 7_777_777_77]] as const) {
      const shares = sharePlanDiscount(prices, off);
      expect(shares.reduce((a, b) => a + b, 0)).toBe(off);
      shares.slice(0, -1).forEach((share, i) => expect(share <= prices[i] && (share % 100 === 0 || share === prices[i])).toBe(true));
    }
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
