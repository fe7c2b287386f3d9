import { z } from 'zod';
import { IMAGE_URL_MESSAGE, isImageUrl, optionalImageUrl } from './fields';

export const siteSettingKeys = ['doctor_image'] as const;
export type SiteSettingKey = (typeof siteSettingKeys)[number];

/**
 * SPEC 3: a setting as GET /api/site-settings/:key and /api/admin/site-settings/:key answer it (value null
 * when unset) and PUT answers it.
 */
export interface SiteSetting {
  key: string;
  value: string | null;
}

/** For the :key route parameter of PUT /api/admin/site-settings/{key}. */
export const siteSettingKeySchema = z.enum(siteSettingKeys, { error: 'Unknown setting' });

// doctor_image is the only key: its value is the doctor photo's address.
export const siteSettingValueSchema = z.object({
  value: z
    .string({ error: IMAGE_URL_MESSAGE })
    .trim()
    .min(1, { message: IMAGE_URL_MESSAGE, abort: true })
    .refine(isImageUrl, IMAGE_URL_MESSAGE),
});
export type SiteSettingValue = z.output<typeof siteSettingValueSchema>;

/** The settings screen; empty means 'leave unchanged' (SPEC: saving sends a request only with a value). */
export const siteSettingsFormSchema = z.object({
  doctorImage: optionalImageUrl(),
});
export type SiteSettingsForm = z.output<typeof siteSettingsFormSchema>;
export type SiteSettingsFormInput = z.input<typeof siteSettingsFormSchema>;
