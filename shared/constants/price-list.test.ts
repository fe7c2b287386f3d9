import { describe, expect, it } from 'vitest';
import { lowerBoundPrice, priceListFromCatalogue } from './price-list';
import { treatments } from './treatments';

describe('priceListFromCatalogue', () => {
  it('reads the lower bound of each price range', () => {
    expect(lowerBoundPrice('₹1,50,000 - ₹3,00,000')).toBe(150000);
    expect(lowerBoundPrice('₹8,000 - ₹12,000 per tooth')).toBe(8000);
    expect(() => lowerBoundPrice('on request')).toThrow(RangeError);
  });

  it('has one line per treatment: cosmetic work at 18% (SAC 999722), dental care exempt (SAC 999312)', () => {
    const list = priceListFromCatalogue();
    expect(list).toHaveLength(treatments.length);
    const taxed = list.filter((p) => p.taxRate === 18).map((p) => p.name);
    expect(taxed).toEqual(['Veneers', 'Teeth Whitening', 'Dental Bonding', 'Smile Design']);
    for (const p of list) expect(p.sacCode).toBe(p.taxRate === 18 ? '999722' : '999312');
    expect(list.find((p) => p.name === 'Invisalign')).toMatchObject({ defaultPrice: 150000, taxRate: 0 });
    expect(list.find((p) => p.name === 'Root Canal Treatment')).toMatchObject({ defaultPrice: 5000, sacCode: '999312' });
    expect(new Set(list.map((p) => p.order)).size).toBe(list.length);
  });
});
