import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

// PAT-9: phones in one normal form. A number that parses as a valid phone (Indian by default: a 10-digit
// mobile typed with spaces, a leading 0 or +91 alike) is stored in E.164 ("+919822010000"); anything
// else is kept as it was typed (trimmed), so nothing a patient gave is lost and it stays searchable by its
// digits (PAT-10). libphonenumber-js's "min" metadata: lengths and prefixes, enough to normalise and
// format, at a third of the full metadata's size in the admin bundle.

/** The one normal form of a phone (PAT-9): E.164 when it parses as a valid number, else the text as typed. */
export function normalisePhone(raw: string): string {
  const typed = raw.trim();
  const parsed = parsePhoneNumberFromString(typed, 'IN');
  return parsed?.isValid() ? parsed.number : typed;
}

/** A stored phone as people read it: "+91 98220 10000"; a phone kept as typed is shown as it is. */
export function formatPhone(stored: string | null | undefined): string {
  if (!stored) return '';
  const parsed = parsePhoneNumberFromString(stored, 'IN');
  return parsed?.isValid() ? parsed.formatInternational() : stored;
}

/**
 * PAT-10: the digits a phone search looks for inside a stored phone's digits, or null when the query is
 * not a phone (fewer than 4 digits, or letters in it). A leading 0 (trunk prefix) is dropped, so
 * "098220 10000" finds "+919822010000"; "+91 98220 10000" keeps its 91, which the stored form holds too.
 */
export function phoneSearchDigits(q: string): string | null {
  if (!/^[+0-9 ()-]+$/.test(q.trim())) return null;
  const digits = q.replace(/\D/g, '').replace(/^0+/, '');
  return digits.length >= 4 ? digits : null;
}
