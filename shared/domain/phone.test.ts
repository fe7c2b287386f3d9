import { describe, expect, it } from 'vitest';
import { formatPhone, normalisePhone, phoneSearchDigits } from './phone';

describe('phones in one normal form (PAT-9, PAT-10)', () => {
  it('stores an Indian mobile typed in any spelling as +91 and ten digits', () => {
    for (const typed of ['9822010000', '98220 10000', '+91 98220 10000', '098220 10000', '91 98220-10000', ' (98220) 10000 ']) {
      expect(normalisePhone(typed)).toBe('+919822010000');
    }
  });

  it('stores a Pune landline and a foreign number in E.164 too', () => {
    expect(normalisePhone('020 2567 8901')).toBe('+912025678901');
    expect(normalisePhone('+44 20 7946 0958')).toBe('+442079460958');
  });

  it('keeps a phone it cannot parse as it was typed', () => {
    expect(normalisePhone(' 98220100001 ')).toBe('98220100001');
    expect(normalisePhone('12345')).toBe('12345');
  });

  it('shows a stored phone grouped, and a kept one as it is', () => {
    expect(formatPhone('+919822010000')).toBe('+91 98220 10000');
    expect(formatPhone('98220100001')).toBe('98220100001');
    expect(formatPhone(null)).toBe('');
  });

  it('searches by the digits of a phone-like query, without a trunk 0', () => {
    expect(phoneSearchDigits('098220 10000')).toBe('9822010000');
    expect(phoneSearchDigits('+91 98220 10000')).toBe('919822010000');
    expect(phoneSearchDigits('98220')).toBe('98220');
    expect(phoneSearchDigits('Asha')).toBeNull();
    expect(phoneSearchDigits('982')).toBeNull();
  });
});
