import { computeInvoiceTotals, type InvoiceTotals } from '../domain/invoice-totals';
import { divideRounded, fromPaise, toPaise } from '../domain/money';

// The figures of a treatment plan's estimate (docs/clinical.md "Treatment plans"). One computation, used
// by the server (stored with each version, printed on the estimate), by the admin screen's live figures,
// and by billing from the plan: the invoice of the same items is computeInvoiceTotals of the same net
// prices, so the two agree to the paisa (PLAN-5).

export interface EstimateLineInput {
  /** The list price of the item (the price list's, or as the dentist edited it), rupees. */
  unitPrice: number;
  /** Discount on this item, rupees (0..unitPrice). */
  discount: number;
  /** GST rate in percent (0, 5, 12, 18 or 28), as the price list pairs it with the SAC. */
  taxRate: number;
  /** The visit (1, 2, ...) the item is done in. */
  visit: number;
}

export interface EstimateLine extends EstimateLineInput {
  /** The plan discount's share of this item, rupees. */
  planDiscountShare: number;
  /** What the item is billed at: unitPrice - discount - planDiscountShare. */
  netPrice: number;
  tax: number;
  total: number;
}

export interface EstimateFigures {
  lines: EstimateLine[];
  /** The list prices summed, the discounts (items' and the plan's), and the taxable value after them. */
  listTotal: number;
  discountTotal: number;
  subtotal: number;
  taxAmount: number;
  totalAmount: number;
  /** Per visit, in visit order: the same computation over that visit's items. */
  visits: { visit: number; subtotal: number; taxAmount: number; totalAmount: number }[];
  rates: InvoiceTotals<unknown>['rates'];
}

export const PLAN_DISCOUNT_TOO_LARGE = 'The plan discount cannot be more than the items after their discounts';
export const ITEM_DISCOUNT_TOO_LARGE = 'A discount cannot be more than the price';

/**
 * PLAN-4, PLAN-19: the plan discount is shared among the items in proportion to their price after the
 * item's own discount, each share rounded down to a whole rupee, the remainder (what the rounding left,
 * and any paise of the discount itself) on the last item that has a price, so the shares add up to the plan
 * discount exactly and every share but the last is whole rupees (₹4,861, not ₹4,861.11). Should the
 * remainder be more than the last item's price (a discount of nearly everything), the excess goes to the
 * items before it, last first, up to their prices. No share is more than its item's price.
 */
export function sharePlanDiscount(afterItemDiscount: readonly number[], planDiscountPaise: number): number[] {
  const base = afterItemDiscount.reduce((a, b) => a + b, 0);
  if (planDiscountPaise <= 0 || base === 0) return afterItemDiscount.map(() => 0);
  if (planDiscountPaise > base) throw new RangeError(PLAN_DISCOUNT_TOO_LARGE);
  let last = afterItemDiscount.length - 1;
  while (afterItemDiscount[last] === 0) last -= 1;
  // Whole rupees, in integers of any size (paise times paise passes 2^53 for plans of a few lakh).
  const rupeeShare = (price: number) => Number((BigInt(price) * BigInt(planDiscountPaise)) / (BigInt(base) * 100n)) * 100;
  const shares = afterItemDiscount.map((price, i) => (i === last ? 0 : Math.min(price, rupeeShare(price))));
  let left = planDiscountPaise - shares.reduce((a, b) => a + b, 0);
  for (let i = last; i >= 0 && left > 0; i--) {
    const take = Math.min(afterItemDiscount[i] - shares[i], left);
    shares[i] += take;
    left -= take;
  }
  return shares;
}

/** PLAN-4, PLAN-5: an option's estimate; `registered` as the clinic stands (no GSTIN: no tax, INV-19). */
export function computeEstimate(lines: readonly EstimateLineInput[], planDiscount: number, registered: boolean): EstimateFigures {
  const after = lines.map((line) => {
    const price = toPaise(line.unitPrice);
    const discount = toPaise(line.discount);
    if (discount < 0 || discount > price) throw new RangeError(ITEM_DISCOUNT_TOO_LARGE);
    return price - discount;
  });
  const shares = sharePlanDiscount(after, toPaise(planDiscount));
  const net = after.map((p, i) => p - shares[i]);
  const asItems = (indexes: number[]) => indexes.map((i) => ({ quantity: 1, unitPrice: fromPaise(net[i]), taxRate: lines[i].taxRate }));
  const all = computeInvoiceTotals(asItems(lines.map((_, i) => i)), 0, { registered });
  const visitNumbers = [...new Set(lines.map((l) => l.visit))].sort((a, b) => a - b);
  const visits = visitNumbers.map((visit) => {
    const t = computeInvoiceTotals(asItems(lines.flatMap((l, i) => (l.visit === visit ? [i] : []))), 0, { registered });
    return { visit, subtotal: t.subtotal, taxAmount: t.taxAmount, totalAmount: t.totalAmount };
  });
  const list = lines.reduce((sum, l) => sum + toPaise(l.unitPrice), 0);
  return {
    lines: lines.map((line, i) => {
      const rate = all.items[i].taxRate;
      // The item's own tax as printed beside it; the document's tax is per rate (as on invoices).
      const tax = 2 * divideRounded(net[i] * toPaise(rate), 20_000);
      return { ...line, planDiscountShare: fromPaise(shares[i]), netPrice: fromPaise(net[i]), tax: fromPaise(tax), total: fromPaise(net[i] + tax) };
    }),
    listTotal: fromPaise(list),
    discountTotal: fromPaise(list - all.paise.subtotal),
    subtotal: all.subtotal,
    taxAmount: all.taxAmount,
    totalAmount: all.totalAmount,
    visits,
    rates: all.rates,
  };
}

/** PLAN-6: the monthly amount of an EMI over `months`, rounded up to the rupee (the last month pays less). */
export function emiMonthly(totalAmount: number, months: number): number {
  if (!Number.isInteger(months) || months < 1) throw new RangeError('months');
  return Math.ceil(toPaise(totalAmount) / months / 100);
}
