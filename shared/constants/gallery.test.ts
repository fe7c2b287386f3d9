import { describe, expect, it } from 'vitest';
import { categoryLabel, galleryFilterOptions } from './gallery';

describe('gallery categories', () => {
  it('lists the public filters with All Photos first', () => {
    expect(galleryFilterOptions.map((o) => o.label)).toEqual([
      'All Photos', 'Clinic', 'Equipment', 'Team', 'Treatments', 'Before and After',
    ]);
    expect(galleryFilterOptions[0].value).toBe('all');
  });

  it('labels categories, falling back to Uncategorized', () => {
    expect(categoryLabel('before-after')).toBe('Before & After');
    expect(categoryLabel(null)).toBe('Uncategorized');
    expect(categoryLabel('all')).toBe('Uncategorized');
  });
});
