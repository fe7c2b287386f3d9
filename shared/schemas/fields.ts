import { z } from 'zod';
import { isValidDateString } from '../domain/clinic-time';

// Field builders shared by the schemas, so a rule and its message are written once.

/** A required trimmed string: missing, empty and too short all give the rule's message. */
export function requiredText(message: string, max: number, maxMessage: string, min = 1) {
  return z.string({ error: message }).trim().min(min, message).max(max, maxMessage);
}

/**
 * Optional trimmed text. Empty, blank, null and missing all become null, so an edit that clears
 * a field stores NULL instead of being skipped as undefined.
 */
export function optionalText(max: number, maxMessage: string) {
  return z
    .string()
    .trim()
    .max(max, maxMessage)
    .nullish()
    .transform((value) => value || null);
}

export const emailField = z
  .string({ error: 'Invalid email address' })
  .trim()
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email('Invalid email address'));

/**
 * PAT-11: an email staff may leave out (a patient entered at the desk): empty, blank, null and missing
 * become null; one given follows emailField's rule and message.
 */
export const optionalEmailField = z
  .string({ error: 'Invalid email address' })
  .trim()
  .max(254, 'Email must be at most 254 characters')
  .nullish()
  .transform((value) => value || null)
  .refine((value) => value === null || z.email().safeParse(value).success, 'Invalid email address');

export const phoneField = z
  .string({ error: 'Phone number must be at least 10 digits' })
  .trim()
  .min(10, 'Phone number must be at least 10 digits')
  .max(20, 'Phone number must be at most 20 characters')
  .regex(/^\+?[0-9 ()-]+$/, 'Phone number may contain only digits, spaces, +, - and brackets');

export function firstNameField() {
  return requiredText('First name must be at least 2 characters', 100, 'First name must be at most 100 characters', 2);
}

export function lastNameField() {
  return requiredText('Last name must be at least 2 characters', 100, 'Last name must be at most 100 characters', 2);
}

// A visitor's name goes into an email sent to an address nobody has verified (the booking's
// acknowledgement), so it may hold only what names hold: letters of any script with their combining marks
// (Devanagari matras, the joiners that shape conjuncts), spaces, dots, apostrophes (' and the ’ phones
// type) and hyphens. No digits, no ':', '/' or '@'. A dot directly followed by two letters is refused too
// ("example.com"); initials ("S.K.") and "St. John" stay possible.
const NAME_CHARACTERS = /^[\p{L}\p{M}][\p{L}\p{M}\p{Join_Control} .'\u2019-]*$/u;
const DOMAIN_LIKE = /\.\p{L}\p{M}*\p{L}/u;
export const BOOKING_NAME_MAX = 50;

/** A name typed on the public booking form ('First name' / 'Last name'). Staff-entered names keep the rules above. */
export function bookingNameField(label: 'First name' | 'Last name') {
  return requiredText(
    `${label} must be at least 2 characters`,
    BOOKING_NAME_MAX,
    `${label} must be at most ${BOOKING_NAME_MAX} characters`,
    2,
  )
    .regex(NAME_CHARACTERS, `${label} must contain only letters`)
    .refine((value) => !DOMAIN_LIKE.test(value), `${label} must have a space after each dot`);
}

// API-10: every id a request carries (a body field, a path or a query parameter) is a row id: a
// PostgreSQL integer (int4), 1 to 2,147,483,647. Past it the database itself fails, so the schema refuses
// it first, with the field's own message.
export const MIN_ID = 1;
export const MAX_ID = 2_147_483_647;

/** Whether `value` can be a row id (API-10). */
export function isRowId(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= MIN_ID && value <= MAX_ID;
}

/** A row id in a JSON body (API-10): a whole number from 1 to 2,147,483,647, else `message`. */
export function idField(message: string) {
  return z.number({ error: message }).int(message).min(MIN_ID, message).max(MAX_ID, message);
}

/**
 * A whole number with a range of its own (API-10): counts, minutes, positions. The range must lie within
 * PostgreSQL's integer, where every such number is kept.
 */
export function wholeNumberField(message: string, min: number, max: number) {
  if (min < -MAX_ID - 1 || max > MAX_ID) throw new RangeError(`${min}..${max} is wider than an integer column`);
  return z.number({ error: message }).int(message).min(min, message).max(max, message);
}

// API-11: every date a request carries is a calendar day written yyyy-MM-dd from 1900-01-01 to 2200-12-31.
// Year 0000 does not exist for PostgreSQL, 9999-12-31's next day is not a four-digit year, and no clinic
// day, birth date or due date lies outside these two centuries.
export const MIN_DATE = '1900-01-01';
export const MAX_DATE = '2200-12-31';
export const DATE_RANGE_TEXT = `a date from ${MIN_DATE} to ${MAX_DATE}, written yyyy-MM-dd`;

/** yyyy-MM-dd, a real calendar date within API-11's range. */
export function isPlausibleDate(value: string): boolean {
  return isValidDateString(value) && value >= MIN_DATE && value <= MAX_DATE;
}

/**
 * The JSON Schema marks of a date field: the OpenAPI document shows them, and the edge fuzz
 * (api/test/security/edge-fuzz.test.ts) finds the date fields by them.
 */
export const DATE_META = { format: 'date', formatMinimum: MIN_DATE, formatMaximum: MAX_DATE, description: DATE_RANGE_TEXT } as const;

/**
 * A required yyyy-MM-dd date within API-11's range: missing or empty gives `missing`, anything else that
 * is not such a day gives `invalid`.
 */
export function dateField(missing: string, invalid = missing) {
  return z.string({ error: missing }).trim().meta(DATE_META).min(1, { message: missing, abort: true }).refine(isPlausibleDate, invalid);
}

/** An optional yyyy-MM-dd date within API-11's range; empty, null and missing become null. */
export function optionalDate(message: string) {
  return z
    .string()
    .trim()
    .meta(DATE_META)
    .nullish()
    .transform((value) => value || null)
    .refine((value) => value === null || isPlausibleDate(value), message);
}

/**
 * An image address the site may show: an http(s) URL, or a path on this site such as /media/12
 * or a bundled /images/... file. Protocol-relative '//host' and backslashes are refused.
 */
export function isImageUrl(value: string): boolean {
  if (value.length > 2048 || /[\s\\]/.test(value)) return false;
  if (value.startsWith('/')) return !value.startsWith('//');
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export const IMAGE_URL_MESSAGE = 'Please enter a valid image URL';

/** An optional image address; empty, null and missing become null. */
export function optionalImageUrl() {
  return z
    .string()
    .trim()
    .nullish()
    .transform((value) => value || null)
    .refine((value) => value === null || isImageUrl(value), IMAGE_URL_MESSAGE);
}

/** '' / null / undefined become `fallback`; numeric strings become numbers; other text becomes NaN. */
export function numberInput(fallback: number | undefined) {
  return (value: unknown) => {
    if (value === '' || value === null || value === undefined) return fallback;
    if (typeof value === 'string') return value.trim() === '' ? fallback : Number(value);
    return value;
  };
}
