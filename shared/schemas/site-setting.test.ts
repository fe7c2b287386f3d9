import { describe, expect, it } from 'vitest';
import { sessionMaxHours, sessionMaxHoursValueSchema, siteSettingKeySchema, siteSettingsFormSchema, siteSettingValueSchema } from './site-setting';
import { fieldErrors } from './test-helpers';

describe('site settings', () => {
  it('accepts the doctor image as a URL or a media path', () => {
    expect(siteSettingValueSchema.parse({ value: '/media/9' })).toEqual({ value: '/media/9' });
    expect(siteSettingValueSchema.parse({ value: ' https://example.com/dr.webp ' }).value).toBe('https://example.com/dr.webp');
    expect(fieldErrors(siteSettingValueSchema, { value: 'not a url' }).value).toBe('Please enter a valid image URL');
    expect(fieldErrors(siteSettingValueSchema, { value: '' }).value).toBe('Please enter a valid image URL');
  });

  it('knows only its keys', () => {
    expect(siteSettingKeySchema.parse('doctor_image')).toBe('doctor_image');
    expect(siteSettingKeySchema.safeParse('theme').success).toBe(false);
  });

  it('takes a session length of whole hours from 1 to 168, or empty for the default 12 (AUTH-15)', () => {
    expect(sessionMaxHoursValueSchema.parse({ value: ' 8 ' })).toEqual({ value: '8' });
    expect(sessionMaxHoursValueSchema.parse({ value: 168 })).toEqual({ value: '168' });
    expect(sessionMaxHoursValueSchema.parse({ value: '012' })).toEqual({ value: '12' });
    expect(sessionMaxHoursValueSchema.parse({ value: '' })).toEqual({ value: '' });
    expect(sessionMaxHoursValueSchema.parse({ value: null })).toEqual({ value: '' });
    for (const bad of ['0', '169', '1.5', '-3', 'twelve', '1e2', 4.5, true]) {
      expect(fieldErrors(sessionMaxHoursValueSchema, { value: bad }).value, String(bad)).toBe('Session length must be a whole number of hours from 1 to 168');
    }
    expect([sessionMaxHours('8'), sessionMaxHours(null), sessionMaxHours(''), sessionMaxHours('999')]).toEqual([8, 12, 12, 12]);
  });

  it('lets the form leave the image empty', () => {
    expect(siteSettingsFormSchema.parse({ doctorImage: '' })).toEqual({ doctorImage: null });
  });
});
