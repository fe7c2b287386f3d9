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

/** yyyy-MM-dd, a real calendar date, year 1900 or later. */
export function isPlausibleDate(value: string): boolean {
  return isValidDateString(value) && value >= '1900-01-01';
}

/** An optional yyyy-MM-dd date; empty, null and missing become null. */
export function optionalDate(message: string) {
  return z
    .string()
    .trim()
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
