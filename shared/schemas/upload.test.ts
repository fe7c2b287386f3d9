import { describe, expect, it } from 'vitest';
import { checkImageFile, MAX_UPLOAD_BYTES } from './upload';

describe('checkImageFile', () => {
  it('accepts images up to 5 MB', () => {
    expect(checkImageFile({ type: 'image/png', size: MAX_UPLOAD_BYTES })).toBeNull();
  });

  it('gives the spec messages', () => {
    expect(checkImageFile({ type: 'application/pdf', size: 10 })).toEqual({
      title: 'Invalid file type',
      description: 'Please select an image file',
    });
    expect(checkImageFile({ type: 'image/jpeg', size: MAX_UPLOAD_BYTES + 1 })).toEqual({
      title: 'File too large',
      description: 'Please select an image smaller than 5MB',
    });
  });
});
