/**
 * A phone number as bookings compare it: its last 10 digits, so "+91 98765 43210", "098765 43210" and
 * "9876543210" are one phone (PAT-8). The same expression as migration 007's indexes, so PostgreSQL can use them.
 */
export const phoneKeySql = (column: string) => `right(regexp_replace(${column}, '[^0-9]', '', 'g'), 10)`;

/** PAT-10: a stored phone's digits, which a phone search looks inside ("+919822010000" -> "919822010000"). */
export const phoneDigitsSql = (column: string) => `regexp_replace(${column}, '[^0-9]', '', 'g')`;
