// GST constants for invoices (D16). Most dental care is exempt (0%); cosmetic work is taxed.

export const sacCodes = [
  { code: '999312', label: 'Health care (dental)' },
  { code: '999722', label: 'Cosmetic' },
] as const;
export type SacCode = (typeof sacCodes)[number]['code'];

export const DEFAULT_TAX_PERCENTAGE = 18;
