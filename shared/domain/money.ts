// Money is handled as integer paise so sums and GST splits are exact; floats only at the edges.

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/** Integer division rounding half away from zero (exact for safe integers). */
export function divideRounded(numerator: number, denominator: number): number {
  const quotient = Math.trunc(numerator / denominator);
  const remainder = numerator - quotient * denominator;
  if (2 * Math.abs(remainder) >= Math.abs(denominator)) {
    return quotient + Math.sign(numerator) * Math.sign(denominator);
  }
  return quotient;
}

/**
 * Rupees to integer paise, rounding half away from zero. Works from the decimal text rather than
 * multiplying by 100, so 1.005 becomes 101 (a float product would give 100.49999...).
 * Accepts numbers and numeric strings such as Postgres numeric values ('1500.00'); throws RangeError otherwise.
 */
export function toPaise(rupees: number | string): number {
  let text: string;
  if (typeof rupees === 'number') {
    if (!Number.isFinite(rupees)) throw new RangeError(`Not an amount: ${rupees}`);
    text = String(rupees);
    // Exponent form appears only below 1e-6 (rounds to 0 paise) or at 1e21 and beyond (too large).
    if (/e/i.test(text)) {
      if (Math.abs(rupees) < 1) return 0;
      throw new RangeError(`Amount too large: ${rupees}`);
    }
  } else {
    text = rupees.trim();
  }
  const match = DECIMAL.exec(text);
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) throw new RangeError(`Not an amount: ${String(rupees)}`);
  const [, sign, whole, fraction = ''] = match;
  const digits = (fraction + '000').slice(0, 3);
  let paise = Number(whole || '0') * 100 + Number(digits.slice(0, 2));
  if (Number(digits[2]) >= 5) paise += 1;
  if (!Number.isSafeInteger(paise)) throw new RangeError(`Amount too large: ${String(rupees)}`);
  return sign === '-' && paise !== 0 ? -paise : paise;
}

export function fromPaise(paise: number): number {
  return paise / 100;
}

/** Paise as fixed two-decimal text for numeric database columns: 150000 -> '1500.00'. */
export function decimalString(paise: number): string {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`Not a whole number of paise: ${paise}`);
  const abs = Math.abs(paise);
  const rupees = Math.floor(abs / 100);
  const rest = String(abs % 100).padStart(2, '0');
  return `${paise < 0 ? '-' : ''}${rupees}.${rest}`;
}

const wholeRupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const exactRupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** '₹1,50,000' — Indian grouping, no decimals (CLINIC-9). Rounds half away from zero. */
export function formatRupees(amount: number | string): string {
  const paise = toPaise(amount);
  return wholeRupees.format(divideRounded(paise, 100));
}

/** '₹1,50,000.50' — two decimals, for invoices. */
export function formatRupeesExact(amount: number | string): string {
  return exactRupees.format(fromPaise(toPaise(amount)));
}
