import { describe, expect, it } from 'vitest';
import { amountInWords } from './amount-in-words';

describe('amountInWords', () => {
  it('uses lakh and crore', () => {
    expect(amountInWords(150000.5)).toBe('Rupees One Lakh Fifty Thousand and Fifty Paise Only');
    expect(amountInWords(12345678)).toBe(
      'Rupees One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred Seventy-Eight Only',
    );
    expect(amountInWords(1_000_000_000)).toBe('Rupees One Hundred Crore Only');
  });

  it('writes thousands, hundreds and teens', () => {
    expect(amountInWords(0)).toBe('Rupees Zero Only');
    expect(amountInWords(15)).toBe('Rupees Fifteen Only');
    expect(amountInWords(1001)).toBe('Rupees One Thousand One Only');
    expect(amountInWords(99999)).toBe('Rupees Ninety-Nine Thousand Nine Hundred Ninety-Nine Only');
    expect(amountInWords(200)).toBe('Rupees Two Hundred Only');
  });

  it('writes paise, rounded to the paisa', () => {
    expect(amountInWords(0.07)).toBe('Rupees Zero and Seven Paise Only');
    expect(amountInWords('6491.18')).toBe('Rupees Six Thousand Four Hundred Ninety-One and Eighteen Paise Only');
    expect(amountInWords(1.999)).toBe('Rupees Two Only');
  });

  it('refuses negative amounts', () => {
    expect(() => amountInWords(-1)).toThrow(RangeError);
  });
});
