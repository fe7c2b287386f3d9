// GST constants for invoices (INV-19, INV-20). Most dental care is exempt health care (SAC 999312, nil);
// cosmetic work is taxed (SAC 999722, 18%).

export const SAC_HEALTH_CARE = '999312';
export const SAC_COSMETIC = '999722';

export const sacCodes = [
  { code: SAC_HEALTH_CARE, label: 'Health care (dental)' },
  { code: SAC_COSMETIC, label: 'Cosmetic' },
] as const;
export type SacCode = (typeof sacCodes)[number]['code'];

/** INV-7: the form's default; INV-20: the default rate of items that give none. */
export const DEFAULT_TAX_PERCENTAGE = 18;

/** INV-20: the GST rates an item may carry. */
export const GST_RATES = [0, 5, 12, 18, 28] as const;
export type GstRate = (typeof GST_RATES)[number];

/** INV-21: how a payment was received. */
export const paymentModes = [
  { value: 'cash', label: 'Cash' },
  { value: 'upi', label: 'UPI' },
  { value: 'card', label: 'Card' },
  { value: 'bank', label: 'Bank transfer' },
] as const;
export type PaymentMode = (typeof paymentModes)[number]['value'];
export const PAYMENT_MODES = paymentModes.map((m) => m.value) as [PaymentMode, ...PaymentMode[]];

export function paymentModeLabel(mode: string): string {
  return paymentModes.find((m) => m.value === mode)?.label ?? mode;
}

/** INV-19 and CGST Rules 46, 46A and 49: the three kinds of document an invoice prints as. */
export const invoiceKinds = {
  'tax-invoice': 'Tax Invoice',
  'bill-of-supply': 'Bill of Supply',
  'invoice-cum-bill-of-supply': 'Invoice-cum-Bill of Supply',
} as const;
export type InvoiceKind = keyof typeof invoiceKinds;
export type InvoiceKindTitle = (typeof invoiceKinds)[InvoiceKind];
