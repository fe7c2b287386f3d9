import { describe, expect, it } from 'vitest';
import { slugify } from './slug';

describe('slugify', () => {
  it('makes lowercase hyphenated ASCII', () => {
    expect(slugify('5 Tips for Your Child\'s First Dental Visit!')).toBe('5-tips-for-your-childs-first-dental-visit');
    expect(slugify('  Café & Crème: Stains?  ')).toBe('cafe-and-creme-stains');
  });

  it('caps the length without a trailing hyphen', () => {
    const slug = slugify(`${'a'.repeat(79)} b`);
    expect(slug).toBe('a'.repeat(79));
    expect(slugify('word '.repeat(40)).length).toBeLessThanOrEqual(80);
  });

  it('is never empty', () => {
    expect(slugify('!!!')).toBe('post');
    expect(slugify('दांतों की देखभाल')).toBe('post');
  });
});
