import { describe, expect, it } from 'vitest';
import { siteSettingKeySchema, siteSettingsFormSchema, siteSettingValueSchema } from './site-setting';
import { fieldErrors } from './test-helpers';

describe('site settings', () => {
  it('accepts the doctor image as a URL or a media path', () => {
    expect(siteSettingValueSchema.parse({ value: '/media/9' })).toEqual({ value: '/media/9' });
    expect(siteSettingValueSchema.parse({ value: ' https://example.com/dr.webp ' }).value).toBe('https://example.com/dr.webp');
    expect(fieldErrors(siteSettingValueSchema, { value: 'not a url' }).value).toBe('Please enter a valid image URL');
    expect(fieldErrors(siteSettingValueSchema, { value: '' }).value).toBe('Please enter a valid image URL');
  });

  it('knows only the doctor_image key', () => {
    expect(siteSettingKeySchema.parse('doctor_image')).toBe('doctor_image');
    expect(siteSettingKeySchema.safeParse('theme').success).toBe(false);
  });

  it('lets the form leave the image empty', () => {
    expect(siteSettingsFormSchema.parse({ doctorImage: '' })).toEqual({ doctorImage: null });
  });
});
