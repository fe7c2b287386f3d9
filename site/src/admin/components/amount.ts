import { toPaise } from '../../../../shared/domain/money';
import { formatRupees, formatRupeesExact } from '../../../../shared/domain/money';

/** CLINIC-9: rupees without decimals; an amount with paise keeps them, so a list never hides a difference. */
export function formatAmount(amount: number | string): string {
  return toPaise(amount) % 100 === 0 ? formatRupees(amount) : formatRupeesExact(amount);
}
