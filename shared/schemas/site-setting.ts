import { z } from 'zod';
import { gstinProblem, normaliseGstin } from '../domain/gstin';
import { DEFAULT_TAX_PERCENTAGE } from '../constants/invoice';
import { UPI_ID_MESSAGE, isValidUpiId } from '../domain/upi';
import { IMAGE_URL_MESSAGE, isImageUrl, optionalImageUrl } from './fields';

// Site settings (SET-1, SET-5): doctor_image (the doctor photo's address), gstin (the clinic's GST
// registration; none means not registered, INV-19), upi_id (the UPI ID the invoice QR codes pay to) and
// session_max_hours (AUTH-15: how long a session lasts after sign-in, however busy),
// invoice.defaultTaxPercentage (INV-39: the Create Invoice dialog's default Tax Percentage), plan_emi_months
// (PLAN-6: the EMI lengths offered on estimates) and plan_follow_up_days (PLAN-13).
export const siteSettingKeys = ['doctor_image', 'gstin', 'upi_id', 'session_max_hours', 'invoice.defaultTaxPercentage', 'plan_emi_months', 'plan_follow_up_days'] as const;
export type SiteSettingKey = (typeof siteSettingKeys)[number];

/**
 * SET-3: a setting as GET /api/site-settings/:key and /api/admin/site-settings/:key answer it (value null
 * when unset) and PUT answers it.
 */
export interface SiteSetting {
  key: string;
  value: string | null;
}

/** For the :key route parameter of PUT /api/admin/site-settings/{key}. */
export const siteSettingKeySchema = z.enum(siteSettingKeys, { error: 'Unknown setting' });

// doctor_image: the doctor photo's address, required (SET-2: saving sends a request only with a value).
export const siteSettingValueSchema = z.object({
  value: z
    .string({ error: IMAGE_URL_MESSAGE })
    .trim()
    .min(1, { message: IMAGE_URL_MESSAGE, abort: true })
    .refine(isImageUrl, IMAGE_URL_MESSAGE),
});
export type SiteSettingValue = z.output<typeof siteSettingValueSchema>;

export const GSTIN_REQUIRED_MESSAGE = 'Please enter the GSTIN, or leave it empty if the clinic is not registered';

