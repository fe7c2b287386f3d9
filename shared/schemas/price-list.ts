import { z } from 'zod';
import { fromPaise, toPaise } from '../domain/money';
import { numberInput, requiredText } from './fields';
import { gstRate, optionalSacCode } from './invoice';
import { CHART_CODE_PATTERN, drawKinds } from '../clinical/vocabulary';

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

const CHART_MESSAGES = {
  code: 'A chart code is 1-40 lower-case letters, digits or dashes, starting with a letter',
  names: 'Give the chart code at least one name a dentist types (at most 10, each up to 60 characters)',
  draw: `How it is drawn must be one of ${drawKinds.join(', ')}`,
} as const;

/**
 * CHART-17, CHART-18: a treatment charted from the command bar: its chart code, the names a dentist types
 * (`rct`, `root canal`), how the odontogram draws it, whether it takes surfaces or spans teeth, and whether
 * it usually takes several sittings. `null` makes the row a billing line only.
 */
export const priceListChartSchema = z.object({
  code: z.string({ error: CHART_MESSAGES.code }).trim().regex(CHART_CODE_PATTERN, CHART_MESSAGES.code),
  names: z
    .array(z.string({ error: CHART_MESSAGES.names }).trim().toLowerCase().min(1, CHART_MESSAGES.names).max(60, CHART_MESSAGES.names), { error: CHART_MESSAGES.names })
    .min(1, CHART_MESSAGES.names)
    .max(10, CHART_MESSAGES.names),
  draw: z.enum(drawKinds, { error: CHART_MESSAGES.draw }).default('mark'),
  takesSurfaces: z.boolean().default(false),
  spansTeeth: z.boolean().default(false),
  multiSitting: z.boolean().default(false),
});
export type PriceListChart = z.output<typeof priceListChartSchema>;

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
  chart: priceListChartSchema.nullable().default(null),
});
export type PriceListItemInput = z.input<typeof priceListItemSchema>;
export type PriceListItemFields = z.output<typeof priceListItemSchema>;

/** One price list item as the API answers it. */
export interface PriceListItem extends PriceListItemFields {
  id: number;
  /** Whether items on patients' charts carry its chart code (then the code, drawing, surfaces and span stay). */
  onCharts: boolean;
}
