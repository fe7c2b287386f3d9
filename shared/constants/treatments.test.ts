import { describe, expect, it } from 'vitest';
import { bookingTreatmentCodes } from './booking';
import {
  findTreatment,
  homeTreatments,
  relatedTreatments,
  serviceCircles,
  treatmentCategories,
  treatments,
} from './treatments';

const specSlugs = [
  'dental-extraction', 'crown', 'dentures', 'veneer', 'bridges-implants', 'teeth-whitening', 'wisdom-teeth',
  'teeth-cleaning', 'dental-restoration', 'braces', 'dental-bonding', 'fluoride', 'invisalign', 'root-canal',
  'dental-fillings', 'sealants', 'fissure-sealants', 'periodontal-disease', 'digital-xray', 'smile-design',
];

describe('treatment catalogue', () => {
  it('has the spec slugs in order with unique ids', () => {
    expect(treatments.map((t) => t.slug)).toEqual(specSlugs);
    expect(new Set(treatments.map((t) => t.id)).size).toBe(20);
  });

  it('carries the spec prices and durations', () => {
    expect(findTreatment('invisalign')).toMatchObject({ price: '₹1,50,000 - ₹3,00,000', duration: '12-24 months' });
    expect(findTreatment('dental-extraction')).toMatchObject({ price: '₹1,500 - ₹3,000', duration: '30-60 min' });
    expect(findTreatment('bridges-implants')).toMatchObject({ price: '₹25,000 - ₹50,000', duration: '3-6 months' });
    expect(findTreatment('veneer')?.price).toBe('₹8,000 - ₹12,000 per tooth');
    expect(findTreatment('digital-xray')?.price).toBe('₹500 - ₹1,500');
  });

  it('fills every field', () => {
    for (const t of treatments) {
      expect(t.procedure).toHaveLength(3);
      expect(t.about.length).toBeGreaterThan(100);
      expect(t.duration).not.toBe('');
      expect(bookingTreatmentCodes).toContain(t.bookingCode);
      expect(treatmentCategories.map((c) => c.key)).toContain(t.category);
    }
  });

  it('finds, relates and selects treatments', () => {
    expect(findTreatment('nope')).toBeUndefined();
    expect(relatedTreatments('crown').map((t) => t.slug)).toEqual(['dental-extraction', 'dentures', 'veneer']);
    expect(relatedTreatments('smile-design', 2)).toHaveLength(2);
    expect(homeTreatments).toHaveLength(8);
    expect(serviceCircles.map((c) => c.label)).toEqual([
      'Implants', 'Invisible Aligners', 'Teeth Whitening', 'Root Canal', 'Braces',
    ]);
    for (const c of serviceCircles) expect(findTreatment(c.slug)).toBeDefined();
  });
});
