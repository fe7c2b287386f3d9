import { SAC_COSMETIC, SAC_HEALTH_CARE } from '../constants/invoice';

// INV-34: the GST of an invoice item typed by hand (no price-list entry: neither a SAC nor a rate). It takes
// the clinic's default treatment, the site setting `invoice.defaultTypedItemGst`: 'exempt' (dental health
// care, SAC 999312, 0%; the first value) or 'taxable' (cosmetic, SAC 999722, at the invoice's tax
// percentage). An item with its own SAC or rate keeps them; an item marked taxable without a rate of its own
// still takes the invoice's taxPercentage (INV-20).

export const typedItemGstChoices = ['exempt', 'taxable'] as const;
export type TypedItemGst = (typeof typedItemGstChoices)[number];
export const DEFAULT_TYPED_ITEM_GST: TypedItemGst = 'exempt';
export const TYPED_ITEM_GST_MESSAGE = "Please choose 'exempt' or 'taxable'";

/** The stored setting as a treatment; anything unset or unreadable is the first value, exempt. */
export function typedItemGst(stored: string | null | undefined): TypedItemGst {
  return stored === 'taxable' ? 'taxable' : DEFAULT_TYPED_ITEM_GST;
}

const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/** Whether an item was typed by hand: no SAC and no GST rate of its own. */
export function isTypedItem(item: { sacCode?: string | null; taxRate?: number | string | null }): boolean {
  return blank(item.sacCode) && blank(item.taxRate);
}

/** INV-34: the item with the clinic's default treatment filled in when it was typed by hand; else as it is. */
export function withTypedItemGst<T extends { sacCode?: string | null; taxRate?: number | string | null }>(item: T, treatment: TypedItemGst): T {
  if (!isTypedItem(item)) return item;
  return treatment === 'exempt' ? { ...item, sacCode: SAC_HEALTH_CARE, taxRate: 0 } : { ...item, sacCode: SAC_COSMETIC, taxRate: null };
}
