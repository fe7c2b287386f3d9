import { decimalString, toPaise } from './money';

// UPI (INV-22): the clinic's UPI ID (a VPA, 'name@handle') and the upi://pay link its QR code carries, as
// NPCI's UPI linking specification writes it: pa payee address, pn payee name, am amount in rupees with two
// decimals, tn a note (the invoice number), cu INR.

export const UPI_ID_MESSAGE = 'Please enter a valid UPI ID, like clinicname@okicici';

// name: letters, digits, '.', '-', '_' (2-256 characters, starting with a letter or digit);
// handle: the payment app's or bank's, letters then letters or digits (2-64 characters).
const VPA = /^[A-Za-z0-9][A-Za-z0-9._-]{1,255}@[A-Za-z][A-Za-z0-9]{1,63}$/;

export function isValidUpiId(value: string): boolean {
  return VPA.test(value);
}

/**
 * Each value percent-encoded (RFC 3986; a space is %20, never '+', which some UPI apps keep as a plus),
 * except '@' in the address, which every UPI app reads as written and some fail to decode.
 */
function encode(value: string): string {
  return encodeURIComponent(value).replace(/%40/g, '@');
}

export interface UpiPayment {
  upiId: string;
  payeeName: string;
  amount: number | string;
  /** The invoice number, the payment's note. */
  note: string;
}

/** 'upi://pay?pa=clinic@okicici&pn=Smile%20Care&am=1180.00&tn=INV%2F2026-27%2F0001&cu=INR' */
export function upiPaymentUri(payment: UpiPayment): string {
  const params = [
    ['pa', payment.upiId],
    ['pn', payment.payeeName],
    ['am', decimalString(toPaise(payment.amount))],
    ['tn', payment.note],
    ['cu', 'INR'],
  ];
  return `upi://pay?${params.map(([k, v]) => `${k}=${encode(v)}`).join('&')}`;
}
