import { toPaise } from './money';

// Indian numbering for invoices (INV-15): thousand, lakh (1,00,000) and crore (1,00,00,000).

const ones = [
  '', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten', 'Eleven', 'Twelve',
  'Thirteen', 'Fourteen', 'Fifteen', 'Sixteen', 'Seventeen', 'Eighteen', 'Nineteen',
];
const tens = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

function belowHundred(n: number): string {
  if (n < 20) return ones[n];
  const unit = n % 10;
  return unit ? `${tens[Math.floor(n / 10)]}-${ones[unit]}` : tens[Math.floor(n / 10)];
}

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  return [hundreds ? `${ones[hundreds]} Hundred` : '', rest ? belowHundred(rest) : ''].filter(Boolean).join(' ');
}

// Amounts of a hundred crore and more repeat the scale: 'One Hundred Crore', 'Twelve Thousand Crore'.
function integerInWords(n: number): string {
  if (n === 0) return 'Zero';
  const words: string[] = [];
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  if (crore) words.push(`${integerInWords(crore)} Crore`);
  if (lakh) words.push(`${belowHundred(lakh)} Lakh`);
  if (thousand) words.push(`${belowHundred(thousand)} Thousand`);
  if (rest) words.push(belowThousand(rest));
  return words.join(' ');
}

/** 150000.5 -> 'Rupees One Lakh Fifty Thousand and Fifty Paise Only'. Rounds to the paisa. */
export function amountInWords(rupees: number | string): string {
  const paise = toPaise(rupees);
  if (paise < 0) throw new RangeError('An amount in words cannot be negative');
  const whole = Math.floor(paise / 100);
  const fraction = paise % 100;
  const paiseText = fraction ? ` and ${belowHundred(fraction)} Paise` : '';
  return `Rupees ${integerInWords(whole)}${paiseText} Only`;
}
