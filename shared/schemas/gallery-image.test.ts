import { describe, expect, it } from 'vitest';
import { galleryImageSchema } from './gallery-image';
import { fieldErrors } from './test-helpers';

const valid = { title: 'Reception', imageUrl: '/media/3' };

describe('galleryImageSchema', () => {
  it('gives the spec messages', () => {
    expect(fieldErrors(galleryImageSchema, { title: '', imageUrl: '', order: -1 })).toEqual({
      title: 'Title is required',
      imageUrl: 'Image is required',
      order: 'Order must be a positive number',
    });
  });

  it('applies the defaults and turns non-numeric order into 0', () => {
    expect(galleryImageSchema.parse({ ...valid, order: 'abc', category: '' })).toEqual({
      ...valid, description: null, thumbnailUrl: null, category: null, isActive: true, order: 0,
    });
    expect(galleryImageSchema.parse({ ...valid, order: '4', category: 'before-after' })).toMatchObject({
      order: 4, category: 'before-after',
    });
  });

  it('refuses unknown categories and bad addresses', () => {
    expect(fieldErrors(galleryImageSchema, { ...valid, category: 'all' }).category).toBe('Please select a valid category');
    expect(fieldErrors(galleryImageSchema, { ...valid, imageUrl: 'ftp://x/y.png' }).imageUrl).toBe(
      'Please enter a valid image URL',
    );
  });
});
