// INV-9 and CGST Rule 46: at most 16 characters, only letters, digits, '/' and '-', unique per financial year.

const MAX_LENGTH = 16;

/**
 * 'INV/2026-27/0001'. The sequence is padded to 4 digits. Past 9999 the long form would exceed
 * 16 characters, so the year is shortened ('INV/26-27/10000'); numbers stay unique because
 * the two forms never carry the same sequence.
 */
export function formatInvoiceNumber(financialYear: string, seq: number): string {
  if (!/^\d{4}-\d{2}$/.test(financialYear)) throw new RangeError(`Not a financial year like 2026-27: ${financialYear}`);
  if (!Number.isSafeInteger(seq) || seq < 1) throw new RangeError(`Not an invoice sequence: ${seq}`);
  const padded = String(seq).padStart(4, '0');
  const long = `INV/${financialYear}/${padded}`;
  if (long.length <= MAX_LENGTH) return long;
  const short = `INV/${financialYear.slice(2)}/${padded}`;
  if (short.length <= MAX_LENGTH) return short;
  throw new RangeError(`Invoice sequence too large for a 16-character number: ${seq}`);
}

export function isValidInvoiceNumber(value: string): boolean {
  return value.length >= 1 && value.length <= MAX_LENGTH && /^[A-Za-z0-9/-]+$/.test(value);
}
