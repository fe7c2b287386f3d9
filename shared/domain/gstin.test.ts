import { describe, expect, it } from 'vitest';
import { GSTIN_MESSAGES, gstinCheckCharacter, gstinProblem, isValidGstin, normaliseGstin } from './gstin';

describe('gstinCheckCharacter', () => {
  it('computes the mod-36 check character of published GSTINs', () => {
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
    expect(gstinCheckCharacter('29AAGCB7383J1Z')).toBe('4');
    expect(gstinCheckCharacter('27AAAAA0000A1Z')).toBe('2');
  });
});

describe('gstinProblem', () => {
  it('accepts a valid GSTIN', () => {
    expect(gstinProblem('27AAPFU0939F1ZV')).toBeNull();
    expect(isValidGstin('27AAAAA0000A1Z2')).toBe(true);
  });

  it.each([
    ['27AAPFU0939F1Z', GSTIN_MESSAGES.length],
    ['27AAPFU0939F1ZVX', GSTIN_MESSAGES.length],
    ['27AAPFU0939F1Z-', GSTIN_MESSAGES.characters],
    ['40AAPFU0939F1ZV', GSTIN_MESSAGES.state],
    ['00AAPFU0939F1ZV', GSTIN_MESSAGES.state],
    ['27AAPF10939F1ZV', GSTIN_MESSAGES.pan],
    ['27AAPFU093XF1ZV', GSTIN_MESSAGES.pan],
    ['27AAPFU09391F1Z', GSTIN_MESSAGES.pan],
    ['27AAPFU0939F0ZV', GSTIN_MESSAGES.entity],
    ['27AAPFU0939F1YV', GSTIN_MESSAGES.z],
    ['27AAPFU0939F1ZW', GSTIN_MESSAGES.checksum],
    ['29AAPFU0939F1ZV', GSTIN_MESSAGES.checksum],
  ])('refuses %s: %s', (value, message) => {
    expect(gstinProblem(value)).toBe(message);
  });

  it('is read upper-cased without spaces', () => {
    expect(normaliseGstin(' 27aapfu 0939f1zv ')).toBe('27AAPFU0939F1ZV');
  });
});
