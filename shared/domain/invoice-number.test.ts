import { describe, expect, it } from 'vitest';
import { formatInvoiceNumber, isValidInvoiceNumber } from './invoice-number';

describe('invoice numbers', () => {
  it('pads the sequence within the financial year', () => {
    expect(formatInvoiceNumber('2026-27', 1)).toBe('INV/2026-27/0001');
    expect(formatInvoiceNumber('2026-27', 9999)).toBe('INV/2026-27/9999');
  });

  it('grows past 9999 and stays within 16 characters', () => {
    expect(formatInvoiceNumber('2026-27', 10000)).toBe('INV/26-27/10000');
    expect(formatInvoiceNumber('2026-27', 999999)).toBe('INV/26-27/999999');
    expect(() => formatInvoiceNumber('2026-27', 1_000_000)).toThrow(RangeError);
  });

  it('refuses bad input', () => {
    expect(() => formatInvoiceNumber('2026', 1)).toThrow(RangeError);
    expect(() => formatInvoiceNumber('2026-27', 0)).toThrow(RangeError);
  });

  it('checks CGST Rule 46', () => {
    expect(isValidInvoiceNumber('INV/2026-27/0001')).toBe(true);
    expect(isValidInvoiceNumber('INV/2026-27/00001')).toBe(false);
    expect(isValidInvoiceNumber('INV 2026')).toBe(false);
    expect(isValidInvoiceNumber('')).toBe(false);
  });
});