/** gstin: 15 characters checked to the check character; empty (or null) clears it: not registered. */
export const gstinValueSchema = z.object({
  value: z
    .string({ error: GSTIN_REQUIRED_MESSAGE })
    .nullish()
    .transform((value) => normaliseGstin(value ?? ''))
    .superRefine((value, ctx) => {
      const problem = value === '' ? null : gstinProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
});

/** upi_id: name@handle; empty (or null) clears it: no QR code on invoices. */
export const upiIdValueSchema = z.object({
  value: z
    .string({ error: UPI_ID_MESSAGE })
    .nullish()
    .transform((value) => (value ?? '').trim())
    .refine((value) => value === '' || (value.length <= 255 && isValidUpiId(value)), UPI_ID_MESSAGE),
});

/** AUTH-15: a session ends this many hours after sign-in, even while in use, unless the owner sets another. */
export const SESSION_MAX_HOURS_DEFAULT = 12;
export const SESSION_MAX_HOURS_MIN = 1;
export const SESSION_MAX_HOURS_MAX = 168;
export const SESSION_MAX_HOURS_MESSAGE = `Session length must be a whole number of hours from ${SESSION_MAX_HOURS_MIN} to ${SESSION_MAX_HOURS_MAX}`;

/** The problem with a typed session length, or null; '' is fine (it clears the setting: the default). */
export function sessionMaxHoursProblem(value: string): string | null {
  if (value === '') return null;
  const hours = /^[0-9]{1,3}$/.test(value) ? Number(value) : NaN;
  return hours >= SESSION_MAX_HOURS_MIN && hours <= SESSION_MAX_HOURS_MAX ? null : SESSION_MAX_HOURS_MESSAGE;
}

/** session_max_hours: whole hours, 1-168, kept as written ('8'); empty (or null) clears it: the default 12. */
export const sessionMaxHoursValueSchema = z.object({
  value: z
    .union([z.string(), z.number()], { error: SESSION_MAX_HOURS_MESSAGE })
    .nullish()
    .transform((value) => String(value ?? '').trim())
    .refine((value) => sessionMaxHoursProblem(value) === null, SESSION_MAX_HOURS_MESSAGE)
    .transform((value) => (value === '' ? '' : String(Number(value)))),
});

/** The session lifetime a stored value means (anything unreadable is the default). */
export function sessionMaxHours(stored: string | null | undefined): number {
  const value = (stored ?? '').trim();
  return value !== '' && sessionMaxHoursProblem(value) === null ? Number(value) : SESSION_MAX_HOURS_DEFAULT;
}

export const DEFAULT_TAX_PERCENTAGE_MESSAGE = 'Tax percentage must be a number from 0 to 100, in steps of 0.01';

/** The problem with a typed default tax percentage, or null; '' is fine (it clears the setting: 18). */
export function defaultTaxPercentageProblem(value: string): string | null {
  if (value === '') return null;
  const percent = /^[0-9]{1,3}(\.[0-9]{1,2})?$/.test(value) ? Number(value) : NaN;
  return percent >= 0 && percent <= 100 ? null : DEFAULT_TAX_PERCENTAGE_MESSAGE;
}

/**
 * INV-39: the tax percentage a stored `invoice.defaultTaxPercentage` means: the Create Invoice dialog's
 * default; unset or unreadable is INV-7's 18.
 */
export function defaultTaxPercentage(stored: string | null | undefined): number {
  const value = (stored ?? '').trim();
  return value !== '' && defaultTaxPercentageProblem(value) === null ? Number(value) : DEFAULT_TAX_PERCENTAGE;
}

/** invoice.defaultTaxPercentage: 0-100 in steps of 0.01, kept as a plain number ('18', '12.5'); empty (or null) clears it: 18. */
export const defaultTaxPercentageValueSchema = z.object({
  value: z
    .union([z.string(), z.number()], { error: DEFAULT_TAX_PERCENTAGE_MESSAGE })
    .nullish()
    .transform((value) => String(value ?? '').trim())
    .refine((value) => defaultTaxPercentageProblem(value) === null, DEFAULT_TAX_PERCENTAGE_MESSAGE)
    .transform((value) => (value === '' ? '' : String(Number(value)))),
});

export const PLAN_EMI_MONTHS_MESSAGE = 'EMI months must be whole numbers from 2 to 60, separated by commas (for example 3, 6, 12)';
export const PLAN_FOLLOW_UP_DAYS_MESSAGE = 'Follow-up days must be a whole number from 1 to 365';
export const PLAN_FOLLOW_UP_DAYS_DEFAULT = 7;

/** PLAN-6: the EMI lengths a stored value offers ('3,6,12' -> [3, 6, 12]); none when empty or unreadable. */
export function planEmiMonths(stored: string | null | undefined): number[] {
  const parts = (stored ?? '').split(',').map((p) => p.trim()).filter(Boolean);
  const months = parts.map((p) => (/^[0-9]{1,2}$/.test(p) ? Number(p) : NaN));
  if (months.some((m) => !(m >= 2 && m <= 60))) return [];
  return [...new Set(months)].sort((a, b) => a - b);
}

/** PLAN-13: days after which a proposed plan goes on the follow-up list. */
export function planFollowUpDays(stored: string | null | undefined): number {
  const value = (stored ?? '').trim();
  const days = /^[0-9]{1,3}$/.test(value) ? Number(value) : NaN;
  return days >= 1 && days <= 365 ? days : PLAN_FOLLOW_UP_DAYS_DEFAULT;
}

const planEmiMonthsValueSchema = z.object({
  value: z
    .union([z.string(), z.number()], { error: PLAN_EMI_MONTHS_MESSAGE })
    .nullish()
    .transform((value) => String(value ?? '').trim())
    .refine((value) => value === '' || planEmiMonths(value).length > 0, PLAN_EMI_MONTHS_MESSAGE)
    .transform((value) => planEmiMonths(value).join(',')),
});

const planFollowUpDaysValueSchema = z.object({
  value: z
    .union([z.string(), z.number()], { error: PLAN_FOLLOW_UP_DAYS_MESSAGE })
    .nullish()
    .transform((value) => String(value ?? '').trim())
    .refine((value) => value === '' || String(planFollowUpDays(value)) === String(Number(value)), PLAN_FOLLOW_UP_DAYS_MESSAGE)
    .transform((value) => (value === '' ? '' : String(Number(value)))),
});

/** The body schema of PUT /api/admin/site-settings/{key}: each key checks its own value. */
export function siteSettingValueSchemaFor(key: SiteSettingKey) {
  if (key === 'invoice.defaultTaxPercentage') return defaultTaxPercentageValueSchema;
  if (key === 'plan_emi_months') return planEmiMonthsValueSchema;
  if (key === 'plan_follow_up_days') return planFollowUpDaysValueSchema;
  if (key === 'gstin') return gstinValueSchema;
  if (key === 'upi_id') return upiIdValueSchema;
  if (key === 'session_max_hours') return sessionMaxHoursValueSchema;
  return siteSettingValueSchema;
}

/** The settings screen; empty means 'leave unchanged' (SPEC: saving sends a request only with a value). */
export const siteSettingsFormSchema = z.object({
  doctorImage: optionalImageUrl(),
});
export type SiteSettingsForm = z.output<typeof siteSettingsFormSchema>;
export type SiteSettingsFormInput = z.input<typeof siteSettingsFormSchema>;
