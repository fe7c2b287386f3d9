import { describe, expect, it } from 'vitest';
import { decimalString, divideRounded, formatRupees, formatRupeesExact, fromPaise, toPaise } from './money';

describe('toPaise', () => {
  it('converts exactly, rounding half away from zero', () => {
    expect(toPaise(1500)).toBe(150000);
    expect(toPaise('1500.00')).toBe(150000);
    expect(toPaise(1.005)).toBe(101);
    expect(toPaise(0.1 + 0.2)).toBe(30);
    expect(toPaise(-1.005)).toBe(-101);
    expect(toPaise('.5')).toBe(50);
    expect(toPaise(1e-9)).toBe(0);
  });

  it('refuses what is not an amount', () => {
    expect(() => toPaise('abc')).toThrow(RangeError);
    expect(() => toPaise('')).toThrow(RangeError);
    expect(() => toPaise(Number.NaN)).toThrow(RangeError);
    expect(() => toPaise(1e22)).toThrow(RangeError);
  });

  it('round-trips through fromPaise', () => {
    expect(fromPaise(toPaise(1234.56))).toBe(1234.56);
  });
});

describe('divideRounded', () => {
  it('rounds halves away from zero', () => {
    expect(divideRounded(5, 2)).toBe(3);
    expect(divideRounded(-5, 2)).toBe(-3);
    expect(divideRounded(4, 3)).toBe(1);
  });
});

describe('formatting', () => {
  it('formats whole rupees with Indian grouping', () => {
    expect(formatRupees(150000)).toBe('₹1,50,000');
    expect(formatRupees('12345678.49')).toBe('₹1,23,45,678');
    expect(formatRupees(0.5)).toBe('₹1');
  });

  it('formats exact rupees with two decimals', () => {
    expect(formatRupeesExact(150000.5)).toBe('₹1,50,000.50');
    expect(formatRupeesExact('0')).toBe('₹0.00');
  });

  it('writes decimal strings for numeric columns', () => {
    expect(decimalString(150000)).toBe('1500.00');
    expect(decimalString(5)).toBe('0.05');
    expect(decimalString(-50)).toBe('-0.50');
  });
});
