import { z } from 'zod';
import { fromPaise, toPaise } from '../domain/money';
import { numberInput, requiredText } from './fields';
import { gstRate, optionalSacCode } from './invoice';

// INV-23: the treatments the clinic bills, offered as items in the invoice form
// (POST and PUT /api/admin/price-list).

export const PRICE_LIST_MESSAGES = {
  name: 'Name is required',
  nameTooLong: 'Name must be at most 200 characters',
  price: 'Price must be positive',
  order: 'Order must be a positive number',
  duplicate: 'A price list item with this name already exists',
  onCharts: "This treatment is on patients' charts, so it stays: make it inactive instead",
} as const;

export const priceListItemSchema = z.object({
  name: requiredText(PRICE_LIST_MESSAGES.name, 200, PRICE_LIST_MESSAGES.nameTooLong),
  defaultPrice: z.preprocess(
    numberInput(0),
    z
      .number({ error: PRICE_LIST_MESSAGES.price })
      .min(0, PRICE_LIST_MESSAGES.price)
      .max(10_000_000_000, 'Amount is too large')
      .transform((value) => fromPaise(toPaise(value))),
  ),
  sacCode: optionalSacCode(),
  taxRate: gstRate(0),
  isActive: z.boolean({ error: 'Active must be true or false' }).default(true),
  order: z.preprocess(
    (value) => {
      const n = numberInput(0)(value);
      return typeof n === 'number' && Number.isNaN(n) ? 0 : n;
    },
    z.number({ error: PRICE_LIST_MESSAGES.order }).int(PRICE_LIST_MESSAGES.order).min(0, PRICE_LIST_MESSAGES.order).max(1_000_000, PRICE_LIST_MESSAGES.order),
  ),
});
export type PriceListItemInput = z.input<typeof priceListItemSchema>;
export type PriceListItemFields = z.output<typeof priceListItemSchema>;

/** One price list item as the API answers it. */
export interface PriceListItem extends PriceListItemFields {
  id: number;
}
