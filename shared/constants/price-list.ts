import { SAC_COSMETIC, SAC_HEALTH_CARE } from './invoice';
import { treatments } from './treatments';

// The price list a clinic starts with: one line per treatment of the catalogue, priced at the
// lower bound of its range (the catalogue shows ranges; the owner edits the list in Settings). GST:
// treatments whose purpose is cosmetic (the catalogue's cosmetic category: veneers, whitening, bonding,
// smile design) are SAC 999722 at 18%; everything else is dental health care, SAC 999312, exempt (0%).
// Orthodontics (braces, aligners) corrects the bite and is health care.

/** '₹1,50,000 - ₹3,00,000' -> 150000: the first amount of a price text. */
export function lowerBoundPrice(price: string): number {
  const match = /₹\s*([\d,]+)/.exec(price);
  if (!match) throw new RangeError(`No price in: ${price}`);
  return Number(match[1].replace(/,/g, ''));
}

export interface PriceListSeed {
  name: string;
  defaultPrice: number;
  sacCode: string;
  taxRate: number;
  order: number;
}

export function priceListFromCatalogue(): PriceListSeed[] {
  return treatments.map((t, i) => {
    const cosmetic = t.category === 'cosmetic';
    return {
      name: t.name,
      defaultPrice: lowerBoundPrice(t.price),
      sacCode: cosmetic ? SAC_COSMETIC : SAC_HEALTH_CARE,
      taxRate: cosmetic ? 18 : 0,
      order: (i + 1) * 10,
    };
  });
}

/**
 * INV-36: a consultation, exempt dental health care (SAC 999312), first in the list. Migration 041 adds it to
 * a clinic's price list (the catalogue rows above were seeded by migration 008, which stays as it was).
 */
export const consultationPriceItem: PriceListSeed = {
  name: 'Consultation',
  defaultPrice: 500,
  sacCode: SAC_HEALTH_CARE,
  taxRate: 0,
  order: 0,
};

