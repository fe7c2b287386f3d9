import { z } from 'zod';
import { isValidDateString } from '../domain/clinic-time';

// Field builders shared by the schemas, so a rule and its message are written once.

/** A required trimmed string: missing, empty and too short all give the spec's message. */
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
