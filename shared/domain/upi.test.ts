import { describe, expect, it } from 'vitest';
import { isValidUpiId, upiPaymentUri } from './upi';

describe('isValidUpiId', () => {
  it.each(['clinic@okicici', 'smile.care-2@ybl', 'a1@paytm', '9876543210@upi'])('accepts %s', (value) => {
    expect(isValidUpiId(value)).toBe(true);
  });
  it.each(['clinic', '@okicici', 'clinic@', 'a@b', 'clinic@ok icici', 'cli nic@okicici', 'clinic@@okicici', 'clinic@1bank', '.x@ybl', 'x@y.com'])(
    'refuses %s',
    (value) => {
      expect(isValidUpiId(value)).toBe(false);
    },
  );
});

describe('upiPaymentUri', () => {
  it('writes pa, pn, am with two decimals, tn and cu, each value percent-encoded', () => {
    const uri = upiPaymentUri({ upiId: 'smile.care@okicici', payeeName: 'Smile Care & Co', amount: 1180.5, note: 'INV/2026-27/0001' });
    expect(uri).toBe('upi://pay?pa=smile.care@okicici&pn=Smile%20Care%20%26%20Co&am=1180.50&tn=INV%2F2026-27%2F0001&cu=INR');
    const params = new URL(uri).searchParams;
    expect(Object.fromEntries(params)).toEqual({ pa: 'smile.care@okicici', pn: 'Smile Care & Co', am: '1180.50', tn: 'INV/2026-27/0001', cu: 'INR' });
  });
});
